package dev.httpjson.contract;

import static dev.httpjson.contract.LoopbackServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.CallListener;
import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonBodyHandlers;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.RetryInterceptor;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import javax.net.ssl.SSLSession;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The interceptor chain of {@link HttpJsonClient} and {@link Interceptor#decorate}, the built-in
 * {@link RetryInterceptor}, and redirects followed with the default headers checked on every hop:
 * run on every {@link HttpClient} underneath (the JDK's, the OkHttp transport, Methanol).
 */
public abstract class InterceptorContract {
  protected MockWebServer server;
  protected MockWebServer other;
  protected HttpClient client;
  protected JsonOptions options;

  protected abstract JsonCodec codec();

  /** The client under test; it must not follow redirects itself. */
  protected HttpClient newClient() {
    return HttpClient.newHttpClient();
  }

  /** Whether the codec reads streams (a test codec may not). */
  protected boolean codecStreams() {
    return true;
  }

  /** A client of the same kind that follows redirects itself (NORMAL). */
  protected abstract HttpClient newRedirectingClient();

  /**
   * The requests {@code scripted} received ({@link #server}, or another server a row starts). A
   * transport that answers from the servers' scripts in memory, never reaching their sockets,
   * overrides it with the requests it recorded.
   */
  protected LoopbackServer.Received received(MockWebServer scripted) {
    return LoopbackServer.received(scripted);
  }

  @BeforeEach
  void startServers() throws IOException {
    server = LoopbackServer.start();
    other = LoopbackServer.start();
    client = newClient();
    options = JsonOptions.newBuilder().codec(codec()).build();
  }

  @AfterEach
  void stopServers() {
    server.close();
    other.close();
  }

  private HttpJsonClient.Builder api() {
    return HttpJsonClient.newBuilder(client)
        .baseUri(LoopbackServer.uri(server, "/v1/"))
        .options(options);
  }

  /** An interceptor that forwards {@code change.apply(request)}, both ways. */
  public static Interceptor mapping(UnaryOperator<HttpRequest> change) {
    return new Interceptor() {
      @Override
      public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
          throws IOException, InterruptedException {
        return chain.forward(change.apply(request));
      }

      @Override
      public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
          HttpRequest request, Chain<T> chain) {
        return chain.forwardAsync(change.apply(request));
      }
    };
  }

  private static HttpRequest withHeader(HttpRequest request, String name, String value) {
    return HttpRequest.newBuilder(request, (n, v) -> true).header(name, value).build();
  }

  // ---- the chain ------------------------------------------------------------------------------

  /** Records what its chain tells an interceptor written against the public API alone. */
  private static final class Inspecting implements Interceptor {
    final AtomicReference<Optional<JsonOptions>> options = new AtomicReference<>();
    final AtomicReference<Optional<Interceptor.Measurement>> measurement = new AtomicReference<>();
    final CompletableFuture<Long> wireBytesWhenOver = new CompletableFuture<>();

    @Override
    public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
        throws IOException, InterruptedException {
      options.set(chain.options());
      measurement.set(chain.measurement());
      chain
          .measurement()
          .ifPresent(
              m ->
                  m.whenOver(
                      failure ->
                          wireBytesWhenOver.complete(failure == null ? m.wireBytes() : -2L)));
      return chain.forward(request);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
        HttpRequest request, Chain<T> chain) {
      options.set(chain.options());
      measurement.set(chain.measurement());
      return chain.forwardAsync(request);
    }
  }

  @Test
  void aChainGivesAnInterceptorTheCallsOptionsAndWhatHttpjsonMeasured() throws Exception {
    String body = "\"a\"";
    server.enqueue(json(200, body));
    server.enqueue(json(200, body));
    Inspecting measured = new Inspecting();
    Inspecting unmeasured = new Inspecting();

    assertThat(
            api()
                .listener(new CallListener() {})
                .interceptor(measured)
                .build()
                .getFromJson("x", String.class))
        .isEqualTo("a");
    assertThat(api().interceptor(unmeasured).build().getFromJson("x", String.class)).isEqualTo("a");

    assertThat(measured.options.get()).contains(options);
    assertThat(measured.measurement.get()).isPresent();
    assertThat(measured.wireBytesWhenOver.get(10, TimeUnit.SECONDS)).isEqualTo(body.length());
    assertThat(measured.measurement.get().orElseThrow().decodedBytes()).isEqualTo(body.length());
    assertThat(unmeasured.options.get()).contains(options);
    assertThat(unmeasured.measurement.get()).as("no listener, no JFR recording").isEmpty();
  }

  @Test
  void aPlainSendThroughADecoratedClientHasNoCallOptionsOrMeasurement() throws Exception {
    server.enqueue(json(200, "{}"));
    Inspecting inspecting = new Inspecting();

    HttpResponse<String> response =
        Interceptor.decorate(client, inspecting)
            .send(
                HttpRequest.newBuilder(LoopbackServer.uri(server, "/plain")).build(),
                HttpResponse.BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(inspecting.options.get()).isEmpty();
    assertThat(inspecting.measurement.get()).isEmpty();
  }

  /** Records the URI of each request as the call's options show it, written on public API alone. */
  private static final class Showing implements Interceptor {
    final List<String> shown = new java.util.concurrent.CopyOnWriteArrayList<>();

    private void show(HttpRequest request, Chain<?> chain) {
      shown.add(chain.options().orElse(JsonOptions.web()).redact(request.uri().toString()));
    }

    @Override
    public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
        throws IOException, InterruptedException {
      show(request, chain);
      return chain.forward(request);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
        HttpRequest request, Chain<T> chain) {
      show(request, chain);
      return chain.forwardAsync(request);
    }
  }

  @Test
  void anInterceptorShowsTheRequestUriAsTheCallsOptionsShowIt() throws Exception {
    server.enqueue(json(200, "\"a\""));
    server.enqueue(json(200, "\"a\""));
    server.enqueue(json(200, "\"a\""));
    Showing showing = new Showing();
    options = options.toBuilder().showQueryParameter("page").build();
    HttpJsonClient api = api().interceptor(showing).build();

    assertThat(api.getFromJson("items?page=2&token=s3cret#top", String.class)).isEqualTo("a");
    assertThat(
            api.getFromJsonAsync("items?page=3&token=s3cret", String.class)
                .get(10, TimeUnit.SECONDS))
        .isEqualTo("a");
    Interceptor.decorate(client, showing)
        .send(
            HttpRequest.newBuilder(LoopbackServer.uri(server, "/plain?page=4&token=s3cret"))
                .build(),
            HttpResponse.BodyHandlers.discarding());

    String base = LoopbackServer.uri(server, "/").toString();
    assertThat(showing.shown)
        .containsExactly(
            base + "v1/items?page=2&token=***",
            base + "v1/items?page=3&token=***",
            base + "plain?page=***&token=***");
  }

  @Test
  void anAsyncInterceptorWaitsOnTheChainsTimerAndGoesOnOffIt() throws Exception {
    server.enqueue(json(200, "\"a\""));
    AtomicReference<Thread> goesOnIn = new AtomicReference<>();
    AtomicReference<CompletableFuture<Void>> longWait = new AtomicReference<>();
    Interceptor waiting =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            return chain.forward(request);
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            longWait.set(chain.delay(Duration.ofHours(1)));
            return chain
                .delay(Duration.ofMillis(20))
                .thenCompose(
                    v -> {
                      goesOnIn.set(Thread.currentThread());
                      return chain.forwardAsync(request);
                    });
          }
        };
    Thread caller = Thread.currentThread();
    long start = System.nanoTime();

    HttpResponse<String> response =
        Interceptor.decorate(client, waiting)
            .sendAsync(
                HttpRequest.newBuilder(LoopbackServer.uri(server, "/x")).build(),
                HttpResponse.BodyHandlers.ofString())
            .get(10, TimeUnit.SECONDS);

    assertThat(response.body()).isEqualTo("\"a\"");
    assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(20));
    assertThat(goesOnIn.get()).isNotNull().isNotSameAs(caller);
    assertThat(goesOnIn.get().getName()).doesNotStartWith("httpjson-timeout");
    assertThat(longWait.get()).isNotDone();
    int pending = dev.httpjson.internal.DeadlineTimer.INSTANCE.pending();
    assertThat(longWait.get().cancel(false)).isTrue();
    assertThat(dev.httpjson.internal.DeadlineTimer.INSTANCE.pending())
        .as("a cancelled wait leaves nothing on the timer")
        .isLessThan(pending);
  }

  @Test
  void aResponseAnInterceptorDiscardsIsStillSeenByTheCallsListeners() throws Exception {
    server.enqueue(json(503, "{}"));
    server.enqueue(json(200, "\"a\""));
    List<Integer> statuses = new java.util.concurrent.CopyOnWriteArrayList<>();
    Interceptor again =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            java.util.concurrent.atomic.AtomicBoolean dropped =
                new java.util.concurrent.atomic.AtomicBoolean();
            HttpResponse<T> first =
                chain
                    .withBodyHandler(
                        info -> {
                          if (info.statusCode() == 503) {
                            dropped.set(true);
                            return chain.discard(info);
                          }
                          return chain.bodyHandler().apply(info);
                        })
                    .forward(request);
            return dropped.get() ? chain.forward(request) : first;
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return chain.forwardAsync(request);
          }
        };
    HttpJsonClient api =
        api()
            .listener(
                new CallListener() {
                  @Override
                  public void responseHeaders(Call call, int statusCode, long nanoTime) {
                    statuses.add(statusCode);
                  }
                })
            .interceptor(again)
            .build();

    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");

    assertThat(statuses).containsExactly(503, 200);
  }

  /** What an interceptor was told of the streams it forwarded ({@code whenStreamOver}). */
  private static final class StreamWatch implements Interceptor {
    static final Object NO_FAILURE = new Object();
    final java.util.concurrent.BlockingQueue<Boolean> watched =
        new java.util.concurrent.LinkedBlockingQueue<>();
    final java.util.concurrent.BlockingQueue<Object> over =
        new java.util.concurrent.LinkedBlockingQueue<>();

    private void watch(HttpResponse<?> response, Chain<?> chain) {
      watched.add(chain.whenStreamOver(response, f -> over.add(f == null ? NO_FAILURE : f)));
    }

    @Override
    public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
        throws IOException, InterruptedException {
      HttpResponse<T> response = chain.forward(request);
      watch(response, chain);
      return response;
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
        HttpRequest request, Chain<T> chain) {
      return chain
          .forwardAsync(request)
          .thenApply(
              r -> {
                watch(r, chain);
                return r;
              });
    }

    Object overWith() throws InterruptedException {
      Object f = over.poll(5, TimeUnit.SECONDS);
      assertThat(f).as("told within 5 s that the stream is over").isNotNull();
      return f;
    }
  }

  /**
   * An interceptor learns when the stream reading a body it forwarded is over, with the failure the
   * caller gets — also when the whole body arrived before the element found malformed — and that a
   * buffered call has no stream to wait for.
   */
  @Test
  void anInterceptorIsToldWhenTheStreamItForwardedIsOverAndWithWhichFailure() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(codecStreams());
    StreamWatch watch = new StreamWatch();
    HttpJsonClient api = api().interceptor(watch).build();
    String malformed = "[{\"displayName\":\"a\"},{\"displayName\":tru}]";

    server.enqueue(json(200, "{\"displayName\":\"a\"}"));
    assertThat(api.getFromJson("items", Named.class)).isEqualTo(new Named("a"));
    assertThat(watch.watched.poll(5, TimeUnit.SECONDS)).as("a buffered body").isFalse();

    server.enqueue(json(200, malformed));
    Throwable thrown;
    try (var s = api.getFromJsonAsStream("items", Named.class)) {
      received(server).take(5, TimeUnit.SECONDS);
      Thread.sleep(200); // the whole body has arrived
      assertThat(watch.over).as("not over while the stream reads").isEmpty();
      thrown = catchThrowable(s::count);
    }
    assertThat(watch.watched.poll(5, TimeUnit.SECONDS)).isTrue();
    assertThat(thrown.getCause()).isInstanceOf(JsonReadException.class);
    assertThat(watch.overWith()).isSameAs(thrown.getCause());

    server.enqueue(json(200, malformed));
    try (var s = api.getFromJsonAsStreamAsync("items", Named.class).get(5, TimeUnit.SECONDS)) {
      thrown = catchThrowable(s::count);
    }
    assertThat(watch.watched.poll(5, TimeUnit.SECONDS)).isTrue();
    assertThat(watch.overWith()).isSameAs(thrown.getCause());

    server.enqueue(json(200, malformed));
    try (var s = api.getFromJsonAsStream("items", Named.class)) {
      assertThat(s.iterator().next()).isEqualTo(new Named("a"));
    }
    assertThat(watch.watched.poll(5, TimeUnit.SECONDS)).isTrue();
    assertThat(watch.overWith()).as("closed early").isSameAs(StreamWatch.NO_FAILURE);

    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "text/event-stream")
            .body("data: {\"displayName\":\"a\"}\n\ndata: {\"displayName\":tru}\n\n")
            .build());
    try (var s = api.getFromJsonAsEvents("feed", Named.class)) {
      thrown = catchThrowable(s::count);
    }
    assertThat(watch.watched.poll(5, TimeUnit.SECONDS)).isTrue();
    assertThat(thrown.getCause()).isInstanceOf(JsonReadException.class);
    assertThat(watch.overWith()).isSameAs(thrown.getCause());
  }

  /**
   * A stream's idle timeout elapses on httpjson's timer, which never runs the caller's code: an
   * interceptor is told that the stream is over, with the timeout, on another thread — for an
   * element stream and for an event stream alike.
   */
  @Test
  void anIdleTimeoutTellsTheInterceptorThatTheStreamIsOverOffTheTimer() throws Exception {
    java.util.concurrent.BlockingQueue<String> toldOn =
        new java.util.concurrent.LinkedBlockingQueue<>();
    Interceptor watch =
        new Interceptor() {
          private void watch(HttpResponse<?> response, Chain<?> chain) {
            chain.whenStreamOver(
                response, f -> toldOn.add(Thread.currentThread().getName() + " told " + f));
          }

          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            HttpResponse<T> response = chain.forward(request);
            watch(response, chain);
            return response;
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return chain
                .forwardAsync(request)
                .thenApply(
                    r -> {
                      watch(r, chain);
                      return r;
                    });
          }
        };
    java.util.concurrent.CountDownLatch hold = new java.util.concurrent.CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              boolean events = head.contains("/feed");
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: "
                      + (events ? "text/event-stream" : "application/json")
                      + "\r\nTransfer-Encoding: chunked\r\n\r\n");
              RawServer.writeChunk(socket.getOutputStream(), events ? "data: a\n\n" : "[\"a\",");
              hold.await(10, TimeUnit.SECONDS); // then nothing
              socket.close();
            })) {
      HttpJsonClient api =
          HttpJsonClient.newBuilder(client)
              .baseUri(raw.uri("/v1/"))
              .options(
                  options.toBuilder().timeout(null).idleTimeout(Duration.ofMillis(200)).build())
              .interceptor(watch)
              .build();
      try {
        if (codecStreams()) {
          try (var s = api.getFromJsonAsStream("items", String.class)) {
            var it = s.iterator();
            assertThat(it.next()).isEqualTo("a");
            assertThatThrownBy(it::hasNext).hasCauseInstanceOf(CallTimeoutException.class);
          }
          assertThat(toldOn.poll(5, TimeUnit.SECONDS))
              .as("the element stream's end")
              .contains("JsonOptions.idleTimeout")
              .doesNotStartWith("httpjson-timeout");
        }
        try (var s = api.getFromJsonAsEvents("feed", String.class)) {
          var it = s.iterator();
          assertThat(it.next().data()).isEqualTo("a");
          assertThatThrownBy(it::hasNext).hasCauseInstanceOf(HttpTimeoutException.class);
        }
        assertThat(toldOn.poll(5, TimeUnit.SECONDS))
            .as("the event stream's end")
            .contains("JsonOptions.idleTimeout")
            .doesNotStartWith("httpjson-timeout");
      } finally {
        hold.countDown();
      }
    }
  }

  @Test
  void anInterceptorAddsAHeaderToEveryCallShape() throws Exception {
    HttpJsonClient api =
        api()
            .interceptor(mapping(r -> withHeader(r, "X-Request-Id", "r1")))
            .interceptor(
                mapping(
                    r ->
                        withHeader(
                            r, "X-Seen", r.headers().firstValue("X-Request-Id").orElse("none"))))
            .build();
    server.enqueue(json(200, "\"a\""));
    server.enqueue(json(200, "\"a\""));
    server.enqueue(json(200, codecStreams() ? "[\"a\"]" : "\"a\""));
    server.enqueue(json(200, "\"a\""));
    server.enqueue(json(200, "\"a\""));
    assertThat(api.getFromJson("items", String.class)).isEqualTo("a");
    assertThat(api.getFromJsonAsync("items", String.class).get(5, TimeUnit.SECONDS)).isEqualTo("a");
    if (codecStreams()) {
      try (var s = api.getFromJsonAsStream("items", String.class)) {
        assertThat(s.toList()).containsExactly("a");
      }
    } else {
      assertThat(api.getFromJson("items", String.class)).isEqualTo("a");
    }
    HttpRequest own = HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/items")).build();
    assertThat(api.exchange(own, String.class).body()).isEqualTo("a");
    assertThat(
            api.exchangeAsync(own, String.class)
                .thenApply(HttpResponse::body)
                .get(5, TimeUnit.SECONDS))
        .isEqualTo("a");
    for (int i = 0; i < 5; i++) {
      RecordedRequest r = received(server).take(5, TimeUnit.SECONDS);
      assertThat(r.getHeaders().get("X-Request-Id")).isEqualTo("r1");
      assertThat(r.getHeaders().get("X-Seen"))
          .as("the second interceptor runs after the first")
          .isEqualTo("r1");
    }
  }

  /**
   * A request interceptor is one function, and it runs on both paths: a blocking call, an async
   * call, and {@code sendAsync} on a decorated client, which takes the asynchronous path.
   */
  @Test
  void aRequestInterceptorWrittenOnceChangesTheRequestOnTheBlockingAndTheAsyncPath()
      throws Exception {
    java.util.concurrent.atomic.AtomicInteger count =
        new java.util.concurrent.atomic.AtomicInteger();
    Interceptor numbered =
        Interceptor.request(r -> withHeader(r, "X-Number", "" + count.incrementAndGet()));
    HttpJsonClient api = api().interceptor(numbered).build();
    HttpClient decorated = Interceptor.decorate(client, numbered);
    for (int i = 0; i < 4; i++) {
      server.enqueue(json(200, "\"a\""));
    }
    HttpRequest own = HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/items")).build();

    assertThat(api.getFromJson("items", String.class)).isEqualTo("a");
    assertThat(api.getFromJsonAsync("items", String.class).get(5, TimeUnit.SECONDS)).isEqualTo("a");
    assertThat(decorated.send(own, HttpResponse.BodyHandlers.ofString()).body()).isEqualTo("\"a\"");
    assertThat(
            decorated
                .sendAsync(own, HttpResponse.BodyHandlers.ofString())
                .get(5, TimeUnit.SECONDS)
                .body())
        .isEqualTo("\"a\"");

    for (int i = 1; i <= 4; i++) {
      RecordedRequest r = received(server).take(5, TimeUnit.SECONDS);
      assertThat(r.getHeaders().get("X-Number")).isEqualTo("" + i);
    }
  }

  @Test
  void whatARequestInterceptorThrowsFailsTheCallOnBothPathsAndNothingIsSent() throws Exception {
    IllegalStateException refused = new IllegalStateException("no signing key");
    Interceptor failing =
        Interceptor.request(
            r -> {
              throw refused;
            });
    HttpClient decorated = Interceptor.decorate(client, failing);
    HttpRequest own = HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/items")).build();

    assertThatThrownBy(() -> api().interceptor(failing).build().getFromJson("items", String.class))
        .isSameAs(refused);
    assertThatThrownBy(() -> decorated.send(own, HttpResponse.BodyHandlers.ofString()))
        .isSameAs(refused);
    assertThatThrownBy(
            () ->
                decorated
                    .sendAsync(own, HttpResponse.BodyHandlers.ofString())
                    .get(5, TimeUnit.SECONDS))
        .isInstanceOf(java.util.concurrent.ExecutionException.class)
        .hasCauseReference(refused);
    assertThatThrownBy(
            () ->
                Interceptor.decorate(client, Interceptor.request(r -> null))
                    .send(own, HttpResponse.BodyHandlers.discarding()))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("returned a null request");
    assertThat(server.getRequestCount()).isZero();
  }

  /**
   * A response interceptor is one function that sees each response, blocking and async, and what it
   * throws fails the call.
   */
  @Test
  void aResponseInterceptorWrittenOnceSeesTheResponseOnTheBlockingAndTheAsyncPath()
      throws Exception {
    List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    Interceptor watching =
        Interceptor.response(
            r -> seen.add(r.statusCode() + " " + r.headers().firstValue("X-Left").orElse("?")));
    HttpJsonClient api = api().interceptor(watching).build();
    HttpClient decorated = Interceptor.decorate(client, watching);
    for (int i = 4; i > 0; i--) {
      server.enqueue(json(200, "\"a\"").newBuilder().addHeader("X-Left", "" + i).build());
    }
    HttpRequest own = HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/items")).build();

    assertThat(api.getFromJson("items", String.class)).isEqualTo("a");
    assertThat(api.getFromJsonAsync("items", String.class).get(5, TimeUnit.SECONDS)).isEqualTo("a");
    assertThat(decorated.send(own, HttpResponse.BodyHandlers.ofString()).body()).isEqualTo("\"a\"");
    assertThat(
            decorated
                .sendAsync(own, HttpResponse.BodyHandlers.ofString())
                .get(5, TimeUnit.SECONDS)
                .body())
        .isEqualTo("\"a\"");

    assertThat(seen).containsExactly("200 4", "200 3", "200 2", "200 1");
  }

  @Test
  void whatAResponseInterceptorThrowsFailsTheCallOnBothPaths() throws Exception {
    IllegalStateException quota = new IllegalStateException("quota exhausted");
    Interceptor failing =
        Interceptor.response(
            r -> {
              if (r.headers().firstValue("X-Left").orElse("").equals("0")) {
                throw quota;
              }
            });
    HttpClient decorated = Interceptor.decorate(client, failing);
    for (int i = 0; i < 3; i++) {
      server.enqueue(json(200, "\"a\"").newBuilder().addHeader("X-Left", "0").build());
    }
    HttpRequest own = HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/items")).build();

    assertThatThrownBy(() -> api().interceptor(failing).build().getFromJson("items", String.class))
        .isSameAs(quota);
    assertThatThrownBy(() -> decorated.send(own, HttpResponse.BodyHandlers.ofString()))
        .isSameAs(quota);
    assertThatThrownBy(
            () ->
                decorated
                    .sendAsync(own, HttpResponse.BodyHandlers.ofString())
                    .get(5, TimeUnit.SECONDS))
        .isInstanceOf(java.util.concurrent.ExecutionException.class)
        .hasCauseReference(quota);
  }

  /**
   * A body that fails to decode fails the exchange inside the chain, blocking and async: an
   * interceptor (a span, a log line) sees the caller's {@link JsonReadException}, not a 200 that
   * went well.
   */
  @Test
  void anInterceptorSeesABodyThatFailsToDecodeAsItsForwardsFailure() throws Exception {
    java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    Interceptor watching =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            try {
              HttpResponse<T> response = chain.forward(request);
              seen.add("blocking " + response.statusCode());
              return response;
            } catch (IOException e) {
              seen.add("blocking " + e.getClass().getSimpleName());
              throw e;
            }
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return chain
                .forwardAsync(request)
                .whenComplete(
                    (r, e) ->
                        seen.add(
                            "async "
                                + (e == null
                                    ? String.valueOf(r.statusCode())
                                    : unwrapped(e).getClass().getSimpleName())));
          }
        };
    HttpJsonClient api = api().interceptor(watching).build();
    server.enqueue(json(200, "\"a"));
    server.enqueue(json(200, "\"a"));
    server.enqueue(json(200, "\"b\""));

    assertThatThrownBy(() -> api.getFromJson("items", String.class))
        .isInstanceOf(JsonReadException.class);
    assertThatThrownBy(() -> api.getFromJsonAsync("items", String.class).get(5, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(JsonReadException.class);
    assertThat(api.getFromJson("items", String.class)).isEqualTo("b");

    // The async call runs the blocking chain on a lane, or the asynchronous one when none is free.
    assertThat(seen).hasSize(3);
    assertThat(seen.get(0)).isEqualTo("blocking JsonReadException");
    assertThat(seen.get(1)).endsWith(" JsonReadException");
    assertThat(seen.get(2)).isEqualTo("blocking 200");
  }

  private static Throwable unwrapped(Throwable t) {
    while (t instanceof java.util.concurrent.CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  @Test
  void aDecoratedClientRunsTheChainForStaticCallsAndPlainSend() throws Exception {
    HttpClient decorated =
        Interceptor.decorate(client, mapping(r -> withHeader(r, "X-Via", "chain")));
    server.enqueue(json(200, "\"one\""));
    server.enqueue(json(200, "\"two\""));
    server.enqueue(json(200, "\"three\""));
    URI uri = LoopbackServer.uri(server, "/x");
    assertThat(HttpJson.getFromJson(decorated, uri, JsonType.of(String.class, options)))
        .isEqualTo("one");
    HttpRequest request = HttpRequest.newBuilder(uri).build();
    assertThat(decorated.send(request, HttpResponse.BodyHandlers.ofString()).body())
        .isEqualTo("\"two\"");
    assertThat(
            decorated
                .sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .get(5, TimeUnit.SECONDS)
                .body())
        .isEqualTo("\"three\"");
    for (int i = 0; i < 3; i++) {
      assertThat(received(server).take(5, TimeUnit.SECONDS).getHeaders().get("X-Via"))
          .isEqualTo("chain");
    }
    assertThat(Interceptor.decorate(client)).isSameAs(client);
  }

  @Test
  void aStatusFailureReadThroughJsonBodyHandlersOnADecoratedClientNamesTheRequest()
      throws Exception {
    URI uri = LoopbackServer.uri(server, "/tools/missing?key=s3cret");
    String shown = "GET " + LoopbackServer.uri(server, "/tools/missing") + "?key=***";
    HttpRequest request = HttpRequest.newBuilder(uri).build();
    String problem = "{\"title\":\"Gone\",\"detail\":\"tool retired\"}";
    MockResponse gone =
        new MockResponse.Builder()
            .code(410)
            .addHeader("Content-Type", "application/problem+json")
            .addHeader("X-Trace", "t1")
            .body(problem)
            .build();
    // The plain client's failure, which cannot know the request: the same but for the naming.
    server.enqueue(gone);
    Throwable plain =
        org.assertj.core.api.Assertions.catchThrowable(
            () -> client.send(request, JsonBodyHandlers.of(JsonType.of(Named.class, options))));
    assertThat(plain).isInstanceOf(IOException.class).cause().hasMessageStartingWith("HTTP 410: ");
    HttpJsonStatusException unnamed = (HttpJsonStatusException) plain.getCause();
    java.util.function.Consumer<HttpJsonStatusException> namesIt =
        e -> {
          assertThat(e.getMessage())
              .isEqualTo(
                  "HTTP 410 from " + shown + unnamed.getMessage().substring("HTTP 410".length()))
              .doesNotContain("s3cret");
          assertThat(e.statusCode()).isEqualTo(410);
          assertThat(e.method()).isEqualTo("GET");
          assertThat(e.uri()).isEqualTo(uri);
          assertThat(e.headers().firstValue("X-Trace")).hasValue("t1");
          assertThat(e.body()).isEqualTo(problem);
          assertThat(e.problem()).isEqualTo(unnamed.problem());
        };
    List<HttpClient> decorated =
        List.of(
            Interceptor.decorate(client, mapping(r -> r)),
            CallListener.decorate(client, new CallListener() {}));
    for (HttpClient c : decorated) {
      server.enqueue(gone);
      assertThatThrownBy(
              () -> c.send(request, JsonBodyHandlers.of(JsonType.of(Named.class, options))))
          .isInstanceOfSatisfying(HttpJsonStatusException.class, namesIt);
      server.enqueue(gone);
      assertThatThrownBy(
              () ->
                  c.sendAsync(request, JsonBodyHandlers.of(JsonType.of(Named.class, options)))
                      .get(5, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .cause()
          .isInstanceOfSatisfying(HttpJsonStatusException.class, namesIt);
      if (codecStreams()) {
        server.enqueue(gone);
        assertThatThrownBy(
                () -> c.send(request, JsonBodyHandlers.ofStream(JsonType.of(Named.class, options))))
            .isInstanceOfSatisfying(HttpJsonStatusException.class, namesIt);
      }
    }
  }

  /** A response made without the network, read by the call's own body handler. */
  public static <T> HttpResponse<T> respond(
      HttpRequest request, Interceptor.Chain<T> chain, int status, String json) {
    HttpHeaders headers =
        HttpHeaders.of(Map.of("Content-Type", List.of("application/json")), (a, b) -> true);
    BodySubscriber<T> subscriber =
        chain
            .bodyHandler()
            .apply(
                new HttpResponse.ResponseInfo() {
                  @Override
                  public int statusCode() {
                    return status;
                  }

                  @Override
                  public HttpHeaders headers() {
                    return headers;
                  }

                  @Override
                  public HttpClient.Version version() {
                    return HttpClient.Version.HTTP_1_1;
                  }
                });
    subscriber.onSubscribe(
        new Flow.Subscription() {
          boolean sent;

          @Override
          public synchronized void request(long n) {
            if (!sent) {
              sent = true;
              subscriber.onNext(List.of(ByteBuffer.wrap(json.getBytes(StandardCharsets.UTF_8))));
              subscriber.onComplete();
            }
          }

          @Override
          public void cancel() {}
        });
    T body;
    try {
      body = subscriber.getBody().toCompletableFuture().get(5, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    return new HttpResponse<>() {
      @Override
      public int statusCode() {
        return status;
      }

      @Override
      public HttpRequest request() {
        return request;
      }

      @Override
      public Optional<HttpResponse<T>> previousResponse() {
        return Optional.empty();
      }

      @Override
      public HttpHeaders headers() {
        return headers;
      }

      @Override
      public T body() {
        return body;
      }

      @Override
      public Optional<SSLSession> sslSession() {
        return Optional.empty();
      }

      @Override
      public URI uri() {
        return request.uri();
      }

      @Override
      public HttpClient.Version version() {
        return HttpClient.Version.HTTP_1_1;
      }
    };
  }

  /** A caller's state in a thread local, as a tracing context or a logging MDC keeps it. */
  private static final ThreadLocal<String> CALLER = new ThreadLocal<>();

  /**
   * Sends the current thread's {@link #CALLER} as {@code X-Caller}; snapshots it for async calls.
   */
  private static final class CallerInterceptor implements Interceptor {
    final AtomicInteger snapshots = new AtomicInteger();
    final AtomicInteger open = new AtomicInteger();

    @Override
    public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
        throws IOException, InterruptedException {
      return chain.forward(withCaller(request));
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
        HttpRequest request, Chain<T> chain) {
      return chain.forwardAsync(withCaller(request));
    }

    private static HttpRequest withCaller(HttpRequest request) {
      String caller = CALLER.get();
      return withHeader(request, "X-Caller", caller == null ? "none" : caller);
    }

    @Override
    public Snapshot snapshot() {
      snapshots.incrementAndGet();
      String caller = CALLER.get();
      return () -> {
        String before = CALLER.get();
        CALLER.set(caller);
        open.incrementAndGet();
        return () -> {
          CALLER.set(before);
          open.decrementAndGet();
        };
      };
    }
  }

  @Test
  void whatAnInterceptorSnapshotsOnTheCallersThreadIsRestoredWhereAnAsyncCallRuns()
      throws Exception {
    CallerInterceptor interceptor = new CallerInterceptor();
    HttpJsonClient api = api().interceptor(interceptor).build();
    for (int i = 0; i < 3; i++) {
      server.enqueue(json(200, "\"a\""));
    }
    CALLER.set("alice");
    try {
      assertThat(api.getFromJsonAsync("items", String.class).get(5, TimeUnit.SECONDS))
          .isEqualTo("a");
      assertThat(received(server).take().getHeaders().get("X-Caller")).isEqualTo("alice");
      int asyncSnapshots = interceptor.snapshots.get();
      assertThat(asyncSnapshots).isEqualTo(1);

      assertThat(api.getFromJson("items", String.class)).isEqualTo("a");
      assertThat(received(server).take().getHeaders().get("X-Caller")).isEqualTo("alice");
      assertThat(interceptor.snapshots.get())
          .as("a blocking call runs on the caller's thread and takes no snapshot")
          .isEqualTo(asyncSnapshots);
    } finally {
      CALLER.remove();
    }
    // Restored state is taken off again: a later call from a thread without one carries none.
    assertThat(api.getFromJsonAsync("items", String.class).get(5, TimeUnit.SECONDS)).isEqualTo("a");
    assertThat(received(server).take().getHeaders().get("X-Caller")).isEqualTo("none");
    assertThat(interceptor.open.get()).as("every restore closed").isZero();
  }

  @Test
  void aSnapshotThatFailsDoesNotFailTheCall() throws Exception {
    Interceptor throwsOnSnapshot =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            return chain.forward(request);
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return chain.forwardAsync(request);
          }

          @Override
          public Snapshot snapshot() {
            throw new IllegalStateException("no context here");
          }
        };
    Interceptor throwsOnRestore =
        mappingWithSnapshot(
            () -> {
              throw new IllegalStateException("cannot restore");
            });
    Interceptor throwsOnClose =
        mappingWithSnapshot(
            () ->
                () -> {
                  throw new IOException("cannot close");
                });
    HttpJsonClient api =
        api()
            .interceptor(throwsOnSnapshot)
            .interceptor(throwsOnRestore)
            .interceptor(throwsOnClose)
            .build();
    server.enqueue(json(200, "\"a\""));

    assertThat(api.getFromJsonAsync("items", String.class).get(5, TimeUnit.SECONDS)).isEqualTo("a");
  }

  private static Interceptor mappingWithSnapshot(Interceptor.Snapshot snapshot) {
    Interceptor forward = mapping(UnaryOperator.identity());
    return new Interceptor() {
      @Override
      public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
          throws IOException, InterruptedException {
        return forward.intercept(request, chain);
      }

      @Override
      public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
          HttpRequest request, Chain<T> chain) {
        return forward.interceptAsync(request, chain);
      }

      @Override
      public Snapshot snapshot() {
        return snapshot;
      }
    };
  }

  @Test
  void anInterceptorAnswersWithoutForwarding() throws Exception {
    Interceptor cache =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain) {
            return respond(request, chain, 200, "\"cached\"");
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return CompletableFuture.completedFuture(respond(request, chain, 200, "\"cached\""));
          }
        };
    HttpJsonClient api = api().interceptor(cache).build();
    assertThat(api.getFromJson("x", String.class)).isEqualTo("cached");
    assertThat(api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS))
        .isEqualTo("cached");
    assertThat(received(server).count()).isZero();
  }

  @Test
  void anInterceptorForwardsTwiceAndTheJsonBodyIsSentBothTimes() throws Exception {
    Interceptor twice =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            chain.withBodyHandler(HttpResponse.BodyHandlers.discarding()).forward(request);
            return chain.forward(request);
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return chain
                .withBodyHandler(HttpResponse.BodyHandlers.discarding())
                .forwardAsync(request)
                .thenCompose(first -> chain.forwardAsync(request));
          }
        };
    HttpJsonClient api = api().interceptor(twice).build();
    server.enqueue(json(200, "\"first\""));
    server.enqueue(json(200, "\"second\""));
    server.enqueue(json(200, "\"third\""));
    server.enqueue(json(200, "\"fourth\""));
    assertThat(api.postAsJson("x", "v", String.class)).isEqualTo("second");
    assertThat(api.postAsJsonAsync("x", "w", String.class).get(5, TimeUnit.SECONDS))
        .isEqualTo("fourth");
    String[] bodies = new String[4];
    for (int i = 0; i < 4; i++) {
      bodies[i] = received(server).take(5, TimeUnit.SECONDS).getBody().utf8();
    }
    assertThat(bodies).containsExactly("\"v\"", "\"v\"", "\"w\"", "\"w\"");
  }

  @Test
  void anInterceptorThatForwardsTwiceGetsEachResponseWithItsOwnBody() throws Exception {
    // A shadow call after the real one: the value returned belongs to the response returned.
    Interceptor shadow =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            HttpResponse<T> primary = chain.forward(request);
            chain.forward(
                HttpRequest.newBuilder(request, (n, v) -> true)
                    .uri(request.uri().resolve("/shadow"))
                    .build());
            return primary;
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return chain
                .forwardAsync(request)
                .thenCompose(
                    primary ->
                        chain
                            .forwardAsync(
                                HttpRequest.newBuilder(request, (n, v) -> true)
                                    .uri(request.uri().resolve("/shadow"))
                                    .build())
                            .thenApply(ignored -> primary));
          }
        };
    HttpJsonClient api = api().interceptor(shadow).build();
    for (int i = 0; i < 4; i++) {
      server.enqueue(json(200, "\"primary\"").newBuilder().addHeader("X-From", "primary").build());
      server.enqueue(json(200, "\"shadow\"").newBuilder().addHeader("X-From", "shadow").build());
    }
    assertThat(api.getFromJson("x", String.class)).isEqualTo("primary");
    assertThat(api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS))
        .isEqualTo("primary");
    HttpRequest request = HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/x")).build();
    HttpResponse<String> response = api.exchange(request, String.class);
    assertThat(response.headers().firstValue("X-From")).hasValue("primary");
    assertThat(response.body()).isEqualTo("primary");
    HttpResponse<String> async = api.exchangeAsync(request, String.class).get(5, TimeUnit.SECONDS);
    assertThat(async.headers().firstValue("X-From")).hasValue("primary");
    assertThat(async.body()).isEqualTo("primary");
  }

  @Test
  void anInterceptorReplacesTheResponse() throws Exception {
    Interceptor replace =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            HttpResponse<Void> seen =
                chain.withBodyHandler(i -> BodySubscribers.<Void>replacing(null)).forward(request);
            return respond(request, chain, 200, "\"replaced " + seen.statusCode() + "\"");
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return chain
                .withBodyHandler(i -> BodySubscribers.<Void>replacing(null))
                .forwardAsync(request)
                .thenApply(
                    seen -> respond(request, chain, 200, "\"replaced " + seen.statusCode() + "\""));
          }
        };
    HttpJsonClient api = api().interceptor(replace).build();
    server.enqueue(json(500, "{\"error\":1}"));
    server.enqueue(json(500, "{\"error\":1}"));
    assertThat(api.getFromJson("x", String.class)).isEqualTo("replaced 500");
    assertThat(api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS))
        .isEqualTo("replaced 500");
  }

  @Test
  void theCallFailsWithWhatAnInterceptorThrows() throws Exception {
    IllegalStateException boom = new IllegalStateException("boom");
    IOException ioBoom = new IOException("io boom");
    AtomicReference<Exception> which = new AtomicReference<>(boom);
    Interceptor throwing =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException {
            chain.withBodyHandler(HttpResponse.BodyHandlers.ofString());
            Exception e = which.get();
            if (e instanceof IOException) {
              throw (IOException) e;
            }
            throw (RuntimeException) e;
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            Exception e = which.get();
            if (e instanceof RuntimeException) {
              throw (RuntimeException) e; // a broken interceptor: the future still fails
            }
            return CompletableFuture.failedFuture(e);
          }
        };
    HttpJsonClient api = api().interceptor(throwing).build();
    ResourceCounts baseline = ResourceCounts.now();
    assertThatThrownBy(() -> api.getFromJson("x", String.class)).isSameAs(boom);
    assertThatThrownBy(() -> api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isSameAs(boom);
    which.set(ioBoom);
    assertThatThrownBy(() -> api.getFromJson("x", String.class)).isSameAs(ioBoom);
    assertThatThrownBy(() -> api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS))
        .cause()
        .isSameAs(ioBoom);
    assertThat(received(server).count()).isZero();
    ResourceCounts.assertBackTo(baseline);
  }

  /** A POST body read from one {@code InputStream}: its publisher publishes it once. */
  private HttpRequest.Builder oneShotPost(String path) {
    java.io.InputStream once =
        new java.io.ByteArrayInputStream("payload".getBytes(StandardCharsets.UTF_8));
    return HttpRequest.newBuilder(LoopbackServer.uri(server, path))
        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> once));
  }

  /** The request the server got first, whole, and none after it that it took as whole. */
  private void receivedOnlyTheFirstWholeBody() throws InterruptedException {
    RecordedRequest first = received(server).take(5, TimeUnit.SECONDS);
    assertThat(first.getBody().utf8()).isEqualTo("payload");
    RecordedRequest second = received(server).take(200, TimeUnit.MILLISECONDS);
    if (second != null) {
      assertThat(second.getFailure()).as("a body cut short is not a request").isNotNull();
    }
  }

  @Test
  void aRetriedPostWhoseBodyCannotBePublishedAgainFailsInsteadOfSendingAnEmptyBody()
      throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build();
    server.enqueue(status(503, "0"));
    server.enqueue(json(200, "\"ok\""));
    HttpRequest request = oneShotPost("/v1/orders").header("Idempotency-Key", "k1").build();

    Throwable failure = catchThrowable(() -> api.exchange(request, String.class));

    assertThat(failure)
        .isInstanceOf(dev.httpjson.HttpJsonException.class)
        .hasMessageContaining("POST " + LoopbackServer.uri(server, "/v1/orders"))
        .hasMessageContaining("the request body cannot be sent again")
        .hasMessageContaining("7 bytes when first sent and 0 now");
    receivedOnlyTheFirstWholeBody();
  }

  @Test
  void anAsyncRetriedPostWhoseBodyCannotBePublishedAgainFailsInsteadOfSendingAnEmptyBody()
      throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build();
    server.enqueue(status(503, "0"));
    server.enqueue(json(200, "\"ok\""));
    HttpRequest request = oneShotPost("/v1/orders").header("Idempotency-Key", "k1").build();

    Throwable failure =
        catchThrowable(() -> api.exchangeAsync(request, String.class).get(10, TimeUnit.SECONDS));

    assertThat(failure).isInstanceOf(ExecutionException.class);
    assertThat(failure.getCause())
        .isInstanceOf(dev.httpjson.HttpJsonException.class)
        .hasMessageContaining("the request body cannot be sent again");
    receivedOnlyTheFirstWholeBody();
  }

  @Test
  void a307WhoseBodyCannotBePublishedAgainFailsInsteadOfSendingAnEmptyBody() throws Exception {
    HttpJsonClient api = api().followRedirects(HttpClient.Redirect.NORMAL).build();
    server.enqueue(new MockResponse.Builder().code(307).addHeader("Location", "/v1/b").build());
    server.enqueue(json(200, "\"ok\""));

    Throwable failure =
        catchThrowable(() -> api.exchange(oneShotPost("/v1/a").build(), String.class));

    assertThat(failure)
        .isInstanceOf(dev.httpjson.HttpJsonException.class)
        .hasMessageContaining("the request body cannot be sent again");
    receivedOnlyTheFirstWholeBody();
  }

  /**
   * A hand-built body that publishes other bytes when it is sent again (here only its last byte
   * differs, far past its first bytes, at the same length) is not sent as the retried request: the
   * attempt fails before its request is complete.
   */
  @Test
  void aRetriedBodyWhoseBytesDifferPastItsStartFailsInsteadOfSendingTheChangedBody()
      throws Exception {
    retriedBodyThatChanges(1000);
  }

  /** As above, for a body of no declared length (sent chunked). */
  @Test
  void aRetriedChunkedBodyWhoseBytesDifferPastItsStartFailsInsteadOfSendingTheChangedBody()
      throws Exception {
    retriedBodyThatChanges(-1);
  }

  private void retriedBodyThatChanges(long declared) throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build();
    server.enqueue(status(503, "0"));
    server.enqueue(json(200, "\"ok\""));
    AtomicInteger sends = new AtomicInteger();
    HttpRequest.BodyPublisher changing =
        new HttpRequest.BodyPublisher() {
          @Override
          public long contentLength() {
            return declared;
          }

          @Override
          public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
            String body = "x".repeat(999) + sends.incrementAndGet();
            HttpRequest.BodyPublishers.ofString(body).subscribe(subscriber);
          }
        };
    HttpRequest request =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/orders"))
            .header("Idempotency-Key", "k1")
            .POST(changing)
            .build();

    Throwable failure = catchThrowable(() -> api.exchange(request, String.class));

    assertThat(failure)
        .isInstanceOf(dev.httpjson.HttpJsonException.class)
        .hasMessageContaining("POST " + LoopbackServer.uri(server, "/v1/orders"))
        .hasMessageContaining("the request body cannot be sent again")
        .hasMessageContaining("published other bytes when sent again");
    RecordedRequest first = received(server).take(5, TimeUnit.SECONDS);
    assertThat(first.getBody().utf8()).isEqualTo("x".repeat(999) + "1");
    RecordedRequest second = received(server).take(200, TimeUnit.MILLISECONDS);
    if (second != null) {
      assertThat(second.getFailure()).as("a body cut short is not a request").isNotNull();
    }
  }

  /** How a caller's own body publisher fails, by itself: no network is involved. */
  private enum BodyFailure {
    THROWS_IN_SUBSCRIBE,
    THROWS_IN_REQUEST,
    SIGNALS_ON_ERROR
  }

  /** A body publisher that fails as {@code how} says with {@code boom}, counting subscriptions. */
  private static HttpRequest.BodyPublisher failingBody(
      BodyFailure how, RuntimeException boom, AtomicInteger subscriptions) {
    return new HttpRequest.BodyPublisher() {
      @Override
      public long contentLength() {
        return -1;
      }

      @Override
      public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
        subscriptions.incrementAndGet();
        if (how == BodyFailure.THROWS_IN_SUBSCRIBE) {
          throw boom;
        }
        subscriber.onSubscribe(
            new Flow.Subscription() {
              private boolean over;

              @Override
              public void request(long n) {
                if (over) {
                  return;
                }
                over = true;
                if (how == BodyFailure.THROWS_IN_REQUEST) {
                  throw boom;
                }
                subscriber.onError(boom);
              }

              @Override
              public void cancel() {
                over = true;
              }
            });
      }
    };
  }

  /**
   * A caller's body publisher that fails by itself (it throws, or signals a failure of its own) is
   * the caller's failure, not the network's: it is not retried, whatever the request's idempotency,
   * and the caller gets it as the cause, blocking and async alike.
   */
  @Test
  void aBodyPublisherThatFailsByItselfIsNotRetriedAndIsTheCause() throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build();
    for (BodyFailure how : BodyFailure.values()) {
      for (boolean async : new boolean[] {false, true}) {
        IllegalStateException boom = new IllegalStateException("the caller's body broke");
        AtomicInteger subscriptions = new AtomicInteger();
        HttpRequest request =
            HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/orders"))
                .header("Idempotency-Key", "k1")
                .PUT(failingBody(how, boom, subscriptions))
                .build();

        Throwable failure =
            async
                ? catchThrowable(
                    () -> api.exchangeAsync(request, String.class).get(10, TimeUnit.SECONDS))
                : catchThrowable(() -> api.exchange(request, String.class));
        if (async) {
          assertThat(failure).as("%s async", how).isInstanceOf(ExecutionException.class);
          failure = failure.getCause();
        }

        assertThat(failure).as("%s async=%s", how, async).isInstanceOf(IOException.class);
        assertThat(failure.getCause()).as("%s async=%s", how, async).isSameAs(boom);
        assertThat(subscriptions.get()).as("%s async=%s: not retried", how, async).isEqualTo(1);
      }
    }
    RecordedRequest got = received(server).take(200, TimeUnit.MILLISECONDS);
    while (got != null) {
      assertThat(got.getFailure()).as("no request with a body completed").isNotNull();
      got = received(server).take(200, TimeUnit.MILLISECONDS);
    }
  }

  /** The same for a sequence body whose source (the caller's {@code Iterable}) fails. */
  @Test
  void aSequenceBodyWhoseSourceFailsIsNotRetriedAndItsFailureIsTheCause() throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build();
    for (boolean async : new boolean[] {false, true}) {
      IllegalStateException boom = new IllegalStateException("the rows could not be read");
      AtomicInteger passes = new AtomicInteger();
      Iterable<String> rows =
          () -> {
            passes.incrementAndGet();
            return new java.util.Iterator<String>() {
              private int n;

              @Override
              public boolean hasNext() {
                return true;
              }

              @Override
              public String next() {
                if (n++ == 3) {
                  throw boom;
                }
                return "row";
              }
            };
          };
      HttpRequest request =
          dev.httpjson.JsonSequenceContent.ofNdjson(rows, JsonType.of(String.class, options))
              .requestBuilder("PUT", LoopbackServer.uri(server, "/v1/rows"))
              .build();

      Throwable failure =
          async
              ? catchThrowable(
                  () -> api.exchangeAsync(request, String.class).get(10, TimeUnit.SECONDS))
              : catchThrowable(() -> api.exchange(request, String.class));
      if (async) {
        assertThat(failure).isInstanceOf(ExecutionException.class);
        failure = failure.getCause();
      }

      assertThat(failure).as("async=%s", async).isInstanceOf(IOException.class);
      assertThat(failure.getCause()).as("async=%s", async).isSameAs(boom);
      assertThat(passes.get()).as("async=%s: not retried", async).isEqualTo(1);
    }
    RecordedRequest got = received(server).take(200, TimeUnit.MILLISECONDS);
    while (got != null) {
      assertThat(got.getFailure()).as("no request with a body completed").isNotNull();
      got = received(server).take(200, TimeUnit.MILLISECONDS);
    }
  }

  @Test
  void aHandBuiltBodyThatPublishesAgainIsRetriedAndRedirectedWhole() throws Exception {
    HttpJsonClient api =
        api().followRedirects(HttpClient.Redirect.NORMAL).interceptor(fastRetry(3)).build();
    server.enqueue(new MockResponse.Builder().code(307).addHeader("Location", "/v1/b").build());
    server.enqueue(status(503, "0"));
    server.enqueue(json(200, "\"ok\""));
    HttpRequest request =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/a"))
            .header("Idempotency-Key", "k1")
            .POST(HttpRequest.BodyPublishers.ofString("payload"))
            .build();

    assertThat(api.exchangeAsync(request, String.class).get(10, TimeUnit.SECONDS).body())
        .isEqualTo("ok");
    for (String target : List.of("/v1/a", "/v1/b", "/v1/b")) {
      RecordedRequest r = received(server).take(5, TimeUnit.SECONDS);
      assertThat(r.getTarget()).isEqualTo(target);
      assertThat(r.getBody().utf8()).isEqualTo("payload");
    }
  }

  // ---- retries ----------------------------------------------------------------------------------

  private static RetryInterceptor fastRetry(int attempts) {
    return RetryInterceptor.newBuilder()
        .maxAttempts(attempts)
        .backoff(Duration.ZERO, Duration.ofSeconds(60))
        .build();
  }

  private static MockResponse status(int code, String retryAfter) {
    MockResponse.Builder b =
        new MockResponse.Builder()
            .code(code)
            .addHeader("Content-Type", "application/json")
            .body("{\"e\":1}");
    if (retryAfter != null) {
      b.addHeader("Retry-After", retryAfter);
    }
    return b.build();
  }

  @Test
  void a429WithRetryAfterInSecondsIsRetriedAfterThatLong() throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build();
    server.enqueue(status(429, "1"));
    server.enqueue(json(200, "\"ok\""));
    long start = System.nanoTime();
    assertThat(api.getFromJson("x", String.class)).isEqualTo("ok");
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(Duration.ofMillis(900));
    assertThat(received(server).count()).isEqualTo(2);

    server.enqueue(status(429, "1"));
    server.enqueue(json(200, "\"ok async\""));
    assertThat(api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS))
        .isEqualTo("ok async");
    assertThat(received(server).count()).isEqualTo(4);
  }

  @Test
  void aBackoffCapOfForeverMeansNoCap() throws Exception {
    HttpJsonClient api =
        api()
            .interceptor(
                RetryInterceptor.newBuilder()
                    .maxAttempts(3)
                    .backoff(
                        Duration.ofMillis(1), java.time.temporal.ChronoUnit.FOREVER.getDuration())
                    .build())
            .build();
    server.enqueue(status(503, null));
    server.enqueue(status(429, "0"));
    server.enqueue(json(200, "\"ok\""));
    server.enqueue(status(503, null));
    server.enqueue(status(429, "0"));
    server.enqueue(json(200, "\"ok async\""));

    assertThat(api.getFromJson("x", String.class)).isEqualTo("ok");
    assertThat(api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS))
        .isEqualTo("ok async");
    assertThat(received(server).count()).isEqualTo(6);
  }

  @Test
  void retryAfterAsAnHttpDateIsHonoured() throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build();
    String date =
        DateTimeFormatter.RFC_1123_DATE_TIME.format(
            ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(2));
    server.enqueue(status(503, date));
    server.enqueue(json(200, "\"ok\""));
    long start = System.nanoTime();
    assertThat(api.getFromJson("x", String.class)).isEqualTo("ok");
    // The date has whole seconds: the wait is between one and two seconds.
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(Duration.ofMillis(900));
    assertThat(received(server).count()).isEqualTo(2);
  }

  /**
   * A response dropped to retry it is read to its end only when that end comes soon: a body that
   * goes on and on (or never ends) is cut, and its connection closed, rather than drained until the
   * call's timeout.
   */
  @Test
  void aRetriedResponseWhoseBodyNeverEndsIsDroppedWithoutWaitingForItsEnd() throws Exception {
    AtomicInteger connections = new AtomicInteger();
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              if (connections.incrementAndGet() % 2 == 1) {
                RawServer.write(
                    socket,
                    "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 0\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n");
                String kilobyte = "x".repeat(1024);
                try {
                  for (int i = 0; i < 100_000; i++) { // 20 s and more: longer than the call
                    RawServer.writeChunk(socket.getOutputStream(), kilobyte);
                    Thread.sleep(2);
                  }
                } catch (IOException closed) {
                  return; // the client cut it
                }
              }
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4\r\n"
                      + "Connection: close\r\n\r\n\"ok\"");
              socket.close();
            })) {
      HttpJsonClient api =
          HttpJsonClient.newBuilder(client)
              .baseUri(raw.uri("/"))
              .options(options.toBuilder().timeout(Duration.ofSeconds(20)).build())
              .interceptor(fastRetry(2))
              .build();

      org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
          Duration.ofSeconds(10),
          () -> {
            assertThat(api.getFromJson("x", String.class)).isEqualTo("ok");
            assertThat(api.getFromJsonAsync("y", String.class).get(10, TimeUnit.SECONDS))
                .isEqualTo("ok");
          });
      assertThat(connections).hasValue(4);
    }
  }

  @Test
  void the503OfTheLastAttemptIsTheFailureWithTheAttemptCount() throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build();
    for (int i = 0; i < 6; i++) {
      server.enqueue(status(503, null));
    }
    assertThatThrownBy(() -> api.getFromJson("x", String.class))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class, e -> assertThat(e.statusCode()).isEqualTo(503))
        .hasMessageStartingWith("HTTP 503 from GET")
        .hasMessageEndingWith("(3 attempts)");
    assertThat(received(server).count()).isEqualTo(3);
    assertThatThrownBy(() -> api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(HttpJsonStatusException.class)
        .hasMessageEndingWith("(3 attempts)");
    assertThat(received(server).count()).isEqualTo(6);
  }

  /**
   * An API that answers 403 for a rate limit says so with {@code Retry-After}; a 403 without one is
   * a refusal that no later attempt changes. So a status other than those that mean "later" by
   * themselves is retried only with a {@code Retry-After}, while 503 keeps its rule.
   */
  @Test
  void a403InTheStatusesIsRetriedOnlyWhenItCarriesRetryAfter() throws Exception {
    HttpJsonClient api =
        api()
            .options(options.toBuilder().timeout(Duration.ofSeconds(5)).build())
            .interceptor(
                RetryInterceptor.newBuilder()
                    .maxAttempts(3)
                    .backoff(Duration.ZERO, Duration.ofSeconds(60))
                    .statuses(403, 429, 503)
                    .build())
            .build();

    server.enqueue(status(403, null));
    assertThatThrownBy(() -> api.getFromJson("x", String.class))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(403);
              assertThat(e.getSuppressed())
                  .extracting(Throwable::getMessage)
                  .containsExactly("not retried: HTTP 403 without Retry-After");
            });
    assertThat(received(server).count()).isEqualTo(1);

    server.enqueue(status(403, null));
    assertThatThrownBy(() -> api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(HttpJsonStatusException.class);
    assertThat(received(server).count()).isEqualTo(2);

    server.enqueue(status(403, "0"));
    server.enqueue(json(200, "\"ok\""));
    assertThat(api.getFromJson("x", String.class)).isEqualTo("ok");
    assertThat(received(server).count()).isEqualTo(4);

    server.enqueue(status(503, null));
    server.enqueue(json(200, "\"ok\""));
    assertThat(api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS)).isEqualTo("ok");
    assertThat(received(server).count()).isEqualTo(6);
  }

  @Test
  void aPostIsNotRetried() throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build();
    // No Retry-After: OkHttp itself repeats a GET on a 503 with "Retry-After: 0" (not a POST).
    server.enqueue(status(503, null));
    server.enqueue(json(200, "\"ok\""));
    assertThatThrownBy(() -> api.postAsJson("x", "v", String.class))
        .isInstanceOf(HttpJsonStatusException.class)
        .hasMessageNotContaining("attempts");
    assertThat(received(server).count()).isEqualTo(1);
  }

  @Test
  void aPostWithAnIdempotencyKeyIsRetriedWithItsBody() throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build();
    server.enqueue(status(503, "0"));
    server.enqueue(json(200, "\"ok\""));
    assertThat(api.withHeader("Idempotency-Key", "k1").postAsJson("x", "v", String.class))
        .isEqualTo("ok");
    for (int i = 0; i < 2; i++) {
      RecordedRequest r = received(server).take(5, TimeUnit.SECONDS);
      assertThat(r.getBody().utf8()).isEqualTo("\"v\"");
      assertThat(r.getHeaders().get("Idempotency-Key")).isEqualTo("k1");
    }
  }

  @Test
  void aQueryFromTheClientIsResolvedAgainstTheBaseAndRetriedWithItsBody() throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build();
    server.enqueue(status(503, null));
    server.enqueue(json(200, "\"found a\""));
    server.enqueue(status(503, null));
    server.enqueue(json(200, "\"found b\""));
    JsonType<String> found = JsonType.of(String.class, options);

    assertThat(api.queryAsJson("search", "a", found)).isEqualTo("found a");
    assertThat(api.queryAsJsonAsync("search", "b", found).get(5, TimeUnit.SECONDS))
        .isEqualTo("found b");
    for (String q : List.of("a", "a", "b", "b")) {
      RecordedRequest r = received(server).take(5, TimeUnit.SECONDS);
      assertThat(r.getMethod()).isEqualTo("QUERY");
      assertThat(r.getTarget()).isEqualTo("/v1/search");
      assertThat(r.getBody().utf8()).isEqualTo("\"" + q + "\"");
    }
  }

  @Test
  void aConnectFailureIsRetriedAndReportedWithTheAttempts() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri("http://127.0.0.1:" + port + "/")
            .options(options)
            .interceptor(fastRetry(3))
            .build();
    assertThatThrownBy(() -> api.getFromJson("x", String.class))
        .isInstanceOf(ConnectException.class)
        .hasMessageEndingWith("(3 attempts)");
    assertThatThrownBy(() -> api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(ConnectException.class)
        .hasMessageEndingWith("(3 attempts)");
  }

  @Test
  void anInterruptDuringTheBackoffEndsTheCallAtOnce() throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build();
    server.enqueue(status(503, "30"));
    CompletableFuture<Throwable> outcome = new CompletableFuture<>();
    Thread caller =
        new Thread(
            () -> {
              try {
                api.getFromJson("x", String.class);
                outcome.complete(null);
              } catch (Throwable t) {
                outcome.complete(t);
              }
            });
    caller.start();
    assertThat(received(server).take(5, TimeUnit.SECONDS)).isNotNull();
    caller.interrupt();
    assertThat(outcome.get(5, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
    caller.join(5000);
    assertThat(received(server).count()).isEqualTo(1);
  }

  @Test
  void cancellingAnAsyncCallDuringTheBackoffStopsTheRetries() throws Exception {
    HttpClient decorated = Interceptor.decorate(client, fastRetry(3));
    server.enqueue(status(503, "1"));
    server.enqueue(json(200, "\"too late\""));
    CompletableFuture<HttpResponse<String>> f =
        decorated.sendAsync(
            HttpRequest.newBuilder(LoopbackServer.uri(server, "/x")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(received(server).take(5, TimeUnit.SECONDS)).isNotNull();
    f.cancel(true);
    assertThatThrownBy(() -> f.get(5, TimeUnit.SECONDS)).isInstanceOf(CancellationException.class);
    assertThat(received(server).take(2, TimeUnit.SECONDS))
        .as("no attempt after the cancel")
        .isNull();

    HttpJsonClient api = api().interceptor(fastRetry(3)).build();
    server.enqueue(status(503, "1"));
    CompletableFuture<String> g = api.getFromJsonAsync("x", String.class);
    assertThat(received(server).take(5, TimeUnit.SECONDS)).isNotNull();
    g.cancel(true);
    assertThat(received(server).take(2, TimeUnit.SECONDS))
        .as("no attempt after the cancel")
        .isNull();
  }

  @Test
  void aRetryAfterLongerThanWhatIsLeftOfTheTimeoutEndsTheRetryingAtOnce() throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build().withTimeout(Duration.ofSeconds(3));
    server.enqueue(status(503, "10"));
    server.enqueue(status(503, "10"));
    long start = System.nanoTime();
    assertThatThrownBy(() -> api.getFromJson("x", String.class))
        .isInstanceOf(HttpJsonStatusException.class)
        .isNotInstanceOf(CallTimeoutException.class);
    assertThatThrownBy(() -> api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(HttpJsonStatusException.class);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
    assertThat(received(server).count()).isEqualTo(2);
  }

  /** The one suppressed exception of {@code e} that says why it was not retried: its message. */
  private static String whyNotRetried(Throwable e) {
    assertThat(e.getSuppressed()).as("suppressed of %s", e).hasSize(1);
    return e.getSuppressed()[0].getMessage();
  }

  @Test
  void aRetryAfterLongerThanWhatIsLeftOfTheTimeoutSaysSoInTheFailure() throws Exception {
    HttpJsonClient api = api().interceptor(fastRetry(3)).build().withTimeout(Duration.ofSeconds(3));
    server.enqueue(status(503, "10"));
    server.enqueue(status(503, "10"));
    String why = "not retried: Retry-After 10 s exceeds the [0-9.]+ s left of the call's timeout";

    Throwable blocking =
        org.assertj.core.api.Assertions.catchThrowable(() -> api.getFromJson("x", String.class));
    assertThat(blocking)
        .isInstanceOf(HttpJsonStatusException.class)
        .hasMessageStartingWith("HTTP 503 from GET");
    assertThat(whyNotRetried(blocking)).matches(why);
    Throwable async =
        org.assertj.core.api.Assertions.catchThrowable(
            () -> api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS));
    assertThat(async).isInstanceOf(ExecutionException.class);
    assertThat(async.getCause()).isInstanceOf(HttpJsonStatusException.class);
    assertThat(whyNotRetried(async.getCause())).matches(why);
    assertThat(received(server).count()).isEqualTo(2);
  }

  @Test
  void aRetryAfterLongerThanTheBackoffCapSaysSoInTheFailure() throws Exception {
    HttpJsonClient api =
        api()
            .interceptor(
                RetryInterceptor.newBuilder().backoff(Duration.ZERO, Duration.ofSeconds(5)).build())
            .build();
    server.enqueue(status(429, "60"));
    Throwable e =
        org.assertj.core.api.Assertions.catchThrowable(() -> api.getFromJson("x", String.class));
    assertThat(e).isInstanceOf(HttpJsonStatusException.class);
    assertThat(whyNotRetried(e)).isEqualTo("not retried: Retry-After 60 s exceeds the 5 s cap");
    assertThat(received(server).count()).isEqualTo(1);
  }

  @Test
  void aRequestTimeoutOfAPostOptedInToRetriesSaysWhyItWasNotRetried() throws Exception {
    HttpClient decorated =
        Interceptor.decorate(
            client,
            RetryInterceptor.newBuilder()
                .methods("GET", "POST")
                .backoff(Duration.ZERO, Duration.ZERO)
                .build());
    HttpRequest post =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/x"))
            .timeout(Duration.ofMillis(300))
            .POST(HttpRequest.BodyPublishers.ofString("{}"))
            .build();
    String why =
        "not retried: POST may have been sent before the request timeout and is not idempotent"
            + " (no Idempotency-Key)";
    for (int i = 0; i < 2; i++) {
      server.enqueue(
          new MockResponse.Builder()
              .code(200)
              .body("{}")
              .headersDelay(3, TimeUnit.SECONDS)
              .build());
    }

    Throwable blocking =
        org.assertj.core.api.Assertions.catchThrowable(
            () -> decorated.send(post, HttpResponse.BodyHandlers.ofString()));
    assertThat(blocking).isInstanceOf(java.net.http.HttpTimeoutException.class);
    assertThat(whyNotRetried(blocking)).isEqualTo(why);
    Throwable async =
        org.assertj.core.api.Assertions.catchThrowable(
            () ->
                decorated
                    .sendAsync(post, HttpResponse.BodyHandlers.ofString())
                    .get(5, TimeUnit.SECONDS));
    assertThat(async).isInstanceOf(ExecutionException.class);
    assertThat(async.getCause()).isInstanceOf(java.net.http.HttpTimeoutException.class);
    assertThat(whyNotRetried(async.getCause())).isEqualTo(why);
    assertThat(received(server).count()).isEqualTo(2);
  }

  /** Records what its forward threw, both ways. */
  private static Interceptor recording(List<Throwable> seen) {
    return new Interceptor() {
      @Override
      public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
          throws IOException, InterruptedException {
        try {
          return chain.forward(request);
        } catch (IOException | InterruptedException | RuntimeException e) {
          seen.add(e);
          throw e;
        }
      }

      @Override
      public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
          HttpRequest request, Chain<T> chain) {
        return chain
            .forwardAsync(request)
            .whenComplete(
                (r, e) -> {
                  if (e != null) {
                    seen.add(e);
                  }
                });
      }
    };
  }

  @Test
  void anInterceptorSeesTheWholeCallTimeoutAsTheCallerSeesIt() throws Exception {
    List<Throwable> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    // Outside a retry, which sleeps between attempts: the timeout can end the call in either.
    HttpJsonClient api =
        api()
            .interceptor(recording(seen))
            .interceptor(fastRetry(3))
            .build()
            .withTimeout(Duration.ofMillis(300));
    server.enqueue(status(503, null));
    server.enqueue(
        new MockResponse.Builder().code(200).body("{}").headersDelay(3, TimeUnit.SECONDS).build());
    Throwable blocking =
        org.assertj.core.api.Assertions.catchThrowable(() -> api.getFromJson("x", String.class));
    assertThat(blocking).isInstanceOf(CallTimeoutException.class);
    assertThat(seen).hasSize(1);
    assertThat(seen.get(0)).isSameAs(blocking);

    seen.clear();
    server.enqueue(
        new MockResponse.Builder().code(200).body("{}").headersDelay(3, TimeUnit.SECONDS).build());
    Throwable async =
        org.assertj.core.api.Assertions.catchThrowable(
            () -> api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS));
    assertThat(async).isInstanceOf(ExecutionException.class);
    assertThat(async.getCause()).isInstanceOf(CallTimeoutException.class);
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (seen.isEmpty() && System.nanoTime() < until) {
      Thread.sleep(10);
    }
    assertThat(seen).hasSize(1);
    Throwable asyncSeen = seen.get(0);
    if (asyncSeen instanceof java.util.concurrent.CompletionException) {
      asyncSeen = asyncSeen.getCause();
    }
    assertThat(asyncSeen).isInstanceOf(CallTimeoutException.class);
  }

  @Test
  void theWholeCallTimeoutCoversEveryAttempt() throws Exception {
    HttpJsonClient api =
        api()
            .interceptor(
                RetryInterceptor.newBuilder()
                    .maxAttempts(100)
                    .backoff(Duration.ofMillis(200), Duration.ofMillis(200))
                    .build())
            .build()
            .withTimeout(Duration.ofMillis(700));
    for (int i = 0; i < 100; i++) {
      server.enqueue(status(503, null));
    }
    long start = System.nanoTime();
    // The deadline ends the retrying: either a wait would pass it (the last 503 is the failure) or
    // it elapsed during an attempt.
    assertThatThrownBy(() -> api.getFromJson("x", String.class))
        .isInstanceOfAny(HttpJsonStatusException.class, CallTimeoutException.class);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(1500));
    assertThat(received(server).count()).isBetween(1, 20);
  }

  /**
   * How many times the transport itself sends a GET whose connection drops after the server read it
   * (no response): the JDK client (17 and 25) sends an idempotent GET once more on a new
   * connection, and so does OkHttp.
   */
  protected int sendsOfAGetWhoseConnectionDrops() {
    return 2;
  }

  /** How many times the transport itself sends a GET answered 503 with {@code Retry-After: 0}. */
  protected int sendsOfAGetAnswered503RetryAfterZero() {
    return 1;
  }

  /** A server that reads each request whole, counts it and, if {@code drop}, closes at once. */
  private static RawServer counting(AtomicInteger seen, boolean drop) throws IOException {
    return new RawServer(
        (socket, head) -> {
          java.util.regex.Matcher length =
              java.util.regex.Pattern.compile("(?im)^content-length:\\s*(\\d+)").matcher(head);
          socket.getInputStream().readNBytes(length.find() ? Integer.parseInt(length.group(1)) : 0);
          seen.incrementAndGet();
          if (drop) {
            socket.close();
          } else {
            socket.getInputStream().read(); // never answers; the server's close ends the wait
          }
        });
  }

  /**
   * The requests a server sees under a {@link RetryInterceptor} of 3 attempts, pinned per
   * transport: a retry of the transport's own under the interceptor's multiplies the attempts, and
   * a JDK whose client starts retrying internally shows here.
   */
  @Test
  void theServerSeesTheAttemptsOfTheRetryInterceptorTimesTheTransportsOwnSends() throws Exception {
    HttpClient retrying = Interceptor.decorate(client, fastRetry(3));
    for (int i = 0; i < 3; i++) {
      server.enqueue(status(503, null));
    }
    server.enqueue(json(200, "\"one send too many\""));
    HttpResponse<String> last =
        retrying.send(
            HttpRequest.newBuilder(LoopbackServer.uri(server, "/x")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(last.statusCode()).isEqualTo(503);
    assertThat(received(server).count()).as("503 without Retry-After").isEqualTo(3);

    int zero = sendsOfAGetAnswered503RetryAfterZero();
    for (int i = 0; i < 3 * zero; i++) {
      other.enqueue(status(503, "0"));
    }
    other.enqueue(json(200, "\"one send too many\"")); // not a hang when a transport sends more
    assertThat(
            retrying
                .send(
                    HttpRequest.newBuilder(LoopbackServer.uri(other, "/x")).build(),
                    HttpResponse.BodyHandlers.ofString())
                .statusCode())
        .isEqualTo(503);
    assertThat(received(other).count()).as("503 with Retry-After: 0").isEqualTo(3 * zero);

    AtomicInteger timedOut = new AtomicInteger();
    try (RawServer silent = counting(timedOut, false)) {
      HttpRequest request =
          HttpRequest.newBuilder(silent.uri("/slow")).timeout(Duration.ofMillis(300)).build();
      assertThatThrownBy(() -> retrying.send(request, HttpResponse.BodyHandlers.ofString()))
          .isInstanceOf(java.net.http.HttpTimeoutException.class)
          .hasMessageEndingWith("(3 attempts)");
      assertThat(timedOut).as("request timeouts").hasValue(3);
    }

    AtomicInteger dropped = new AtomicInteger();
    try (RawServer dropping = counting(dropped, true)) {
      HttpRequest request = HttpRequest.newBuilder(dropping.uri("/drop")).build();
      assertThatThrownBy(() -> retrying.send(request, HttpResponse.BodyHandlers.ofString()))
          .isInstanceOf(IOException.class)
          .hasMessageEndingWith("(3 attempts)");
      assertThat(dropped)
          .as(
              "a dropped connection: each attempt of the interceptor sent as the transport sends it")
          .hasValue(3 * sendsOfAGetWhoseConnectionDrops());
    }
  }

  /**
   * A server that answers each GET ({@code "ok"}, the connection kept) and reads any other request
   * whole, counts it and closes the connection without answering.
   */
  private static RawServer answeringOnlyGets(AtomicInteger others) throws IOException {
    return new RawServer(
        (socket, first) -> {
          java.io.InputStream in = socket.getInputStream();
          for (String head = first; !head.isEmpty(); head = RawServer.readHead(in)) {
            java.util.regex.Matcher length =
                java.util.regex.Pattern.compile("(?im)^content-length:\\s*(\\d+)").matcher(head);
            in.readNBytes(length.find() ? Integer.parseInt(length.group(1)) : 0);
            if (!head.startsWith("GET ")) {
              others.incrementAndGet();
              socket.close();
              return;
            }
            RawServer.write(
                socket,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4\r\n\r\n\"ok\"");
          }
        });
  }

  /**
   * A POST the server read before the connection dropped may have been carried out: no transport
   * sends it again (the JDK client does not; OkHttp, by default, would on a new connection when the
   * one that dropped had served a request before), blocking or async, with a body or without.
   */
  @Test
  void aPostWhoseConnectionDropsAfterTheServerReadItIsSentOnce() throws Exception {
    AtomicInteger posts = new AtomicInteger();
    try (RawServer server = answeringOnlyGets(posts)) {
      URI uri = server.uri("/orders");
      HttpRequest warm = HttpRequest.newBuilder(uri).build();
      List<String> shapes = List.of("blocking", "async", "without a body", "a PATCH");
      for (int i = 0; i < shapes.size(); i++) {
        // A connection that served a request: the kind OkHttp retries on.
        assertThat(client.send(warm, HttpResponse.BodyHandlers.ofString()).body())
            .isEqualTo("\"ok\"");
        Throwable failure;
        switch (i) {
          case 0:
            failure = catchThrowable(() -> HttpJson.postAsJson(client, uri, "v", options));
            break;
          case 1:
            failure =
                catchThrowable(
                    () ->
                        HttpJson.postAsJsonAsync(client, uri, "v", options)
                            .get(5, TimeUnit.SECONDS));
            failure = failure instanceof ExecutionException ? failure.getCause() : failure;
            break;
          case 2:
            failure =
                catchThrowable(
                    () ->
                        client.send(
                            HttpRequest.newBuilder(uri)
                                .POST(HttpRequest.BodyPublishers.noBody())
                                .build(),
                            HttpResponse.BodyHandlers.ofString()));
            break;
          default:
            failure =
                catchThrowable(
                    () ->
                        client.send(
                            HttpRequest.newBuilder(uri)
                                .method("PATCH", HttpRequest.BodyPublishers.ofString("{}"))
                                .build(),
                            HttpResponse.BodyHandlers.ofString()));
        }
        assertThat(failure).as(shapes.get(i)).isInstanceOf(IOException.class);
        assertThat(posts).as(shapes.get(i)).hasValue(i + 1);
      }
    }
  }

  /**
   * A server that reads each request whole, records its head and body, drops the connection without
   * answering on the first {@code drops} and answers the later ones {@code "ok"}, closing the
   * connection after each answer (no transport then resends on a pooled connection).
   */
  private static RawServer droppingTheFirst(int drops, List<String> seen) throws IOException {
    AtomicInteger count = new AtomicInteger();
    return new RawServer(
        (socket, head) -> {
          java.util.regex.Matcher length =
              java.util.regex.Pattern.compile("(?im)^content-length:\\s*(\\d+)").matcher(head);
          byte[] body =
              socket
                  .getInputStream()
                  .readNBytes(length.find() ? Integer.parseInt(length.group(1)) : 0);
          seen.add(head + new String(body, StandardCharsets.UTF_8));
          if (count.incrementAndGet() <= drops) {
            socket.close();
            return;
          }
          RawServer.write(
              socket,
              "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4\r\n"
                  + "Connection: close\r\n\r\n\"ok\"");
          socket.close();
        });
  }

  private static String header(String request, String name) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(?im)^" + name + ":\\s*(.*?)\\s*$").matcher(request);
    return m.find() ? m.group(1) : null;
  }

  @Test
  void aPostWithAnIdempotencyKeyIsRetriedWithTheSameKeyAfterItsConnectionDrops() throws Exception {
    for (boolean async : new boolean[] {false, true}) {
      List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
      try (RawServer raw = droppingTheFirst(1, seen)) {
        HttpJsonClient api =
            HttpJsonClient.newBuilder(client)
                .baseUri(raw.uri("/v1/"))
                .options(options)
                .interceptor(fastRetry(3))
                .build()
                .withHeader("Idempotency-Key", "order-7f1c");
        String result =
            async
                ? api.postAsJsonAsync("orders", "v", String.class).get(10, TimeUnit.SECONDS)
                : api.postAsJson("orders", "v", String.class);
        assertThat(result).as("async: %s", async).isEqualTo("ok");
        assertThat(seen).as("async: %s", async).hasSize(2);
        for (String request : seen) {
          assertThat(request).startsWith("POST /v1/orders ").endsWith("\"v\"");
          assertThat(header(request, "Idempotency-Key")).isEqualTo("order-7f1c");
        }
      }
    }
  }

  @Test
  void idempotentMethodsAreRetriedAfterTheirConnectionDrops() throws Exception {
    for (String method : List.of("PUT", "DELETE", "QUERY")) {
      List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
      try (RawServer raw = droppingTheFirst(1, seen)) {
        HttpClient retrying = Interceptor.decorate(client, fastRetry(3));
        HttpRequest request =
            HttpRequest.newBuilder(raw.uri("/items/1"))
                .method(method, HttpRequest.BodyPublishers.ofString("{\"q\":1}"))
                .build();
        assertThat(retrying.send(request, HttpResponse.BodyHandlers.ofString()).body())
            .as(method)
            .isEqualTo("\"ok\"");
        assertThat(seen).as(method).hasSize(2);
        assertThat(seen)
            .allSatisfy(r -> assertThat(r).startsWith(method + " ").endsWith("{\"q\":1}"));
      }
    }
  }

  @Test
  void aPostOptedInToRetriesIsSentOnceWhenItsConnectionDropsAndSaysWhy() throws Exception {
    RetryInterceptor postsToo =
        RetryInterceptor.newBuilder()
            .methods("GET", "POST")
            .backoff(Duration.ZERO, Duration.ZERO)
            .build();
    List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (RawServer raw = droppingTheFirst(1, seen)) {
      HttpClient retrying = Interceptor.decorate(client, postsToo);
      HttpRequest post =
          HttpRequest.newBuilder(raw.uri("/orders"))
              .POST(HttpRequest.BodyPublishers.ofString("{}"))
              .build();
      Throwable failure =
          catchThrowable(() -> retrying.send(post, HttpResponse.BodyHandlers.ofString()));
      assertThat(failure).isInstanceOf(IOException.class).hasMessageNotContaining("attempts");
      assertThat(whyNotRetried(failure))
          .isEqualTo(
              "not retried: POST may have been sent before the failure and is not idempotent"
                  + " (no Idempotency-Key)");
      assertThat(seen).hasSize(1);
    }
  }

  @Test
  void aPostIsRetriedWhenNothingWasSent() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    HttpClient retrying =
        Interceptor.decorate(
            client,
            RetryInterceptor.newBuilder()
                .methods("POST")
                .backoff(Duration.ZERO, Duration.ZERO)
                .build());
    HttpRequest post =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/orders"))
            .POST(HttpRequest.BodyPublishers.ofString("{}"))
            .build();
    assertThatThrownBy(() -> retrying.send(post, HttpResponse.BodyHandlers.ofString()))
        .isInstanceOf(ConnectException.class)
        .hasMessageEndingWith("(3 attempts)");
  }

  /**
   * A certificate the client does not trust is not trusted on the next attempt either: retrying it
   * only delays the failure (OkHttp does not retry it either).
   */
  @Test
  void aCertificateTheClientDoesNotTrustIsNotRetried() throws Exception {
    AtomicInteger attempts = new AtomicInteger();
    Interceptor counting =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            attempts.incrementAndGet();
            return chain.forward(request);
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            attempts.incrementAndGet();
            return chain.forwardAsync(request);
          }
        };
    try (MockWebServer tls = Http2Loopback.start()) {
      HttpClient retrying =
          Interceptor.decorate(
              client,
              RetryInterceptor.newBuilder().backoff(Duration.ZERO, Duration.ZERO).build(),
              counting);
      HttpRequest get = HttpRequest.newBuilder(tls.url("/secure").uri()).build();
      Throwable failure =
          catchThrowable(() -> retrying.send(get, HttpResponse.BodyHandlers.ofString()));
      assertThat(failure).isInstanceOf(javax.net.ssl.SSLException.class);
      assertThat(attempts).hasValue(1);
      assertThat(tls.getRequestCount()).isZero();
    }
  }

  @Test
  void aPredicateOnTheExceptionNarrowsWhatIsRetriedAndTheFailureSaysSo() throws Exception {
    RetryInterceptor noTimeouts =
        RetryInterceptor.newBuilder()
            .backoff(Duration.ZERO, Duration.ZERO)
            .retryOnException(e -> !(e instanceof java.net.http.HttpTimeoutException))
            .build();
    AtomicInteger timedOut = new AtomicInteger();
    try (RawServer silent = counting(timedOut, false)) {
      HttpRequest request =
          HttpRequest.newBuilder(silent.uri("/slow")).timeout(Duration.ofMillis(300)).build();
      Throwable failure =
          catchThrowable(
              () ->
                  Interceptor.decorate(client, noTimeouts)
                      .send(request, HttpResponse.BodyHandlers.ofString()));
      assertThat(failure)
          .isInstanceOf(java.net.http.HttpTimeoutException.class)
          .hasMessageNotContaining("attempts");
      assertThat(whyNotRetried(failure)).isEqualTo("not retried: refused by retryOnException");
      assertThat(timedOut).hasValue(1);
    }
  }

  @Test
  void aPredicateOnTheExceptionWidensWhatIsRetriedToABodyThatDoesNotDecode() throws Exception {
    server.enqueue(json(200, "<html>proxy error</html>"));
    assertThatThrownBy(() -> api().interceptor(fastRetry(3)).build().getFromJson("x", String.class))
        .as("by default a response that arrived is not retried for its body")
        .isInstanceOf(JsonReadException.class);
    assertThat(received(server).count()).isEqualTo(1);

    HttpJsonClient api =
        api()
            .interceptor(
                RetryInterceptor.newBuilder()
                    .backoff(Duration.ZERO, Duration.ZERO)
                    .retryOnException(e -> true)
                    .build())
            .build();
    server.enqueue(json(200, "<html>proxy error</html>"));
    server.enqueue(json(200, "\"ok\""));
    assertThat(api.getFromJson("x", String.class)).isEqualTo("ok");
    assertThat(received(server).count()).isEqualTo(3);
  }

  @Test
  void aStatusFailureIsDecidedByTheStatusesNeverByThePredicate() throws Exception {
    HttpJsonClient api =
        api()
            .interceptor(
                RetryInterceptor.newBuilder()
                    .backoff(Duration.ZERO, Duration.ZERO)
                    .retryOnException(e -> true)
                    .build())
            .build();
    server.enqueue(status(404, null));
    server.enqueue(json(200, "\"ok\""));
    assertThatThrownBy(() -> api.getFromJson("x", String.class))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class, e -> assertThat(e.statusCode()).isEqualTo(404));
    assertThat(received(server).count()).isEqualTo(1);
  }

  // ---- redirects and credentials
  // ------------------------------------------------------------------

  private static MockResponse redirect(int code, URI to) {
    return new MockResponse.Builder().code(code).addHeader("Location", to.toString()).build();
  }

  /**
   * A {@code Location} is resolved against the request's URI as RFC 3986 (and every browser) does:
   * a query alone keeps the path, and a {@code ..} never climbs above the root.
   */
  @Test
  void aRedirectsLocationIsResolvedAsRfc3986Says() throws Exception {
    HttpJsonClient api = api().followRedirects(HttpClient.Redirect.NORMAL).build();
    server.enqueue(new MockResponse.Builder().code(302).addHeader("Location", "?page=2").build());
    server.enqueue(new MockResponse.Builder().code(302).addHeader("Location", "../../x").build());
    server.enqueue(json(200, "\"ok\""));

    assertThat(api.getFromJson("items", String.class)).isEqualTo("ok");
    assertThat(received(server).take(5, TimeUnit.SECONDS).getTarget()).isEqualTo("/v1/items");
    assertThat(received(server).take(5, TimeUnit.SECONDS).getTarget())
        .isEqualTo("/v1/items?page=2");
    assertThat(received(server).take(5, TimeUnit.SECONDS).getTarget()).isEqualTo("/x");
  }

  @Test
  void aClientThatFollowsRedirectsItselfIsRefusedWithDefaultHeaders() {
    HttpClient following = newRedirectingClient();
    assertThat(following.followRedirects()).isNotEqualTo(HttpClient.Redirect.NEVER);
    assertThatThrownBy(
            () ->
                HttpJsonClient.newBuilder(following)
                    .baseUri(LoopbackServer.uri(server, "/v1/"))
                    .header("X-Api-Key", "k")
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("followRedirects(Redirect.NEVER)")
        .hasMessageContaining("X-Api-Key")
        .hasMessageNotContaining("\"k\"");
    // Without default headers there is nothing to leak.
    assertThat(
            HttpJsonClient.newBuilder(following)
                .baseUri(LoopbackServer.uri(server, "/v1/"))
                .build())
        .isNotNull();
  }

  /**
   * Without a base URI the first request's origin is the trusted one, but an {@code HttpClient}
   * that follows redirects itself copies every header to the hop before httpjson sees it: the JDK
   * client sent {@code X-Api-Key} (and on JDK 17 {@code Authorization}) to the other origin, OkHttp
   * both. Nothing can stop such a client per request, so the combination is refused as with a base
   * URI.
   */
  @Test
  void withoutABaseUriAClientThatFollowsRedirectsItselfIsRefusedWithDefaultHeaders() {
    HttpClient following = newRedirectingClient();
    assertThat(following.followRedirects()).isNotEqualTo(HttpClient.Redirect.NEVER);
    for (String name : List.of("X-Api-Key", "Authorization")) {
      assertThatThrownBy(
              () ->
                  HttpJsonClient.newBuilder(following)
                      .options(options)
                      .header(name, "s3cret")
                      .build())
          .as(name)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("followRedirects(Redirect.NEVER)")
          .hasMessageContaining(name)
          .hasMessageNotContaining("s3cret");
    }
    assertThatThrownBy(
            () ->
                HttpJsonClient.newBuilder(following)
                    .options(options)
                    .header("X-Token", () -> "rotating")
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("X-Token");
  }

  /**
   * A credential given for one call would follow a redirect the {@code HttpClient} follows itself
   * to any origin (JDK 17 sends {@code Authorization} there): it is refused when added, while a
   * header that is no credential is not.
   */
  @Test
  void aCredentialForOneCallIsRefusedOnAClientThatFollowsRedirectsItself() throws Exception {
    HttpClient following = newRedirectingClient();
    assertThat(following.followRedirects()).isNotEqualTo(HttpClient.Redirect.NEVER);
    HttpJsonClient api = HttpJsonClient.newBuilder(following).options(options).build();
    for (String name :
        List.of("Authorization", "proxy-authorization", "Cookie", "X-Api-Key", "X-Auth-Token")) {
      assertThatThrownBy(() -> api.withHeader(name, "s3cret"))
          .as(name)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(name)
          .hasMessageContaining("followRedirects(Redirect.NEVER)")
          .hasMessageNotContaining("s3cret");
    }
    server.enqueue(json(200, "\"ok\""));
    assertThat(
            api.withHeader("X-Request-Id", "r1")
                .getFromJson(LoopbackServer.uri(server, "/x").toString(), String.class))
        .isEqualTo("ok");
    assertThat(received(server).take(5, TimeUnit.SECONDS).getHeaders().get("X-Request-Id"))
        .isEqualTo("r1");
  }

  /**
   * A credential an interceptor adds (an OAuth2 bearer token, a session cookie) would ride a
   * redirect the {@code HttpClient} follows itself before any interceptor sees the hop: JDK 17 kept
   * {@code Authorization} on a hop to the same host on another port, and {@code Cookie} on any. The
   * call fails before anything is sent, naming the header and never its value; an interceptor that
   * adds no credential still works on such a client.
   */
  @Test
  void aCredentialAnInterceptorAddsIsRefusedOnAClientThatFollowsRedirectsItself() throws Exception {
    HttpClient following = newRedirectingClient();
    assertThat(following.followRedirects()).isNotEqualTo(HttpClient.Redirect.NEVER);
    URI elsewhere = LoopbackServer.uri(other, "/landing");
    for (String name :
        List.of("Authorization", "Proxy-Authorization", "Cookie", "X-Api-Key", "Private-Token")) {
      HttpJsonClient api =
          HttpJsonClient.newBuilder(following)
              .baseUri(LoopbackServer.uri(server, "/v1/"))
              .options(options)
              .interceptor(Interceptor.request(r -> addHeader(r, name, "s3cret")))
              .build();
      server.enqueue(redirect(302, elsewhere));
      other.enqueue(json(200, "\"there\""));
      assertThatThrownBy(() -> api.getFromJson("x", String.class))
          .as(name)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(name)
          .hasMessageContaining("followRedirects(Redirect.NEVER)")
          .hasMessageNotContaining("s3cret");
      assertThat(
              catchThrowable(
                  () -> api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS)))
          .as(name)
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(IllegalStateException.class);
      HttpClient decorated =
          Interceptor.decorate(following, Interceptor.request(r -> addHeader(r, name, "s3cret")));
      assertThatThrownBy(
              () ->
                  decorated.send(
                      HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/x")).build(),
                      HttpResponse.BodyHandlers.ofString()))
          .as(name)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(name);
      RecordedRequest hop = received(other).take(200, TimeUnit.MILLISECONDS);
      assertThat(hop == null ? null : hop.getHeaders().get(name)).as(name).isNull();
      assertThat(received(server).count()).as(name).isZero();
      server.close();
      other.close();
      server = LoopbackServer.start();
      other = LoopbackServer.start();
      elsewhere = LoopbackServer.uri(other, "/landing");
    }
    HttpJsonClient plain =
        HttpJsonClient.newBuilder(following)
            .options(options)
            .interceptor(Interceptor.request(r -> addHeader(r, "X-Request-Id", "r1")))
            .build();
    server.enqueue(json(200, "\"ok\""));
    assertThat(plain.getFromJson(LoopbackServer.uri(server, "/x").toString(), String.class))
        .isEqualTo("ok");
    assertThat(received(server).take(5, TimeUnit.SECONDS).getHeaders().get("X-Request-Id"))
        .isEqualTo("r1");
  }

  private static HttpRequest addHeader(HttpRequest request, String name, String value) {
    return HttpRequest.newBuilder(request, (n, v) -> true).header(name, value).build();
  }

  /**
   * {@code Accept} and {@code Content-Type} describe the exchange and carry no credential: a client
   * that follows redirects itself is accepted with them alone, with or without a base URI.
   */
  @Test
  void aClientThatFollowsRedirectsItselfIsAcceptedWithOnlyADefaultAcceptAndContentType()
      throws Exception {
    HttpClient following = newRedirectingClient();
    String vendor = "application/vnd.acme+json";
    HttpJsonClient api =
        HttpJsonClient.newBuilder(following)
            .options(options)
            .header("Accept", vendor)
            .header("Content-Type", vendor)
            .build();
    assertThat(
            HttpJsonClient.newBuilder(following)
                .baseUri(LoopbackServer.uri(server, "/v1/"))
                .header("Accept", vendor)
                .build())
        .isNotNull();
    server.enqueue(json(200, "\"ok\""));
    assertThat(api.getFromJson(LoopbackServer.uri(server, "/x").toString(), String.class))
        .isEqualTo("ok");
    assertThat(received(server).take(5, TimeUnit.SECONDS).getHeaders().values("Accept"))
        .containsExactly(vendor);
  }

  /**
   * The safe form of the refused combination: without a base URI, httpjson follows GET 302 and POST
   * 307 and 308 to another origin itself, and that origin gets neither the API key nor the
   * Authorization, blocking and async, while the body goes again on 307 and 308.
   */
  @Test
  void withoutABaseUriARedirectedGetAndPostCarryNoDefaultCredentialsToAnotherOrigin()
      throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .options(options)
            .header("Authorization", "Bearer s3cret")
            .header("X-Api-Key", "k3y")
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    String from = LoopbackServer.uri(server, "/x").toString();
    URI elsewhere = LoopbackServer.uri(other, "/landing");
    for (int code : new int[] {302, 307, 308}) {
      for (boolean async : new boolean[] {false, true}) {
        String what = code + (async ? " async" : " blocking");
        server.enqueue(redirect(code, elsewhere));
        other.enqueue(json(200, "\"there\""));
        String got;
        if (code == 302) {
          got =
              async
                  ? api.getFromJsonAsync(from, String.class).get(5, TimeUnit.SECONDS)
                  : api.getFromJson(from, String.class);
        } else {
          got =
              async
                  ? api.postAsJsonAsync(from, "v", String.class).get(5, TimeUnit.SECONDS)
                  : api.postAsJson(from, "v", String.class);
        }
        assertThat(got).as(what).isEqualTo("there");
        RecordedRequest first = received(server).take(5, TimeUnit.SECONDS);
        assertThat(first.getHeaders().get("X-Api-Key")).as(what).isEqualTo("k3y");
        assertThat(first.getHeaders().get("Authorization")).as(what).isEqualTo("Bearer s3cret");
        RecordedRequest hop = received(other).take(5, TimeUnit.SECONDS);
        assertThat(hop.getMethod()).as(what).isEqualTo(code == 302 ? "GET" : "POST");
        assertThat(hop.getHeaders().values("X-Api-Key")).as(what).isEmpty();
        assertThat(hop.getHeaders().values("Authorization")).as(what).isEmpty();
        if (code != 302) {
          assertThat(hop.getBody().utf8()).as(what).isEqualTo("\"v\"");
        }
      }
    }
  }

  @Test
  void aRedirectToAnotherOriginCarriesNoDefaultHeaders() throws Exception {
    HttpJsonClient api =
        api()
            .header("Authorization", "Bearer s3cret")
            .header("X-Api-Key", "k3y")
            .header("X-Token", () -> "rotating")
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    URI elsewhere = LoopbackServer.uri(other, "/landing");
    for (int i = 0; i < 4; i++) {
      server.enqueue(redirect(302, elsewhere));
      other.enqueue(json(200, "\"there\""));
    }
    assertThat(api.getFromJson("x", String.class)).isEqualTo("there");
    assertThat(api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS)).isEqualTo("there");
    HttpRequest own = HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/x")).build();
    assertThat(api.exchange(own, String.class).body()).isEqualTo("there");
    assertThat(
            api.exchangeAsync(own, String.class)
                .thenApply(HttpResponse::body)
                .get(5, TimeUnit.SECONDS))
        .isEqualTo("there");
    for (int i = 0; i < 4; i++) {
      RecordedRequest first = received(server).take(5, TimeUnit.SECONDS);
      assertThat(first.getHeaders().get("Authorization")).isEqualTo("Bearer s3cret");
      assertThat(first.getHeaders().get("X-Token")).isEqualTo("rotating");
      RecordedRequest hop = received(other).take(5, TimeUnit.SECONDS);
      assertThat(hop.getTarget()).isEqualTo("/landing");
      assertThat(hop.getHeaders().values("Authorization")).isEmpty();
      assertThat(hop.getHeaders().values("X-Api-Key")).isEmpty();
      assertThat(hop.getHeaders().values("X-Token")).isEmpty();
    }
  }

  @Test
  void aRedirectBackToTheBaseOriginCarriesTheDefaultHeadersAgain() throws Exception {
    HttpJsonClient api =
        api()
            .header("X-Api-Key", "k3y")
            .header("X-Token", () -> "rotating")
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    other.enqueue(redirect(307, LoopbackServer.uri(server, "/v1/back")));
    server.enqueue(json(200, "\"home\""));
    assertThat(api.postAsJson(LoopbackServer.uri(other, "/out").toString(), "v", String.class))
        .isEqualTo("home");
    RecordedRequest out = received(other).take(5, TimeUnit.SECONDS);
    assertThat(out.getHeaders().values("X-Api-Key")).isEmpty();
    RecordedRequest back = received(server).take(5, TimeUnit.SECONDS);
    assertThat(back.getMethod()).isEqualTo("POST");
    assertThat(back.getBody().utf8()).isEqualTo("\"v\"");
    assertThat(back.getHeaders().get("X-Api-Key")).isEqualTo("k3y");
    assertThat(back.getHeaders().get("X-Token")).isEqualTo("rotating");
  }

  /**
   * 301 and 302 turn a POST into a GET, 303 anything but HEAD; the GET goes without the body and
   * the headers that described it (RFC 9110 section 15.4), a compressed body's Content-Encoding
   * included. 307 and 308 keep the method, the body and its headers.
   */
  @Test
  void aRedirectRewritesTheMethodAsRfc9110SaysAndAGetCarriesNoContentHeaders() throws Exception {
    HttpJsonClient api = api().followRedirects(HttpClient.Redirect.NORMAL).build();
    JsonType<String> gzip =
        JsonType.of(String.class, options.toBuilder().requestCompression(true).build());
    for (int code : new int[] {301, 302, 303, 307, 308}) {
      boolean toGet = code < 304;
      for (String method : List.of("POST", "PUT")) {
        boolean rewritten = code == 303 || (toGet && method.equals("POST"));
        server.enqueue(redirect(code, LoopbackServer.uri(server, "/v1/result")));
        server.enqueue(json(200, "\"ok\""));
        String answer =
            method.equals("POST") ? api.postAsJson("x", "v", gzip) : api.putAsJson("x", "v", gzip);
        assertThat(answer).isEqualTo("ok");
        RecordedRequest first = received(server).take(5, TimeUnit.SECONDS);
        RecordedRequest hop = received(server).take(5, TimeUnit.SECONDS);
        String what = code + " after " + method;
        assertThat(first.getHeaders().get("Content-Encoding")).isEqualTo("gzip");
        assertThat(hop.getTarget()).as(what).isEqualTo("/v1/result");
        if (rewritten) {
          assertThat(hop.getMethod()).as(what).isEqualTo("GET");
          assertThat(hop.getBody() == null ? 0 : hop.getBody().size()).as(what).isZero();
          assertThat(hop.getHeaders().names())
              .as(what)
              .doesNotContain("Content-Encoding", "Content-Type");
          assertThat(hop.getHeaders().get("Content-Length")).as(what).isIn(null, "0");
        } else {
          assertThat(hop.getMethod()).as(what).isEqualTo(method);
          assertThat(hop.getHeaders().get("Content-Encoding")).as(what).isEqualTo("gzip");
          assertThat(hop.getBody()).as(what).isEqualTo(first.getBody());
        }
      }
    }
  }

  @Test
  void aDefaultAcceptAndContentTypeAreSentOnceAfterA307Or308() throws Exception {
    String vendor = "application/vnd.acme+json";
    HttpJsonClient api =
        api()
            .header("Accept", vendor)
            .header("Content-Type", vendor)
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    for (int code : new int[] {307, 308}) {
      server.enqueue(redirect(code, LoopbackServer.uri(server, "/v1/moved")));
      server.enqueue(json(200, "\"ok\""));
      assertThat(api.postAsJson("x", "v", String.class)).isEqualTo("ok");
      for (int i = 0; i < 2; i++) {
        RecordedRequest r = received(server).take(5, TimeUnit.SECONDS);
        assertThat(r.getHeaders().values("Accept"))
            .as(code + " " + r.getTarget())
            .containsExactly(vendor);
        assertThat(r.getHeaders().values("Content-Type"))
            .as(code + " " + r.getTarget())
            .containsExactly(vendor);
        assertThat(r.getBody().utf8()).isEqualTo("\"v\"");
      }
    }
  }

  /**
   * Without a base URI the default headers go with every URI the caller names; a redirect is the
   * server's choice, so the first request's origin is the one they are trusted to.
   */
  @Test
  void withoutABaseUriARedirectToAnotherOriginCarriesNoDefaultHeaders() throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .options(options)
            .header("Authorization", "Bearer s3cret")
            .header("X-Token", () -> "rotating")
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    URI elsewhere = LoopbackServer.uri(other, "/landing");
    server.enqueue(redirect(302, elsewhere));
    other.enqueue(redirect(307, LoopbackServer.uri(server, "/back")));
    server.enqueue(json(200, "\"home\""));
    server.enqueue(redirect(302, elsewhere));
    other.enqueue(json(200, "\"there\""));

    assertThat(api.getFromJson(LoopbackServer.uri(server, "/x").toString(), String.class))
        .isEqualTo("home");
    assertThat(
            api.getFromJsonAsync(LoopbackServer.uri(server, "/x").toString(), String.class)
                .get(5, TimeUnit.SECONDS))
        .isEqualTo("there");

    for (int i = 0; i < 3; i++) {
      RecordedRequest home = received(server).take(5, TimeUnit.SECONDS);
      assertThat(home.getHeaders().get("Authorization"))
          .as(home.getTarget())
          .isEqualTo("Bearer s3cret");
      assertThat(home.getHeaders().get("X-Token")).as(home.getTarget()).isEqualTo("rotating");
    }
    for (int i = 0; i < 2; i++) {
      RecordedRequest hop = received(other).take(5, TimeUnit.SECONDS);
      assertThat(hop.getTarget()).isEqualTo("/landing");
      assertThat(hop.getHeaders().values("Authorization")).isEmpty();
      assertThat(hop.getHeaders().values("X-Token")).isEmpty();
      assertThat(hop.getHeaders().values("Accept"))
          .containsExactly("application/json, application/problem+json");
    }
  }

  /**
   * A header given for one call goes where the caller sent that call; a redirect to another origin
   * keeps the call's own headers (an idempotency key, a request id) but not its credentials, API
   * keys and tokens included.
   */
  @Test
  void aRedirectToAnotherOriginDropsTheCallsOwnCredentialsButKeepsItsOtherHeaders()
      throws Exception {
    HttpJsonClient api =
        api()
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build()
            .withHeader("Authorization", "Bearer per-call")
            .withHeader("X-Api-Key", "key-per-call")
            .withHeader("X-Request-Id", "r1");
    server.enqueue(redirect(307, LoopbackServer.uri(other, "/landing")));
    other.enqueue(json(200, "\"there\""));
    assertThat(api.postAsJson("x", "v", String.class)).isEqualTo("there");
    RecordedRequest first = received(server).take(5, TimeUnit.SECONDS);
    assertThat(first.getHeaders().get("Authorization")).isEqualTo("Bearer per-call");
    assertThat(first.getHeaders().get("X-Api-Key")).isEqualTo("key-per-call");
    RecordedRequest hop = received(other).take(5, TimeUnit.SECONDS);
    assertThat(hop.getHeaders().values("Authorization")).isEmpty();
    assertThat(hop.getHeaders().values("X-Api-Key")).isEmpty();
    assertThat(hop.getHeaders().get("X-Request-Id")).isEqualTo("r1");
    assertThat(hop.getBody().utf8()).isEqualTo("\"v\"");
  }

  @Test
  void aHeaderSuppliedPerCallIsAskedForEachCall() throws Exception {
    java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
    HttpJsonClient api =
        api().header("Authorization", () -> "Bearer t" + n.incrementAndGet()).build();
    server.enqueue(json(200, "\"a\""));
    server.enqueue(json(200, "\"b\""));
    other.enqueue(json(200, "\"c\""));
    api.getFromJson("x", String.class);
    api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS);
    api.getFromJson(LoopbackServer.uri(other, "/x").toString(), String.class);
    assertThat(received(server).take(5, TimeUnit.SECONDS).getHeaders().get("Authorization"))
        .isEqualTo("Bearer t1");
    assertThat(received(server).take(5, TimeUnit.SECONDS).getHeaders().get("Authorization"))
        .isEqualTo("Bearer t2");
    assertThat(received(other).take(5, TimeUnit.SECONDS).getHeaders().values("Authorization"))
        .isEmpty();
    assertThat(n.get()).as("not asked for another origin").isEqualTo(2);
  }
}
