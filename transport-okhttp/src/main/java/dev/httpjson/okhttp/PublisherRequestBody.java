package dev.httpjson.okhttp;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.Flow;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okio.BufferedSink;
import org.jspecify.annotations.Nullable;

/**
 * A {@link BodyPublisher} as an OkHttp body: each write subscribes anew (a redirect or a retry
 * writes the body again, as the JDK client does) and asks for one buffer at a time. A length of -1
 * makes OkHttp send the body chunked. The Content-Type is the request's own header.
 */
final class PublisherRequestBody extends RequestBody {
  private final BodyPublisher publisher;
  private final long length;
  private volatile boolean failed;

  PublisherRequestBody(BodyPublisher publisher, long length) {
    this.publisher = publisher;
    this.length = length;
  }

  @Override
  public @Nullable MediaType contentType() {
    return null;
  }

  @Override
  public long contentLength() {
    return length;
  }

  /** After the publisher failed, OkHttp must not retry the call: it would only fail again. */
  @Override
  public boolean isOneShot() {
    return failed;
  }

  @Override
  public void writeTo(BufferedSink sink) throws IOException {
    SinkSubscriber subscriber = new SinkSubscriber();
    publisher.subscribe(subscriber);
    try {
      subscriber.drainTo(sink);
    } catch (PublisherFailure e) {
      failed = true;
      throw e;
    }
  }

  /** The publisher's own failure, carried through OkHttp to be reported as the JDK would. */
  static final class PublisherFailure extends IOException {
    private static final long serialVersionUID = 1L;

    PublisherFailure(Throwable cause) {
      super(cause.getMessage(), cause);
    }
  }

  private static final class SinkSubscriber implements Flow.Subscriber<ByteBuffer> {
    private final ArrayDeque<ByteBuffer> buffers = new ArrayDeque<>(2);
    private Flow.@Nullable Subscription subscription;
    private @Nullable Throwable failure;
    private boolean complete;

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
