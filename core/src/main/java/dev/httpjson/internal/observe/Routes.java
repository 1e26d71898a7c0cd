package dev.httpjson.internal.observe;

import java.util.regex.Pattern;

/** The route of a call ({@code Chain.route()}) as metrics and traces name it. */
public final class Routes {
  /** The scheme and authority of an absolute template, whatever their case. */
  private static final Pattern BEFORE_PATH =
      Pattern.compile("^[a-z][a-z0-9+.-]*://[^/?#]*/?", Pattern.CASE_INSENSITIVE);

  private Routes() {}

  /**
   * {@code route} as a path template: an absolute template without its scheme and authority ({@code
   * HTTPS://api.example.com/v1/x} as {@code /v1/x}, {@code https://api.example.com?q=***} as {@code
   * /?q=***}), always starting with {@code /}.
   */
  public static String path(String route) {
    String path = BEFORE_PATH.matcher(route).replaceFirst("");
    return path.startsWith("/") ? path : "/" + path;
  }
}
