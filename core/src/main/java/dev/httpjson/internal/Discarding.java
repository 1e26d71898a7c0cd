package dev.httpjson.internal;

import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * The body of a response an interceptor drops (a retry, a redirect hop): read and dropped to its
 * end when that end comes within {@link #MAX_BYTES}, so that the connection is reused; a longer one
 * (a large error page, a body that never ends) is cut there, and its connection closed, rather than
 * drained until the call's timeout. Either way the body is {@code null}; a body that fails before
 * either fails the exchange, as {@code BodySubscribers.replacing} does.
 */
final class Discarding<T> implements BodySubscriber<T> {
  /** As much as draining costs less than a new connection: OkHttp's cache drains as much. */
  static final long MAX_BYTES = 64 * 1024;

  private final CompletableFuture<T> body = new CompletableFuture<>();
  private Flow.@Nullable Subscription subscription;
  private long bytes;

  @Override
  public CompletionStage<T> getBody() {
    return body;
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    s.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> item) {
    for (ByteBuffer b : item) {
      bytes += b.remaining();
    }
    if (bytes > MAX_BYTES && !body.isDone()) {
      Flow.Subscription s = subscription;
      if (s != null) {
        s.cancel();
      }
      body.complete(null);
    }
  }

  @Override
  public void onError(Throwable throwable) {
    body.completeExceptionally(throwable);
  }

  @Override
  public void onComplete() {
    body.complete(null);
  }
}
