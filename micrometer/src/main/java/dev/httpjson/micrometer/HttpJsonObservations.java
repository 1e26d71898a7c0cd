package dev.httpjson.micrometer;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.Interceptor;
import dev.httpjson.RetryInterceptor;
import io.micrometer.observation.ObservationRegistry;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Makes httpjson calls visible through Micrometer, as Spring's own HTTP clients are: its {@link
 * #interceptor()} observes every exchange it forwards as an {@code Observation} named {@code
 * http.client.requests}, which a {@code DefaultMeterObservationHandler} turns into the timer of
 * that name and Micrometer Tracing into a client span.
 *
 * <pre>{@code
 * HttpJsonObservations observations = HttpJsonObservations.create(observationRegistry);
 * HttpJsonClient api = HttpJsonClient.newBuilder(HttpClient.newHttpClient())
 *     .baseUri("https://api.github.com/")
 *     .interceptor(observations.interceptor())
 *     .build();
 * GitHub github = api.create(GitHub.class); // uri="/repos/{owner}/{repo}", never the URI sent
 *
 * // HttpJson's static calls and HttpClient.send: a decorated client
 * HttpClient observed = Interceptor.decorate(HttpClient.newHttpClient(), observations.interceptor());
 * }</pre>
 *
 * <p><b>Key values.</b> Those of Spring's {@code DefaultClientRequestObservationConvention}: {@code
 * client.name}, {@code exception}, {@code method}, {@code outcome}, {@code status} and {@code uri}
 * — the path template of the API interface method the call was made through, {@code none} for a
 * call without one — and the high-cardinality {@code http.url}; see {@link
 * DefaultHttpJsonObservationConvention}. A convention of your own replaces it: {@link
 * #withConvention(HttpJsonObservationConvention)}, or a {@code GlobalObservationConvention} in the
 * registry.
 *
 * <p><b>When an observation ends.</b> When the response is returned, or its future completes, and
 * its body is over: a one-shot call ({@code getFromJson}) has read its body by then, so a body that
 * fails to decode fails the observation; a streamed body ({@code getFromJsonAsStream}, paged
 * streams, event streams, {@code ofInputStream()}) ends it when it ends — read to its end, closed
 * by the caller (no error), or failed with the exception the caller gets (an idle timeout, a
 * malformed element, a broken connection: {@link Interceptor.Chain#streamFailure()}). A streamed
 * body nobody closes leaves its observation open. Cancelling the future of an asynchronous call
 * ends its observation with the {@code CancellationException} the caller's future holds, wherever
 * the exchange runs.
 *
 * <p><b>Failures.</b> The error of an observation is the exception the caller gets: {@code
 * HttpJsonStatusException} for a {@code getFromJson} answered 404 (with {@code status=404}, {@code
 * outcome=CLIENT_ERROR}), {@code JsonReadException} for a body that is not the JSON expected,
 * {@code CallTimeoutException} for a call past its timeout; {@code ConnectException} and {@code
 * status=CLIENT_ERROR} when no response arrived. A call that returns its response without checking
 * the status ({@code exchange}, {@code postAsJson}) has no error: {@code status=500}, {@code
 * outcome=SERVER_ERROR}, {@code exception=none}.
 *
 * <p><b>Trace context.</b> The observation is a child of the registry's current observation on the
 * caller's thread, also for an asynchronous call that runs on another thread (the interceptor's
 * {@link Interceptor#snapshot() snapshot} carries it there), and is current while a blocking
 * exchange runs, for the interceptors after this one. Its context is a {@code
 * RequestReplySenderContext} whose carrier is a builder of the request ({@link
 * HttpJsonObservationContext}), so Micrometer Tracing's propagating handler adds {@code
 * traceparent} (or its propagator's headers) to the request sent.
 *
 * <p><b>Where to put it.</b> After a {@link RetryInterceptor}, as in {@code
 * .interceptor(retry).interceptor(observations.interceptor())}, each attempt is an observation of
 * its own, with its own status and duration, as Spring observes each exchange its client sends;
 * before it, the whole call is one observation, with the status of the last attempt and the time of
 * every attempt and backoff. The first shows what the server did, the second what the caller waited
 * for. An {@link dev.httpjson.HttpCache} sits beneath every interceptor: a response it answers is
 * observed too, with {@code httpjson.cache.outcome} among the high-cardinality key values.
 *
 * <p><b>Failures in Micrometer.</b> An exception a handler throws as the observation starts (a
 * propagator setting a header that {@code java.net.http} refuses, such as a value outside Latin-1)
 * never fails the call: the request carries the headers set before it, and the observation, which
 * the handlers before it started, is stopped when the exchange ends, as any other. Nor does what a
 * handler throws as the observation stops, nor a {@link LinkageError} of a handler built against
 * another Micrometer ({@code NoSuchMethodError}, {@code AbstractMethodError}).
 *
 * <p><b>Cost.</b> With {@link ObservationRegistry#NOOP}, or a registry without handlers, the
 * interceptor forwards each exchange untouched after one check: nothing is allocated for it.
 *
 * <p>Immutable and thread-safe; one instance serves any number of clients and calls.
 */
public final class HttpJsonObservations {
  private final ObservationRegistry registry;
  private final @Nullable HttpJsonObservationConvention convention;
  private final Interceptor interceptor;

  private HttpJsonObservations(
      ObservationRegistry registry, @Nullable HttpJsonObservationConvention convention) {
    this.registry = registry;
    this.convention = convention;
    this.interceptor = new ObservationInterceptor(registry, convention);
  }

  /**
   * Observations reported to {@code registry}, with the {@linkplain
   * DefaultHttpJsonObservationConvention default convention} unless the registry holds a global
   * one.
   *
   * @param registry the registry, such as the application's own; {@link ObservationRegistry#NOOP}
   *     observes nothing
   * @return the observations
   */
  public static HttpJsonObservations create(ObservationRegistry registry) {
    return new HttpJsonObservations(Objects.requireNonNull(registry, "registry == null"), null);
  }

  /**
   * These observations with {@code convention} instead of the default one (a global convention of
   * the registry is then not used). This instance is unchanged.
   *
   * @param convention the name and key values of each observation
   * @return observations with the convention
   */
  public HttpJsonObservations withConvention(HttpJsonObservationConvention convention) {
    return new HttpJsonObservations(
        registry, Objects.requireNonNull(convention, "convention == null"));
  }

  /**
   * The interceptor that observes each exchange it forwards; the same instance on every call. Add
   * it with {@link HttpJsonClient.Builder#interceptor(Interceptor)} or {@link
   * Interceptor#decorate}.
   *
   * @return the interceptor
   */
  public Interceptor interceptor() {
    return interceptor;
  }

  @Override
  public String toString() {
    return "HttpJsonObservations{registry="
        + registry
        + (convention == null ? "" : ", convention=" + convention)
        + "}";
  }
}
