package dev.httpjson.micrometer;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.HttpCache;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonReadException;
import dev.httpjson.RetryInterceptor;
import dev.httpjson.ServerSentEvent;
import dev.httpjson.contract.LoopbackServer;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.transport.SenderContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Each exchange as a Micrometer observation, against a loopback server. */
class ObservationsTest {
  private static final String NAME = "http.client.requests";
  private static final String REPO = "{\"name\":\"widgets\"}";
  private static HttpClient http;

  private final TestObservationRegistry registry = TestObservationRegistry.create();
  private MockWebServer server;

  @BeforeAll
  static void client() {
    http = HttpClient.newHttpClient();
  }

  @BeforeEach
  void start() throws IOException {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private HttpJsonClient client(Interceptor... interceptors) {
    HttpJsonClient.Builder b = HttpJsonClient.newBuilder(http).baseUri(server.url("/api/").uri());
    for (Interceptor i : interceptors) {
      b.interceptor(i);
    }
    return b.build();
  }

  private HttpJsonClient observed() {
    return client(HttpJsonObservations.create(registry).interceptor());
  }

  private String host() {
    return server.url("/").uri().getHost();
  }

  @Test
  void aOneLinerIsObservedWithSpringsKeyValuesAndNoTemplate() throws Exception {
    server.enqueue(LoopbackServer.json(200, REPO));

    observed().getFromJson("repos/acme/widgets?token=s3cret", Repos.Repo.class);

    assertThat(registry)
        .hasSingleObservationThat()
        .hasNameEqualTo(NAME)
        .hasContextualNameEqualTo("http get")
        .hasBeenStarted()
        .hasBeenStopped()
        .doesNotHaveError()
        .hasLowCardinalityKeyValue("method", "GET")
        .hasLowCardinalityKeyValue("status", "200")
        .hasLowCardinalityKeyValue("outcome", "SUCCESS")
        .hasLowCardinalityKeyValue("exception", "none")
        .hasLowCardinalityKeyValue("client.name", host())
        .hasLowCardinalityKeyValue("uri", "none")
        .hasHighCardinalityKeyValue(
            "http.url", server.url("/api/repos/acme/widgets").toString() + "?token=***")
        .doesNotHaveHighCardinalityKeyValueWithKey("httpjson.cache.outcome");
  }

  @Test
  void anInterfaceMethodIsTaggedWithItsPathTemplateNeverTheUriSent() throws Exception {
    server.enqueue(LoopbackServer.json(200, REPO));
    server.enqueue(LoopbackServer.json(200, REPO));
    Repos repos = observed().create(Repos.class);

    repos.repo("acme", "widgets");
    repos.repo("acme", "gadgets");

    assertThat(registry)
        .hasNumberOfObservationsWithNameEqualTo(NAME, 2)
        .forAllObservationsWithNameEqualTo(
            NAME,
            o ->
                o.hasLowCardinalityKeyValue("uri", "/api/repos/{owner}/{repo}")
                    .hasLowCardinalityKeyValue("status", "200"));
    assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/repos/acme/widgets");
  }

  @Test
  void aMethodWithAUrlParameterHasNoTemplate() throws Exception {
    server.enqueue(LoopbackServer.json(200, REPO));

    observed().create(Repos.class).at(server.url("/elsewhere/1").toString());

    assertThat(registry)
        .hasSingleObservationThat()
        .hasLowCardinalityKeyValue("uri", "none")
        .hasHighCardinalityKeyValue("http.url", server.url("/elsewhere/1").toString());
  }

  /**
   * A literal query in a method's template is part of the {@code uri} tag, its values hidden as
   * httpjson's messages hide them: a tag is kept for the meter's life, and shown to whoever reads
   * the metrics.
   */
  @Test
  void aLiteralQueryInTheTemplateIsTaggedWithoutItsValues() throws Exception {
    server.enqueue(LoopbackServer.json(200, REPO));

    observed().create(Repos.class).search();

    assertThat(registry)
        .hasSingleObservationThat()
        .hasLowCardinalityKeyValue("uri", "/api/search?api_key=***&***&q=***")
        .hasHighCardinalityKeyValue(
            "http.url", server.url("/api/search").toString() + "?api_key=***&***&q=***");
    assertThat(LoopbackServer.take(server).getTarget())
        .isEqualTo("/api/search?api_key=s3cret&abcdef123&q=widgets");
  }

  /** An absolute template's scheme and host are left out of the tag, whatever their case. */
  @Test
  void anAbsoluteTemplateIsTaggedWithItsPathWhateverTheCaseOfItsScheme() throws Exception {
    server.enqueue(LoopbackServer.json(200, REPO));
    server.enqueue(LoopbackServer.json(200, REPO));
    String authority = server.url("/").uri().getRawAuthority();
    // What the code generated for @GET("HTTP://host:port/api/things/{id}") calls through.
    HttpJsonClient method =
        dev.httpjson.spi.GeneratedApi.route(observed(), "HTTP://" + authority + "/api/things/{id}");
    HttpJsonClient bare =
        dev.httpjson.spi.GeneratedApi.route(observed(), "Https://" + authority + "?page=2");

    method.getFromJson(server.url("/api/things/1").toString(), Repos.Repo.class);
    bare.getFromJson(server.url("/api/things/1").toString(), Repos.Repo.class);

    assertThat(registry)
        .hasNumberOfObservationsWithNameEqualTo(NAME, 2)
        .hasAnObservationWithAKeyValue("uri", "/api/things/{id}")
        .hasAnObservationWithAKeyValue("uri", "/?page=***");
  }

  @Test
  void aNotFoundIsAClientErrorWithTheExceptionTheCallerGets() throws Exception {
    server.enqueue(LoopbackServer.json(404, "{\"message\":\"Not Found\"}"));
    Repos repos = observed().create(Repos.class);

    Throwable thrown = catchThrowable(() -> repos.repo("acme", "nothing"));

    assertThat(thrown).isInstanceOf(HttpJsonStatusException.class);
    assertThat(registry)
        .hasSingleObservationThat()
        .hasBeenStopped()
        .hasError(thrown)
        .hasLowCardinalityKeyValue("status", "404")
        .hasLowCardinalityKeyValue("outcome", "CLIENT_ERROR")
        .hasLowCardinalityKeyValue("exception", "HttpJsonStatusException")
        .hasLowCardinalityKeyValue("uri", "/api/repos/{owner}/{repo}");
  }

  @Test
  void aResponseReturnedUncheckedHasItsStatusAndNoError() throws Exception {
    server.enqueue(LoopbackServer.json(503, "{}"));

    HttpResponse<byte[]> response = observed().postAsJson("repos", new Repos.Repo("widgets"));

    assertThat(response.statusCode()).isEqualTo(503);
    assertThat(registry)
        .hasSingleObservationThat()
        .hasContextualNameEqualTo("http post")
        .doesNotHaveError()
        .hasLowCardinalityKeyValue("method", "POST")
        .hasLowCardinalityKeyValue("status", "503")
        .hasLowCardinalityKeyValue("outcome", "SERVER_ERROR")
        .hasLowCardinalityKeyValue("exception", "none");
  }

  @Test
  void aConnectFailureIsStatusClientErrorWithTheCallersException() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    HttpJsonClient client =
        HttpJsonClient.newBuilder(http)
            .baseUri("http://127.0.0.1:" + port + "/")
            .interceptor(HttpJsonObservations.create(registry).interceptor())
            .build();

    Throwable thrown = catchThrowable(() -> client.getFromJson("x", Repos.Repo.class));

    assertThat(thrown).isInstanceOf(ConnectException.class);
    assertThat(registry)
        .hasSingleObservationThat()
        .hasError(thrown)
        .hasLowCardinalityKeyValue("status", "CLIENT_ERROR")
        .hasLowCardinalityKeyValue("outcome", "UNKNOWN")
        .hasLowCardinalityKeyValue("exception", "ConnectException")
        .hasLowCardinalityKeyValue("client.name", "127.0.0.1");
  }

  /**
   * A body that arrives slowly: {@code head} at once, then {@code padding} bytes of whitespace over
   * seconds, then {@code tail}; the stream reads {@code head} long before the body is over.
   */
  private static MockResponse slowly(String contentType, String head, String tail) {
    String body = head + " ".repeat(4096) + tail;
    return new MockResponse.Builder()
        .code(200)
        .setHeader("Content-Type", contentType)
        .chunkedBody(body, 256)
        .throttleBody(256, 100, TimeUnit.MILLISECONDS)
        .build();
  }

  @Test
  void aStreamIsObservedUntilTheCallerClosesIt() throws Exception {
    server.enqueue(slowly("application/json", "[" + REPO + ",", REPO + "]"));
    Repos repos = observed().create(Repos.class);

    try (Stream<Repos.Repo> forks = repos.forks("acme", "widgets")) {
      assertThat(registry).hasSingleObservationThat().hasBeenStarted().isNotStopped();
      Iterator<Repos.Repo> it = forks.iterator();
      assertThat(it.next().name()).isEqualTo("widgets");
      assertThat(registry).hasSingleObservationThat().isNotStopped();
    }

    assertThat(registry)
        .hasSingleObservationThat()
        .hasBeenStopped()
        .doesNotHaveError()
        .hasLowCardinalityKeyValue("uri", "/api/repos/{owner}/{repo}/forks")
        .hasLowCardinalityKeyValue("status", "200")
        .hasLowCardinalityKeyValue("exception", "none");
  }

  @Test
  void aStreamReadToItsEndEndsItsObservation() throws Exception {
    server.enqueue(LoopbackServer.json(200, "[" + REPO + "," + REPO + "]"));
    Repos repos = observed().create(Repos.class);

    try (Stream<Repos.Repo> forks = repos.forks("acme", "widgets")) {
      assertThat(forks.count()).isEqualTo(2);
    }

    assertThat(registry).hasSingleObservationThat().hasBeenStopped().doesNotHaveError();
  }

  @Test
  void eachPageOfAPagedMethodIsAnObservationWithTheMethodsTemplate() throws Exception {
    server.enqueue(
        LoopbackServer.json(200, "[" + REPO + "]")
            .newBuilder()
            .addHeader("Link", "<" + server.url("/api/stargazers?page=2") + ">; rel=\"next\"")
            .build());
    server.enqueue(LoopbackServer.json(200, "[" + REPO + "]"));
    Repos repos = observed().create(Repos.class);

    try (Stream<Repos.Repo> stargazers = repos.stargazers("acme", "widgets")) {
      assertThat(stargazers.count()).isEqualTo(2);
    }

    assertThat(server.getRequestCount()).isEqualTo(2);
    assertThat(registry)
        .hasNumberOfObservationsWithNameEqualTo(NAME, 2)
        .forAllObservationsWithNameEqualTo(
            NAME,
            o ->
                o.hasLowCardinalityKeyValue("uri", "/api/repos/{owner}/{repo}/stargazers")
                    .hasLowCardinalityKeyValue("status", "200"));
  }

  @Test
  void aStreamThatFailsEndsWithTheExceptionTheCallerGets() throws Exception {
    server.enqueue(slowly("application/json", "[" + REPO + ",{\"name\":tru}", "]"));
    Repos repos = observed().create(Repos.class);

    Throwable thrown;
    try (Stream<Repos.Repo> forks = repos.forks("acme", "widgets")) {
      thrown = catchThrowable(forks::count);
    }

    assertThat(thrown).isInstanceOf(UncheckedIOException.class);
    assertThat(thrown.getCause()).isInstanceOf(JsonReadException.class);
    assertThat(registry)
        .hasSingleObservationThat()
        .hasBeenStopped()
        .hasError(thrown.getCause())
        .hasLowCardinalityKeyValue("exception", "JsonReadException")
        .hasLowCardinalityKeyValue("status", "200");
  }

  @Test
  void anEventStreamIsObservedUntilTheCallerClosesIt() throws Exception {
    server.enqueue(
        slowly("text/event-stream", "data: " + REPO + "\n\ndata: " + REPO + "\n\n", "\n"));
    Repos repos = observed().create(Repos.class);

    List<ServerSentEvent<Repos.Repo>> events;
    try (Stream<ServerSentEvent<Repos.Repo>> s = repos.events("acme")) {
      events = s.limit(2).toList();
      assertThat(registry).hasSingleObservationThat().isNotStopped();
    }

    assertThat(events).hasSize(2);
    assertThat(registry)
        .hasSingleObservationThat()
        .hasBeenStopped()
        .doesNotHaveError()
        .hasLowCardinalityKeyValue("status", "200")
        .hasLowCardinalityKeyValue("uri", "/api/repos/{owner}/events");
  }

  @Test
  void anAsynchronousCallIsAChildOfTheCallersObservation() throws Exception {
    server.enqueue(LoopbackServer.json(200, REPO));
    Repos repos = observed().create(Repos.class);
    Observation parent = Observation.start("caller", registry);

    CompletableFuture<Repos.Repo> repo;
    try (Observation.Scope scope = parent.openScope()) {
      repo = repos.repoAsync("acme", "widgets");
    }
    repo.get(10, TimeUnit.SECONDS);
    parent.stop();

    assertThat(registry)
        .hasObservationWithNameEqualTo(NAME)
        .that()
        .hasParentObservationEqualTo(parent)
        .hasBeenStopped()
        .hasLowCardinalityKeyValue("uri", "/api/repos/{owner}/{repo}");
  }

  @Test
  void aCancelledAsynchronousCallEndsItsObservation() throws Exception {
    server.enqueue(
        LoopbackServer.json(200, REPO).newBuilder().headersDelay(5, TimeUnit.SECONDS).build());
    HttpClient decorated =
        Interceptor.decorate(http, HttpJsonObservations.create(registry).interceptor());

    CompletableFuture<HttpResponse<String>> call =
        decorated.sendAsync(
            HttpRequest.newBuilder(server.url("/slow").uri()).build(),
            HttpResponse.BodyHandlers.ofString());
    LoopbackServer.take(server); // the exchange is under way
    call.cancel(true);

    assertThat(registry)
        .hasSingleObservationThat()
        .hasBeenStopped()
        .hasLowCardinalityKeyValue("exception", "CancellationException")
        .hasLowCardinalityKeyValue("status", "CLIENT_ERROR");
  }

  @Test
  void aCancelledCallOfAnInterfaceEndsItsObservationWithTheCancellationTheCallerGot()
      throws Exception {
    server.enqueue(
        LoopbackServer.json(200, REPO).newBuilder().headersDelay(5, TimeUnit.SECONDS).build());
    Repos repos = observed().create(Repos.class);

    CompletableFuture<Repos.Repo> call = repos.repoAsync("acme", "widgets");
    LoopbackServer.take(server); // the exchange is under way, on one of httpjson's async lanes
    call.cancel(true);

    assertThat(call).isCancelled();
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!stopped(registry) && System.nanoTime() < until) { // the lane sees the interrupt
      Thread.sleep(10);
    }
    assertThat(registry)
        .hasSingleObservationThat()
        .hasBeenStopped()
        .hasLowCardinalityKeyValue("exception", "CancellationException")
        .hasLowCardinalityKeyValue("status", "CLIENT_ERROR");
  }

  /** Whether the one observation of {@code registry} has stopped. */
  private static boolean stopped(TestObservationRegistry registry) {
    try {
      assertThat(registry).hasSingleObservationThat().hasBeenStopped();
      return true;
    } catch (AssertionError notYet) {
      return false;
    }
  }

  @Test
  void afterARetryInterceptorEachAttemptIsAnObservation() throws Exception {
    server.enqueue(LoopbackServer.json(503, "{}"));
    server.enqueue(LoopbackServer.json(200, REPO));
    RetryInterceptor retry =
        RetryInterceptor.newBuilder().backoff(Duration.ofMillis(1), Duration.ofMillis(1)).build();
    Repos repos =
        client(retry, HttpJsonObservations.create(registry).interceptor()).create(Repos.class);

    repos.repo("acme", "widgets");

    assertThat(registry)
        .hasNumberOfObservationsWithNameEqualTo(NAME, 2)
        .hasAnObservation(o -> o.hasLowCardinalityKeyValue("status", "503"))
        .hasAnObservation(o -> o.hasLowCardinalityKeyValue("status", "200"))
        .forAllObservationsWithNameEqualTo(
            NAME, o -> o.hasLowCardinalityKeyValue("uri", "/api/repos/{owner}/{repo}"));
  }

  @Test
  void beforeARetryInterceptorTheWholeCallIsOneObservation() throws Exception {
    server.enqueue(LoopbackServer.json(503, "{}"));
    server.enqueue(LoopbackServer.json(200, REPO));
    RetryInterceptor retry =
        RetryInterceptor.newBuilder().backoff(Duration.ofMillis(1), Duration.ofMillis(1)).build();
    Repos repos =
        client(HttpJsonObservations.create(registry).interceptor(), retry).create(Repos.class);

    repos.repo("acme", "widgets");

    assertThat(server.getRequestCount()).isEqualTo(2);
    assertThat(registry)
        .hasSingleObservationThat()
        .hasBeenStopped()
        .doesNotHaveError()
        .hasLowCardinalityKeyValue("status", "200");
  }

  @Test
  void beforeARetryInterceptorALastAttemptWithoutAResponseHasNoStatusOfAnEarlierOne()
      throws Exception {
    server.enqueue(LoopbackServer.json(503, "{}"));
    server.enqueue(
        LoopbackServer.json(200, REPO).newBuilder().headersDelay(5, TimeUnit.SECONDS).build());
    RetryInterceptor retry =
        RetryInterceptor.newBuilder().backoff(Duration.ofMillis(1), Duration.ofMillis(1)).build();
    Repos repos =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/api/").uri())
            .options(dev.httpjson.JsonOptions.newBuilder().timeout(Duration.ofMillis(500)).build())
            .interceptor(HttpJsonObservations.create(registry).interceptor())
            .interceptor(retry)
            .build()
            .create(Repos.class);

    Throwable thrown = catchThrowable(() -> repos.repo("acme", "widgets"));

    assertThat(thrown).isInstanceOf(dev.httpjson.CallTimeoutException.class);
    assertThat(server.getRequestCount()).isEqualTo(2);
    assertThat(registry)
        .hasSingleObservationThat()
        .hasBeenStopped()
        .hasError(thrown)
        .hasLowCardinalityKeyValue("exception", "CallTimeoutException")
        .hasLowCardinalityKeyValue("status", "CLIENT_ERROR")
        .hasLowCardinalityKeyValue("outcome", "UNKNOWN");
  }

  @Test
  void whereAnHttpCacheTookPartItsOutcomeIsAHighCardinalityKeyValue() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .addHeader("Cache-Control", "max-age=60")
            .body(REPO)
            .build());
    Repos repos =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/api/").uri())
            .cache(HttpCache.inMemory(1 << 20))
            .interceptor(HttpJsonObservations.create(registry).interceptor())
            .build()
            .create(Repos.class);

    repos.repo("acme", "widgets");
    repos.repo("acme", "widgets");

    assertThat(server.getRequestCount()).isEqualTo(1);
    assertThat(registry)
        .hasNumberOfObservationsWithNameEqualTo(NAME, 2)
        .hasAnObservation(o -> o.hasHighCardinalityKeyValue("httpjson.cache.outcome", "miss"))
        .hasAnObservation(o -> o.hasHighCardinalityKeyValue("httpjson.cache.outcome", "hit"))
        .forAllObservationsWithNameEqualTo(
            NAME,
            o ->
                o.hasLowCardinalityKeyValue("status", "200")
                    .doesNotHaveLowCardinalityKeyValueWithKey("httpjson.cache.outcome"));
  }

  /**
   * A stored error response the call fails on (a {@code getFromJson} answered 404 from the cache)
   * was answered by the cache all the same: its observation says so, as a successful one does.
   */
  @Test
  void aCallThatFailsOnACachedResponseKeepsTheCachesOutcome() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(404)
            .addHeader("Content-Type", "application/json")
            .addHeader("Cache-Control", "max-age=60")
            .body("{\"message\":\"Not Found\"}")
            .build());
    Repos repos =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/api/").uri())
            .cache(HttpCache.inMemory(1 << 20))
            .interceptor(HttpJsonObservations.create(registry).interceptor())
            .build()
            .create(Repos.class);

    Throwable first = catchThrowable(() -> repos.repo("acme", "nothing"));
    Throwable second = catchThrowable(() -> repos.repo("acme", "nothing"));

    assertThat(first).isInstanceOf(HttpJsonStatusException.class);
    assertThat(second).isInstanceOf(HttpJsonStatusException.class);
    assertThat(server.getRequestCount()).isEqualTo(1);
    assertThat(registry)
        .hasNumberOfObservationsWithNameEqualTo(NAME, 2)
        .hasAnObservation(
            o ->
                o.hasError(first)
                    .hasLowCardinalityKeyValue("status", "404")
                    .hasHighCardinalityKeyValue("httpjson.cache.outcome", "miss"))
        .hasAnObservation(
            o ->
                o.hasError(second)
                    .hasLowCardinalityKeyValue("status", "404")
                    .hasHighCardinalityKeyValue("httpjson.cache.outcome", "hit"));
  }

  @Test
  void aTracingHandlerInjectsItsHeadersThroughTheContextsCarrier() throws Exception {
    server.enqueue(LoopbackServer.json(200, REPO));
    String traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    registry
        .observationConfig()
        .observationHandler(
            new ObservationHandler<SenderContext<?>>() {
              @Override
              @SuppressWarnings({"unchecked", "rawtypes"})
              public void onStart(SenderContext<?> context) {
                SenderContext raw = context;
                raw.getSetter().set(raw.getCarrier(), "traceparent", traceparent);
              }

              @Override
              public boolean supportsContext(Observation.Context context) {
                return context instanceof SenderContext;
              }
            });

    observed().create(Repos.class).repo("acme", "widgets");

    RecordedRequest request = LoopbackServer.take(server);
    assertThat(request.getHeaders().get("traceparent")).isEqualTo(traceparent);
    assertThat(request.getHeaders().values("traceparent")).hasSize(1);
  }

  @Test
  void withoutHandlersTheExchangeIsForwardedUntouched() throws Exception {
    server.enqueue(LoopbackServer.json(200, REPO));
    List<Object> seen = new CopyOnWriteArrayList<>();
    Interceptor inner =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            seen.add(request);
            seen.add(chain.bodyHandler());
            return chain.forward(request);
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return chain.forwardAsync(request);
          }
        };
    List<Object> before = new CopyOnWriteArrayList<>();
    Interceptor outer =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            before.add(request);
            before.add(chain.bodyHandler());
            return chain.forward(request);
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return chain.forwardAsync(request);
          }
        };
    for (ObservationRegistry noop :
        List.of(ObservationRegistry.NOOP, ObservationRegistry.create())) {
      seen.clear();
      before.clear();
      server.enqueue(LoopbackServer.json(200, REPO));
      HttpJsonObservations observations = HttpJsonObservations.create(noop);
      assertThat(observations.interceptor().snapshot()).isNull();

      client(outer, observations.interceptor(), inner).create(Repos.class).repo("acme", "w");

      assertThat(seen).hasSize(2);
      assertThat(seen.get(0)).isSameAs(before.get(0));
      assertThat(seen.get(1)).isSameAs(before.get(1));
    }
  }

  @Test
  void aConventionOfItsOwnAddsAKeyValue() throws Exception {
    server.enqueue(LoopbackServer.json(200, REPO));
    HttpJsonObservations observations =
        HttpJsonObservations.create(registry)
            .withConvention(
                new DefaultHttpJsonObservationConvention() {
                  @Override
                  public KeyValues getLowCardinalityKeyValues(HttpJsonObservationContext c) {
                    return super.getLowCardinalityKeyValues(c).and(KeyValue.of("api", "repos"));
                  }
                });

    client(observations.interceptor()).create(Repos.class).repo("acme", "widgets");

    assertThat(registry)
        .hasSingleObservationThat()
        .hasLowCardinalityKeyValue("api", "repos")
        .hasLowCardinalityKeyValue("uri", "/api/repos/{owner}/{repo}");
  }

  @Test
  void theTimerHasSpringsNameAndTags() throws Exception {
    server.enqueue(LoopbackServer.json(200, REPO));
    server.enqueue(LoopbackServer.json(404, "{}"));
    MeterRegistry meters = new SimpleMeterRegistry();
    ObservationRegistry observations = ObservationRegistry.create();
    observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
    Repos repos =
        client(HttpJsonObservations.create(observations).interceptor()).create(Repos.class);

    repos.repo("acme", "widgets");
    assertThatThrownBy(() -> repos.repo("acme", "gone"))
        .isInstanceOf(HttpJsonStatusException.class);

    Timer ok =
        meters
            .get(NAME)
            .tags(
                "client.name", host(),
                "exception", "none",
                "method", "GET",
                "outcome", "SUCCESS",
                "status", "200",
                "uri", "/api/repos/{owner}/{repo}")
            .timer();
    assertThat(ok.count()).isEqualTo(1);
    Timer notFound =
        meters.get(NAME).tags("status", "404", "exception", "HttpJsonStatusException").timer();
    assertThat(notFound.count()).isEqualTo(1);
    // Spring's six, and the "error" tag Micrometer's meter handler adds to every timer it makes.
    assertThat(notFound.getId().getTags())
        .extracting(t -> t.getKey())
        .containsExactlyInAnyOrder(
            "client.name", "error", "exception", "method", "outcome", "status", "uri");
  }

  /**
   * A tracing handler whose propagator sets a header the request refuses (a baggage value outside
   * Latin-1, here) throws as the observation starts, after the meter handler started its timer: the
   * call goes on, with what was set before, and its observation is stopped when the exchange ends,
   * where it was left open for good (an active task of {@code http.client.requests.active} per
   * call, and no timing).
   */
  @Test
  void aHandlerThatFailsAsTheObservationStartsLeavesItToBeStoppedWhenTheExchangeEnds()
      throws Exception {
    server.enqueue(LoopbackServer.json(200, REPO));
    MeterRegistry meters = new SimpleMeterRegistry();
    ObservationRegistry observations = ObservationRegistry.create();
    observations
        .observationConfig()
        .observationHandler(new DefaultMeterObservationHandler(meters))
        .observationHandler(
            new ObservationHandler<SenderContext<?>>() {
              @Override
              @SuppressWarnings({"unchecked", "rawtypes"})
              public void onStart(SenderContext<?> context) {
                SenderContext raw = context;
                raw.getSetter().set(raw.getCarrier(), "x-request-origin", "edge");
                raw.getSetter().set(raw.getCarrier(), "x-user-name", "\u5f20\u4f1f");
              }

              @Override
              public boolean supportsContext(Observation.Context context) {
                return context instanceof SenderContext;
              }
            });

    assertThat(
            client(HttpJsonObservations.create(observations).interceptor())
                .create(Repos.class)
                .repo("acme", "widgets"))
        .isEqualTo(new Repos.Repo("widgets"));

    RecordedRequest request = LoopbackServer.take(server);
    assertThat(request.getHeaders().get("x-request-origin")).isEqualTo("edge");
    assertThat(request.getHeaders().get("x-user-name")).isNull();
    assertThat(meters.get(NAME + ".active").longTaskTimer().activeTasks()).isZero();
    assertThat(meters.get(NAME).tags("status", "200", "outcome", "SUCCESS").timer().count())
        .isEqualTo(1);
  }

  /**
   * A handler built against another Micrometer than the one on the class path throws a {@link
   * LinkageError} ({@code NoSuchMethodError}, {@code AbstractMethodError}): the call is not failed
   * by it, as it is not by a handler's {@code RuntimeException}, and the handlers beside it still
   * see the observation start and stop.
   */
  @Test
  void aHandlerThatThrowsALinkageErrorNeverFailsTheCall() throws Exception {
    server.enqueue(LoopbackServer.json(200, REPO));
    server.enqueue(LoopbackServer.json(200, REPO));
    MeterRegistry meters = new SimpleMeterRegistry();
    java.util.concurrent.atomic.AtomicBoolean first =
        new java.util.concurrent.atomic.AtomicBoolean(true);
    ObservationRegistry observations = ObservationRegistry.create();
    observations
        .observationConfig()
        .observationHandler( // stopped last
            new ObservationHandler<Observation.Context>() {
              @Override
              public void onStop(Observation.Context context) {
                throw new AbstractMethodError("onStop: built against another Micrometer");
              }

              @Override
              public boolean supportsContext(Observation.Context context) {
                return true;
              }
            })
        .observationHandler(new DefaultMeterObservationHandler(meters))
        .observationHandler( // started last
            new ObservationHandler<Observation.Context>() {
              @Override
              public void onStart(Observation.Context context) {
                if (first.getAndSet(false)) {
                  throw new NoSuchMethodError("onStart: built against another Micrometer");
                }
              }

              @Override
              public boolean supportsContext(Observation.Context context) {
                return true;
              }
            });
    Repos repos =
        client(HttpJsonObservations.create(observations).interceptor()).create(Repos.class);

    assertThat(repos.repo("acme", "widgets")).isEqualTo(new Repos.Repo("widgets"));
    assertThat(repos.repoAsync("acme", "widgets").get(10, TimeUnit.SECONDS))
        .isEqualTo(new Repos.Repo("widgets"));

    assertThat(first).isFalse();
    assertThat(meters.get(NAME).tags("status", "200").timer().count()).isEqualTo(2);
    assertThat(meters.get(NAME + ".active").longTaskTimer().activeTasks()).isZero();
  }

  @Test
  void aPlainSendOnADecoratedClientIsObservedToo() throws Exception {
    server.enqueue(LoopbackServer.json(200, REPO));
    HttpClient decorated =
        Interceptor.decorate(http, HttpJsonObservations.create(registry).interceptor());

    HttpResponse<String> response =
        decorated.send(
            HttpRequest.newBuilder(URI.create(server.url("/plain").toString())).build(),
            HttpResponse.BodyHandlers.ofString());

    assertThat(response.body()).isEqualTo(REPO);
    assertThat(registry)
        .hasSingleObservationThat()
        .hasBeenStopped()
        .hasLowCardinalityKeyValue("uri", "none")
        .hasLowCardinalityKeyValue("status", "200");
  }

  @Test
  void nullArgumentsAreRefused() {
    assertThatThrownBy(() -> HttpJsonObservations.create(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("registry == null");
    assertThatThrownBy(() -> HttpJsonObservations.create(registry).withConvention(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("convention == null");
  }
}
