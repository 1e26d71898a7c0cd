/** The avaje-jsonb codec's implementation; not exported. */
@NullMarked
package dev.httpjson.avaje.internal;

import org.jspecify.annotations.NullMarked;
