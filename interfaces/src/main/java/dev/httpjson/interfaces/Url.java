package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The request's URL, in place of a path template (the HTTP annotation's is then empty:
 * {@code @GET("")}): a {@code String} or a {@code java.net.URI}, absolute or relative to the base
 * URI, such as a {@code next} or {@code upload_url} a server handed out. The client's default
 * headers go only to the base URI's origin, as for every call. A null value fails before anything
 * is sent; two {@code @Url}, or one beside a path template, is a compile-time error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Url {}
