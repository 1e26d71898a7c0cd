package dev.httpjson.jackson;

import dev.httpjson.codec.support.internal.AccessProblems;
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
    JavaType type =
        e instanceof ValueInstantiationException v
            ? v.getType()
            : e instanceof InvalidDefinitionException d ? d.getType() : null;
    return AccessProblems.candidates(
        type,
        JavaType::getRawClass,
        t -> t.getBindings().getTypeParameters(),
        e.getPath().stream().map(JacksonException.Reference::from).toList());
  }
}
