package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Request headers that never change, each written {@code "Name: value"}: on the interface for every
 * method, on a method for that method. A method inherited from another interface keeps that
 * interface's headers, and gets those of the interfaces extending it as well; a header named at a
 * nearer level (the method, then the interface declaring it, then the interfaces extending that
 * one) replaces the same header of the farther ones, and repeating a name in one {@code @Headers}
 * sends both values. They are added once, when the implementation is created, so a header {@code
 * java.net.http} refuses fails {@code HttpJsonClient.create} at once; a malformed entry is a
 * compile-time error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Headers {
  /**
   * The headers, each {@code "Name: value"}.
   *
   * @return the headers
   */
  String[] value();
}
