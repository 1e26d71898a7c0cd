package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The whole-call timeout of the method (or, on the interface, of every method without its own,
 * inherited ones included), in place of the client's — the nearest wins: the method's, then the
 * interface declaring it, then the interfaces extending that one: an ISO-8601 duration such as
 * {@code "PT2S"} or {@code "PT0.5S"}, checked at compile time; {@code "PT0S"} for none. It covers
 * what the client's timeout covers (sending, the headers, the body; for a stream, until the
 * headers), and the types of the method are prepared with it, once.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Timeout {
  /**
   * The timeout, an ISO-8601 duration ({@code java.time.Duration.parse}).
   *
   * @return the timeout
   */
  String value();
}
