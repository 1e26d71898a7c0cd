package dev.httpjson.internal.transport;

import org.jspecify.annotations.Nullable;

/**
 * A response (its {@link java.net.http.HttpResponse.ResponseInfo}) whose headers can be looked up
 * one at a time without making its {@link java.net.http.HttpHeaders}: the few a call reads
 * (Content-Type, Content-Encoding, Content-Length) are then found in the transport's own header
 * lines, and the JDK's headers are made only when something asks for them.
 *
 * <p>Only httpjson implements it: the package is exported to httpjson's transport support alone.
 */
public interface HeaderLookup {
  /**
   * The first value of the header {@code name}, as {@code headers().firstValue(name)} gives it (the
   * name in any case, the value without white space around it), or null when there is none.
   *
   * @param name the header's name
   * @return its first value, or null
   */
  @Nullable String firstValue(String name);
}
