/** The Gson codec's implementation; not exported. */
@NullMarked
package dev.httpjson.gson.internal;

import org.jspecify.annotations.NullMarked;
