package dev.httpjson.internal;

import java.net.http.HttpClient;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * A subscriber that reads nothing: it aborts at once and fails with a known exception, and the
 * exchange's connection is closed.
 */
public final class FailedSubscriber<T> implements BodySubscriber<T> {
  private final Throwable failure;
  private final CompletableFuture<T> result;
  private final boolean cancelOnError;
  private volatile Flow.@Nullable Subscription subscription;

  /** Fails the body of the response {@code info} with {@code failure}, without reading it. */
  public FailedSubscriber(Throwable failure, ResponseInfo info) {
    this.failure = failure;
    this.result = CompletableFuture.failedFuture(failure);
    this.cancelOnError = info.version() == HttpClient.Version.HTTP_1_1;
  }

  @Override
  public CompletionStage<T> getBody() {
    return result;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    // Thrown, not cancelled: the client aborts the exchange with this very failure, where HTTP/2
    // would otherwise report its own "Stream N cancelled" first, and HTTP/1.1 its own "subscription
    // cancelled" when no body byte has arrived yet.
    throw FailedSubscriber.<RuntimeException>sneaky(failure);
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> E sneaky(Throwable t) throws E {
    throw (E) t;
  }

  @Override
  public void onNext(List<ByteBuffer> item) {}

  /**
   * The JDK's HTTP/1.1 exchange reports the failure thrown from {@link #onSubscribe} here, but
   * closes the connection only if no body byte is waiting to be read: a small body that arrived
   * with the headers keeps it open, unread, for good. Cancelling here closes it in every case;
   * HTTP/2 resets the stream itself.
   */
  @Override
  public void onError(Throwable throwable) {
    Flow.Subscription s = subscription;
    if (cancelOnError && s != null) {
      subscription = null;
      s.cancel();
    }
  }

  @Override
  public void onComplete() {}
}
