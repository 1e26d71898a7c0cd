package dev.httpjson.spi;

import java.lang.reflect.InaccessibleObjectException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What to add to {@code module-info.java} when a codec's library failed because the JDK refused it
 * reflective access to an application's package, shared by the codecs so that each says it the same
 * way: {@code Cannot read demo.model.Forecast: package demo.model of module demo is not open to
 * httpjson; add `opens demo.model to dev.httpjson;` to module-info.java of module demo}.
 *
 * <p>The package and the class are taken from the JDK's own refusal, never from the type the codec
 * was asked for: for a {@code List<Forecast>} (or a {@code List.of(…)} written as {@code Object})
 * the problem is {@code Forecast}'s package, not {@code java.util} of {@code java.base}.
 */
public final class ModuleAdvice {
  private static final Module HTTPJSON = ModuleAdvice.class.getModule();

  /** The JDK's words: "module demo does not "opens demo.model" to …", "… does not export …". */
  private static final Pattern DENIED =
      Pattern.compile("module (\\S+) does not \"?(?:opens?|exports?) ([\\w.$]+)\"?");

  private ModuleAdvice() {}

  /**
   * The problem to report when {@code failure}, or one of its causes, is the JDK refusing {@code
   * library} reflective access to a package of a named module; else null. Names the class whose
   * member was refused and the {@code opens} to add: to {@code dev.httpjson} when the package is
   * not open to httpjson (httpjson then opens it on to the codec's library for every call it makes,
   * see {@link JsonCodec#reflectiveModules()}), else to the library itself (a type reached only
   * through the codec SPI, or one httpjson did not walk).
   *
   * @param failure what the library threw
   * @param verb what was being done: {@code "read"} or {@code "write"}
   * @param library the module of the library that reflects, such as {@code com.google.gson}
   * @param libraryName the library as users know it, such as {@code "Gson"}
   * @return the problem, or null when {@code failure} is not a refused access, or the package is
   *     the JDK's own (a {@code Thread} field: the codec's own words apply)
   */
  public static @Nullable String problem(
      Throwable failure, String verb, Module library, String libraryName) {
    Matcher denied = null;
    String message = "";
    int depth = 0;
    for (Throwable t = failure;
        t != null && depth < 32;
        t = t.getCause() == t ? null : t.getCause(), depth++) {
      // The JDK's exception, or a library's that kept only its words (Jackson 2 building a
      // serializer: "due to `java.lang.reflect.InaccessibleObjectException`, problem: …").
      String m = String.valueOf(t.getMessage());
      if (t instanceof InaccessibleObjectException
          || t instanceof IllegalAccessException
          || m.contains(InaccessibleObjectException.class.getName())) {
        Matcher found = DENIED.matcher(m);
        if (found.find()) {
          denied = found;
          message = m;
          break;
        }
      }
    }
    if (denied == null) {
      return null;
    }
    String moduleName = denied.group(1);
    String pn = denied.group(2);
    Optional<Module> module = find(moduleName, library);
    if (module.map(ModuleAdvice::ofTheRuntime).orElse(isRuntimeName(moduleName))) {
      return null; // a JDK class (a Thread field): no module-info of the application's can open it
    }
    String opens;
    String targetName;
    if (HTTPJSON.isNamed() && module.map(m -> !m.isOpen(pn, HTTPJSON)).orElse(true)) {
      opens = "opens " + pn + " to " + HTTPJSON.getName() + ";";
      targetName = "httpjson";
    } else {
      // Open to httpjson already: the library reached the type without httpjson opening it on.
      opens =
          library.isNamed()
              ? "opens " + pn + " to " + library.getName() + ";"
              : "opens " + pn + ";";
      targetName = libraryName;
    }
    return "Cannot "
        + verb
        + " "
        + refusedClass(message, pn)
        + ": package "
        + pn
        + " of module "
        + moduleName
        + " is not open to "
        + targetName
        + "; add `"
        + opens
        + "` to module-info.java of module "
        + moduleName;
  }

  private static boolean ofTheRuntime(Module m) {
    ClassLoader loader = m.getClassLoader();
    return loader == null || loader == ClassLoader.getPlatformClassLoader();
  }

  private static boolean isRuntimeName(String name) {
    return name.startsWith("java.") || name.startsWith("jdk.");
  }

  private static Optional<Module> find(String name, Module library) {
    ModuleLayer layer = library.getLayer();
    Optional<Module> found = layer == null ? Optional.empty() : layer.findModule(name);
    if (found.isEmpty()) {
      found = HTTPJSON.getLayer() == null ? Optional.empty() : HTTPJSON.getLayer().findModule(name);
    }
    return found.isPresent() ? found : ModuleLayer.boot().findModule(name);
  }

  /**
   * The class in package {@code pn} whose member the JDK refused: in "Unable to make public
   * java.lang.String demo.model.Forecast.date() accessible", the one before the member ({@code
   * Forecast}, not a parameter or return type); in "cannot access class demo.model.Forecast", the
   * one named.
   */
  private static String refusedClass(String message, String pn) {
    String name = Pattern.quote(pn) + "\\.[\\w$]+";
    Matcher member =
        Pattern.compile("(" + name + ")(?=\\(|\\.[\\w$<>]+(?:\\(| accessible))").matcher(message);
    if (member.find()) {
      return member.group(1);
    }
    Matcher any = Pattern.compile(name).matcher(message);
    return any.find() ? any.group() : "a class of " + pn;
  }
}
