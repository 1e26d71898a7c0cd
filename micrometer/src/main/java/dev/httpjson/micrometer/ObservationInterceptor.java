package dev.httpjson.micrometer;

import dev.httpjson.HttpCache;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonOptions;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/** The interceptor behind {@link HttpJsonObservations#interceptor()}: one observation each. */
final class ObservationInterceptor implements Interceptor {
  private static final System.Logger LOG = System.getLogger("dev.httpjson.micrometer");

  private static final DefaultHttpJsonObservationConvention DEFAULT =
      new DefaultHttpJsonObservationConvention();

  private final ObservationRegistry registry;
  private final @Nullable HttpJsonObservationConvention convention;

  ObservationInterceptor(
      ObservationRegistry registry, @Nullable HttpJsonObservationConvention convention) {
    this.registry = registry;
    this.convention = convention;
  }

  @Override
  public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
      throws IOException, InterruptedException {
    if (registry.isNoop()) {
      return chain.forward(request);
    }
    Exchange exchange = start(request, chain);
    if (exchange == null) {
      return chain.forward(request);
    }
    HttpResponse<T> response;
    Observation.Scope scope = exchange.openScope();
    try {
      response = exchange.watching(chain).forward(exchange.sent);
    } catch (Throwable t) {
      exchange.end(null, t);
      throw t;
    } finally {
      exchange.closeScope(scope);
    }
    exchange.returned(response, chain);
    return response;
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
      HttpRequest request, Chain<T> chain) {
    if (registry.isNoop()) {
      return chain.forwardAsync(request);
    }
    Exchange exchange = start(request, chain);
    if (exchange == null) {
      return chain.forwardAsync(request);
    }
    CompletableFuture<HttpResponse<T>> forwarded;
    Observation.Scope scope = exchange.openScope();
    try {
      forwarded = exchange.watching(chain).forwardAsync(exchange.sent);
    } catch (RuntimeException | Error e) {
      exchange.end(null, e);
      return CompletableFuture.failedFuture(e);
    } finally {
      exchange.closeScope(scope);
    }
    CompletableFuture<HttpResponse<T>> result = new CompletableFuture<>();
    forwarded.whenComplete(
        (response, failure) -> {
          if (failure != null) {
            exchange.end(null, failure);
            result.completeExceptionally(failure);
          } else {
            exchange.returned(response, chain);
            if (!result.complete(response)) {
              closeQuietly(response); // the caller gave up on it
            }
          }
        });
    result.whenComplete(
        (response, failure) -> {
          if (failure != null && !forwarded.isDone()) { // cancelled or failed by the caller
            exchange.end(null, failure);
            forwarded.cancel(true);
          }
        });
    return result;
  }

  /**
   * The caller's current observation, so that an asynchronous call's observation is its child on
   * whichever thread the exchange runs.
   */
  @Override
  public @Nullable Snapshot snapshot() {
    if (registry.isNoop()) {
      return null;
    }
    Observation current = registry.getCurrentObservation();
    return current == null ? null : current::openScope;
  }

  /**
   * An observation started for {@code request}, or null when none is wanted or Micrometer failed.
   */
  private @Nullable Exchange start(HttpRequest request, Chain<?> chain) {
    try {
      HttpJsonObservationContext context =
          new HttpJsonObservationContext(
              request, chain.route().orElse(null), chain.options().orElse(JsonOptions.web()));
      Observation observation =
          Observation.createNotStarted(convention, DEFAULT, () -> context, registry);
      if (observation.isNoop()) {
        return null;
      }
      observation.start();
      return new Exchange(observation, context, context.toSend());
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.DEBUG, "no observation of an httpjson exchange", e);
      return null;
    }
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

  private static Throwable unwrap(Throwable t) {
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /** One exchange: its observation, and what its response said before the exchange ended. */
  private static final class Exchange {
    final Observation observation;
    final HttpJsonObservationContext context;
    final HttpRequest sent;
    private final AtomicBoolean ended = new AtomicBoolean();
    private volatile @Nullable ResponseInfo info;

    // Guarded by this: the body of the last response forwarded, and the response returned while
    // that body was still being read (a stream), whose end then ends the observation.
    private @Nullable Body<?> body;
    private @Nullable HttpResponse<?> reading;

    Exchange(Observation observation, HttpJsonObservationContext context, HttpRequest sent) {
      this.observation = observation;
      this.context = context;
      this.sent = sent;
    }

    Observation.@Nullable Scope openScope() {
      try {
        return observation.openScope();
      } catch (RuntimeException e) {
        LOG.log(System.Logger.Level.DEBUG, "observation not made current", e);
        return null;
      }
    }

    void closeScope(Observation.@Nullable Scope scope) {
      if (scope != null) {
        try {
          scope.close();
        } catch (RuntimeException e) {
          LOG.log(System.Logger.Level.DEBUG, "observation scope not closed", e);
        }
      }
    }

    /**
     * {@code chain} noting the status line and headers as they arrive, and watching the body to its
     * end.
     */
    <T> Chain<T> watching(Chain<T> chain) {
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
     * The forward returned {@code response}: the observation ends now, or, when a stream reads its
     * body, when the stream is over ({@link Chain#whenStreamOver}: a malformed element found after
     * the body's last byte is the observation's error), or when the body ends.
     */
    void returned(HttpResponse<?> response, Chain<?> chain) {
      boolean streamed;
      try {
        streamed = chain.whenStreamOver(response, failure -> end(response, failure));
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
    void bodyOver(Body<?> b, @Nullable Throwable failure) {
      HttpResponse<?> response;
      synchronized (this) {
        b.over = true;
        response = b == body ? reading : null;
      }
      if (response != null) {
        end(response, failure);
      }
    }

    void end(@Nullable HttpResponse<?> response, @Nullable Throwable failure) {
      if (!ended.compareAndSet(false, true)) {
        return;
      }
      try {
        ResponseInfo received = response != null ? new Info(response) : info;
        if (received != null) {
          context.setResponse(received);
        }
        if (response != null) {
          context.setCacheOutcome(HttpCache.outcome(response).orElse(null));
        }
        if (failure != null) {
          observation.error(unwrap(failure));
        }
      } catch (RuntimeException e) {
        LOG.log(System.Logger.Level.DEBUG, "exchange not fully observed", e);
      } finally {
        try {
          observation.stop();
        } catch (RuntimeException e) {
          LOG.log(System.Logger.Level.DEBUG, "observation not stopped", e);
        }
      }
    }
  }

  /** A returned response's status line and headers, as the observation's context holds them. */
  private static final class Info implements ResponseInfo {
    private final HttpResponse<?> response;

    Info(HttpResponse<?> response) {
      this.response = response;
    }

    @Override
    public int statusCode() {
      return response.statusCode();
    }

    @Override
    public HttpHeaders headers() {
      return response.headers();
    }

    @Override
    public HttpClient.Version version() {
      return response.version();
    }
  }

  /**
   * A body watched to its end: read to its end, failed, or cancelled — by the stream reading it
   * when it failed ({@link Chain#streamFailure()} then says with what) or by its caller.
   */
  private static final class Body<T> implements BodySubscriber<T> {
    private final BodySubscriber<T> delegate;
    private final Chain<?> chain;
    private final Exchange exchange;
    private final AtomicBoolean ended = new AtomicBoolean();
    boolean over; // guarded by exchange

    Body(BodySubscriber<T> delegate, Chain<?> chain, Exchange exchange) {
      this.delegate = delegate;
      this.chain = chain;
      this.exchange = exchange;
    }

    private void over(@Nullable Throwable failure) {
      if (ended.compareAndSet(false, true)) {
        exchange.bodyOver(this, failure);
      }
    }

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
              Throwable failure;
              try {
                failure = chain.streamFailure().orElse(null);
              } catch (RuntimeException e) {
                failure = null;
              }
              over(failure);
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
      over(throwable);
      delegate.onError(throwable);
    }

    @Override
    public void onComplete() {
      over(null);
      delegate.onComplete();
    }
  }
}
