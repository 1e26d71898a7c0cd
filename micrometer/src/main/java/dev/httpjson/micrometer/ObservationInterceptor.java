package dev.httpjson.micrometer;

import dev.httpjson.Interceptor;
import dev.httpjson.JsonOptions;
import dev.httpjson.internal.observe.ObservedExchange;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.ResponseInfo;
import java.util.concurrent.CompletableFuture;
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
    return exchange == null ? chain.forward(request) : exchange.forward(chain);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
      HttpRequest request, Chain<T> chain) {
    if (registry.isNoop()) {
      return chain.forwardAsync(request);
    }
    Exchange exchange = start(request, chain);
    return exchange == null ? chain.forwardAsync(request) : exchange.forwardAsync(chain);
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
    HttpJsonObservationContext context;
    Observation observation;
    try {
      context =
          new HttpJsonObservationContext(
              request, chain.route().orElse(null), chain.options().orElse(JsonOptions.web()));
      observation = Observation.createNotStarted(convention, DEFAULT, () -> context, registry);
      if (observation.isNoop()) {
        return null;
      }
    } catch (RuntimeException | LinkageError e) {
      LOG.log(System.Logger.Level.DEBUG, "no observation of an httpjson exchange", e);
      return null;
    }
    try {
      observation.start();
    } catch (RuntimeException | LinkageError e) {
      // A handler failed (a propagator's header the request refuses) after those before it had
      // started (a timer, a span): the observation goes on, to be stopped when the exchange ends.
      LOG.log(System.Logger.Level.DEBUG, "an observation handler failed on start", e);
    }
    HttpRequest sent;
    try {
      sent = context.toSend();
    } catch (RuntimeException | LinkageError e) {
      LOG.log(System.Logger.Level.DEBUG, "headers of the observation not added", e);
      sent = request;
    }
    return new Exchange(observation, context, sent);
  }

  /** One exchange: its observation, and what its response said before the exchange ended. */
  private static final class Exchange extends ObservedExchange {
    final Observation observation;
    final HttpJsonObservationContext context;

    Exchange(Observation observation, HttpJsonObservationContext context, HttpRequest sent) {
      super(sent, LOG);
      this.observation = observation;
      this.context = context;
    }

    @Override
    protected AutoCloseable makeCurrent() {
      return observation.openScope();
    }

    @Override
    protected void over(@Nullable HttpResponse<?> response, @Nullable Throwable failure) {
      try {
        ResponseInfo received = response != null ? new Info(response) : info();
        if (received != null) {
          context.setResponse(received);
        }
        context.setCacheOutcome(cacheOutcome(response).orElse(null));
        if (failure != null) {
          observation.error(asTheCallerSees(failure)); // a cancel's interrupt as its cancellation
        }
      } catch (RuntimeException | LinkageError e) {
        LOG.log(System.Logger.Level.DEBUG, "exchange not fully observed", e);
      } finally {
        try {
          observation.stop();
        } catch (RuntimeException | LinkageError e) {
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
}
