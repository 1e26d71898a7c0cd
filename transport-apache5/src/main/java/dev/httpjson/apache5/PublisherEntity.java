package dev.httpjson.apache5;

import dev.httpjson.transport.support.internal.Failures;
import dev.httpjson.transport.support.internal.Failures.PublisherFailure;
import dev.httpjson.transport.support.internal.PublisherSubscriber;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import org.apache.hc.core5.concurrent.Cancellable;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.io.entity.AbstractHttpEntity;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.jspecify.annotations.Nullable;

/**
 * A {@link BodyPublisher} as an Apache entity: each write subscribes anew (a redirect or a retry
 * writes the body again, as the JDK client does) and asks for one buffer at a time, writing it to
 * the connection as it comes: what was written goes out whenever the publisher has nothing ready,
 * as the JDK client sends each buffer, rather than waiting in Apache's buffers for more. A length
 * of -1 makes Apache send the body chunked. The Content-Type is the request's own header.
 *
 * <p>The body of a request that is not idempotent ({@code guarded}) is repeatable to Apache only
 * right after a response that asks for the request again — a 307 or 308 to follow, a 401 or 407 to
 * answer — which the JDK client sends it again for too: so Apache's retry strategy never repeats it
 * after a failure that may have come after the server acted on it (a connection that drops), nor on
 * a 429 or 503 it would retry. The response each write got is the exchange context's latest. Any
 * other body (a PUT's, a DELETE's) is sent again after a failed connection only when its publisher
 * holds its bytes in memory (httpjson's JSON and form bodies, the JDK's {@code ofString} and {@code
 * ofByteArray}): a caller's publisher may give less the second time.
 *
 * <p>Any failure while the body is written — the publisher's, an interrupt or the request's timeout
 * while it waits for the publisher, a broken connection — cancels the exchange: the server sees the
 * body cut short, never a chunked body ended as if it were complete. But for one: the server gave
 * its final answer before it read the whole body ({@link DefaultPool.EarlyAnswers}); the write
 * stops, and Apache reads the answer and closes the connection after it.
 */
final class PublisherEntity extends AbstractHttpEntity {
  private final BodyPublisher publisher;
  private final long length;
  private final boolean guarded;

  /** The publisher publishes bytes it holds: the same bytes at each subscription. */
  private final boolean inMemory;

  private final HttpCoreContext context;
  private final Cancellable exchange;
  private volatile @Nullable PublisherFailure failure;
  private volatile boolean written;
  private volatile @Nullable HttpResponse beforeWrite;
  private volatile boolean aborted;
  private volatile boolean answeredEarly;
  private volatile @Nullable PublisherSubscriber writing;

  PublisherEntity(
      BodyPublisher publisher,
      long length,
      boolean guarded,
      HttpCoreContext context,
      Cancellable exchange) {
    super((String) null, null, length < 0);
    this.publisher = publisher;
    this.length = length;
    this.guarded = guarded;
    this.inMemory = PublisherSubscriber.runsNoCallerCode(publisher);
    this.context = context;
    this.exchange = exchange;
  }

  @Override
  public long getContentLength() {
    return length;
  }

  @Override
  public boolean isStreaming() {
    return false;
  }

  /**
   * After the publisher failed, Apache must not repeat the request: it would only fail again. A
   * guarded body may be written again only when a response to its last write asked for it; so may
   * any other once written, unless its publisher holds its bytes in memory ({@link #inMemory}), so
   * that Apache's retry after a failed connection sends it whole again. A publisher of the caller's
   * may not publish its bytes twice (an {@code ofInputStream} whose supplier returns the same
   * stream gives nothing the second time), and its body would go out cut short or empty, ended as
   * if complete; the JDK client sends only a GET or HEAD again after a failed connection.
   */
  @Override
  public boolean isRepeatable() {
    if (failure != null) {
      return false;
    }
    if (!written || (!guarded && inMemory)) {
      return true;
    }
    HttpResponse response = context.getResponse();
    if (response == null || response == beforeWrite) {
      return false; // no answer to the last write: it may have failed after the server acted
    }
    return Failures.asksForResend(response.getCode());
  }

  @Override
  public InputStream getContent() {
    throw new UnsupportedOperationException("a publisher's body is written, not read");
  }

  @Override
  public void writeTo(OutputStream out) throws IOException {
    beforeWrite = context.getResponse();
    written = true;
    PublisherSubscriber subscriber =
        new PublisherSubscriber(
            length,
            () ->
                new InterruptedIOException(
                    "the exchange was cancelled while its body waited for the publisher"),
            null,
            // On a thread of the transport's (sendAsync), a caller's publisher runs off it.
            OwnThreads.IO.isOwn() && !PublisherSubscriber.runsNoCallerCode(publisher)
                ? OwnThreads.CALLER
                : null);
    writing = subscriber;
    try {
      if (aborted) {
        throw new InterruptedIOException("the exchange was cancelled before its body was written");
      }
      subscriber.subscribeTo(publisher);
      drain(subscriber, out);
    } catch (IOException | RuntimeException | Error e) {
      // The publisher failed, the wait for it was interrupted or the connection broke. Apache
      // closes the body's stream on the way out, which ends a chunked body as if it were
      // complete: the connection goes first, so the server sees a body cut short.
      if (e instanceof PublisherFailure) {
        failure = (PublisherFailure) e;
      }
      if (!answeredEarly) {
        exchange.cancel();
      } // else the server answered: Apache reads its answer, and closes the connection after it
      throw e;
    }
  }

  /**
   * The exchange was cancelled (its connection is closed): a write waiting for the publisher stops
   * waiting and fails, and the publisher's subscription is cancelled.
   */
  void abort() {
    aborted = true;
    PublisherSubscriber subscriber = writing;
    if (subscriber != null) {
      subscriber.abort();
    }
  }

  /**
   * The server answered before the body was all written: the write fails so that Apache reads the
   * answer, and the exchange goes on.
   */
  void answeredEarly() {
    answeredEarly = true;
  }

  @Override
  public void close() {}

  /** The publisher's failure, when the exchange failed because the publisher did. */
  @Nullable PublisherFailure failure() {
    return failure;
  }

  /**
   * Writes the publisher's buffers to {@code out} as they come. The subscriber fails a publisher
   * that gives more or fewer bytes than its length, and hands out the buffer that reaches the
   * length only once the publisher has ended, since Apache completes a body at its Content-Length:
   * a server must never take a body cut short for a whole one (a file that grew).
   */
  private static void drain(PublisherSubscriber subscriber, OutputStream out) throws IOException {
    byte[] scratch = null;
    try {
      for (; ; ) {
        if (!subscriber.ready()) {
          // The publisher has nothing yet: what was written (the head, the last chunks) goes out
          // now, as the JDK client sends each buffer, rather than waiting in Apache's buffers.
          out.flush();
        }
        ByteBuffer buffer = subscriber.next();
        if (buffer == null) {
          return;
        }
        int n = buffer.remaining();
        if (buffer.hasArray()) {
          out.write(buffer.array(), buffer.arrayOffset() + buffer.position(), n);
        } else {
          if (scratch == null || scratch.length < Math.min(n, 16 * 1024)) {
            scratch = new byte[Math.min(n, 16 * 1024)];
          }
          while (buffer.hasRemaining()) {
            int chunk = Math.min(buffer.remaining(), scratch.length);
            buffer.get(scratch, 0, chunk);
            out.write(scratch, 0, chunk);
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      subscriber.cancel();
      throw e;
    }
  }
}
