package dev.httpjson.internal.cache;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/** Stored bodies given to a caller's body handler, and network bodies copied while read. */
final class Bodies {
  private static final int CHUNK = 16 * 1024;

  private Bodies() {}

  static ResponseInfo info(int status, HttpHeaders headers, HttpClient.Version version) {
    return new ResponseInfo() {
      @Override
      public int statusCode() {
        return status;
      }

      @Override
      public HttpHeaders headers() {
        return headers;
      }

      @Override
      public HttpClient.Version version() {
        return version;
      }
    };
  }

  /**
   * {@code body} given to the subscriber {@code handler} makes for {@code info}, on the thread that
   * calls this and on those that request more: the caller's, never the cache's.
   */
  static <T> CompletableFuture<T> feed(BodyHandler<T> handler, ResponseInfo info, byte[] body) {
    BodySubscriber<T> subscriber;
    try {
      subscriber = handler.apply(info);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e); // as the JDK's client reports it
    }
    subscriber.onSubscribe(new Feed(subscriber, body));
    return subscriber.getBody().toCompletableFuture();
  }

  /** The body of {@code future}, with the failure the JDK's {@code send} would throw. */
  static <T> T await(CompletableFuture<T> future) throws IOException, InterruptedException {
    try {
      return future.get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IllegalArgumentException) {
        throw new IllegalArgumentException(cause.getMessage(), cause);
      }
      if (cause instanceof SecurityException) {
        throw new SecurityException(cause.getMessage(), cause);
      }
      throw asIoException(cause);
    }
  }

  static IOException asIoException(@Nullable Throwable cause) {
    Throwable c =
        cause instanceof CompletionException && cause.getCause() != null ? cause.getCause() : cause;
    if (c instanceof IOException) {
      return new IOException(c.getMessage(), c);
    }
    return new IOException(c == null ? "body failed" : String.valueOf(c.getMessage()), c);
  }

  /**
   * A subscription that hands a byte array out in chunks, as demanded; reentrant calls trampoline.
   */
  private static final class Feed implements Flow.Subscription {
    private final Flow.Subscriber<? super List<ByteBuffer>> subscriber;
    private final byte[] body;
    private final AtomicLong demand = new AtomicLong();
    private final AtomicInteger wip = new AtomicInteger();
    private volatile boolean cancelled;
    private int position;
    private boolean completed;

    Feed(Flow.Subscriber<? super List<ByteBuffer>> subscriber, byte[] body) {
      this.subscriber = subscriber;
      this.body = body;
    }

    @Override
    public void request(long n) {
      if (n <= 0) {
        cancelled = true;
        subscriber.onError(new IllegalArgumentException("request(" + n + ")"));
        return;
      }
      demand.getAndAccumulate(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
      drain();
    }

    private void drain() {
      if (wip.getAndIncrement() != 0) {
        return;
      }
      int missed = 1;
      do {
        while (!cancelled && !completed && demand.get() > 0 && position < body.length) {
          int end = Math.min(body.length, position + CHUNK);
          ByteBuffer chunk = ByteBuffer.wrap(Arrays.copyOfRange(body, position, end));
          position = end;
          demand.decrementAndGet();
          subscriber.onNext(List.of(chunk));
        }
        if (!cancelled && !completed && position >= body.length) {
          completed = true;
          subscriber.onComplete();
        }
        missed = wip.addAndGet(-missed);
      } while (missed != 0);
    }

    @Override
    public void cancel() {
      cancelled = true;
    }
  }

  /**
   * Passes a network body on to the caller's subscriber and to a {@link Store.Sink}, which
   * publishes it when the body ended, and drops it when it failed, was cancelled or grew past the
   * limit.
   */
  static final class Tee<T> implements BodySubscriber<T> {
    private final BodySubscriber<T> downstream;
    private final Store.Sink sink;
    private final AtomicBoolean over = new AtomicBoolean();

    Tee(BodySubscriber<T> downstream, Store.Sink sink) {
      this.downstream = downstream;
      this.sink = sink;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      downstream.onSubscribe(
          new Flow.Subscription() {
            @Override
            public void request(long n) {
              subscription.request(n);
            }

            @Override
            public void cancel() {
              abandon();
              subscription.cancel();
            }
          });
    }

    private void abandon() {
      if (over.compareAndSet(false, true)) {
        synchronized (this) {
          sink.abandon();
        }
      }
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
      if (!over.get()) {
        synchronized (this) {
          for (ByteBuffer item : items) {
            if (!sink.write(item)) {
              over.set(true);
              sink.abandon();
              break;
            }
          }
        }
      }
      downstream.onNext(items);
    }

    @Override
    public void onError(Throwable throwable) {
      abandon();
      downstream.onError(throwable);
    }

    @Override
    public void onComplete() {
      if (over.compareAndSet(false, true)) {
        synchronized (this) {
          try {
            sink.commit();
          } catch (RuntimeException e) {
            sink.abandon(); // a store that fails stores nothing; the caller's body is whole
          }
        }
      }
      downstream.onComplete();
    }

    @Override
    public java.util.concurrent.CompletionStage<T> getBody() {
      return downstream.getBody();
    }
  }

  /**
   * Reads and drops a network body (a 304's, or the error a stale response answers instead) while
   * the caller's body comes from the store.
   */
  static final class Swap<T> implements BodySubscriber<T> {
    private final CompletableFuture<T> body;

    Swap(CompletableFuture<T> body) {
      this.body = body;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> item) {}

    @Override
    public void onError(Throwable throwable) {}

    @Override
    public void onComplete() {}

    @Override
    public java.util.concurrent.CompletionStage<T> getBody() {
      return body;
    }
  }
}
