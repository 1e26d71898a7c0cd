package dev.httpjson.okhttp;

import dev.httpjson.internal.transport.Failures.PublisherFailure;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.Flow;
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
 * writes the body again, as the JDK client does) and asks for one buffer at a time. A length of -1
 * makes OkHttp send the body chunked. The Content-Type is the request's own header.
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
      if (unsent) {
        try {
          connection.socket().close();
        } catch (IOException ignored) {
          // closed all the same
        }
      }
      Response response = chain.proceed(chain.request());
      int code = response.code();
      guarded.resendAsked = code == 307 || code == 308 || code == 401 || code == 407;
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
  private volatile @Nullable SinkSubscriber writing;

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
    SinkSubscriber subscriber = writing;
    if (subscriber != null) {
      subscriber.end();
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
    SinkSubscriber subscriber = new SinkSubscriber();
    writing = subscriber;
    if (ended) { // after the write above, so that end() sees the subscriber or this sees the flag
      subscriber.end();
    }
    publisher.subscribe(subscriber);
    try {
      subscriber.drainTo(sink);
    } catch (PublisherFailure e) {
      failed = true;
      throw e;
    }
  }

  private static final class SinkSubscriber implements Flow.Subscriber<ByteBuffer> {
    private final ArrayDeque<ByteBuffer> buffers = new ArrayDeque<>(2);
    private Flow.@Nullable Subscription subscription;
    private @Nullable Throwable failure;
    private boolean complete;
    private boolean ended;

    /** The call was cancelled: the wait ends, and the write fails. */
    synchronized void end() {
      ended = true;
      notifyAll();
    }

    @Override
    public synchronized void onSubscribe(Flow.Subscription subscription) {
      if (this.subscription != null) {
        subscription.cancel();
        return;
      }
      this.subscription = subscription;
      notifyAll();
    }

    @Override
    public synchronized void onNext(ByteBuffer item) {
      buffers.add(item);
      notifyAll();
    }

    @Override
    public synchronized void onError(Throwable throwable) {
      failure = throwable;
      notifyAll();
    }

    @Override
    public synchronized void onComplete() {
      complete = true;
      notifyAll();
    }

    void drainTo(BufferedSink sink) throws IOException {
      Flow.Subscription s = await(null);
      if (s == null) {
        return; // failed or completed before subscribing; await threw or there is nothing
      }
      try {
        s.request(1);
        ByteBuffer buffer;
        while ((buffer = await(s) == null ? null : next()) != null) {
          while (buffer.hasRemaining()) {
            sink.write(buffer);
          }
          s.request(1);
        }
      } catch (IOException | RuntimeException e) {
        s.cancel();
        throw e;
      }
    }

    /**
     * Waits for a subscription (when {@code s} is null) or a buffer, the end or a failure; returns
     * the subscription, or null at the end.
     */
    private synchronized Flow.@Nullable Subscription await(Flow.@Nullable Subscription s)
        throws IOException {
      try {
        while (s == null ? subscription == null : buffers.isEmpty()) {
          if (ended) {
            throw new IOException("Canceled"); // OkHttp's word; it reports a timeout as such
          }
          if (failure != null) {
            throw new PublisherFailure(failure);
          }
          if (complete) {
            return null;
          }
          wait();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt(); // send() sees it and reports the interrupt
        throw new InterruptedIOException("interrupted while waiting for the request body");
      }
      return subscription;
    }

    private synchronized @Nullable ByteBuffer next() {
      return buffers.poll();
    }
  }
}
