package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Sends the method's {@link Field} parameters as its body, {@code
 * application/x-www-form-urlencoded} ({@code dev.httpjson.FormContent}), in the order declared. The
 * method sends a body ({@code @POST}, {@code @PUT}, {@code @PATCH}, {@code @QUERY}), has at least
 * one {@code @Field} and no {@link Body}; otherwise it is a compile-time error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface FormUrlEncoded {}
