package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Sends the request header {@code name} with the parameter's value turned to text with {@code
 * toString()}, validated as {@code HttpJsonClient.withHeader} validates it; a null value sends no
 * header. The type is a single value: a compile-time error otherwise. For a header that never
 * changes, see {@link Headers}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Header {
  /**
   * The header's name.
   *
   * @return the header's name
   */
  String value();
}
