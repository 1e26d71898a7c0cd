/** The Jackson 3 codec for httpjson: {@link dev.httpjson.jackson.JacksonCodec}. */
@NullMarked
package dev.httpjson.jackson;

import org.jspecify.annotations.NullMarked;
