package dev.httpjson.okhttp;

import dev.httpjson.transport.support.internal.Failures;
import dev.httpjson.transport.support.internal.Failures.PublisherFailure;
import dev.httpjson.transport.support.internal.PublisherSubscriber;
import java.io.IOException;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import okhttp3.Call;
import okhttp3.Connection;
import okhttp3.EventListener;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSink;
import org.jspecify.annotations.Nullable;

/**
 * A {@link BodyPublisher} as an OkHttp body: each write subscribes anew (a redirect or a retry
 * writes the body again, as the JDK client does) and asks for one buffer at a time, writing it to
 * the connection as it comes: what was written goes out whenever the publisher has nothing ready,
 * as the JDK client sends each buffer, rather than waiting in OkHttp's buffers for more. A length
 * of -1 makes OkHttp send the body chunked. The Content-Type is the request's own header.
 *
 * <p>The body of a request that is not idempotent ({@code guarded}) is one-shot to OkHttp except
 * right after a response that asks for the request again — a 307 or 308 to follow, a 401 or 407 to
 * answer — which the JDK client sends it again for too: so OkHttp never repeats it after a failure
 * that may have come after the server acted on it (a connection that drops), nor on a 408, 421 or a
 * 503 with {@code Retry-After: 0}. It may also be sent again when its exchange failed before a byte
 * of it was written, on a pooled connection the server had closed. {@link #answers}, a network
 * interceptor, tells the body which response each of its exchanges got and whether its connection
 * was found closed.
 *
 * <p>A write waiting for the publisher's next buffer ends when its call is cancelled — its
 * request's timeout elapsed, the caller cancelled or interrupted it — as the JDK client's does: the
 * call's {@link #endsWithCall() listener} wakes it.
 */
final class PublisherRequestBody extends RequestBody {
  /**
   * Sees each exchange of a guarded body: notes whether its response asks for a resend, and whether
   * its pooled connection turned out to be closed by the server before the request was written
   * ({@code idle} looks), in which case the connection is closed for good, the exchange fails
   * before a byte of the request is sent, and OkHttp sends the request on another.
   */
  static Interceptor answers(IdleConnections idle) {
    return chain -> {
      RequestBody body = chain.request().body();
      if (!(body instanceof PublisherRequestBody) || !((PublisherRequestBody) body).guarded) {
        return chain.proceed(chain.request());
      }
      PublisherRequestBody guarded = (PublisherRequestBody) body;
      guarded.resendAsked = false; // a failure in this exchange: OkHttp must not resend
      Connection connection = chain.connection();
      boolean unsent = connection != null && idle.closedByPeer(connection);
      guarded.unsent = unsent;
      if (connection != null && unsent) {
        try {
          connection.socket().close();
        } catch (IOException ignored) {
          // closed all the same
        }
      }
      Response response = chain.proceed(chain.request());
      guarded.resendAsked = Failures.asksForResend(response.code());
      return response;
    };
  }

  private final BodyPublisher publisher;
  private final long length;
  private final boolean guarded;
  private volatile boolean failed;
  private volatile boolean resendAsked;
  private volatile boolean unsent;
  private volatile boolean ended;
  private volatile @Nullable PublisherSubscriber writing;

  PublisherRequestBody(BodyPublisher publisher, long length, boolean guarded) {
    this.publisher = publisher;
    this.length = length;
    this.guarded = guarded;
  }

  @Override
  public @Nullable MediaType contentType() {
    return null;
  }

  @Override
  public long contentLength() {
    return length;
  }

  /**
   * After the publisher failed, OkHttp must not retry the call: it would only fail again. A guarded
   * body may be sent again only when the last response asked for it, or when the last exchange
   * failed before writing it.
   */
  @Override
  public boolean isOneShot() {
    return failed || (guarded && !resendAsked && !unsent);
  }

  /** Whether the body may be published again: its publisher has not failed. */
  boolean replayable() {
    return !failed;
  }

  /** A listener for the call that sends this body: its cancellation ends a wait for the body. */
  EventListener endsWithCall() {
    return new EventListener() {
      @Override
      public void canceled(Call call) {
        end();
      }
    };
  }

  private void end() {
    ended = true;
    PublisherSubscriber subscriber = writing;
    if (subscriber != null) {
      subscriber.abort();
    }
  }

  @Override
  public void writeTo(BufferedSink sink) throws IOException {
    if (unsent) {
      // The connection is closed: the flush fails as the exchange's own failure, which OkHttp
      // recovers from on another connection, and the publisher is not subscribed to in vain.
      sink.flush();
      throw new IOException("the server closed the pooled connection before the request was sent");
    }
    // OkHttp's word for a cancelled call; it reports a timeout as such.
    PublisherSubscriber subscriber =
        new PublisherSubscriber(length, () -> new IOException("Canceled"), sink::flush);
    writing = subscriber;
    if (ended) { // after the write above, so that end() sees the subscriber or this sees the flag
      subscriber.abort();
    }
    subscriber.subscribeTo(publisher);
    try {
      for (ByteBuffer buffer; (buffer = subscriber.next()) != null; ) {
        while (buffer.hasRemaining()) {
          sink.write(buffer);
        }
      }
    } catch (PublisherFailure e) {
      failed = true;
      throw e;
    } catch (IOException | RuntimeException e) {
      subscriber.cancel();
      throw e;
    }
  }
}
