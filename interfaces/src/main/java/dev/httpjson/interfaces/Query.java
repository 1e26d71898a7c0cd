package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Adds the query parameter {@code name=value}, both percent-encoded as query components (as {@link
 * Path} encodes). A null value or an empty {@code Optional} adds nothing; an {@code Optional} adds
 * its value; an {@code Iterable} (a {@code List}, a {@code Set}) repeats the parameter once per
 * non-null element ({@code ?label=bug&label=ui}). Arrays and maps are a compile-time error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Query {
  /**
   * The query parameter's name.
   *
   * @return the query parameter's name
   */
  String value();
}
