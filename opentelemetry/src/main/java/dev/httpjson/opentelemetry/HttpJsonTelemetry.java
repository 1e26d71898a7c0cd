package dev.httpjson.opentelemetry;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.Interceptor;
import dev.httpjson.RetryInterceptor;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Makes httpjson calls visible through OpenTelemetry, as the <a
 * href="https://opentelemetry.io/docs/specs/semconv/http/http-spans/">HTTP client semantic
 * conventions</a> describe them. Its {@link #interceptor()} traces and measures every exchange it
 * forwards:
 *
 * <pre>{@code
 * HttpJsonTelemetry telemetry = HttpJsonTelemetry.create(openTelemetry);
 * HttpJsonClient api = HttpJsonClient.newBuilder(HttpClient.newHttpClient())
 *     .baseUri("https://api.example.com/v1/")
 *     .interceptor(telemetry.interceptor())
 *     .build();
 *
 * // HttpJson's static calls and HttpClient.send: a decorated client
 * HttpClient traced = Interceptor.decorate(HttpClient.newHttpClient(), telemetry.interceptor());
 * }</pre>
 *
 * <p><b>Spans.</b> Each exchange is a {@code CLIENT} span named after the method ({@code GET};
 * {@code HTTP} for a method outside the known ones) and, for a call made through an API interface's
 * method, its path template ({@code GET /v1/repos/{owner}/{repo}}), a child of the context current
 * when the interceptor runs. It carries {@code http.request.method} ({@code _OTHER} and {@code
 * http.request.method_original} for a non-standard method), {@code server.address}, {@code
 * server.port} (the scheme's default when the URI has none), {@code url.full}, {@code
 * http.response.status_code}, {@code network.protocol.version}, {@code url.template} for a call
 * made through an API interface's method (its path template, such as {@code
 * /v1/repos/{owner}/{repo}}: an absolute template without its scheme and host, a literal query
 * without its values) and, when the exchange failed, {@code error.type}: the status for a status of
 * 400 or more, otherwise the fully qualified class name of the exception (such as {@code
 * dev.httpjson.JsonReadException} for a body that is not the JSON expected, or {@code
 * java.util.concurrent.CancellationException} for a cancelled call). A failed exchange sets the
 * span status to {@code ERROR} and records the exception, if any, as an event, but for an {@link
 * dev.httpjson.HttpJsonStatusException}: the status tells it, and its message quotes the error
 * body, which is the server's data. {@code url.full} keeps no secret: it hides what httpjson's
 * messages hide ({@link dev.httpjson.JsonOptions#redact(String)}), userinfo as {@code
 * REDACTED:REDACTED} and the value of every query parameter but those the call's options show as
 * {@code REDACTED} ({@code https://api.example.com/users?page=2&token=REDACTED} with {@code page}
 * shown).
 *
 * <p><b>Known methods.</b> Those of RFC 9110 and {@code PATCH}, as the conventions define them; any
 * other is {@code _OTHER}. The environment variable the conventions name, {@code
 * OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS}, or the system property {@code
 * otel.instrumentation.http.known-methods}, which wins over it, replaces the list with its own
 * (comma-separated, case-sensitive), as read when {@link #create} runs.
 *
 * <p><b>The cache.</b> Where an {@link dev.httpjson.HttpCache} under the interceptor took part (it
 * sits beneath the interceptors, with {@link HttpJsonClient.Builder#cache}), span and measurement
 * carry {@code httpjson.cache.outcome}: {@code hit} (answered from the cache, nothing sent), {@code
 * revalidated} (a 304 confirmed the stored response) or {@code miss}. The semantic conventions
 * define no attribute for it, hence httpjson's own namespace.
 *
 * <p><b>Trace context.</b> The span's context is injected into the request's headers with {@link
 * OpenTelemetry#getPropagators()} ({@code traceparent} with the default W3C propagator), and is the
 * current context while a blocking exchange runs, for the interceptors after this one. The span's
 * parent is the caller's current context, also for an asynchronous call that runs on another thread
 * (the interceptor's {@link Interceptor#snapshot() snapshot} carries it there), and for a stream's
 * later exchanges (an event stream's reconnections, a paged stream's next pages): the context
 * current where the stream was opened, whichever thread reads it.
 *
 * <p><b>The metric.</b> The histogram {@code http.client.request.duration} (seconds, with the
 * bucket boundaries the conventions advise) gets one measurement per exchange with {@code
 * http.request.method}, {@code server.address}, {@code server.port}, {@code
 * http.response.status_code}, {@code network.protocol.version} and {@code error.type}. Spans and
 * metric come from the instrumentation scope {@code dev.httpjson}.
 *
 * <p><b>When an exchange ends.</b> When the response is returned, or its future completes, and its
 * body is over: for a one-shot call ({@code getFromJson}) the body was read by then, which is why a
 * body that fails to decode fails the span; a streamed body ({@code getFromJsonAsStream}, event
 * streams, {@code ofInputStream()}) ends its span when it ends — read to its end, closed by the
 * caller (no error), or failed: a stream that meets its idle timeout, a malformed element or a
 * broken connection sets {@code error.type} to the exception's class ({@code
 * dev.httpjson.CallTimeoutException}, …) and the status {@code ERROR} ({@link
 * Interceptor.Chain#streamFailure()}). A streamed body nobody closes leaves its span open.
 * Cancelling the future an asynchronous exchange returned ends its span and cancels the exchange
 * underneath.
 *
 * <p><b>Where to put it.</b> After a {@link RetryInterceptor}, as in {@code
 * .interceptor(retry).interceptor(telemetry.interceptor())}, each attempt is a span of its own, as
 * the conventions ask; before it, the whole call is one span. {@code http.request.resend_count} is
 * not set: an interceptor cannot tell a resent request from the same request sent again by a new
 * call.
 *
 * <p><b>Failures of its own.</b> An exception thrown by OpenTelemetry (a faulty propagator,
 * exporter or SDK) never fails a call: the call goes on as if the interceptor were not there, or
 * without the part that failed: a header a propagator sets that {@code java.net.http} refuses (a
 * value outside Latin-1) is left out, and the other propagators' headers are sent.
 *
 * <p>Immutable and thread-safe; one instance serves any number of clients and calls.
 */
public final class HttpJsonTelemetry {
  /** The instrumentation scope of the spans and the metric. */
  static final String SCOPE = "dev.httpjson";

  /** The bucket boundaries the conventions advise for {@code http.client.request.duration}. */
  static final List<Double> DURATION_BUCKETS =
      List.of(0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0);

  private final Interceptor interceptor;

  private HttpJsonTelemetry(
      Tracer tracer,
      DoubleHistogram duration,
      TextMapPropagator propagator,
      Set<String> knownMethods) {
    this.interceptor = new TelemetryInterceptor(tracer, duration, propagator, knownMethods);
  }

  /**
   * Telemetry that reports to {@code openTelemetry}: its tracer and meter providers and its text
   * map propagator.
   *
   * @param openTelemetry the OpenTelemetry instance, such as {@code GlobalOpenTelemetry.get()} or
   *     an SDK of your own
   * @return the telemetry
   */
  public static HttpJsonTelemetry create(OpenTelemetry openTelemetry) {
    Objects.requireNonNull(openTelemetry, "openTelemetry == null");
    String version = version();
    Tracer tracer =
        openTelemetry
            .getTracerProvider()
            .tracerBuilder(SCOPE)
            .setInstrumentationVersion(version)
            .build();
    DoubleHistogram duration =
        openTelemetry
            .getMeterProvider()
            .meterBuilder(SCOPE)
            .setInstrumentationVersion(version)
            .build()
            .histogramBuilder("http.client.request.duration")
            .setUnit("s")
            .setDescription("Duration of HTTP client requests.")
            .setExplicitBucketBoundariesAdvice(DURATION_BUCKETS)
            .build();
    return new HttpJsonTelemetry(
        tracer,
        duration,
        openTelemetry.getPropagators().getTextMapPropagator(),
        HttpAttributes.knownMethods(configuredKnownMethods()));
  }

  /** The list of known methods the system property or else the environment variable sets. */
  private static @Nullable String configuredKnownMethods() {
    try {
      String property = System.getProperty(HttpAttributes.KNOWN_METHODS_PROPERTY);
      return property != null ? property : System.getenv(HttpAttributes.KNOWN_METHODS_VARIABLE);
    } catch (SecurityException e) {
      return null;
    }
  }

  /**
   * The interceptor that traces and measures each exchange it forwards; the same instance on every
   * call. Add it with {@link HttpJsonClient.Builder#interceptor(Interceptor)} or {@link
   * Interceptor#decorate}.
   *
   * @return the interceptor
   */
  public Interceptor interceptor() {
    return interceptor;
  }

  /** The project version, from the resource the build writes; "unknown" without it. */
  static String version() {
    try (InputStream in = HttpJsonTelemetry.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String v = p.getProperty("version");
        if (v != null && !v.isEmpty() && !v.startsWith("${")) {
          return v;
        }
      }
    } catch (IOException | RuntimeException e) {
      // fall through: a scope without its version is still a scope
    }
    return "unknown";
  }

  @Override
  public String toString() {
    return "HttpJsonTelemetry{scope=" + SCOPE + "}";
  }
}
