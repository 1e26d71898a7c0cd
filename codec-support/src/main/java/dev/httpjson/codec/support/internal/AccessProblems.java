package dev.httpjson.codec.support.internal;

import dev.httpjson.spi.ModuleAdvice;
import java.lang.reflect.InaccessibleObjectException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * {@link ModuleAdvice} for a library whose refusals may not name the package (Jackson 3 calls
 * creators through method handles: "access to public member failed"): the class to name is then
 * picked from those the library's failure names.
 */
public final class AccessProblems {
  private static final Module HTTPJSON = ModuleAdvice.class.getModule();

  private static final Pattern DENIED =
      Pattern.compile("module (\\S+) does not \"?(?:opens?|exports?) ([\\w.$]+)\"?");

  private AccessProblems() {}

  /**
   * The problem to report if {@code e} is an access failure on a module's package, else null.
   *
   * @param e what the library threw
   * @param verb {@code "read"} or {@code "write"}
   * @param library the library's module
   * @param libraryName the library as users know it
   * @param candidates the classes the library's failure names, innermost first
   * @return the problem, or null
   */
  public static @Nullable String problem(
      Throwable e, String verb, Module library, String libraryName, List<Class<?>> candidates) {
    if (!library.isNamed() || !causedByAccess(e)) {
      return null;
    }
    // The JDK's message names the package refused; the classes the library names include
    // containers (an ArrayList of java.base) that were never the problem.
    String[] denied = denied(e);
    for (Class<?> c : candidates) {
      Module module = c.getModule();
      String pn = c.getPackageName();
      if (module.isNamed()
          && !module.isOpen(pn, library)
          && (denied == null || (denied[0].equals(module.getName()) && denied[1].equals(pn)))) {
        return "Cannot "
            + verb
            + " "
            + c.getName()
            + ": "
            + advice(module, pn, library, libraryName);
      }
    }
    // None of the classes the library names: the JDK's refusal names the class and package.
    return ModuleAdvice.problem(e, verb, library, libraryName);
  }

  /**
   * The classes a library's failure names, innermost first, for {@link #problem}: the type it
   * failed on and its type arguments (a {@code List<Forecast>}'s Forecast, eight levels deep at
   * most), then the owners along its path, innermost first.
   *
   * @param type the type the failure names, or null
   * @param raw a type's class
   * @param arguments a type's type arguments
   * @param owners what each reference of the failure's path is from (a class or an instance),
   *     outermost first; nulls skipped
   * @param <T> the library's type
   * @return the classes
   */
  public static <T> List<Class<?>> candidates(
      @Nullable T type, Function<T, Class<?>> raw, Function<T, List<T>> arguments, List<?> owners) {
    List<Class<?>> classes = new ArrayList<>();
    if (type != null) {
      addWithArguments(type, raw, arguments, classes, 0);
    }
    for (int i = owners.size() - 1; i >= 0; i--) {
      Object from = owners.get(i);
      if (from != null) {
        classes.add(from instanceof Class ? (Class<?>) from : from.getClass());
      }
    }
    return classes;
  }

  private static <T> void addWithArguments(
      T type,
      Function<T, Class<?>> raw,
      Function<T, List<T>> arguments,
      List<Class<?>> classes,
      int depth) {
    classes.add(raw.apply(type));
    if (depth < 8) {
      for (T argument : arguments.apply(type)) {
        if (argument != null) {
          addWithArguments(argument, raw, arguments, classes, depth + 1);
        }
      }
    }
  }

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

  private static String advice(Module module, String pn, Module library, String libraryName) {
    boolean toHttpjson = HTTPJSON.isNamed() && !module.isOpen(pn, HTTPJSON);
    // Open to httpjson, but reached by the library through a type httpjson did not walk.
    return "package "
        + pn
        + " of module "
        + module.getName()
        + " is not open to "
        + (toHttpjson ? "httpjson" : libraryName)
        + "; add `opens "
        + pn
        + " to "
        + (toHttpjson ? HTTPJSON.getName() : library.getName())
        + ";` to module-info.java of module "
        + module.getName();
  }

  private static boolean causedByAccess(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof IllegalAccessException || t instanceof InaccessibleObjectException) {
        return true;
      }
    }
    return false;
  }
}
