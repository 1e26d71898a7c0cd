/** The avaje-jsonb codec for httpjson: {@link dev.httpjson.avaje.AvajeCodec}. */
@NullMarked
package dev.httpjson.avaje;

import org.jspecify.annotations.NullMarked;
