package dev.httpjson.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.RetryInterceptor;
import dev.httpjson.contract.LoopbackServer;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What {@link HttpJsonTelemetry} reports for calls on a real loopback server: spans and the
 * duration histogram read back from the SDK's in-memory exporter and reader. Run on every {@link
 * HttpClient} underneath.
 */
abstract class TelemetryContract {
  static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
  static final AttributeKey<String> METHOD_ORIGINAL =
      AttributeKey.stringKey("http.request.method_original");
  static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");
  static final AttributeKey<String> ADDRESS = AttributeKey.stringKey("server.address");
  static final AttributeKey<Long> PORT = AttributeKey.longKey("server.port");
  static final AttributeKey<String> URL = AttributeKey.stringKey("url.full");
  static final AttributeKey<String> ERROR = AttributeKey.stringKey("error.type");
  static final AttributeKey<String> VERSION = AttributeKey.stringKey("network.protocol.version");
  static final AttributeKey<String> CACHE = AttributeKey.stringKey("httpjson.cache.outcome");
  static final AttributeKey<String> TEMPLATE = AttributeKey.stringKey("url.template");

  record Item(String name, int count) {}

  MockWebServer server;
  HttpClient client;
  InMemorySpanExporter spans;
  InMemoryMetricReader metrics;
  OpenTelemetrySdk sdk;
  HttpJsonTelemetry telemetry;

  /** The client under test; it must not follow redirects. */
  abstract HttpClient newClient();

  @BeforeEach
  void setUp() throws IOException {
    server = LoopbackServer.newServer();
    server.start(InetAddress.getLoopbackAddress(), 0);
    client = newClient();
    spans = InMemorySpanExporter.create();
    metrics = InMemoryMetricReader.create();
    sdk =
        OpenTelemetrySdk.builder()
            .setTracerProvider(
                SdkTracerProvider.builder()
                    .addSpanProcessor(SimpleSpanProcessor.create(spans))
                    .build())
            .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
            .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
            .build();
    telemetry = HttpJsonTelemetry.create(sdk);
  }

  @AfterEach
  void tearDown() throws IOException {
    sdk.close();
    server.close();
  }

  private HttpJsonClient api(Interceptor... interceptors) {
    HttpJsonClient.Builder b = HttpJsonClient.newBuilder(client).baseUri(server.url("/").uri());
    for (Interceptor i : interceptors) {
      b.interceptor(i);
    }
    return b.build();
  }

  private static MockResponse json(int code, String body) {
    return new MockResponse.Builder()
        .code(code)
        .addHeader("Content-Type", "application/json")
        .body(body)
        .build();
  }

  private RecordedRequest take() throws InterruptedException {
    RecordedRequest r = server.takeRequest(10, TimeUnit.SECONDS);
    assertThat(r).as("a request reached the server within 10 s").isNotNull();
    return r;
  }

  /**
   * The one finished span, waiting at most 5 s for it: a span whose body a transport's thread sees
   * end (a stream failed on its idle timeout over OkHttp) ends there, just after the caller's
   * close.
   */
  private SpanData onlySpan() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (spans.getFinishedSpanItems().isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
    List<SpanData> finished = spans.getFinishedSpanItems();
    assertThat(finished).hasSize(1);
    return finished.get(0);
  }

  private List<HistogramPointData> durationPoints() {
    Collection<MetricData> all = metrics.collectAllMetrics();
    List<MetricData> duration =
        all.stream()
            .filter(m -> m.getName().equals("http.client.request.duration"))
            .collect(Collectors.toList());
    assertThat(duration).hasSize(1);
    MetricData metric = duration.get(0);
    assertThat(metric.getUnit()).isEqualTo("s");
    assertThat(metric.getInstrumentationScopeInfo().getName()).isEqualTo("dev.httpjson");
    return List.copyOf(metric.getHistogramData().getPoints());
  }

  /** The header as the span's context gives it: version, trace id, span id, its own flags. */
  private static String traceparent(SpanData span) {
    return "00-"
        + span.getTraceId()
        + "-"
        + span.getSpanId()
        + "-"
        + span.getSpanContext().getTraceFlags().asHex();
  }

  @Test
  void successfulGetIsOneClientSpanWithTheConventionsAttributes() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    URI uri = server.url("/items/1").uri();

    Item item =
        HttpJson.getFromJson(
            Interceptor.decorate(client, telemetry.interceptor()), uri, Item.class);

    assertThat(item).isEqualTo(new Item("a", 1));
    SpanData span = onlySpan();
    assertThat(span.getName()).isEqualTo("GET");
    assertThat(span.getKind()).isEqualTo(SpanKind.CLIENT);
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    assertThat(span.getParentSpanContext().isValid()).isFalse();
    Attributes a = span.getAttributes();
    assertThat(a.get(METHOD)).isEqualTo("GET");
    assertThat(a.get(ADDRESS)).isEqualTo(uri.getHost());
    assertThat(a.get(PORT)).isEqualTo((long) server.getPort());
    assertThat(a.get(URL)).isEqualTo(uri.toString());
    assertThat(a.get(STATUS)).isEqualTo(200L);
    assertThat(a.get(VERSION)).isEqualTo("1.1");
    assertThat(a.get(ERROR)).isNull();
    assertThat(span.getInstrumentationScopeInfo().getName()).isEqualTo("dev.httpjson");
    assertThat(span.getInstrumentationScopeInfo().getVersion()).matches("\\d+\\.\\d+\\.\\d+.*");
  }

  @Test
  void whereAnHttpCacheTookPartTheSpanAndTheDurationSayHowItAnswered() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .addHeader("Cache-Control", "max-age=60")
            .body("{\"name\":\"a\",\"count\":1}")
            .build());
    server.enqueue(json(200, "{\"name\":\"b\",\"count\":2}"));
    HttpJsonClient cached =
        HttpJsonClient.newBuilder(client)
            .baseUri(server.url("/").uri())
            .cache(dev.httpjson.HttpCache.inMemory(1 << 20))
            .interceptor(telemetry.interceptor())
            .build();

    assertThat(cached.getFromJson("/c", Item.class)).isEqualTo(new Item("a", 1));
    assertThat(cached.getFromJson("/c", Item.class)).isEqualTo(new Item("a", 1));
    assertThat(api(telemetry.interceptor()).getFromJson("/d", Item.class))
        .isEqualTo(new Item("b", 2));

    List<SpanData> finished = spans.getFinishedSpanItems();
    assertThat(finished).hasSize(3);
    assertThat(finished.get(0).getAttributes().get(CACHE)).isEqualTo("miss");
    assertThat(finished.get(1).getAttributes().get(CACHE)).isEqualTo("hit");
    assertThat(finished.get(2).getAttributes().get(CACHE)).as("no cache, no outcome").isNull();
    assertThat(durationPoints())
        .extracting(p -> p.getAttributes().get(CACHE))
        .containsExactlyInAnyOrder("miss", "hit", null);
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  /**
   * A stored body the call fails to decode was answered by the cache all the same: the span and the
   * duration say so, as for a call that succeeds.
   */
  @Test
  void aCallThatFailsOnACachedResponseKeepsTheCachesOutcome() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .addHeader("Cache-Control", "max-age=60")
            .body("{\"name\":\"a\",\"count\":\"many\"}")
            .build());
    HttpJsonClient cached =
        HttpJsonClient.newBuilder(client)
            .baseUri(server.url("/").uri())
            .cache(dev.httpjson.HttpCache.inMemory(1 << 20))
            .interceptor(telemetry.interceptor())
            .build();

    assertThatThrownBy(() -> cached.getFromJson("/c", Item.class))
        .isInstanceOf(JsonReadException.class);
    assertThatThrownBy(() -> cached.getFromJson("/c", Item.class))
        .isInstanceOf(JsonReadException.class);

    assertThat(server.getRequestCount()).isEqualTo(1);
    List<SpanData> finished = spans.getFinishedSpanItems();
    assertThat(finished).hasSize(2);
    assertThat(finished)
        .extracting(s -> s.getAttributes().get(ERROR))
        .containsOnly(JsonReadException.class.getName());
    assertThat(finished.get(0).getAttributes().get(CACHE)).isEqualTo("miss");
    assertThat(finished.get(1).getAttributes().get(CACHE)).isEqualTo("hit");
    assertThat(durationPoints())
        .extracting(p -> p.getAttributes().get(CACHE))
        .containsExactlyInAnyOrder("miss", "hit");
  }

  /**
   * A call made through an API interface's method carries its path template as {@code
   * url.template}; a one-liner has none.
   */
  @Test
  void aCallThroughAnInterfaceMethodHasItsPathTemplateAsUrlTemplate() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    HttpJsonClient api = api(telemetry.interceptor());
    // What the code generated for @GET("items/{id}") calls through.
    HttpJsonClient method = dev.httpjson.spi.GeneratedApi.route(api, "items/{id}");

    method.getFromJson("items/1", Item.class);
    api.getFromJson("items/1", Item.class);

    List<SpanData> finished = spans.getFinishedSpanItems();
    assertThat(finished).hasSize(2);
    assertThat(finished.get(0).getAttributes().get(TEMPLATE)).isEqualTo("/items/{id}");
    assertThat(finished.get(0).getAttributes().get(URL)).endsWith("/items/1");
    assertThat(finished.get(1).getAttributes().get(TEMPLATE)).isNull();
  }

  /**
   * The conventions name a client span {@code {method} {url.template}} when the template is
   * available, {@code HTTP} standing for a method outside the standard ones.
   */
  @Test
  void aCallThroughAnInterfaceMethodIsNamedAfterItsMethodAndPathTemplate() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    server.enqueue(new MockResponse.Builder().code(204).build());
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    HttpJsonClient api = api(telemetry.interceptor());
    HttpJsonClient method = dev.httpjson.spi.GeneratedApi.route(api, "items/{id}");

    method.getFromJson("items/1", Item.class);
    method.exchange(
        HttpRequest.newBuilder(server.url("/items/1").uri())
            .method("PURGE", HttpRequest.BodyPublishers.noBody())
            .build(),
        Void.class);
    api.getFromJson("items/1", Item.class);

    assertThat(spans.getFinishedSpanItems())
        .extracting(SpanData::getName)
        .containsExactly("GET /items/{id}", "HTTP /items/{id}", "GET");
  }

  /**
   * A literal query in a method's template reaches the span's name and {@code url.template} without
   * its values, hidden as in {@code url.full}: a span name is low-cardinality, and shown to whoever
   * reads the traces.
   */
  @Test
  void aLiteralQueryInTheTemplateIsNamedWithoutItsValues() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    HttpJsonClient api = api(telemetry.interceptor());
    // What the code generated for @GET("search?api_key=s3cret&abcdef123") calls through.
    HttpJsonClient method =
        dev.httpjson.spi.GeneratedApi.route(api, "search?api_key=s3cret&abcdef123");

    method.getFromJson("search?api_key=s3cret&abcdef123", Item.class);

    SpanData span = onlySpan();
    assertThat(span.getName()).isEqualTo("GET /search?api_key=***&***");
    assertThat(span.getAttributes().get(TEMPLATE)).isEqualTo("/search?api_key=***&***");
    assertThat(span.getAttributes().get(URL)).endsWith("/search?api_key=REDACTED&REDACTED");
    assertThat(take().getTarget()).isEqualTo("/search?api_key=s3cret&abcdef123");
  }

  /**
   * {@code url.template} is a path template in the conventions, and so is the span's name: an
   * absolute template gives its path, whatever the case of its scheme, as Micrometer's {@code uri}
   * does; the host is {@code server.address}.
   */
  @Test
  void anAbsoluteTemplateIsNamedAfterItsPath() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    HttpJsonClient api = api(telemetry.interceptor());
    String authority = server.url("/").uri().getRawAuthority();
    // What the code generated for @GET("HTTP://host:port/items/{id}") calls through.
    HttpJsonClient method =
        dev.httpjson.spi.GeneratedApi.route(api, "HTTP://" + authority + "/items/{id}");

    method.getFromJson(server.url("/items/1").toString(), Item.class);

    SpanData span = onlySpan();
    assertThat(span.getName()).isEqualTo("GET /items/{id}");
    assertThat(span.getAttributes().get(TEMPLATE)).isEqualTo("/items/{id}");
  }

  @Test
  void requestCarriesTheSpansTraceparent() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));

    api(telemetry.interceptor()).getFromJson("items/1", Item.class);

    assertThat(take().getHeaders().get("traceparent")).isEqualTo(traceparent(onlySpan()));
  }

  @Test
  void spanIsAChildOfTheCurrentSpanAndCurrentForLaterInterceptors() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    AtomicReference<Span> seenByNext = new AtomicReference<>();
    Interceptor next =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            seenByNext.set(Span.current());
            return chain.forward(request);
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return chain.forwardAsync(request);
          }
        };
    Tracer tracer = sdk.getTracer("test");
    Span parent = tracer.spanBuilder("parent").startSpan();
    Scope scope = parent.makeCurrent();
    try {
      api(telemetry.interceptor(), next).getFromJson("items/1", Item.class);
    } finally {
      scope.close();
      parent.end();
    }

    SpanData client =
        spans.getFinishedSpanItems().stream()
            .filter(s -> s.getName().equals("GET"))
            .findFirst()
            .orElseThrow();
    assertThat(client.getParentSpanId()).isEqualTo(parent.getSpanContext().getSpanId());
    assertThat(client.getTraceId()).isEqualTo(parent.getSpanContext().getTraceId());
    assertThat(seenByNext.get().getSpanContext().getSpanId()).isEqualTo(client.getSpanId());
    assertThat(take().getHeaders().get("traceparent")).isEqualTo(traceparent(client));
  }

  @Test
  void asyncSendSpanIsAChildOfTheCallersSpan() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    HttpClient traced = Interceptor.decorate(client, telemetry.interceptor());
    Span parent = sdk.getTracer("test").spanBuilder("parent").startSpan();
    CompletableFuture<HttpResponse<String>> f;
    Scope scope = parent.makeCurrent();
    try {
      f =
          traced.sendAsync(
              HttpRequest.newBuilder(server.url("/items/1").uri()).build(),
              BodyHandlers.ofString());
    } finally {
      scope.close();
    }
    f.get(10, TimeUnit.SECONDS);
    parent.end();

    SpanData span = spans.getFinishedSpanItems().get(0);
    assertThat(span.getName()).isEqualTo("GET");
    assertThat(span.getParentSpanId()).isEqualTo(parent.getSpanContext().getSpanId());
  }

  /**
   * An asynchronous call of {@link HttpJsonClient} runs its interceptors on one of httpjson's async
   * lanes, which inherit nothing from the caller: the interceptor's snapshot carries the caller's
   * context there (before, the span started a trace of its own).
   */
  @Test
  void asyncCallSpanIsAChildOfTheCallersSpan() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    HttpJsonClient api = api(telemetry.interceptor());
    Span parent = sdk.getTracer("test").spanBuilder("parent").startSpan();
    CompletableFuture<Item> f;
    Scope scope = parent.makeCurrent();
    try {
      f = api.getFromJsonAsync("items/1", Item.class);
    } finally {
      scope.close();
    }
    f.get(10, TimeUnit.SECONDS);
    parent.end();

    SpanData span = spans.getFinishedSpanItems().get(0);
    assertThat(span.getName()).isEqualTo("GET");
    assertThat(span.getParentSpanId()).isEqualTo(parent.getSpanContext().getSpanId());
  }

  @Test
  void staticAsyncCallSpanIsAChildOfTheCallersSpanAndLeavesNoContextBehind() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    server.enqueue(json(200, "{\"name\":\"b\",\"count\":2}"));
    HttpClient traced = Interceptor.decorate(client, telemetry.interceptor());
    Span parent = sdk.getTracer("test").spanBuilder("parent").startSpan();
    CompletableFuture<Item> f;
    Scope scope = parent.makeCurrent();
    try {
      f = HttpJson.getFromJsonAsync(traced, server.url("/items/1").uri(), Item.class);
    } finally {
      scope.close();
    }
    f.get(10, TimeUnit.SECONDS);
    parent.end();
    // The next call, from a thread with no current span, may run on the same lane thread.
    HttpJson.getFromJsonAsync(traced, server.url("/items/2").uri(), Item.class)
        .get(10, TimeUnit.SECONDS);

    List<SpanData> gets =
        spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals("GET")).toList();
    assertThat(gets).hasSize(2);
    assertThat(gets.get(0).getParentSpanId()).isEqualTo(parent.getSpanContext().getSpanId());
    assertThat(gets.get(1).getParentSpanContext().isValid())
        .as("the second call's span is a root: the first call's context did not stay on the lane")
        .isFalse();
  }

  @Test
  void statusOf404IsTheErrorType() throws Exception {
    server.enqueue(json(404, "{\"message\":\"Not Found\"}"));

    assertThatThrownBy(() -> api(telemetry.interceptor()).getFromJson("items/9", Item.class))
        .isInstanceOf(HttpJsonStatusException.class);

    SpanData span = onlySpan();
    assertThat(span.getAttributes().get(STATUS)).isEqualTo(404L);
    assertThat(span.getAttributes().get(ERROR)).isEqualTo("404");
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
  }

  /**
   * A status error is told by the status; the exception httpjson throws for it quotes the error
   * body, which is the server's data (an echoed token, a user's details) and stays out of the span.
   */
  @Test
  void statusErrorKeepsTheErrorBodyOutOfTheSpan() throws Exception {
    server.enqueue(json(422, "{\"message\":\"card 4111111111111111 declined\"}"));

    assertThatThrownBy(() -> api(telemetry.interceptor()).getFromJson("items/9", Item.class))
        .isInstanceOf(HttpJsonStatusException.class)
        .hasMessageContaining("4111111111111111");

    SpanData span = onlySpan();
    assertThat(span.getAttributes().get(ERROR)).isEqualTo("422");
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(span.getAttributes().asMap().values()).noneMatch(v -> v.toString().contains("4111"));
    assertThat(span.getEvents())
        .allSatisfy(
            e ->
                assertThat(e.getAttributes().asMap().values())
                    .noneMatch(v -> v.toString().contains("4111")));
  }

  @Test
  void connectionFailureIsTheExceptionTypeWithNoStatus() throws Exception {
    int port;
    try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = closed.getLocalPort();
    }
    URI uri = URI.create("http://127.0.0.1:" + port + "/items/1");
    HttpClient traced = Interceptor.decorate(client, telemetry.interceptor());

    Throwable thrown = null;
    try {
      HttpJson.getFromJson(traced, uri, Item.class);
    } catch (IOException e) {
      thrown = e;
    }

    assertThat(thrown).isInstanceOf(java.net.ConnectException.class);
    SpanData span = onlySpan();
    assertThat(span.getAttributes().get(ERROR)).isEqualTo(thrown.getClass().getName());
    assertThat(span.getAttributes().get(STATUS)).isNull();
    assertThat(span.getAttributes().get(PORT)).isEqualTo((long) port);
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(span.getEvents()).extracting(EventData::getName).contains("exception");
  }

  /**
   * A body that fails to decode fails the exchange inside the chain (core decodes a one-shot body
   * at the chain's end when interceptors are present), so the span records the read failure.
   */
  @Test
  void bodyThatIsNotJsonFailsTheSpanWithJsonReadException() throws Exception {
    server.enqueue(json(200, "{\"name\": oops"));

    assertThatThrownBy(() -> api(telemetry.interceptor()).getFromJson("items/1", Item.class))
        .isInstanceOf(JsonReadException.class);

    SpanData span = onlySpan();
    assertThat(span.getAttributes().get(STATUS)).isEqualTo(200L);
    assertThat(span.getAttributes().get(ERROR)).isEqualTo("dev.httpjson.JsonReadException");
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
  }

  /**
   * A loopback server that answers every connection with the head and the first element of a JSON
   * array, then sends nothing until the client gives the connection up.
   */
  private static final class Stalling implements AutoCloseable {
    final ServerSocket socket;
    final Thread thread;

    Stalling() throws IOException {
      socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      thread =
          new Thread(
              () -> {
                try {
                  while (true) {
                    java.net.Socket s = socket.accept();
                    Thread t = new Thread(() -> stall(s));
                    t.setDaemon(true);
                    t.start();
                  }
                } catch (IOException closed) {
                  // the test is over
                }
              });
      thread.setDaemon(true);
      thread.start();
    }

    private static void stall(java.net.Socket s) {
      try (s) {
        java.io.InputStream in = s.getInputStream();
        // The request head ends with an empty line.
        for (int last = 0, c; (c = in.read()) >= 0; ) {
          if (c == '\n' && last == '\n') {
            break;
          }
          if (c != '\r') {
            last = c;
          }
        }
        String chunk = "[{\"name\":\"a\",\"count\":1},";
        s.getOutputStream()
            .write(
                ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n"
                        + Integer.toHexString(chunk.length())
                        + "\r\n"
                        + chunk
                        + "\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        s.getOutputStream().flush();
        while (in.read() >= 0) {
          // stalls until the client gives the connection up
        }
      } catch (IOException ignored) {
        // the client gave up
      }
    }

    URI uri(String path) {
      return URI.create("http://127.0.0.1:" + socket.getLocalPort() + path);
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  /**
   * A streamed call's span ends when the stream ends, not at the headers: a stream that fails on
   * its idle timeout fails its span with the timeout.
   */
  @Test
  void streamThatFailsOnItsIdleTimeoutFailsItsSpanWhenItEnds() throws Exception {
    try (Stalling stalling = new Stalling()) {
      JsonOptions idle = JsonOptions.newBuilder().idleTimeout(Duration.ofMillis(300)).build();
      HttpClient traced = Interceptor.decorate(client, telemetry.interceptor());
      try (Stream<Item> items =
          HttpJson.getFromJsonAsStream(
              traced, stalling.uri("/feed"), JsonType.of(Item.class, idle))) {
        assertThat(spans.getFinishedSpanItems()).as("open while the stream reads").isEmpty();
        assertThatThrownBy(() -> items.forEachOrdered(i -> {}))
            .isInstanceOf(UncheckedIOException.class)
            .hasCauseInstanceOf(CallTimeoutException.class);
      }
      SpanData span = onlySpan();
      assertThat(span.getAttributes().get(STATUS)).isEqualTo(200L);
      assertThat(span.getAttributes().get(ERROR)).isEqualTo("dev.httpjson.CallTimeoutException");
      assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
      assertThat(span.getEvents()).extracting(EventData::getName).containsExactly("exception");
    }
  }

  /**
   * A stream whose body arrived whole before its caller read it ends its span when the stream is
   * over, not at the body's last byte: a malformed element found later is the span's error.
   */
  @Test
  void aMalformedElementInABodyReceivedWholeFailsTheStreamsSpan() throws Exception {
    server.enqueue(json(200, "[{\"name\":\"a\",\"count\":1},{\"name\":tru}]"));
    Throwable thrown;
    try (Stream<Item> items =
        api(telemetry.interceptor()).getFromJsonAsStream("items", Item.class)) {
      take();
      Thread.sleep(200); // the whole body has arrived
      assertThat(spans.getFinishedSpanItems()).as("open while the stream reads").isEmpty();
      thrown = org.assertj.core.api.Assertions.catchThrowable(items::count);
    }
    assertThat(thrown).isInstanceOf(UncheckedIOException.class);
    assertThat(thrown.getCause()).isInstanceOf(JsonReadException.class);
    SpanData span = onlySpan();
    assertThat(span.getAttributes().get(STATUS)).isEqualTo(200L);
    assertThat(span.getAttributes().get(ERROR)).isEqualTo(JsonReadException.class.getName());
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(span.getEvents()).extracting(EventData::getName).containsExactly("exception");
  }

  /**
   * An event stream that gets over a broken connection (it reconnects) does not fail, but the
   * broken connection's span does, with what broke it; the reconnection has its own span.
   */
  @Test
  void anEventStreamsBrokenConnectionFailsItsSpanThoughTheStreamGoesOn() throws Exception {
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              if (head.contains("Last-Event-ID")) {
                dev.httpjson.contract.RawServer.write(socket, "HTTP/1.1 204 No Content\r\n\r\n");
                return;
              }
              dev.httpjson.contract.RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                      + "Content-Length: 1000\r\n\r\n"
                      + "retry: 0\nid: 1\ndata: {\"name\":\"a\",\"count\":1}\n\n");
              socket.close(); // 1000 bytes promised, fewer sent
            })) {
      HttpClient traced = Interceptor.decorate(client, telemetry.interceptor());
      List<Item> items;
      try (Stream<dev.httpjson.ServerSentEvent<Item>> events =
          HttpJson.getFromJsonAsEvents(
              traced,
              raw.uri("/feed"),
              JsonType.of(Item.class),
              dev.httpjson.EventStreamOptions.newBuilder().maxReconnects(1).build())) {
        items = events.map(dev.httpjson.ServerSentEvent::data).collect(Collectors.toList());
      }
      assertThat(items).containsExactly(new Item("a", 1));
      List<SpanData> finished = spans.getFinishedSpanItems();
      assertThat(finished).hasSize(2);
      SpanData broken =
          finished.stream()
              .filter(span -> Long.valueOf(200L).equals(span.getAttributes().get(STATUS)))
              .findFirst()
              .orElseThrow();
      assertThat(broken.getAttributes().get(ERROR)).isNotNull();
      assertThat(broken.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
      assertThat(broken.getEvents()).extracting(EventData::getName).containsExactly("exception");
    }
  }

  /**
   * An event stream's reconnection belongs to the call that opened the stream: its span is a child
   * of the span current where the stream was opened, not of whatever the reading thread runs under
   * (nor a trace of its own), and its request carries its own traceparent.
   */
  @Test
  void anEventStreamsReconnectionIsAChildOfTheSpanThatOpenedTheStream() throws Exception {
    List<String> heads = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              heads.add(head);
              if (head.contains("Last-Event-ID")) {
                dev.httpjson.contract.RawServer.write(socket, "HTTP/1.1 204 No Content\r\n\r\n");
                return;
              }
              dev.httpjson.contract.RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                      + "Content-Length: 1000\r\n\r\n"
                      + "retry: 0\nid: 1\ndata: {\"name\":\"a\",\"count\":1}\n\n");
              socket.close(); // 1000 bytes promised, fewer sent
            })) {
      HttpClient traced = Interceptor.decorate(client, telemetry.interceptor());
      Tracer tracer = sdk.getTracer("test");
      Span opener = tracer.spanBuilder("opener").startSpan();
      Span reader = tracer.spanBuilder("reader").startSpan();
      Stream<dev.httpjson.ServerSentEvent<Item>> events;
      Scope opening = opener.makeCurrent();
      try {
        events =
            HttpJson.getFromJsonAsEvents(
                traced,
                raw.uri("/feed"),
                JsonType.of(Item.class),
                dev.httpjson.EventStreamOptions.newBuilder().maxReconnects(1).build());
      } finally {
        opening.close();
      }
      Scope reading = reader.makeCurrent();
      try (events) {
        assertThat(events.count()).isEqualTo(1);
        assertThat(Span.current()).as("the reader's context is its own again").isEqualTo(reader);
      } finally {
        reading.close();
      }
      reader.end();
      opener.end();

      List<SpanData> gets =
          spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals("GET")).toList();
      assertThat(gets).hasSize(2);
      assertThat(gets)
          .allSatisfy(
              s -> assertThat(s.getParentSpanId()).isEqualTo(opener.getSpanContext().getSpanId()));
      assertThat(heads).hasSize(2);
      assertThat(heads.get(1)).contains("traceparent: " + traceparent(gets.get(1)));
    }
  }

  /**
   * A paged stream's later pages belong to the call that opened the stream, however the stream is
   * read: their spans are children of the span current where it was opened.
   */
  @Test
  void aPagedStreamsLaterPagesAreChildrenOfTheSpanThatOpenedTheStream() throws Exception {
    server.enqueue(
        json(200, "[{\"name\":\"a\",\"count\":1}]")
            .newBuilder()
            .addHeader("Link", "<" + server.url("/items?page=2").uri() + ">; rel=\"next\"")
            .build());
    server.enqueue(json(200, "[{\"name\":\"b\",\"count\":2}]"));
    HttpJsonClient api = api(telemetry.interceptor());
    Tracer tracer = sdk.getTracer("test");
    Span opener = tracer.spanBuilder("opener").startSpan();
    Stream<Item> items;
    Scope opening = opener.makeCurrent();
    try {
      items = api.getFromJsonAsPagedStream("items", Item.class);
    } finally {
      opening.close();
    }
    List<Item> read;
    try (items) {
      read = items.collect(Collectors.toList()); // no span current here
      assertThat(Span.current().getSpanContext().isValid()).isFalse();
    }
    opener.end();

    assertThat(read).containsExactly(new Item("a", 1), new Item("b", 2));
    List<SpanData> gets =
        spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals("GET")).toList();
    assertThat(gets).hasSize(2);
    assertThat(gets)
        .allSatisfy(
            s -> assertThat(s.getParentSpanId()).isEqualTo(opener.getSpanContext().getSpanId()));
    take();
    assertThat(take().getHeaders().get("traceparent")).isEqualTo(traceparent(gets.get(1)));
  }

  /** A stream its caller closes early ends its span then, without an error. */
  @Test
  void streamClosedEarlyEndsItsSpanWhenClosedWithoutAnError() throws Exception {
    try (Stalling stalling = new Stalling()) {
      HttpClient traced = Interceptor.decorate(client, telemetry.interceptor());
      try (Stream<Item> items =
          HttpJson.getFromJsonAsStream(traced, stalling.uri("/feed"), Item.class)) {
        assertThat(items.iterator().next()).isEqualTo(new Item("a", 1));
        assertThat(spans.getFinishedSpanItems()).as("open while the stream reads").isEmpty();
      }
      SpanData span = onlySpan();
      assertThat(span.getAttributes().get(ERROR)).isNull();
      assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    }
  }

  @Test
  void durationHistogramHasOnePointPerOutcomeWithTheConventionsAttributes() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    server.enqueue(json(200, "{\"name\":\"b\",\"count\":2}"));
    server.enqueue(json(404, "{}"));
    HttpJsonClient api = api(telemetry.interceptor());

    api.getFromJson("items/1", Item.class);
    api.getFromJson("items/2", Item.class);
    assertThatThrownBy(() -> api.getFromJson("items/3", Item.class))
        .isInstanceOf(HttpJsonStatusException.class);

    List<HistogramPointData> points = durationPoints();
    assertThat(points).hasSize(2);
    HistogramPointData ok =
        points.stream().filter(p -> p.getAttributes().get(ERROR) == null).findFirst().orElseThrow();
    HistogramPointData notFound =
        points.stream().filter(p -> p.getAttributes().get(ERROR) != null).findFirst().orElseThrow();
    assertThat(ok.getCount()).isEqualTo(2);
    assertThat(ok.getAttributes().get(METHOD)).isEqualTo("GET");
    assertThat(ok.getAttributes().get(ADDRESS)).isEqualTo(server.url("/").uri().getHost());
    assertThat(ok.getAttributes().get(PORT)).isEqualTo((long) server.getPort());
    assertThat(ok.getAttributes().get(STATUS)).isEqualTo(200L);
    assertThat(ok.getAttributes().get(URL)).as("url.full is a span attribute only").isNull();
    assertThat(ok.getBoundaries()).isEqualTo(HttpJsonTelemetry.DURATION_BUCKETS);
    assertThat(ok.getSum()).isGreaterThan(0).isLessThan(60);
    assertThat(notFound.getCount()).isEqualTo(1);
    assertThat(notFound.getAttributes().get(ERROR)).isEqualTo("404");
    assertThat(notFound.getAttributes().get(STATUS)).isEqualTo(404L);
  }

  @Test
  void asyncSendEndsTheSpanWhenTheFutureCompletes() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    HttpClient traced = Interceptor.decorate(client, telemetry.interceptor());

    HttpResponse<String> response =
        traced
            .sendAsync(
                HttpRequest.newBuilder(server.url("/items/1").uri()).build(),
                BodyHandlers.ofString())
            .get(10, TimeUnit.SECONDS);

    assertThat(response.statusCode()).isEqualTo(200);
    SpanData span = onlySpan();
    assertThat(span.getAttributes().get(STATUS)).isEqualTo(200L);
    assertThat(take().getHeaders().get("traceparent")).isEqualTo(traceparent(span));
    assertThat(durationPoints()).hasSize(1);
  }

  @Test
  void asyncFailureEndsTheSpanWithTheFailuresType() throws Exception {
    int port;
    try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = closed.getLocalPort();
    }
    HttpClient traced = Interceptor.decorate(client, telemetry.interceptor());

    CompletableFuture<HttpResponse<String>> f =
        traced.sendAsync(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/items/1")).build(),
            BodyHandlers.ofString());

    Throwable failure = null;
    try {
      f.get(10, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      failure = e.getCause();
    }
    assertThat(failure).isInstanceOf(java.net.ConnectException.class);
    SpanData span = onlySpan();
    assertThat(span.getAttributes().get(ERROR)).isEqualTo(failure.getClass().getName());
    assertThat(span.getAttributes().get(STATUS)).isNull();
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
  }

  @Test
  void asyncCallsOnTheClientAreTraced() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));

    Item item =
        api(telemetry.interceptor())
            .getFromJsonAsync("items/1", Item.class)
            .get(10, TimeUnit.SECONDS);

    assertThat(item).isEqualTo(new Item("a", 1));
    assertThat(take().getHeaders().get("traceparent")).isEqualTo(traceparent(onlySpan()));
  }

  @Test
  void cancellingTheFutureCancelsTheForwardedOneAndEndsTheSpan() throws Exception {
    server.enqueue(json(200, "{}").newBuilder().headersDelay(5, TimeUnit.SECONDS).build());
    AtomicReference<CompletableFuture<?>> forwarded = new AtomicReference<>();
    Interceptor probe =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            return chain.forward(request);
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            // A future of its own, cancelled only if the interceptor before it cancels it.
            CompletableFuture<HttpResponse<T>> f = chain.forwardAsync(request);
            CompletableFuture<HttpResponse<T>> mine = new CompletableFuture<>();
            f.whenComplete(
                (r, e) -> {
                  if (e != null) {
                    mine.completeExceptionally(e);
                  } else {
                    mine.complete(r);
                  }
                });
            mine.whenComplete(
                (r, e) -> {
                  if (mine.isCancelled()) {
                    f.cancel(true);
                  }
                });
            forwarded.set(mine);
            return mine;
          }
        };
    HttpClient traced = Interceptor.decorate(client, telemetry.interceptor(), probe);

    CompletableFuture<HttpResponse<String>> f =
        traced.sendAsync(
            HttpRequest.newBuilder(server.url("/slow").uri()).build(), BodyHandlers.ofString());
    take(); // the exchange is in flight
    f.cancel(true);

    assertThat(forwarded.get().isCancelled()).isTrue();
    SpanData span = onlySpan();
    assertThat(span.getAttributes().get(ERROR)).isEqualTo(CancellationException.class.getName());
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
  }

  /**
   * Cancelling an asynchronous call of {@link HttpJsonClient} ends its span as cancelled, as for
   * {@code sendAsync}: its exchange runs the blocking chain on an async lane, which the cancel
   * interrupts, and the span says what the caller sees rather than the interrupt.
   */
  @Test
  void cancellingAnAsyncCallOfTheClientEndsItsSpanAsCancelled() throws Exception {
    server.enqueue(json(200, "[]").newBuilder().headersDelay(5, TimeUnit.SECONDS).build());

    CompletableFuture<List<Item>> f =
        api(telemetry.interceptor()).getFromJsonAsync("items", JsonType.listOf(Item.class));
    take(); // the exchange is in flight
    f.cancel(true);

    SpanData span = onlySpan();
    assertThat(span.getAttributes().get(ERROR)).isEqualTo(CancellationException.class.getName());
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
  }

  @Test
  void eachAttemptOfARetriedCallIsASpan() throws Exception {
    server.enqueue(json(503, "{}"));
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    RetryInterceptor retry =
        RetryInterceptor.newBuilder().backoff(Duration.ZERO, Duration.ofSeconds(1)).build();

    Item item = api(retry, telemetry.interceptor()).getFromJson("items/1", Item.class);

    assertThat(item).isEqualTo(new Item("a", 1));
    List<SpanData> attempts = spans.getFinishedSpanItems();
    assertThat(attempts).hasSize(2);
    assertThat(attempts.get(0).getAttributes().get(STATUS)).isEqualTo(503L);
    assertThat(attempts.get(0).getAttributes().get(ERROR)).isEqualTo("503");
    assertThat(attempts.get(1).getAttributes().get(STATUS)).isEqualTo(200L);
    assertThat(attempts.get(1).getAttributes().get(ERROR)).isNull();
    assertThat(take().getHeaders().get("traceparent")).isEqualTo(traceparent(attempts.get(0)));
    assertThat(take().getHeaders().get("traceparent")).isEqualTo(traceparent(attempts.get(1)));
  }

  @Test
  void eachAsyncAttemptOfARetriedSendIsASpan() throws Exception {
    server.enqueue(json(503, "{}"));
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    RetryInterceptor retry =
        RetryInterceptor.newBuilder().backoff(Duration.ZERO, Duration.ofSeconds(1)).build();
    HttpClient traced = Interceptor.decorate(client, retry, telemetry.interceptor());

    HttpResponse<String> response =
        traced
            .sendAsync(
                HttpRequest.newBuilder(server.url("/items/1").uri()).build(),
                BodyHandlers.ofString())
            .get(10, TimeUnit.SECONDS);

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(spans.getFinishedSpanItems())
        .extracting(s -> s.getAttributes().get(STATUS))
        .containsExactly(503L, 200L);
  }

  @Test
  void everyAsyncAttemptOfARetriedSendIsAChildOfTheCallersSpan() throws Exception {
    server.enqueue(json(503, "{}"));
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    RetryInterceptor retry =
        RetryInterceptor.newBuilder().backoff(Duration.ofMillis(20), Duration.ofMillis(50)).build();
    HttpClient traced = Interceptor.decorate(client, retry, telemetry.interceptor());
    Span parent = sdk.getTracer("test").spanBuilder("parent").startSpan();
    CompletableFuture<HttpResponse<String>> f;
    Scope scope = parent.makeCurrent();
    try {
      f =
          traced.sendAsync(
              HttpRequest.newBuilder(server.url("/items/1").uri()).build(),
              BodyHandlers.ofString());
    } finally {
      scope.close();
    }
    assertThat(f.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    parent.end();

    List<SpanData> attempts =
        spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals("GET")).toList();
    assertThat(attempts).hasSize(2);
    assertThat(attempts)
        .as("the retry, sent from a timer's thread, is a child of the caller's span too")
        .allSatisfy(
            s -> assertThat(s.getParentSpanId()).isEqualTo(parent.getSpanContext().getSpanId()));
  }

  @Test
  void unknownMethodIsOtherWithTheOriginalKept() throws Exception {
    server.enqueue(new MockResponse.Builder().code(204).build());
    HttpClient traced = Interceptor.decorate(client, telemetry.interceptor());

    traced.send(
        HttpRequest.newBuilder(server.url("/items/1").uri())
            .method("PURGE", HttpRequest.BodyPublishers.noBody())
            .build(),
        BodyHandlers.discarding());

    SpanData span = onlySpan();
    assertThat(span.getName()).isEqualTo("HTTP");
    assertThat(span.getAttributes().get(METHOD)).isEqualTo("_OTHER");
    assertThat(span.getAttributes().get(METHOD_ORIGINAL)).isEqualTo("PURGE");
    assertThat(take().getMethod()).isEqualTo("PURGE");
  }

  /**
   * The conventions require a way to override the known methods, which the instrumentation would
   * otherwise report as {@code _OTHER}: {@code OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS}, or the
   * system property of the same name, replaces the list.
   */
  @Test
  void theKnownMethodsCanBeOverridden() throws Exception {
    server.enqueue(new MockResponse.Builder().code(204).build());
    server.enqueue(new MockResponse.Builder().code(204).build());
    String property = "otel.instrumentation.http.known-methods";
    String before = System.getProperty(property);
    HttpJsonTelemetry purging;
    System.setProperty(property, "PURGE, POST");
    try {
      purging = HttpJsonTelemetry.create(sdk);
    } finally {
      if (before == null) {
        System.clearProperty(property);
      } else {
        System.setProperty(property, before);
      }
    }
    HttpClient traced = Interceptor.decorate(client, purging.interceptor());

    traced.send(
        HttpRequest.newBuilder(server.url("/items/1").uri())
            .method("PURGE", HttpRequest.BodyPublishers.noBody())
            .build(),
        BodyHandlers.discarding());
    traced.send(
        HttpRequest.newBuilder(server.url("/items/1").uri()).build(), BodyHandlers.discarding());

    List<SpanData> finished = spans.getFinishedSpanItems();
    assertThat(finished).hasSize(2);
    assertThat(finished.get(0).getName()).isEqualTo("PURGE");
    assertThat(finished.get(0).getAttributes().get(METHOD)).isEqualTo("PURGE");
    assertThat(finished.get(0).getAttributes().get(METHOD_ORIGINAL)).isNull();
    assertThat(finished.get(1).getName()).as("the list replaces the default one").isEqualTo("HTTP");
    assertThat(finished.get(1).getAttributes().get(METHOD)).isEqualTo("_OTHER");
    assertThat(finished.get(1).getAttributes().get(METHOD_ORIGINAL)).isEqualTo("GET");
  }

  @Test
  void urlFullHidesQueryValues() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));

    api(telemetry.interceptor()).getFromJson("items?page=2&access_token=s3cret", Item.class);

    String url = onlySpan().getAttributes().get(URL);
    assertThat(url).endsWith("/items?page=REDACTED&access_token=REDACTED").doesNotContain("s3cret");
    assertThat(take().getTarget()).isEqualTo("/items?page=2&access_token=s3cret");
  }

  @Test
  void urlFullShowsTheQueryParametersTheCallsOptionsShow() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    JsonOptions showingPage = JsonOptions.newBuilder().showQueryParameter("page").build();

    HttpJsonClient.newBuilder(client)
        .baseUri(server.url("/").uri())
        .options(showingPage)
        .interceptor(telemetry.interceptor())
        .build()
        .getFromJson("items?page=2&access_token=s3cret", Item.class);

    String url = onlySpan().getAttributes().get(URL);
    assertThat(url).endsWith("/items?page=2&access_token=REDACTED").doesNotContain("s3cret");
  }

  @Test
  void faultyPropagatorNeitherFailsTheCallNorLosesTheSpan() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    OpenTelemetrySdk faulty =
        OpenTelemetrySdk.builder()
            .setTracerProvider(
                SdkTracerProvider.builder()
                    .addSpanProcessor(SimpleSpanProcessor.create(spans))
                    .build())
            .setPropagators(ContextPropagators.create(new ThrowingPropagator()))
            .build();

    try {
      Item item =
          api(HttpJsonTelemetry.create(faulty).interceptor()).getFromJson("items/1", Item.class);

      assertThat(item).isEqualTo(new Item("a", 1));
      assertThat(onlySpan().getAttributes().get(STATUS)).isEqualTo(200L);
      assertThat(take().getHeaders().get("traceparent")).isNull();
    } finally {
      faulty.close();
    }
  }

  /**
   * A propagator beside the W3C one sets a header {@code java.net.http} refuses (a value outside
   * Latin-1, as a baggage propagator that does not percent-encode may): the request goes without
   * that header, and still carries {@code traceparent}, where both were dropped.
   */
  @Test
  void aHeaderTheRequestRefusesCostsTheOtherPropagatorsNothing() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    TextMapPropagator rawBaggage =
        new TextMapPropagator() {
          @Override
          public Collection<String> fields() {
            return List.of("x-user-name");
          }

          @Override
          public <C> void inject(Context context, @Nullable C carrier, TextMapSetter<C> setter) {
            setter.set(carrier, "x-user-name", "\u5f20\u4f1f");
          }

          @Override
          public <C> Context extract(
              Context context, @Nullable C carrier, TextMapGetter<C> getter) {
            return context;
          }
        };
    OpenTelemetrySdk both =
        OpenTelemetrySdk.builder()
            .setTracerProvider(
                SdkTracerProvider.builder()
                    .addSpanProcessor(SimpleSpanProcessor.create(spans))
                    .build())
            .setPropagators(
                ContextPropagators.create(
                    TextMapPropagator.composite(
                        W3CTraceContextPropagator.getInstance(), rawBaggage)))
            .build();

    try {
      Item item =
          api(HttpJsonTelemetry.create(both).interceptor()).getFromJson("items/1", Item.class);

      assertThat(item).isEqualTo(new Item("a", 1));
      RecordedRequest request = take();
      assertThat(request.getHeaders().get("traceparent")).isEqualTo(traceparent(onlySpan()));
      assertThat(request.getHeaders().get("x-user-name")).isNull();
    } finally {
      both.close();
    }
  }

  @Test
  void faultyTracerLeavesTheCallAlone() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    server.enqueue(json(200, "{\"name\":\"b\",\"count\":2}"));
    Tracer throwing =
        name -> {
          throw new IllegalStateException("faulty tracer");
        };
    OpenTelemetry faulty =
        new OpenTelemetry() {
          @Override
          public TracerProvider getTracerProvider() {
            return new TracerProvider() {
              @Override
              public Tracer get(String name) {
                return throwing;
              }

              @Override
              public Tracer get(String name, String version) {
                return throwing;
              }
            };
          }

          @Override
          public ContextPropagators getPropagators() {
            return sdk.getPropagators();
          }
        };
    HttpJsonClient api = api(HttpJsonTelemetry.create(faulty).interceptor());

    assertThat(api.getFromJson("items/1", Item.class)).isEqualTo(new Item("a", 1));
    assertThat(api.getFromJsonAsync("items/2", Item.class).get(10, TimeUnit.SECONDS))
        .isEqualTo(new Item("b", 2));
    assertThat(take().getHeaders().get("traceparent")).isNull();
  }

  /**
   * An SDK built against another OpenTelemetry API than the one on the class path throws a {@link
   * LinkageError} ({@code NoSuchMethodError}, {@code AbstractMethodError}), where the span starts
   * or where it ends: the call goes on as for any other failure of OpenTelemetry.
   */
  @Test
  void aLinkageErrorInOpenTelemetryNeverFailsTheCall() throws Exception {
    server.enqueue(json(200, "{\"name\":\"a\",\"count\":1}"));
    server.enqueue(json(200, "{\"name\":\"b\",\"count\":2}"));
    server.enqueue(json(200, "{\"name\":\"c\",\"count\":3}"));
    OpenTelemetrySdk endsBadly =
        OpenTelemetrySdk.builder()
            .setTracerProvider(
                SdkTracerProvider.builder()
                    .addSpanProcessor(
                        new io.opentelemetry.sdk.trace.SpanProcessor() {
                          @Override
                          public void onStart(
                              Context parentContext, io.opentelemetry.sdk.trace.ReadWriteSpan s) {}

                          @Override
                          public boolean isStartRequired() {
                            return false;
                          }

                          @Override
                          public void onEnd(io.opentelemetry.sdk.trace.ReadableSpan s) {
                            throw new AbstractMethodError("an exporter of another SDK");
                          }

                          @Override
                          public boolean isEndRequired() {
                            return true;
                          }
                        })
                    .build())
            .build();
    Tracer startsBadly =
        name -> {
          throw new NoSuchMethodError("a tracer of another API");
        };
    OpenTelemetry cannotStart =
        new OpenTelemetry() {
          @Override
          public TracerProvider getTracerProvider() {
            return new TracerProvider() {
              @Override
              public Tracer get(String name) {
                return startsBadly;
              }

              @Override
              public Tracer get(String name, String version) {
                return startsBadly;
              }
            };
          }

          @Override
          public ContextPropagators getPropagators() {
            return sdk.getPropagators();
          }
        };

    try {
      HttpJsonClient ending = api(HttpJsonTelemetry.create(endsBadly).interceptor());
      assertThat(ending.getFromJson("items/1", Item.class)).isEqualTo(new Item("a", 1));
      assertThat(ending.getFromJsonAsync("items/2", Item.class).get(10, TimeUnit.SECONDS))
          .isEqualTo(new Item("b", 2));
      assertThat(
              api(HttpJsonTelemetry.create(cannotStart).interceptor())
                  .getFromJson("items/3", Item.class))
          .isEqualTo(new Item("c", 3));
    } finally {
      endsBadly.close();
    }
  }

  /** A propagator whose every method throws. */
  private static final class ThrowingPropagator implements TextMapPropagator {
    @Override
    public Collection<String> fields() {
      throw new IllegalStateException("faulty propagator");
    }

    @Override
    public <C> void inject(Context context, @Nullable C carrier, TextMapSetter<C> setter) {
      throw new IllegalStateException("faulty propagator");
    }

    @Override
    public <C> Context extract(Context context, @Nullable C carrier, TextMapGetter<C> getter) {
      throw new IllegalStateException("faulty propagator");
    }
  }
}
