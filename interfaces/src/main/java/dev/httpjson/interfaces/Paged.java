package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a {@link GET} method returning {@code Stream<T>} read a paginated collection lazily: each
 * page is a JSON array of {@code T}, and when the stream is pulled past a page's last element the
 * page its {@code Link: <…>; rel="next"} header names is fetched, as {@code
 * HttpJsonClient.getFromJsonAsPagedStream} does. On another method, a compile-time error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Paged {}
