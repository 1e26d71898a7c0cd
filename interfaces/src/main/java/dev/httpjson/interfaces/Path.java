package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Fills the path placeholder {@code {name}} with the parameter's value, turned to text with {@code
 * toString()} and percent-encoded as one path segment: every character but {@code A–Z a–z 0–9 - . _
 * ~} is encoded, so a {@code /} in a value is {@code %2F}, never a new segment. A null or empty
 * value, {@code .} or {@code ..} fails the call with an {@link IllegalArgumentException} before
 * anything is sent. The type is a single value (not an {@code Optional}, a collection, an array or
 * a map): a compile-time error otherwise.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Path {
  /**
   * The placeholder's name, as the path template writes it between braces.
   *
   * @return the placeholder's name
   */
  String value();
}
