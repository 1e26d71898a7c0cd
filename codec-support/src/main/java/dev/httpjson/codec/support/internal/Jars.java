package dev.httpjson.codec.support.internal;

import java.lang.module.ModuleDescriptor;
import java.net.URL;
import java.security.CodeSource;

/** Which version of a library's jar was found, and where: for a codec's message on a mismatch. */
public final class Jars {
  private Jars() {}

  /**
   * The version of {@code type}'s jar: its manifest's, else its module's, else that it is unknown.
   *
   * @param type a class of the jar
   * @return the version, or {@code "of unknown version"}
   */
  public static String version(Class<?> type) {
    String version = type.getPackage().getImplementationVersion();
    if (version != null) {
      return version;
    }
    ModuleDescriptor module = type.getModule().getDescriptor();
    if (module != null && module.rawVersion().isPresent()) {
      return module.rawVersion().get();
    }
    return "of unknown version";
  }

  /**
   * Where {@code type} was loaded from, as {@code " (location)"}.
   *
   * @param type a class of the jar
   * @return the location in parentheses after a space, or empty when unknown
   */
  public static String where(Class<?> type) {
    try {
      CodeSource source = type.getProtectionDomain().getCodeSource();
      URL location = source == null ? null : source.getLocation();
      return location == null ? "" : " (" + location + ")";
    } catch (SecurityException e) {
      return "";
    }
  }
}
