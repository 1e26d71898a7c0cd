/** The Jackson 2 codec for httpjson: {@link dev.httpjson.jackson2.Jackson2Codec}. */
@NullMarked
package dev.httpjson.jackson2;

import org.jspecify.annotations.NullMarked;
