package dev.httpjson.internal;

import dev.httpjson.internal.transport.IoThreadSafe;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * The body as one array, as {@link java.net.http.HttpResponse.BodySubscribers#ofByteArray()} gives
 * it, but a body that came as one writable heap buffer covering the whole of its array is that
 * array, not a copy of it: buffers "once passed to the subscriber, are no longer used by the HTTP
 * Client" ({@link BodySubscriber}). A transport whose reads fill an array of the body's length
 * (OkHttp's, Apache's) hands it over so. Read-only buffers (the JDK client's own), several buffers,
 * or one that is part of its array are copied into a new array.
 */
final class WholeArraySubscriber implements BodySubscriber<byte[]>, IoThreadSafe {
  private final CompletableFuture<byte[]> result = new CompletableFuture<>();
  private final List<ByteBuffer> received = new ArrayList<>(1);
  private Flow.@Nullable Subscription subscription;

  @Override
  public CompletionStage<byte[]> getBody() {
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
  public void onNext(List<ByteBuffer> items) {
    received.addAll(items);
  }

  @Override
  public void onError(Throwable throwable) {
    received.clear();
    result.completeExceptionally(throwable);
  }

  @Override
  public void onComplete() {
    try {
      result.complete(join(received));
      received.clear();
    } catch (IllegalArgumentException e) {
      result.completeExceptionally(e);
    }
  }

  private static byte[] join(List<ByteBuffer> buffers) {
    if (buffers.size() == 1) {
      ByteBuffer only = buffers.get(0);
      if (only.hasArray() // a heap buffer, not read-only
          && only.arrayOffset() == 0
          && only.position() == 0
          && only.limit() == only.array().length) {
        return only.array();
      }
    }
    long size = 0;
    for (ByteBuffer b : buffers) {
      size += b.remaining();
    }
    if (size > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("too many bytes");
    }
    byte[] all = new byte[(int) size];
    int from = 0;
    for (ByteBuffer b : buffers) {
      int n = b.remaining();
      b.get(all, from, n);
      from += n;
    }
    return all;
  }
}
