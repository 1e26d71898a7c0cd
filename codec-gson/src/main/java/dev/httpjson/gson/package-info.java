/** The Gson codec for httpjson: {@link dev.httpjson.gson.GsonCodec}. */
@NullMarked
package dev.httpjson.gson;

import org.jspecify.annotations.NullMarked;
