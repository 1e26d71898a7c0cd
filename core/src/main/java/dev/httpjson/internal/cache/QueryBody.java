package dev.httpjson.internal.cache;

import dev.httpjson.internal.InMemory;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The body of a QUERY, read to key its request, up to a limit: a body within the limit is held
 * {@linkplain #whole whole} (and sent from memory, since the caller's publisher may publish once);
 * a longer one is read no further, and is {@linkplain #rest handed on}: the bytes read so far
 * first, then the rest as the caller's publisher publishes it, so that nothing holds it whole and a
 * body without end is sent as it comes.
 */
final class QueryBody {
  /** The body, when it was read to its end within the limit; else null. */
  final byte @Nullable [] whole;

  /** The body to send when it was over the limit; else null. */
  final @Nullable BodyPublisher rest;

  private QueryBody(byte @Nullable [] whole, @Nullable BodyPublisher rest) {
    this.whole = whole;
    this.rest = rest;
  }

  static QueryBody whole(byte[] bytes) {
    return new QueryBody(bytes, null);
  }

  /**
   * Lets go of the caller's publisher, read in part, when its body will not be sent, or no longer:
   * the call failed or was cancelled ({@code failed}), or it ended before the client took the body.
   * Cancelling the subscription lets the publisher close what it reads from (a {@code Stream}, a
   * file); nothing else would.
   */
  void abandon(boolean failed) {
    if (rest instanceof Reader) {
      ((Reader) rest).abandon(failed);
    }
  }

  /** Whether {@code body}'s content is held in memory ({@link InMemory#held}). */
  static boolean held(BodyPublisher body) {
    return InMemory.held(body);
  }

  /**
   * Reads {@code publisher}'s body, at most {@code limit} bytes of it; one of declared length over
   * the limit is not read at all (handed on as it is). Subscribes on {@code executor}, or on the
   * calling thread when null. Cancelling the future (or its failing) cancels the reading.
   */
  static CompletableFuture<QueryBody> read(
      BodyPublisher publisher, int limit, @Nullable Executor executor) {
    if (publisher.contentLength() > limit) {
      return CompletableFuture.completedFuture(new QueryBody(null, publisher));
    }
    Reader reader = new Reader(publisher, limit);
    reader.result.whenComplete(
        (r, failure) -> {
          if (failure != null) {
            reader.cancelUpstream();
          }
        });
    if (executor == null) {
      publisher.subscribe(reader);
      return reader.result;
    }
    try {
      executor.execute(
          () -> {
            if (!reader.result.isDone()) { // given up before: the publisher is left alone
              try {
                publisher.subscribe(reader);
              } catch (RuntimeException e) {
                reader.result.completeExceptionally(e);
              }
            }
          });
    } catch (RuntimeException e) { // rejected
      reader.result.completeExceptionally(e);
    }
    return reader.result;
  }

  /**
   * Reads the body one buffer at a time up to the limit; past it, the publisher of the rest: it
   * publishes the bytes read, then relays the caller's publisher, whose subscription it keeps.
   */
  private static final class Reader implements Flow.Subscriber<ByteBuffer>, BodyPublisher {
    final CompletableFuture<QueryBody> result = new CompletableFuture<>();
    private final BodyPublisher publisher;
    private final int limit;
    private volatile Flow.@Nullable Subscription upstream;
    private volatile boolean cancelled;

    /** The bytes read (until over, by the publisher's signals only; then by {@link #drain}). */
    private byte @Nullable [] bytes;

    private int length;

    /** Whether the body went over the limit: signals are relayed from then on. */
    private volatile boolean over;

    private final AtomicBoolean subscribed = new AtomicBoolean();
    private volatile Flow.@Nullable Subscriber<? super ByteBuffer> downstream;
    private final AtomicLong demand = new AtomicLong();
    private final AtomicInteger wip = new AtomicInteger();

    /**
     * The buffer that went over the limit, kept as it came (not copied), sent after those before.
     */
    private @Nullable ByteBuffer crossing;

    /**
     * How many of the buffers read (the bytes before the crossing one, then that one) were sent.
     */
    private int readSent;

    private boolean terminated;
    private volatile boolean done;
    private volatile @Nullable Throwable failure;

    Reader(BodyPublisher publisher, int limit) {
      this.publisher = publisher;
      this.limit = limit;
      long declared = publisher.contentLength();
      this.bytes = new byte[declared >= 0 ? (int) declared : Math.min(limit, 8 * 1024)];
    }

    /**
     * Cancels the caller's subscription when {@code failed}, or when no subscriber took the rest (a
     * later one then subscribes to the caller's publisher, as a resend does).
     */
    void abandon(boolean failed) {
      if (subscribed.compareAndSet(false, true) || failed) {
        cancelUpstream();
      }
    }

    void cancelUpstream() {
      cancelled = true;
      Flow.Subscription s = upstream;
      if (s != null) {
        s.cancel();
      }
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      upstream = subscription;
      if (cancelled) {
        subscription.cancel();
        return;
      }
      subscription.request(1);
    }

    @Override
    public void onNext(ByteBuffer item) {
      if (over) {
        Objects.requireNonNull(downstream).onNext(item);
        return;
      }
      byte[] b = Objects.requireNonNull(bytes);
      int n = item.remaining();
      if (length + (long) n > limit) {
        crossing = item;
        over = true;
        result.complete(new QueryBody(null, this));
        return;
      }
      if (length + n > b.length) {
        b = Arrays.copyOf(b, (int) Math.min(limit, Math.max(length + (long) n, b.length * 2L)));
        bytes = b;
      }
      item.get(b, length, n);
      length += n;
      Objects.requireNonNull(upstream).request(1);
    }

    @Override
    public void onError(Throwable throwable) {
      if (!over) {
        result.completeExceptionally(throwable);
        return;
      }
      failure = throwable;
      done = true;
      drain();
    }

    @Override
    public void onComplete() {
      if (!over) {
        byte[] b = Objects.requireNonNull(bytes);
        bytes = null;
        result.complete(whole(length == b.length ? b : Arrays.copyOf(b, length)));
        return;
      }
      done = true;
      drain();
    }

    @Override
    public long contentLength() {
      return publisher.contentLength();
    }

    /**
     * The first subscriber gets the bytes read, then the rest; a later one (a redirect or a retry
     * sends the body again) subscribes to the caller's publisher, as it would without the cache.
     */
    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      if (!subscribed.compareAndSet(false, true)) {
        publisher.subscribe(subscriber);
        return;
      }
      downstream = subscriber;
      subscriber.onSubscribe(
          new Flow.Subscription() {
            @Override
            public void request(long n) {
              if (Bodies.added(demand, n, this::cancel, subscriber)) {
                drain();
              }
            }

            @Override
            public void cancel() {
              cancelUpstream();
            }
          });
    }

    /**
     * Sends the bytes read on the first demand, then passes demand on to the caller's publisher,
     * and its end once the bytes read were sent; reentrant calls loop.
     */
    private void drain() {
      if (wip.getAndIncrement() != 0) {
        return;
      }
      int missed = 1;
      do {
        Flow.Subscriber<? super ByteBuffer> d = downstream;
        if (d != null && !cancelled) {
          if (readSent == 0 && demand.get() > 0) {
            readSent = 1;
            byte[] b = Objects.requireNonNull(bytes);
            bytes = null;
            if (length > 0) {
              demand.decrementAndGet();
              d.onNext(ByteBuffer.wrap(b, 0, length));
            }
          }
          if (readSent == 1 && !cancelled && demand.get() > 0) {
            readSent = 2;
            demand.decrementAndGet();
            ByteBuffer c = Objects.requireNonNull(crossing);
            crossing = null;
            d.onNext(c);
          }
          if (readSent == 2 && !terminated) {
            if (done) {
              terminated = true;
              Throwable f = failure;
              if (f != null) {
                d.onError(f);
              } else {
                d.onComplete();
              }
            } else {
              long n = demand.getAndSet(0);
              if (n > 0) {
                Objects.requireNonNull(upstream).request(n);
              }
            }
          }
        }
        missed = wip.addAndGet(-missed);
      } while (missed != 0);
    }
  }
}
