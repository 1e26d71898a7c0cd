package dev.httpjson.jackson;

import dev.httpjson.codec.support.internal.AccessProblems;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.exc.ValueInstantiationException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Says what to add to module-info.java when Jackson failed because a user's package is not open to
 * it: without this the failure reads like malformed JSON, with a line and column.
 */
final class ModuleAccessHint {
  private static final Module DATABIND = JsonMapper.class.getModule();

  private ModuleAccessHint() {}

  /** The problem to report if {@code e} is an access failure on a module's package, else null. */
  static @Nullable String problem(JacksonException e, String verb) {
    return AccessProblems.problem(e, verb, DATABIND, "Jackson", candidates(e));
  }

  /** The classes the failure names, innermost first. */
  private static List<Class<?>> candidates(JacksonException e) {
    List<Class<?>> classes = new ArrayList<>();
    if (e instanceof ValueInstantiationException) {
      addWithArguments(((ValueInstantiationException) e).getType(), classes, 0);
    } else if (e instanceof InvalidDefinitionException
        && ((InvalidDefinitionException) e).getType() != null) {
      addWithArguments(((InvalidDefinitionException) e).getType(), classes, 0);
    }
    List<JacksonException.Reference> refs = e.getPath();
    for (int i = refs.size() - 1; i >= 0; i--) {
      Object from = refs.get(i).from();
      if (from != null) {
        classes.add(from instanceof Class ? (Class<?>) from : from.getClass());
      }
    }
    return classes;
  }

  /** A type's class and those of its type arguments (a {@code List<Forecast>}'s Forecast). */
  private static void addWithArguments(JavaType type, List<Class<?>> classes, int depth) {
    classes.add(type.getRawClass());
    if (depth < 8) {
      for (int i = 0; i < type.containedTypeCount(); i++) {
        JavaType argument = type.containedType(i);
        if (argument != null) {
          addWithArguments(argument, classes, depth + 1);
        }
      }
    }
  }
}
