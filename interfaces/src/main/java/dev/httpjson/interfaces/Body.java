package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Sends the parameter as the request's JSON body, serialized as its runtime class with the client's
 * options. At most one per method; on a {@link GET} or {@link DELETE} method a compile-time error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Body {}
