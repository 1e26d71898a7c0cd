package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A part of a {@link Multipart} method's body: a {@code String} is a text field; a {@code
 * java.nio.file.Path} a file streamed from disk (named as the path's last element); a {@code
 * byte[]} or an {@code InputStream} a file named as the part, {@code application/octet-stream}; any
 * other value JSON written with the client's options. A null value adds nothing; an {@code
 * Iterable} adds one part per non-null element.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Part {
  /**
   * The part's name.
   *
   * @return The part's name.
   */
  String value();
}
