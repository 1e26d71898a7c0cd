/**
 * The implementation of httpjson: the call runner, response bodies, caches, streams, events and
 * timers. <strong>Not API</strong>: the module does not export this package.
 */
@NullMarked
package dev.httpjson.internal;

import org.jspecify.annotations.NullMarked;
