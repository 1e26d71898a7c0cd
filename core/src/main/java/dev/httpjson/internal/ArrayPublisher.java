package dev.httpjson.internal;

import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.Flow;

/**
 * The bytes of one array, published to each subscriber in read-only views of at most {@value
 * #SLICE} bytes, one per request: never copied (the JDK's {@code BodyPublishers.ofByteArray} copies
 * the whole array into new buffers on every subscription, a second body in memory while it is
 * sent), never changed by a subscriber, and small enough that a library that copies what it is
 * given (OkHttp's buffers) holds one slice at a time.
 *
 * <p>Each subscription follows the {@link Flow} rules: no more buffers than requested, signals
 * never overlap, a request of zero or less ends it with an {@link IllegalArgumentException}.
 */
public final class ArrayPublisher implements BodyPublisher {
  /** The most bytes in one buffer, as the JDK's publishers give them. */
  static final int SLICE = 16 * 1024;

  private final byte[] bytes;

  /** A publisher of {@code bytes}, not copied: they must not change. */
  public ArrayPublisher(byte[] bytes) {
    this.bytes = Objects.requireNonNull(bytes, "bytes == null");
  }

  @Override
  public long contentLength() {
    return bytes.length;
  }

  @Override
  public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
    subscribe(bytes, subscriber);
  }

  /** Publishes {@code bytes} (not copied: they must not change) to {@code subscriber}. */
  public static void subscribe(byte[] bytes, Flow.Subscriber<? super ByteBuffer> subscriber) {
    Objects.requireNonNull(subscriber, "subscriber == null");
    subscriber.onSubscribe(new Slices(bytes, subscriber));
  }

  /** One subscription: every signal is sent from the drain loop, so they never overlap. */
  private static final class Slices extends DrainedSubscription {
    private final ByteBuffer all;
    private final Flow.Subscriber<? super ByteBuffer> subscriber;
    private int next;
    private boolean done;

    Slices(byte[] bytes, Flow.Subscriber<? super ByteBuffer> subscriber) {
      this.all = ByteBuffer.wrap(bytes).asReadOnlyBuffer();
      this.subscriber = subscriber;
    }

    @Override
    protected void emit() {
      while (!done) {
        if (cancelled) {
          done = true;
          break;
        }
        IllegalArgumentException invalid = invalidRequest;
        if (invalid != null) {
          done = true;
          subscriber.onError(invalid);
          break;
        }
        int end = all.capacity();
        if (next == end) {
          done = true;
          subscriber.onComplete();
          break;
        }
        if (demand.get() == 0) {
          break;
        }
        int to = next + Math.min(SLICE, end - next);
        ByteBuffer slice = all.duplicate().limit(to).position(next);
        next = to;
        demand.decrementAndGet();
        try {
          subscriber.onNext(slice);
        } catch (RuntimeException | Error e) {
          done = true; // a subscriber that throws has cancelled (rule 2.13)
          throw e;
        }
      }
    }
  }
}
