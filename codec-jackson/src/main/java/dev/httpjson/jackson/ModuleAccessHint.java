package dev.httpjson.jackson;

import dev.httpjson.spi.ModuleAdvice;
import java.lang.reflect.InaccessibleObjectException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
  private static final Module HTTPJSON = dev.httpjson.HttpJson.class.getModule();

  private ModuleAccessHint() {}

  /** The problem to report if {@code e} is an access failure on a module's package, else null. */
  static @Nullable String problem(JacksonException e, String verb) {
    if (!DATABIND.isNamed() || !causedByAccess(e)) {
      return null;
    }
    // The JDK's message names the package refused; the classes Jackson names include containers
    // (an ArrayList of java.base) that were never the problem.
    String[] denied = denied(e);
    for (Class<?> c : candidates(e)) {
      Module module = c.getModule();
      String pn = c.getPackageName();
      if (module.isNamed()
          && !module.isOpen(pn, DATABIND)
          && (denied == null || (denied[0].equals(module.getName()) && denied[1].equals(pn)))) {
        return "Cannot " + verb + " " + c.getName() + ": " + advice(module, pn);
      }
    }
    // None of the classes Jackson names: the JDK's refusal names the class and package.
    return ModuleAdvice.problem(e, verb, DATABIND, "Jackson");
  }

  private static final Pattern DENIED =
      Pattern.compile("module (\\S+) does not \"?(?:opens?|exports?) ([\\w.$]+)\"?");

  /** The module and package an access failure names, or null. */
  private static String @Nullable [] denied(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof IllegalAccessException || t instanceof InaccessibleObjectException) {
        Matcher m = DENIED.matcher(String.valueOf(t.getMessage()));
        if (m.find()) {
          return new String[] {m.group(1), m.group(2)};
        }
      }
    }
    return null;
  }

  private static String advice(Module module, String pn) {
    String m = module.getName();
    if (HTTPJSON.isNamed() && !module.isOpen(pn, HTTPJSON)) {
      return "package "
          + pn
          + " of module "
          + m
          + " is not open to httpjson; add `opens "
          + pn
          + " to dev.httpjson;` to module-info.java of module "
          + m;
    }
    // Open to httpjson, but reached by Jackson through a type httpjson did not walk.
    return "package "
        + pn
        + " of module "
        + m
        + " is not open to Jackson; add `opens "
        + pn
        + " to "
        + DATABIND.getName()
        + ";` to module-info.java of module "
        + m;
  }

  private static boolean causedByAccess(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof IllegalAccessException || t instanceof InaccessibleObjectException) {
        return true;
      }
    }
    return false;
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
