package dev.httpjson;

import java.io.IOException;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * Collects a body into one array, counting bytes as they arrive, then hands it to {@link #finish}.
 * When more than {@code cap} bytes arrive it stops reading (cancelling the subscription, which
 * releases the connection) and calls {@link #overflow}.
 */
abstract class BufferingSubscriber<T> implements BodySubscriber<T> {
  private static final int INITIAL_CAPACITY = 1024;

  private final CompletableFuture<T> result = new CompletableFuture<>();
  private final long cap;
  private byte[] buffer;
  private int size;
  private Flow.@Nullable Subscription subscription;
  private boolean done;

  BufferingSubscriber(long cap, long declaredLength) {
    this.cap = cap;
    int initial =
        declaredLength >= 0 && declaredLength <= cap
            ? (int) Math.min(declaredLength, Integer.MAX_VALUE - 8)
            : (int) Math.min(INITIAL_CAPACITY, cap);
    this.buffer = new byte[initial];
  }

  /** Turns the bytes into the body value. */
  abstract @Nullable T finish(byte[] bytes, int length) throws IOException;

  /**
   * Called when more than {@code cap} bytes arrived; {@code bytes} holds the first {@code cap}.
   * Returns the value to complete with, or throws the failure.
   */
  abstract @Nullable T overflow(byte[] bytes, int length, long received) throws IOException;

  @Override
  public CompletionStage<T> getBody() {
    return result;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    if (this.subscription != null) {
      subscription.cancel();
      return;
    }
    this.subscription = subscription;
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    if (done) {
      return;
    }
    for (int i = 0, n = buffers.size(); i < n; i++) {
      ByteBuffer b = buffers.get(i);
      int remaining = b.remaining();
      long newSize = (long) size + remaining;
      if (newSize > cap) {
        int fits = (int) (cap - size);
        ensureCapacity(size + fits);
        b.get(buffer, size, fits);
        size += fits;
        done = true;
        Flow.Subscription s = subscription;
        if (s != null) {
          s.cancel();
        }
        complete(() -> overflow(buffer, size, newSize));
        return;
      }
      ensureCapacity((int) newSize);
      b.get(buffer, size, remaining);
      size = (int) newSize;
    }
  }

  @Override
  public void onError(Throwable throwable) {
    if (!done) {
      done = true;
      result.completeExceptionally(throwable);
    }
  }

  @Override
  public void onComplete() {
    if (!done) {
      done = true;
      complete(() -> finish(buffer, size));
    }
  }

  private void complete(Body<T> body) {
    T value;
    try {
      value = body.get();
    } catch (Throwable t) {
      result.completeExceptionally(t);
      return;
    }
    result.complete(value);
  }

  private void ensureCapacity(int needed) {
    if (needed > buffer.length) {
      long grown = Math.max((long) buffer.length * 2, needed);
      buffer = Arrays.copyOf(buffer, (int) Math.min(grown, Math.min(cap, Integer.MAX_VALUE - 8)));
    }
  }

  private interface Body<T> {
    @Nullable T get() throws IOException;
  }
}
