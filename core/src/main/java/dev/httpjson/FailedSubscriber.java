package dev.httpjson;

import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/** A subscriber that reads nothing: it aborts at once and fails with a known exception. */
final class FailedSubscriber<T> implements BodySubscriber<T> {
  private final Throwable failure;
  private final CompletableFuture<T> result;

  FailedSubscriber(Throwable failure) {
    this.failure = failure;
    this.result = CompletableFuture.failedFuture(failure);
  }

  @Override
  public CompletionStage<T> getBody() {
    return result;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    // Thrown, not cancelled: the client aborts the exchange with this very failure, where HTTP/2
    // would otherwise report its own "Stream N cancelled" first.
    throw FailedSubscriber.<RuntimeException>sneaky(failure);
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> E sneaky(Throwable t) throws E {
    throw (E) t;
  }

  @Override
  public void onNext(List<ByteBuffer> item) {}

  @Override
  public void onError(Throwable throwable) {}

  @Override
  public void onComplete() {}
}
