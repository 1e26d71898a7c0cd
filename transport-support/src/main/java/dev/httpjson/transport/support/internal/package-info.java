/**
 * What httpjson's transports share, exported only to them and the test kit: the pump that feeds a
 * body subscriber from a blocking read (and knows which subscribers it may call on its own I/O
 * threads, core's {@code IoThreadSafe} among them), the writer of a request body publisher, the
 * returned future, the response value and the JDK client's failure types. Not API: it changes with
 * the transports.
 */
@NullMarked
package dev.httpjson.transport.support.internal;

import org.jspecify.annotations.NullMarked;
