package dev.httpjson.internal.observe;

import dev.httpjson.HttpCache;
import dev.httpjson.Interceptor.Chain;
import dev.httpjson.internal.AsyncCall;
import dev.httpjson.internal.ForwardingSubscriber;
import dev.httpjson.internal.cache.Cache;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.ResponseInfo;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * One exchange an observing interceptor (the OpenTelemetry and Micrometer modules') reports once,
 * when it is over: forwarded, blocking or not, with the observation current; its status line noted
 * as the headers arrive; ended when the forward fails, when the response returns with its body
 * read, when the stream reading its body is over ({@link Chain#whenStreamOver}), or else when its
 * body ends — read to its end, failed, or cancelled (by a stream that failed, {@link
 * Chain#streamFailure()} then says with what, or by its caller).
 */
public abstract class ObservedExchange {
  private final HttpRequest sent;
  private final System.Logger log;
  private final AtomicBoolean ended = new AtomicBoolean();
  private volatile @Nullable ResponseInfo info;

  // Guarded by this: the body of the last response forwarded, and the response returned while
  // that body was still being read, whose end then ends the exchange.
  private @Nullable Body<?> body;
  private @Nullable HttpResponse<?> reading;

  /**
   * An exchange that forwards {@code sent} and logs what the observing library throws to {@code
   * log} (at DEBUG).
   */
  protected ObservedExchange(HttpRequest sent, System.Logger log) {
    this.sent = sent;
    this.log = log;
  }

  /**
   * Makes the observation current on this thread; closing what it returns makes it no longer so.
   */
  protected abstract AutoCloseable makeCurrent();

  private AutoCloseable current() {
    try {
      return makeCurrent();
    } catch (RuntimeException | LinkageError e) {
      log.log(System.Logger.Level.DEBUG, "observation not made current", e);
      return () -> {};
    }
  }

  private void leave(AutoCloseable scope) {
    try {
      scope.close();
    } catch (Exception | LinkageError e) {
      log.log(System.Logger.Level.DEBUG, "observation scope not closed", e);
    }
  }

  /**
   * The exchange is over, once: with the response returned, or {@code null} when the forward
   * failed; with the failure (unwrapped from a {@link CompletionException}), or {@code null}. Runs
   * no caller code and must not throw.
   */
  protected abstract void over(@Nullable HttpResponse<?> response, @Nullable Throwable failure);

  /**
   * {@code failure} as the caller sees it: for the interrupt that cancelling an asynchronous call's
   * future (or failing it first) sends the thread running its exchange, what the caller's future
   * was settled with (a {@link java.util.concurrent.CancellationException}, …); else {@code
   * failure} itself. Call it from {@link #over}, on the thread the exchange failed on.
   */
  protected static Throwable asTheCallerSees(Throwable failure) {
    return failure instanceof InterruptedException
        ? AsyncCall.givenUp((InterruptedException) failure)
        : failure;
  }

  /** {@return the status line and headers of the last response forwarded, or null} */
  protected final @Nullable ResponseInfo info() {
    return info;
  }

  /**
   * {@return how an {@link HttpCache} under the interceptor answered: recorded on {@code response},
   * or, when the forward failed (a stored 404 the call throws on, a stored body that does not
   * decode), on the status line and headers of the last response forwarded; empty where no cache
   * took part}
   */
  protected final Optional<HttpCache.Outcome> cacheOutcome(@Nullable HttpResponse<?> response) {
    if (response != null) {
      return HttpCache.outcome(response);
    }
    ResponseInfo received = info;
    return received == null ? Optional.empty() : Cache.outcome(received.headers());
  }

  /** Forwards the request on {@code chain}, blocking. */
  public final <T> HttpResponse<T> forward(Chain<T> chain)
      throws IOException, InterruptedException {
    HttpResponse<T> response;
    AutoCloseable scope = current();
    try {
      response = watching(chain).forward(sent);
    } catch (Throwable t) {
      end(null, t);
      throw t;
    } finally {
      leave(scope);
    }
    returned(response, chain);
    return response;
  }

  /** Forwards the request on {@code chain} asynchronously. */
  public final <T> CompletableFuture<HttpResponse<T>> forwardAsync(Chain<T> chain) {
    CompletableFuture<HttpResponse<T>> forwarded;
    AutoCloseable scope = current();
    try {
      forwarded = watching(chain).forwardAsync(sent);
    } catch (RuntimeException | Error e) {
      end(null, e);
      return CompletableFuture.failedFuture(e);
    } finally {
      leave(scope);
    }
    CompletableFuture<HttpResponse<T>> result = new CompletableFuture<>();
    forwarded.whenComplete(
        (response, failure) -> {
          if (failure != null) {
            end(null, failure);
            result.completeExceptionally(failure);
          } else {
            returned(response, chain);
            if (!result.complete(response)) {
              closeQuietly(response); // the caller gave up on it
            }
          }
        });
    result.whenComplete(
        (response, failure) -> {
          if (failure != null && !forwarded.isDone()) { // cancelled or failed by the caller
            end(null, failure);
            forwarded.cancel(true);
          }
        });
    return result;
  }

  /** {@code chain} noting the status line as the headers arrive, and watching the body. */
  private <T> Chain<T> watching(Chain<T> chain) {
    BodyHandler<T> handler = chain.bodyHandler();
    return chain.withBodyHandler(
        received -> {
          info = received;
          Body<T> b = new Body<>(handler.apply(received), chain, this);
          synchronized (this) {
            body = b;
          }
          return b;
        });
  }

  /**
   * The forward returned {@code response}: the exchange ends now, or when the stream reading its
   * body is over (a malformed element found after the body's last byte is its failure), or when its
   * body, still being read, ends.
   */
  private void returned(HttpResponse<?> response, Chain<?> chain) {
    Body<?> read;
    synchronized (this) {
      read = body;
    }
    boolean streamed;
    try {
      // The caller's failure, else the body's own: a broken connection an event stream got over.
      streamed =
          chain.whenStreamOver(
              response,
              failure -> end(response, failure != null || read == null ? failure : read.failure));
    } catch (RuntimeException e) {
      streamed = false;
    }
    if (streamed) {
      return;
    }
    synchronized (this) {
      Body<?> b = body;
      if (b != null && !b.over) {
        reading = response;
        return;
      }
    }
    end(response, null);
  }

  /** The body {@code b} ended: read to its end, closed, or failed with {@code failure}. */
  private void bodyOver(Body<?> b, @Nullable Throwable failure) {
    HttpResponse<?> response;
    synchronized (this) {
      b.over = true;
      response = b == body ? reading : null;
    }
    if (response != null) {
      end(response, failure);
    }
  }

  private void end(@Nullable HttpResponse<?> response, @Nullable Throwable failure) {
    if (ended.compareAndSet(false, true)) {
      over(response, failure == null ? null : unwrap(failure));
    }
  }

  private static Throwable unwrap(Throwable t) {
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  private static void closeQuietly(@Nullable HttpResponse<?> response) {
    if (response != null && response.body() instanceof AutoCloseable) {
      try {
        ((AutoCloseable) response.body()).close();
      } catch (Exception ignored) {
        // nothing to report to: the call is over
      }
    }
  }

  /** A body watched to its end: read to its end, failed, or cancelled. */
  private static final class Body<T> extends ForwardingSubscriber<T> {
    private final Chain<?> chain;
    private final ObservedExchange exchange;
    private final AtomicBoolean ended = new AtomicBoolean();
    boolean over; // guarded by exchange
    volatile @Nullable Throwable failure; // what the body itself failed with
    volatile boolean
        cancelled; // by its reader: an error after that (JDK 21+ reports one) is not the body's

    Body(BodySubscriber<T> delegate, Chain<?> chain, ObservedExchange exchange) {
      super(delegate);
      this.chain = chain;
      this.exchange = exchange;
    }

    private void over(@Nullable Throwable failure) {
      if (ended.compareAndSet(false, true)) {
        exchange.bodyOver(this, failure);
      }
    }

    @Override
    protected void cancelled() {
      Throwable failure;
      try {
        failure = chain.streamFailure().orElse(null);
      } catch (RuntimeException e) {
        failure = null;
      }
      cancelled = true;
      over(failure);
    }

    @Override
    public void onError(Throwable throwable) {
      if (!cancelled) {
        failure = throwable;
      }
      over(throwable);
      super.onError(throwable);
    }

    @Override
    public void onComplete() {
      over(null);
      super.onComplete();
    }
  }
}
