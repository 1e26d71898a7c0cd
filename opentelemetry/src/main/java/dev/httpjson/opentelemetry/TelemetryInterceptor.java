package dev.httpjson.opentelemetry;

import static dev.httpjson.opentelemetry.HttpAttributes.ERROR_TYPE;
import static dev.httpjson.opentelemetry.HttpAttributes.HTTP_REQUEST_METHOD;
import static dev.httpjson.opentelemetry.HttpAttributes.HTTP_REQUEST_METHOD_ORIGINAL;
import static dev.httpjson.opentelemetry.HttpAttributes.HTTP_RESPONSE_STATUS_CODE;
import static dev.httpjson.opentelemetry.HttpAttributes.NETWORK_PROTOCOL_VERSION;
import static dev.httpjson.opentelemetry.HttpAttributes.SERVER_ADDRESS;
import static dev.httpjson.opentelemetry.HttpAttributes.SERVER_PORT;
import static dev.httpjson.opentelemetry.HttpAttributes.URL_FULL;

import dev.httpjson.Interceptor;
import dev.httpjson.JsonOptions;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
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

  TelemetryInterceptor(Tracer tracer, DoubleHistogram duration, TextMapPropagator propagator) {
    this.tracer = tracer;
    this.duration = duration;
    this.propagator = propagator;
  }

  @Override
  public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
      throws IOException, InterruptedException {
    Exchange exchange = start(request, chain);
    if (exchange == null) {
      return chain.forward(request);
    }
    HttpResponse<T> response;
    Scope scope = exchange.makeCurrent();
    try {
      response = exchange.watching(chain).forward(exchange.request);
    } catch (Throwable t) {
      exchange.end(null, t);
      throw t;
    } finally {
      scope.close();
    }
    exchange.returned(response, chain);
    return response;
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
      HttpRequest request, Chain<T> chain) {
    Exchange exchange = start(request, chain);
    if (exchange == null) {
      return chain.forwardAsync(request);
    }
    CompletableFuture<HttpResponse<T>> forwarded;
    Scope scope = exchange.makeCurrent();
    try {
      forwarded = exchange.watching(chain).forwardAsync(exchange.request);
    } catch (RuntimeException | Error e) {
      exchange.end(null, e);
      return CompletableFuture.failedFuture(e);
    } finally {
      scope.close();
    }
    CompletableFuture<HttpResponse<T>> result = new CompletableFuture<>();
    forwarded.whenComplete(
        (response, failure) -> {
          if (failure != null) {
            exchange.end(null, failure);
          } else {
            exchange.returned(response, chain);
          }
          if (failure != null) {
            result.completeExceptionally(failure);
          } else if (!result.complete(response)) {
            closeQuietly(response); // the caller gave up on it
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
      String known = HttpAttributes.method(method);
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
      SpanBuilder builder =
          tracer
              .spanBuilder(other ? "HTTP" : method)
              .setSpanKind(SpanKind.CLIENT)
              .setParent(parent)
              .setAllAttributes(common)
              .setAttribute(
                  URL_FULL,
                  HttpAttributes.redactedUrl(uri, chain.options().orElse(JsonOptions.web())));
      if (other) {
        builder.setAttribute(HTTP_REQUEST_METHOD_ORIGINAL, method);
      }
      chain.route().ifPresent(route -> builder.setAttribute(HttpAttributes.URL_TEMPLATE, route));
      span = builder.startSpan();
      context = parent.with(span);
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.DEBUG, "no span for an httpjson exchange", e);
      return null;
    }
    return new Exchange(span, context, common, inject(request, context));
  }

  /** {@code request} with the headers the propagator gives for {@code context}. */
  private HttpRequest inject(HttpRequest request, Context context) {
    try {
      Map<String, String> headers = new LinkedHashMap<>();
      propagator.inject(context, headers, SETTER);
      if (headers.isEmpty()) {
        return request;
      }
      HttpRequest.Builder b = HttpRequest.newBuilder(request, (name, value) -> true);
      headers.forEach(b::setHeader);
      return b.build();
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.DEBUG, "trace context not injected", e);
      return request;
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

  /** One exchange: its span, and what its response said before the exchange ended. */
  private final class Exchange {
    final Span span;
    final Context context;
    final Attributes common;
    final HttpRequest request;
    final long start = System.nanoTime();
    private final AtomicBoolean ended = new AtomicBoolean();
    private volatile int status = -1;
    private volatile @Nullable String version;

    Exchange(Span span, Context context, Attributes common, HttpRequest request) {
      this.span = span;
      this.context = context;
      this.common = common;
      this.request = request;
    }

    Scope makeCurrent() {
      Scope scope;
      try {
        scope = context.makeCurrent();
      } catch (RuntimeException e) {
        LOG.log(System.Logger.Level.DEBUG, "span not made current", e);
        return Scope.noop();
      }
      return () -> {
        try {
          scope.close();
        } catch (RuntimeException e) {
          LOG.log(System.Logger.Level.DEBUG, "span scope not closed", e);
        }
      };
    }

    // Guarded by this: the body of the last response forwarded, and the response returned while
    // that body was still being read (a stream), whose end then ends the span.
    private @Nullable Body<?> body;
    private @Nullable HttpResponse<?> reading;

    /**
     * {@code chain} noting the status and version as the response's headers arrive, and watching
     * the body to its end.
     */
    <T> Chain<T> watching(Chain<T> chain) {
      BodyHandler<T> handler = chain.bodyHandler();
      return chain.withBodyHandler(
          info -> {
            status = info.statusCode();
            version = HttpAttributes.protocolVersion(info.version());
            Body<T> b = new Body<>(handler.apply(info), chain, this);
            synchronized (this) {
              body = b;
            }
            return b;
          });
    }

    /**
     * The forward returned {@code response}: the span ends now, or, when a stream reads its body,
     * when the stream is over ({@link Chain#whenStreamOver}: a malformed element found after the
     * body's last byte is the span's error), or when the body ends.
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
      double seconds = (System.nanoTime() - start) / 1e9;
      int status = this.status;
      String version = this.version;
      if (response != null) {
        status = response.statusCode();
        version = HttpAttributes.protocolVersion(response.version());
      }
      Throwable cause = failure == null ? null : unwrap(failure);
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
        if (response != null) {
          java.util.Optional<dev.httpjson.HttpCache.Outcome> outcome =
              dev.httpjson.HttpCache.outcome(response);
          if (outcome.isPresent()) {
            attributes.put(
                HttpAttributes.CACHE_OUTCOME,
                outcome.get().name().toLowerCase(java.util.Locale.ROOT));
          }
        }
        Attributes all = attributes.build();
        try {
          span.setAllAttributes(all);
          if (cause != null) {
            span.recordException(cause);
          }
          if (errorType != null) {
            span.setStatus(StatusCode.ERROR);
          }
        } finally {
          span.end();
        }
        duration.record(seconds, all, context);
      } catch (RuntimeException e) {
        LOG.log(System.Logger.Level.DEBUG, "exchange not fully reported", e);
      }
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
