package dev.httpjson.jackson;

import java.lang.reflect.InaccessibleObjectException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
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
    for (Class<?> c : candidates(e)) {
      Module module = c.getModule();
      String pn = c.getPackageName();
      if (module.isNamed() && !module.isOpen(pn, DATABIND)) {
        return "Cannot " + verb + " " + c.getName() + ": " + advice(module, pn);
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
      classes.add(((ValueInstantiationException) e).getType().getRawClass());
    } else if (e instanceof InvalidDefinitionException
        && ((InvalidDefinitionException) e).getType() != null) {
      classes.add(((InvalidDefinitionException) e).getType().getRawClass());
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
}
