package dev.httpjson.transport.support.internal;

import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * The future {@code sendAsync} returns: a caller who completes or cancels it first ends the
 * exchange — the pump reading its body, or before the body the exchange itself — which releases the
 * response and its connection. Dependent stages get plain futures.
 *
 * @param <T> the response body
 */
public final class CallFuture<T> extends CompletableFuture<HttpResponse<T>> {
  private final Runnable cancelExchange;
  private volatile Flow.@Nullable Subscription pump;

  /** A future whose early end runs {@code cancelExchange} until a pump reads the body. */
  public CallFuture(Runnable cancelExchange) {
    this.cancelExchange = cancelExchange;
  }

  /**
   * The body is being read by {@code pump}, which the caller starts next: an early end now cancels
   * it. Completes with {@code head} and the body, or fails with the subscriber's failure or the
   * body's, through {@code completions}, which keeps the caller's stages off the transport's own
   * threads.
   */
  public void reading(BodyPump<T> pump, TransportResponse<Void> head, Executor completions) {
    this.pump = pump;
    if (isDone()) {
      pump.cancel();
    }
    pump.broken().whenComplete((v, t) -> completions.execute(() -> fail(t)));
    pump.body()
        .whenComplete(
            (value, failure) ->
                completions.execute(
                    () -> {
                      if (failure != null) {
                        fail(Failures.unwrap(failure));
                      } else {
                        super.complete(head.with(value));
                      }
                    }));
  }

  /** Fails with {@code failure}, and ends the exchange if this came first. */
  public void fail(Throwable failure) {
    ending(super.completeExceptionally(failure));
  }

  @Override
  public boolean complete(HttpResponse<T> value) {
    return ending(super.complete(value));
  }

  @Override
  public boolean completeExceptionally(Throwable failure) {
    return ending(super.completeExceptionally(failure));
  }

  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    return ending(super.cancel(mayInterruptIfRunning));
  }

  /** Ends the exchange when {@code completed}: this future was completed from outside first. */
  private boolean ending(boolean completed) {
    if (completed) {
      abort();
    }
    return completed;
  }

  private void abort() {
    Flow.Subscription p = pump;
    if (p != null) {
      p.cancel();
    } else {
      cancelExchange.run();
    }
  }

  @Override
  public <U> CompletableFuture<U> newIncompleteFuture() {
    return new CompletableFuture<>();
  }
}
