/**
 * What httpjson's transports share, exported only to them: the {@link
 * dev.httpjson.internal.transport.IoThreadSafe} mark of the body subscribers a transport may call
 * on its own I/O threads, the pump that feeds a body subscriber from a blocking read, the returned
 * future, the response value and the JDK client's failure types. Not API: it changes with the
 * transports.
 */
@NullMarked
package dev.httpjson.internal.transport;

import org.jspecify.annotations.NullMarked;
