package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Adds a query parameter per entry of a {@code Map<String, ?>}, in the map's order, each encoded as
 * {@link Query} encodes (an {@code Iterable} value repeats it). A null map, key or value fails
 * before anything is sent, naming the parameter.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface QueryMap {}
