package dev.httpjson.apache5;

import dev.httpjson.transport.support.internal.BodyPump;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Feeds a {@link BodySubscriber} from an Apache response body ({@link BodyPump}): the caller of
 * {@code send} reads the body while its subscriber has demand and its body is not complete (a
 * buffer at a time or all at once: no hand-off per buffer); a thread of the transport ({@link
 * OwnThreads#IO}) any other, and every body of {@code sendAsync}; a subscriber that may run caller
 * code gets its signals on {@link OwnThreads#CALLER}. Each buffer is what one read of the
 * connection returned, never more than {@value BodyPump#MAX_BUFFER} bytes, in an array of its own
 * at most twice as long (a read that filled most of its array hands the array over rather than a
 * copy).
 *
 * <p>At the end of the body Apache has already put the connection back in its pool; any other end
 * (the subscriber cancels or throws, a read fails) cancels the exchange, which closes the
 * connection rather than reading what is left of a body nobody wants.
 */
final class ResponsePump<T> extends BodyPump<T> {
  private final Exchange exchange;
  private final @Nullable InputStream source;
  private final long declaredLength;
  private byte @Nullable [] scratch;
  private long received; // bytes read so far, by the holder of the reading role

  /** What the pump needs of the exchange: to end it at the end of the body, or to abort it. */
  interface Exchange {
    /** The body was read to its end: releases the response (the connection goes back). */
    void finished();

    /** Aborts the exchange (closes its connection) and releases the response. */
    void abort();
  }

  ResponsePump(
      Exchange exchange,
      @Nullable InputStream source,
      long declaredLength,
      BodySubscriber<T> subscriber) {
    super(subscriber, OwnThreads.IO.executor(), OwnThreads.CALLER);
    this.exchange = exchange;
    this.source = source;
    this.declaredLength = declaredLength;
  }

  @Override
  protected @Nullable Object read() {
    try {
      InputStream in = source;
      long left = declaredLength - received;
      if (in == null || (declaredLength >= 0 && left <= 0)) {
        return completed(); // closing the response releases a body read to its declared end
      }
      byte[] buffer = scratch;
      if (buffer == null) {
        int size = declaredLength >= 0 && left < MAX_BUFFER ? (int) left : MAX_BUFFER;
        buffer = scratch = new byte[size];
      }
      int n = in.read(buffer, 0, buffer.length);
      if (n < 0) {
        return completed();
      }
      if (n == 0) {
        return null; // a read of nothing: try again
      }
      received += n;
      if (n >= buffer.length / 2) {
        // Mostly full (a body of declared length usually arrives in one read): handed over as it
        // is, not copied; the next read gets a buffer of its own, sized by what is left.
        scratch = null;
        return bytes(ByteBuffer.wrap(buffer, 0, n));
      }
      return bytes(ByteBuffer.wrap(Arrays.copyOf(buffer, n)));
    } catch (IOException | RuntimeException e) {
      return failed(reworded(e));
    }
  }

  @Override
  protected void release(boolean atEnd) {
    scratch = null;
    if (atEnd) {
      exchange.finished();
    } else {
      exchange.abort();
    }
  }

  @Override
  protected void abortExchange() {
    exchange.abort();
  }

  /** Apache's failures in the JDK client's words: a message always, the Content-Length named. */
  private static Throwable reworded(Exception e) {
    return reworded(
        e,
        e instanceof org.apache.hc.core5.http.ConnectionClosedException,
        e instanceof java.util.zip.ZipException ? "decoded by Apache HttpClient" : null);
  }
}
