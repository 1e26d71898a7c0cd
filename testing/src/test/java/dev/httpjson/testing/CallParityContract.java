package dev.httpjson.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.EventStreamOptions;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.ProblemDetails;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.RetryInterceptor;
import dev.httpjson.ServerSentEvent;
import dev.httpjson.testing.Models.Order;
import dev.httpjson.testing.Models.Token;
import dev.httpjson.testing.Models.User;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One call through httpjson gives the same outcome on the stub as on a loopback server answering
 * the same {@link Reply}: status checks, Problem Details, 204, redirects, content types, limits,
 * compression, streams element by element, Server-Sent Events with reconnect, idle and request
 * timeouts, cuts and drops, retries and cancellation. Each subclass names its backend; every row is
 * the same for both.
 */
abstract class CallParityContract {
  private static final Duration WAIT = Duration.ofSeconds(5);
  private static final User ADA = new User("ada");

  protected Backend backend;
  protected HttpJsonClient api;
  protected JsonOptions options = JsonOptions.web();

  protected abstract Backend newBackend();

  @BeforeEach
  void open() {
    backend = newBackend();
    api = HttpJsonClient.newBuilder(backend.client()).baseUri(backend.base()).build();
  }

  @AfterEach
  void close() {
    backend.close();
  }

  private void script(Reply... replies) {
    for (Reply reply : replies) {
      backend.enqueue(reply, options);
    }
  }

  @Test
  void aTypedValueIsReadAndTheRequestIsAGet() throws Exception {
    script(Reply.json(200, ADA));

    assertThat(api.getFromJson("users/1", User.class)).isEqualTo(ADA);

    Backend.Seen seen = backend.take(WAIT);
    assertThat(seen.method()).isEqualTo("GET");
    assertThat(seen.path()).isEqualTo("/users/1");
    assertThat(seen.header("Accept")).contains("application/json");
  }

  @Test
  void aPostedValueArrivesAsJson() throws Exception {
    script(Reply.json(201, ADA));

    assertThat(api.postAsJson("orders", new Order("tea", 2), User.class)).isEqualTo(ADA);

    Backend.Seen seen = backend.take(WAIT);
    assertThat(seen.method()).isEqualTo("POST");
    assertThat(new String(seen.body(), StandardCharsets.UTF_8))
        .isEqualTo("{\"item\":\"tea\",\"quantity\":2}");
    assertThat(seen.header("Content-Type")).startsWith("application/json");
  }

  @Test
  void anAsyncCallCompletesWithTheValue() throws Exception {
    script(Reply.json(200, ADA));

    assertThat(api.getFromJsonAsync("users/1", User.class).get(5, TimeUnit.SECONDS)).isEqualTo(ADA);
  }

  @Test
  void whatDependsOnAPlainSendAsyncRunsOffTheClientsOwnThreads() throws Exception {
    script(Reply.json(200, ADA).delay(Duration.ofMillis(300)));

    String thread =
        backend
            .client()
            .sendAsync(
                HttpRequest.newBuilder(backend.base().resolve("users/1")).build(),
                BodyHandlers.ofString())
            .thenApply(r -> Thread.currentThread().getName())
            .get(5, TimeUnit.SECONDS);

    // The JDK's sendAsync completes in the default async executor: a slow or blocking callback
    // holds none of the client's threads.
    assertThat(thread).doesNotStartWith("httpjson-").doesNotStartWith("HttpClient-");
  }

  @Test
  void aFailedPlainSendAsyncReachesItsDependentsWrappedAsTheJdksDoes() throws Exception {
    script(Reply.dropAfterRequestBody());

    Throwable seen =
        backend
            .client()
            .sendAsync(
                HttpRequest.newBuilder(backend.base().resolve("orders"))
                    .POST(HttpRequest.BodyPublishers.ofString("{}"))
                    .build(),
                BodyHandlers.ofString())
            .handle((r, e) -> e)
            .get(5, TimeUnit.SECONDS);

    // Code that tells failures apart in exceptionally() or handle() sees what it will in
    // production.
    assertThat(seen)
        .isInstanceOf(java.util.concurrent.CompletionException.class)
        .cause()
        .isInstanceOf(IOException.class);
  }

  @Test
  void aCompressedRequestBodyArrivesGzipped() throws Exception {
    script(Reply.status(204));
    HttpJsonClient compressing =
        HttpJsonClient.newBuilder(backend.client())
            .baseUri(backend.base())
            .options(options.toBuilder().requestCompression(true).build())
            .build();

    compressing.postAsJson("orders", new Order("tea", 3));

    Backend.Seen seen = backend.take(WAIT);
    assertThat(seen.header("Content-Encoding")).isEqualTo("gzip");
    try (java.util.zip.GZIPInputStream in =
        new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(seen.body()))) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
          .isEqualTo("{\"item\":\"tea\",\"quantity\":3}");
    }
  }

  @Test
  void problemDetailsReachTheStatusException() {
    script(Reply.problem(404, "Not Found", "no user 7"));

    assertThatThrownBy(() -> api.getFromJson("users/7", User.class))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(404);
              assertThat(e.problem().map(ProblemDetails::detail)).contains("no user 7");
            });
  }

  @Test
  void anErrorBodyIsReadableAsJson() {
    script(Reply.json(422, new Order("tea", -1)));

    assertThatThrownBy(() -> api.getFromJson("orders/1", User.class))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(422);
              try {
                assertThat(e.bodyAs(Order.class)).isEqualTo(new Order("tea", -1));
              } catch (IOException io) {
                throw new AssertionError(io);
              }
            });
  }

  @Test
  void noContentReadsAsNull() throws Exception {
    script(Reply.status(204));

    assertThat(api.getFromJson("users/1", User.class)).isNull();
  }

  @Test
  void aRedirectReachesAPlainSendAsItIs() throws Exception {
    script(Reply.redirect(302, "/elsewhere"));

    HttpResponse<String> response =
        backend
            .client()
            .send(
                HttpRequest.newBuilder(backend.base().resolve("here")).build(),
                BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(302);
    assertThat(response.headers().firstValue("Location")).contains("/elsewhere");
    assertThat(response.headers().firstValueAsLong("Content-Length")).hasValue(0);
  }

  @Test
  void responseHeaderNamesArriveInLowerCaseAsTheJdkReadsThem() throws Exception {
    script(Reply.json(200, ADA).header("X-RateLimit-Remaining", "7", "6"));

    HttpResponse<String> response =
        backend
            .client()
            .send(
                HttpRequest.newBuilder(backend.base().resolve("users/1")).build(),
                BodyHandlers.ofString());

    // Looked up by name, any case works; code going through the map sees the names as the JDK
    // client gives them.
    assertThat(response.headers().allValues("x-ratelimit-remaining")).containsExactly("7", "6");
    assertThat(response.headers().map().keySet())
        .contains("x-ratelimit-remaining", "content-type", "content-length")
        .allMatch(name -> name.equals(name.toLowerCase(java.util.Locale.ROOT)));
  }

  @Test
  void aWrongContentTypeStillParses() throws Exception {
    script(Reply.text(200, "text/plain", "{\"name\":\"ada\"}"));

    assertThat(api.getFromJson("users/1", User.class)).isEqualTo(ADA);
  }

  @Test
  void aDeclaredLengthOverTheLimitFails() {
    script(Reply.json(200, new User("a".repeat(200))));
    HttpJsonClient limited =
        HttpJsonClient.newBuilder(backend.client())
            .baseUri(backend.base())
            .options(options.toBuilder().maxResponseSize(100).build())
            .build();

    assertThatThrownBy(() -> limited.getFromJson("users/1", User.class))
        .isInstanceOf(ResponseTooLargeException.class)
        .hasMessageContaining("100");
  }

  @Test
  void aGzipBodyIsDecoded() throws Exception {
    script(Reply.json(200, ADA).gzip());

    assertThat(api.getFromJson("users/1", User.class)).isEqualTo(ADA);
  }

  @Test
  void aBodyCutShortFails() {
    script(Reply.json(200, ADA).cutShort(5));

    assertThatThrownBy(() -> api.getFromJson("users/1", User.class))
        .isInstanceOf(IOException.class);
  }

  /**
   * {@link Reply#drop()} on a fixed body drops the connection before its last byte: a body whose
   * declared length arrived whole is complete on a real network, whatever the connection does next.
   */
  @Test
  void aFixedBodyDroppedArrivesWithoutItsLastByteAndFails() throws Exception {
    script(Reply.json(200, ADA).drop(), Reply.json(200, ADA).drop());

    assertThatThrownBy(() -> api.getFromJson("users/1", User.class))
        .isInstanceOf(IOException.class);
    java.util.concurrent.atomic.AtomicLong arrived = new java.util.concurrent.atomic.AtomicLong();
    CompletableFuture<Throwable> failed = new CompletableFuture<>();
    java.util.concurrent.atomic.AtomicLong declared =
        new java.util.concurrent.atomic.AtomicLong(-1);
    java.util.concurrent.Flow.Subscriber<List<java.nio.ByteBuffer>> counting =
        new java.util.concurrent.Flow.Subscriber<List<java.nio.ByteBuffer>>() {
          @Override
          public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
            s.request(Long.MAX_VALUE);
          }

          @Override
          public void onNext(List<java.nio.ByteBuffer> buffers) {
            buffers.forEach(b -> arrived.addAndGet(b.remaining()));
          }

          @Override
          public void onError(Throwable t) {
            failed.complete(t);
          }

          @Override
          public void onComplete() {
            failed.complete(null);
          }
        };

    assertThatThrownBy(
            () ->
                backend
                    .client()
                    .send(
                        HttpRequest.newBuilder(backend.base().resolve("users/1")).build(),
                        info -> {
                          declared.set(
                              info.headers().firstValueAsLong("Content-Length").orElse(-1));
                          return HttpResponse.BodySubscribers.fromSubscriber(counting);
                        }))
        .isInstanceOf(IOException.class);
    assertThat(failed.get(5, TimeUnit.SECONDS)).isInstanceOf(IOException.class);
    assertThat(declared.get()).isPositive();
    assertThat(arrived.get()).isEqualTo(declared.get() - 1);
  }

  @Test
  void anArrayArrivesElementByElement() throws Exception {
    List<User> users = List.of(new User("a"), new User("b"), new User("c"));
    script(Reply.jsonArray(200, users));

    try (Stream<User> stream = api.getFromJsonAsStream("users", User.class)) {
      assertThat(stream.collect(Collectors.toList())).isEqualTo(users);
    }
  }

  @Test
  void ndjsonArrivesLineByLine() throws Exception {
    List<User> users = List.of(new User("a"), new User("b"));
    script(Reply.ndjson(200, users));

    try (Stream<User> stream = api.getFromJsonAsStream("users", User.class)) {
      assertThat(stream.collect(Collectors.toList())).isEqualTo(users);
    }
  }

  @Test
  void anArrayDroppedMidStreamFailsAfterTheElementsThatArrived() throws Exception {
    script(Reply.jsonArray(200, List.of(new User("a"), new User("b"))).drop());

    List<User> read = new ArrayList<>();
    try (Stream<User> stream = api.getFromJsonAsStream("users", User.class)) {
      assertThatThrownBy(() -> stream.forEachOrdered(read::add))
          .isInstanceOf(UncheckedIOException.class);
    }
    assertThat(read).isSubsetOf(new User("a"), new User("b"));
  }

  @Test
  void aStalledStreamFailsWithTheIdleTimeout() throws Exception {
    // A stall 30 times the idle timeout: a busy machine (both JDKs' builds at once) once delayed
    // the timer past a 1.5 s stall. The client fails at the timeout; the loopback server's
    // teardown waits out the stall, for 5 s at most (MockWebServer's), so the stall is shorter.
    script(
        Reply.stream(200, "application/json")
            .chunk("[{\"name\":\"a\"},")
            .pause(Duration.ofSeconds(3))
            .chunk("{\"name\":\"b\"}]"));
    HttpJsonClient idle =
        HttpJsonClient.newBuilder(backend.client())
            .baseUri(backend.base())
            .options(
                options.toBuilder()
                    .timeout(Duration.ZERO)
                    .idleTimeout(Duration.ofMillis(100))
                    .build())
            .build();

    try (Stream<User> stream = idle.getFromJsonAsStream("users", User.class)) {
      assertThatThrownBy(() -> stream.forEachOrdered(u -> {}))
          .isInstanceOf(UncheckedIOException.class)
          .cause()
          .isInstanceOfSatisfying(
              CallTimeoutException.class,
              e -> assertThat(e.timeout()).isEqualTo(Duration.ofMillis(100)));
    }
  }

  @Test
  void aSlowHeadFailsWithTheCallTimeout() {
    script(Reply.json(200, ADA).delay(Duration.ofMillis(1500)));

    assertThatThrownBy(
            () -> api.withTimeout(Duration.ofMillis(100)).getFromJson("users/1", User.class))
        .isInstanceOfSatisfying(
            CallTimeoutException.class,
            e -> assertThat(e.timeout()).isEqualTo(Duration.ofMillis(100)));
  }

  @Test
  void eventsArriveWithTheirIdsAndADropReconnectsWithLastEventId() throws Exception {
    script(
        Reply.events()
            .retry(Duration.ofMillis(10))
            .event("1", new Token("Hel"))
            .pause(Duration.ofMillis(50))
            .drop(),
        Reply.events().event("2", new Token("lo")));

    List<ServerSentEvent<Token>> events;
    try (Stream<ServerSentEvent<Token>> stream =
        api.getFromJsonAsEvents(
            "chat",
            dev.httpjson.JsonType.of(Token.class),
            EventStreamOptions.newBuilder().maxReconnects(1).build())) {
      events = stream.limit(2).collect(Collectors.toList());
    }

    assertThat(events).extracting(ServerSentEvent::id).containsExactly("1", "2");
    assertThat(events)
        .extracting(ServerSentEvent::data)
        .containsExactly(new Token("Hel"), new Token("lo"));
    assertThat(backend.take(WAIT).header("Last-Event-ID")).isNull();
    assertThat(backend.take(WAIT).header("Last-Event-ID")).isEqualTo("1");
  }

  @Test
  void aStringEventIsSentAsItIsSoTheDoneMarkerEndsTheStream() throws Exception {
    script(Reply.events().event(new Token("Hel")).event("[DONE]").event(new Token("after")));

    List<Token> tokens;
    try (Stream<ServerSentEvent<Token>> stream = api.getFromJsonAsEvents("chat", Token.class)) {
      tokens = stream.map(ServerSentEvent::data).collect(Collectors.toList());
    }

    assertThat(tokens).containsExactly(new Token("Hel"));
  }

  @Test
  void aStringEventReadsBackAsTheSameTextLineByLine() throws Exception {
    script(Reply.events().event("plain text").event("7", "two\nlines"));

    List<ServerSentEvent<String>> events;
    try (Stream<ServerSentEvent<String>> stream = api.getFromJsonAsEvents("chat", String.class)) {
      events = stream.collect(Collectors.toList());
    }

    assertThat(events)
        .extracting(ServerSentEvent::data)
        .containsExactly("plain text", "two\nlines");
    assertThat(events).extracting(ServerSentEvent::id).containsExactly(null, "7");
  }

  @Test
  void aStatusSequenceIsRetriedHonouringRetryAfter() throws Exception {
    script(
        Reply.status(503).header("Retry-After", "0"),
        Reply.status(503).header("Retry-After", "0"),
        Reply.json(200, ADA));
    HttpJsonClient retrying =
        HttpJsonClient.newBuilder(backend.client())
            .baseUri(backend.base())
            .interceptor(RetryInterceptor.newBuilder().maxAttempts(3).build())
            .build();

    assertThat(retrying.getFromJson("users/1", User.class)).isEqualTo(ADA);
    for (int i = 0; i < 3; i++) {
      assertThat(backend.take(WAIT).path()).isEqualTo("/users/1");
    }
  }

  @Test
  void aConnectionDroppedAfterTheRequestBodyFailsThePost() throws Exception {
    script(Reply.dropAfterRequestBody());

    assertThatThrownBy(() -> api.postAsJson("orders", new Order("tea", 1), User.class))
        .isInstanceOf(IOException.class)
        .isNotInstanceOf(HttpJsonStatusException.class);
    assertThat(new String(backend.take(WAIT).body(), StandardCharsets.UTF_8))
        .isEqualTo("{\"item\":\"tea\",\"quantity\":1}");
  }

  @Test
  void aConnectionDroppedBeforeTheRequestBodyFailsThePost() {
    script(Reply.dropBeforeRequestBody());

    assertThatThrownBy(() -> api.postAsJson("orders", new Order("tea", 1), User.class))
        .isInstanceOf(IOException.class)
        .isNotInstanceOf(HttpJsonStatusException.class);
  }

  @Test
  void aRequestBodyShorterThanItsDeclaredLengthFailsTheCall() {
    // No reply: the request never arrives whole, so none would be used.
    HttpRequest.BodyPublisher lying =
        HttpRequest.BodyPublishers.fromPublisher(
            HttpRequest.BodyPublishers.ofString("{\"item\":\"tea\"}"), 20);

    assertThatThrownBy(
            () ->
                backend
                    .client()
                    .send(
                        HttpRequest.newBuilder(backend.base().resolve("orders"))
                            .POST(lying)
                            .build(),
                        BodyHandlers.discarding()))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("Too few bytes returned by the publisher (14/20)");
  }

  /**
   * A request whose body never arrived whole was not answered: the reply stays for the next
   * request, as a server answers only a request it read.
   */
  @Test
  void aRequestWhoseBodyFailedLeavesItsReplyToTheNextRequest() throws Exception {
    script(Reply.status(201), Reply.status(202));
    HttpRequest.BodyPublisher lying =
        HttpRequest.BodyPublishers.fromPublisher(
            HttpRequest.BodyPublishers.ofString("{\"item\":\"tea\"}"), 20);
    java.net.URI orders = backend.base().resolve("orders");

    assertThatThrownBy(
            () ->
                backend
                    .client()
                    .send(
                        HttpRequest.newBuilder(orders).POST(lying).build(),
                        BodyHandlers.discarding()))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("Too few bytes returned by the publisher (14/20)");
    HttpRequest whole =
        HttpRequest.newBuilder(orders)
            .POST(HttpRequest.BodyPublishers.ofString("{\"item\":\"tea\"}"))
            .build();

    assertThat(backend.client().send(whole, BodyHandlers.discarding()).statusCode()).isEqualTo(201);
    assertThat(backend.client().send(whole, BodyHandlers.discarding()).statusCode()).isEqualTo(202);
  }

  @Test
  void aRequestBodyLongerThanItsDeclaredLengthFailsTheCall() {
    // No reply: the request never arrives whole, so none would be used.
    HttpRequest.BodyPublisher lying =
        HttpRequest.BodyPublishers.fromPublisher(
            HttpRequest.BodyPublishers.ofString("{\"item\":\"tea\"}"), 5);

    assertThatThrownBy(
            () ->
                backend
                    .client()
                    .send(
                        HttpRequest.newBuilder(backend.base().resolve("orders"))
                            .POST(lying)
                            .build(),
                        BodyHandlers.discarding()))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("Too many bytes in request body. Expected: 5, got: 14");
  }

  @Test
  void aCancelledCallLeavesTheClientUsable() throws Exception {
    script(Reply.json(200, ADA).delay(Duration.ofMillis(1000)), Reply.json(200, new User("bo")));

    CompletableFuture<User> slow = api.getFromJsonAsync("users/1", User.class);
    backend.take(WAIT);
    assertThat(slow.cancel(true)).isTrue();

    assertThat(api.getFromJsonAsync("users/2", User.class).get(5, TimeUnit.SECONDS))
        .isEqualTo(new User("bo"));
  }
}
