/**
 * The implementation of httpjson: the call runner, response bodies, caches, streams, events and
 * timers. <strong>Not API</strong>: the module does not export this package, and anything in it may
 * change or go in any release. Use {@link dev.httpjson} and {@link dev.httpjson.spi}.
 */
@NullMarked
package dev.httpjson.internal;

import org.jspecify.annotations.NullMarked;
