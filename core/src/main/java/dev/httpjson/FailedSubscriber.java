package dev.httpjson;

import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/** A subscriber that reads nothing: it cancels at once and fails with a known exception. */
final class FailedSubscriber<T> implements BodySubscriber<T> {
  private final CompletableFuture<T> result;

  FailedSubscriber(Throwable failure) {
    this.result = CompletableFuture.failedFuture(failure);
  }

  @Override
  public CompletionStage<T> getBody() {
    return result;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    subscription.cancel();
  }

  @Override
  public void onNext(List<ByteBuffer> item) {}

  @Override
  public void onError(Throwable throwable) {}

  @Override
  public void onComplete() {}
}
