package dev.httpjson.opentelemetry;

import static dev.httpjson.opentelemetry.HttpAttributes.ERROR_TYPE;
import static dev.httpjson.opentelemetry.HttpAttributes.HTTP_REQUEST_METHOD;
import static dev.httpjson.opentelemetry.HttpAttributes.HTTP_REQUEST_METHOD_ORIGINAL;
import static dev.httpjson.opentelemetry.HttpAttributes.HTTP_RESPONSE_STATUS_CODE;
import static dev.httpjson.opentelemetry.HttpAttributes.NETWORK_PROTOCOL_VERSION;
import static dev.httpjson.opentelemetry.HttpAttributes.SERVER_ADDRESS;
import static dev.httpjson.opentelemetry.HttpAttributes.SERVER_PORT;
import static dev.httpjson.opentelemetry.HttpAttributes.URL_FULL;

import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonOptions;
import dev.httpjson.internal.observe.ObservedExchange;
import dev.httpjson.internal.observe.Routes;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.ResponseInfo;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/** The interceptor behind {@link HttpJsonTelemetry#interceptor()}: one span per exchange. */
final class TelemetryInterceptor implements Interceptor {
  private static final System.Logger LOG = System.getLogger("dev.httpjson.opentelemetry");

  private static final TextMapSetter<Map<String, String>> SETTER =
      (carrier, key, value) -> {
        if (carrier != null) {
          carrier.put(key, value);
        }
      };

  private final Tracer tracer;
  private final DoubleHistogram duration;
  private final TextMapPropagator propagator;
  private final Set<String> knownMethods;

  TelemetryInterceptor(
      Tracer tracer,
      DoubleHistogram duration,
      TextMapPropagator propagator,
      Set<String> knownMethods) {
    this.tracer = tracer;
    this.duration = duration;
    this.propagator = propagator;
    this.knownMethods = knownMethods;
  }

  @Override
  public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
      throws IOException, InterruptedException {
    Exchange exchange = start(request, chain);
    return exchange == null ? chain.forward(request) : exchange.forward(chain);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
      HttpRequest request, Chain<T> chain) {
    Exchange exchange = start(request, chain);
    return exchange == null ? chain.forwardAsync(request) : exchange.forwardAsync(chain);
  }

  /**
   * The caller's context, so that an asynchronous call's span is a child of the caller's span on
   * whichever thread the exchange runs.
   */
  @Override
  public @Nullable Snapshot snapshot() {
    Context context = Context.current();
    return context == Context.root() ? null : context::makeCurrent;
  }

  /** A span started for {@code request}, or null when OpenTelemetry failed to start one. */
  private @Nullable Exchange start(HttpRequest request, Chain<?> chain) {
    Span span;
    Context context;
    Attributes common;
    try {
      Context parent = Context.current();
      String method = request.method();
      String known = HttpAttributes.method(method, knownMethods);
      URI uri = request.uri();
      AttributesBuilder attributes = Attributes.builder().put(HTTP_REQUEST_METHOD, known);
      String address = HttpAttributes.serverAddress(uri);
      if (address != null) {
        attributes.put(SERVER_ADDRESS, address);
      }
      int port = HttpAttributes.serverPort(uri);
      if (port > 0) {
        attributes.put(SERVER_PORT, (long) port);
      }
      common = attributes.build();
      boolean other = known.equals(HttpAttributes.OTHER_METHOD);
      // A path template, as the conventions want url.template and the span's name.
      @Nullable String route = chain.route().map(Routes::path).orElse(null);
      String name = other ? "HTTP" : method;
      SpanBuilder builder =
          tracer
              .spanBuilder(route == null ? name : name + " " + route)
              .setSpanKind(SpanKind.CLIENT)
              .setParent(parent)
              .setAllAttributes(common)
              .setAttribute(
                  URL_FULL,
                  HttpAttributes.redactedUrl(uri, chain.options().orElse(JsonOptions.web())));
      if (other) {
        builder.setAttribute(HTTP_REQUEST_METHOD_ORIGINAL, method);
      }
      if (route != null) {
        builder.setAttribute(HttpAttributes.URL_TEMPLATE, route);
      }
      span = builder.startSpan();
      context = parent.with(span);
    } catch (RuntimeException | LinkageError e) {
      LOG.log(System.Logger.Level.DEBUG, "no span for an httpjson exchange", e);
      return null;
    }
    return new Exchange(span, context, common, inject(request, context));
  }

  /**
   * {@code request} with the headers the propagator gives for {@code context}: those it gave before
   * it failed, if it did, but for a header {@code java.net.http} refuses (a value outside Latin-1),
   * which costs the others nothing.
   */
  private HttpRequest inject(HttpRequest request, Context context) {
    Map<String, String> headers = new LinkedHashMap<>();
    try {
      propagator.inject(context, headers, SETTER);
    } catch (RuntimeException | LinkageError e) {
      LOG.log(System.Logger.Level.DEBUG, "trace context not fully injected", e);
    }
    if (headers.isEmpty()) {
      return request;
    }
    try {
      HttpRequest.Builder b = HttpRequest.newBuilder(request, (name, value) -> true);
      for (Map.Entry<String, String> header : headers.entrySet()) {
        try {
          b.setHeader(header.getKey(), header.getValue());
        } catch (IllegalArgumentException e) {
          LOG.log(System.Logger.Level.DEBUG, "trace context header refused", e);
        }
      }
      return b.build();
    } catch (RuntimeException | LinkageError e) {
      LOG.log(System.Logger.Level.DEBUG, "trace context not injected", e);
      return request;
    }
  }

  /** One exchange: its span, and what its response said before the exchange ended. */
  private final class Exchange extends ObservedExchange {
    final Span span;
    final Context context;
    final Attributes common;
    final long start = System.nanoTime();

    Exchange(Span span, Context context, Attributes common, HttpRequest request) {
      super(request, LOG);
      this.span = span;
      this.context = context;
      this.common = common;
    }

    @Override
    protected AutoCloseable makeCurrent() {
      return context.makeCurrent();
    }

    @Override
    protected void over(@Nullable HttpResponse<?> response, @Nullable Throwable failure) {
      double seconds = (System.nanoTime() - start) / 1e9;
      // A cancelled asynchronous call of HttpJsonClient, whose lane the cancel interrupts.
      @Nullable Throwable cause = failure == null ? null : asTheCallerSees(failure);
      int status = -1;
      String version = null;
      ResponseInfo info = info();
      if (response != null) {
        status = response.statusCode();
        version = HttpAttributes.protocolVersion(response.version());
      } else if (info != null) {
        status = info.statusCode();
        version = HttpAttributes.protocolVersion(info.version());
      }
      String errorType =
          status >= 400
              ? Integer.toString(status)
              : cause != null ? cause.getClass().getName() : null;
      try {
        AttributesBuilder attributes = common.toBuilder();
        if (status > 0) {
          attributes.put(HTTP_RESPONSE_STATUS_CODE, (long) status);
        }
        if (version != null) {
          attributes.put(NETWORK_PROTOCOL_VERSION, version);
        }
        if (errorType != null) {
          attributes.put(ERROR_TYPE, errorType);
        }
        java.util.Optional<dev.httpjson.HttpCache.Outcome> outcome = cacheOutcome(response);
        if (outcome.isPresent()) {
          attributes.put(
              HttpAttributes.CACHE_OUTCOME,
              outcome.get().name().toLowerCase(java.util.Locale.ROOT));
        }
        Attributes all = attributes.build();
        try {
          span.setAllAttributes(all);
          // The status tells a status error, whose exception quotes the server's error body.
          if (cause != null && !(cause instanceof HttpJsonStatusException)) {
            span.recordException(cause);
          }
          if (errorType != null) {
            span.setStatus(StatusCode.ERROR);
          }
        } finally {
          span.end();
        }
        duration.record(seconds, all, context);
      } catch (RuntimeException | LinkageError e) {
        LOG.log(System.Logger.Level.DEBUG, "exchange not fully reported", e);
      }
    }
  }
}
