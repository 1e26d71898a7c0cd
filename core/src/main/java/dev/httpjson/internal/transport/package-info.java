/**
 * What core tells httpjson's transports, exported only to their support module: the {@link
 * dev.httpjson.internal.transport.IoThreadSafe} mark of core's body subscribers that a transport
 * may call on its own I/O threads, and the {@link dev.httpjson.internal.transport.HeaderLookup} of
 * a transport's responses that finds a header without the JDK's headers. Not API.
 */
@NullMarked
package dev.httpjson.internal.transport;

import org.jspecify.annotations.NullMarked;
