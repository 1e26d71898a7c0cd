package dev.httpjson.internal;

import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A body subscriber that passes every signal on to another and watches the body on its way: the
 * base of the subscribers that log, observe or store a body while the caller's own reads it. A
 * subclass overrides the signals it watches, calling the same method of this class to pass them on;
 * a cancel from the reader runs {@link #cancelled()} before it reaches the body.
 */
public abstract class ForwardingSubscriber<T> implements BodySubscriber<T> {
  private final BodySubscriber<T> delegate;

  /** Passes the body on to {@code delegate}. */
  protected ForwardingSubscriber(BodySubscriber<T> delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate == null");
  }

  /** Runs when the reader cancels the body, before the cancel is passed on. */
  protected abstract void cancelled();

  @Override
  public CompletionStage<T> getBody() {
    return delegate.getBody();
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    delegate.onSubscribe(
        new Flow.Subscription() {
          @Override
          public void request(long n) {
            subscription.request(n);
          }

          @Override
          public void cancel() {
            cancelled();
            subscription.cancel();
          }
        });
  }

  @Override
  public void onNext(List<ByteBuffer> item) {
    delegate.onNext(item);
  }

  @Override
  public void onError(Throwable throwable) {
    delegate.onError(throwable);
  }

  @Override
  public void onComplete() {
    delegate.onComplete();
  }
}
