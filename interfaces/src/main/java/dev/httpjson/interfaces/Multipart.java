package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Sends the method's {@link Part} parameters as its body, {@code multipart/form-data} ({@code
 * dev.httpjson.MultipartContent}), in the order declared. The method sends a body, has at least one
 * {@code @Part} and no {@link Body}; otherwise it is a compile-time error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Multipart {}
