package dev.httpjson.internal;

import dev.httpjson.JsonSequenceContent;
import dev.httpjson.MultipartContent;
import java.io.IOException;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * A caller's body publisher of a known length, whose buffer that reaches the length is handed on
 * only once the publisher has ended: the server takes a body whole at its Content-Length, and the
 * JDK client writes each buffer as it comes, so a publisher that gives more bytes after that buffer
 * (a file that grew) would leave a whole-looking body on the server while the caller is told the
 * call failed. A byte more fails the body before its last buffer goes, as the transports' writes
 * do.
 */
final class ExactLength implements BodyPublisher {
  private final BodyPublisher body;

  private ExactLength(BodyPublisher body) {
    this.body = body;
  }

  /**
   * {@code body}, held to its length when it is a caller's of a known length; bodies held in memory
   * ({@link InMemory#held}) and httpjson's own, which count their parts, publish exactly their
   * length, and go as they are.
   */
  static @Nullable BodyPublisher of(@Nullable BodyPublisher body) {
    if (body == null
        || body instanceof ExactLength
        || InMemory.held(body)
        || body instanceof MultipartContent
        || body instanceof JsonSequenceContent
        || body.contentLength() <= 0) {
      return body;
    }
    return new ExactLength(body);
  }

  @Override
  public long contentLength() {
    return body.contentLength();
  }

  @Override
  public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
    body.subscribe(new Holding(subscriber, body.contentLength()));
  }

  /** One subscription: buffers pass as they come, but for the one that reaches the length. */
  private static final class Holding implements Flow.Subscriber<ByteBuffer>, Flow.Subscription {
    private final Flow.Subscriber<? super ByteBuffer> downstream;
    private final long length;
    private volatile Flow.@Nullable Subscription upstream;
    private long received;
    private @Nullable ByteBuffer held;
    private boolean done;

    Holding(Flow.Subscriber<? super ByteBuffer> downstream, long length) {
      this.downstream = downstream;
      this.length = length;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      upstream = subscription;
      downstream.onSubscribe(this);
    }

    @Override
    public void request(long n) {
      Flow.Subscription s = upstream;
      if (s != null) {
        s.request(n);
      }
    }

    @Override
    public void cancel() {
      Flow.Subscription s = upstream;
      if (s != null) {
        s.cancel();
      }
    }

    @Override
    public void onNext(ByteBuffer item) {
      if (done) {
        return;
      }
      received += item.remaining();
      if (received > length) {
        done = true;
        held = null;
        cancel();
        downstream.onError(
            new IOException(
                "Too many bytes in request body. Expected: " + length + ", got: " + received));
        return;
      }
      if (held != null || (received == length && item.hasRemaining())) {
        if (held == null) {
          held = item; // the body's last bytes: on once the publisher ends without a byte more
        }
        request(1); // to see the end (an empty buffer: ask again)
        return;
      }
      downstream.onNext(item);
    }

    @Override
    public void onError(Throwable throwable) {
      if (!done) {
        done = true;
        held = null;
        downstream.onError(throwable);
      }
    }

    @Override
    public void onComplete() {
      if (done) {
        return;
      }
      done = true;
      ByteBuffer last = held;
      held = null;
      if (last != null) {
        downstream.onNext(last); // asked for when it came
      }
      downstream.onComplete();
    }
  }
}
