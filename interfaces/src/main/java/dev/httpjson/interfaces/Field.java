package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A field of a {@link FormUrlEncoded} method's body, its value turned to text with {@code
 * toString()}. A null value or an empty {@code Optional} adds nothing; an {@code Iterable} repeats
 * the field once per non-null element. On a method without {@code @FormUrlEncoded} it is a
 * compile-time error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Field {
  /**
   * The field's name.
   *
   * @return The field's name.
   */
  String value();
}
