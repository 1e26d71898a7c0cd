package dev.httpjson.internal;

import dev.httpjson.Interceptor;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The interceptors written once, behind {@link Interceptor#request} and {@link
 * Interceptor#response}: neither waits for anything of its own, so one function serves the blocking
 * and the asynchronous path alike.
 */
public final class Interceptors {
  private Interceptors() {}

  /** Longer than any wait, short enough that the timer's due time does not overflow. */
  private static final long LONGEST_NANOS = Long.MAX_VALUE / 2;

  /**
   * Behind {@link Interceptor.Chain#delay}: the timer thread only hands the completion to an async
   * lane, so no stage runs on it; not to the common pool, which an application can keep busy for
   * any length of time (with two cores it has one thread), holding every retry back.
   */
  public static CompletableFuture<Void> delay(Duration delay) {
    Objects.requireNonNull(delay, "delay == null");
    long nanos;
    try {
      nanos = delay.isNegative() ? 0 : Math.min(delay.toNanos(), LONGEST_NANOS);
    } catch (ArithmeticException e) {
      nanos = LONGEST_NANOS;
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    DeadlineTimer.Task task;
    try {
      task =
          DeadlineTimer.INSTANCE.schedule(
              () -> AsyncCall.elsewhere(() -> done.complete(null)), nanos);
    } catch (RuntimeException | OutOfMemoryError e) { // no timer thread could be started
      return CompletableFuture.failedFuture(e);
    }
    done.whenComplete(
        (v, e) -> {
          if (e != null) {
            task.cancel(); // cancelled (or failed) by its owner: nothing stays on the timer
          }
        });
    return done;
  }

  /**
   * An interceptor of httpjson's own that forwards each request once, as it came or changed, and so
   * never sends a body again ({@link ResentBodies#mayResend}).
   */
  interface ForwardsOnce extends Interceptor {}

  public static Interceptor request(UnaryOperator<HttpRequest> change) {
    Objects.requireNonNull(change, "change == null");
    return new ForwardsOnce() {
      private HttpRequest changed(HttpRequest request) {
        return Objects.requireNonNull(
            change.apply(request), () -> change + " returned a null request");
      }

      @Override
      public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
          throws IOException, InterruptedException {
        return chain.forward(changed(request));
      }

      @Override
      public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
          HttpRequest request, Chain<T> chain) {
        HttpRequest changed;
        try {
          changed = changed(request);
        } catch (RuntimeException | Error e) {
          return CompletableFuture.failedFuture(e);
        }
        return chain.forwardAsync(changed);
      }

      @Override
      public String toString() {
        return "Interceptor.request(" + change + ")";
      }
    };
  }

  public static Interceptor response(Consumer<? super HttpResponse<?>> action) {
    Objects.requireNonNull(action, "action == null");
    return new ForwardsOnce() {
      @Override
      public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
          throws IOException, InterruptedException {
        HttpResponse<T> response = chain.forward(request);
        seen(response);
        return response;
      }

      private void seen(HttpResponse<?> response) {
        try {
          action.accept(response);
        } catch (RuntimeException | Error e) {
          CallRunner.closeQuietly(response.body()); // the call fails: nobody reads a stream now
          throw e;
        }
      }

      @Override
      public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
          HttpRequest request, Chain<T> chain) {
        CompletableFuture<HttpResponse<T>> exchange = chain.forwardAsync(request);
        CompletableFuture<HttpResponse<T>> result = new CompletableFuture<>();
        exchange.whenComplete(
            (response, failure) -> {
              if (failure != null) {
                result.completeExceptionally(
                    failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause()
                        : failure);
                return;
              }
              if (result.isDone()) {
                CallRunner.closeQuietly(response.body()); // the caller gave up on the call
                return;
              }
              try {
                seen(response);
              } catch (RuntimeException | Error e) {
                result.completeExceptionally(e);
                return;
              }
              if (!result.complete(response)) {
                CallRunner.closeQuietly(response.body());
              }
            });
        result.whenComplete(
            (r, e) -> {
              if (e != null) {
                exchange.cancel(true);
              }
            });
        return result;
      }

      @Override
      public String toString() {
        return "Interceptor.response(" + action + ")";
      }
    };
  }
}
