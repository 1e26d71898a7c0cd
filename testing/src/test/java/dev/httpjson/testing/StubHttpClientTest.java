package dev.httpjson.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonOptions;
import dev.httpjson.Paging;
import dev.httpjson.RetryInterceptor;
import dev.httpjson.testing.Models.Order;
import dev.httpjson.testing.Models.User;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** What the kit itself promises: routes, replies in order, captures, checks and delivery. */
class StubHttpClientTest {
  private static final URI BASE = URI.create("https://api.test/v1/");
  private static final Duration WAIT = Duration.ofSeconds(5);

  private final StubHttpClient stub = StubHttpClient.create();
  private final HttpJsonClient api = HttpJsonClient.newBuilder(stub).baseUri(BASE).build();

  @Test
  void aPathTemplateMatchesAnySegmentAndOnlyItsMethod() throws Exception {
    stub.on("GET", "/v1/users/{id}").reply(200, new User("ada")).always();

    assertThat(api.getFromJson("users/7", User.class)).isEqualTo(new User("ada"));
    assertThat(api.getFromJson("users/8?full=true", User.class)).isEqualTo(new User("ada"));
    assertThatThrownBy(() -> api.getFromJson("users/7/orders", User.class))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("no route answers GET /v1/users/7/orders")
        .hasMessageContaining("GET /v1/users/{id} (always)");
    assertThatThrownBy(() -> api.deleteFromJson("users/7", User.class))
        .hasMessageContaining("no route answers DELETE /v1/users/7");
  }

  @Test
  void aBodyReadAsBytesIsTheCallsOwnNotTheStubsReply() throws Exception {
    stub.on("DELETE", "/v1/users/{id}")
        .reply(Reply.text(200, "application/json", "{\"name\":\"ada\"}"))
        .always();

    byte[] first = api.deleteFromJson("users/7").body();
    Arrays.fill(first, (byte) 'x');

    assertThat(new String(api.deleteFromJson("users/7").body(), StandardCharsets.UTF_8))
        .isEqualTo("{\"name\":\"ada\"}");
  }

  @Test
  void aRouteWithoutTheBaseUrisPathIsNamedWhenNoRouteAnswers() {
    stub.on("GET", "/users/{id}").reply(200, new User("ada"));
    stub.on("POST", "/users/{id}").reply(200, new User("ada"));

    assertThatThrownBy(() -> api.getFromJson("users/7", User.class))
        .isInstanceOf(IOException.class)
        .hasMessage(
            "no route answers GET /v1/users/7; routes, in order:\n"
                + "  GET /users/{id} (1 reply left) (matches the end of the path: is /v1, the"
                + " base URI's path, missing from the template?)\n"
                + "  POST /users/{id} (1 reply left)");
  }

  @Test
  void aRequestNoRouteAnswersIsNotRetriedByTheCodeUnderTestsRetries() {
    HttpJsonClient retrying =
        HttpJsonClient.newBuilder(stub)
            .baseUri(BASE)
            .interceptor(RetryInterceptor.newBuilder().maxAttempts(3).build())
            .build();

    assertThatThrownBy(() -> retrying.getFromJson("users/7", User.class))
        .isInstanceOf(IOException.class)
        .hasMessage("no route answers GET /v1/users/7; routes, in order: none");
    assertThat(stub.requests()).hasSize(1);
  }

  @Test
  void aStubServesCursorPagesByTheQueryItWasSent() throws Exception {
    record Page(List<User> data, boolean hasMore) {}
    stub.on("GET", "/v1/users")
        .reply(
            r ->
                r.query("starting_after") == null
                    ? Reply.json(200, new Page(List.of(new User("ada"), new User("bob")), true))
                    : Reply.json(200, new Page(List.of(new User("cy")), false)))
        .always();
    Paging<?, User> paging =
        Paging.items("/data", User.class)
            .cursor("/data/-1/name", "starting_after")
            .hasMore("/hasMore");

    try (Stream<User> users = api.getFromJsonAsPagedStream("users?limit=2&q=a+b%26c", paging)) {
      assertThat(users.map(User::name)).containsExactly("ada", "bob", "cy");
    }

    assertThat(stub.requests()).hasSize(2);
    assertThat(stub.requests())
        .allSatisfy(r -> assertThat(r.query("limit")).isEqualTo("2"))
        .allSatisfy(r -> assertThat(r.query("q")).isEqualTo("a b&c"));
    assertThat(stub.requests().get(0).query("starting_after")).isNull();
    assertThat(stub.requests().get(1).query("starting_after")).isEqualTo("bob");
    assertThat(stub.requests().get(1).query("absent")).isNull();
  }

  @Test
  void repliesAnswerOnceEachInOrderThenTheRouteIsUsedUp() throws Exception {
    stub.on("GET", "/v1/n").reply(200, 1).reply(200, 2);

    assertThat(api.getFromJson("n", Integer.class)).isEqualTo(1);
    assertThat(api.getFromJson("n", Integer.class)).isEqualTo(2);
    assertThatThrownBy(() -> api.getFromJson("n", Integer.class))
        .hasMessageContaining("GET /v1/n (used up: 2 replies given)");
  }

  @Test
  void aLaterRouteTakesOverWhenAnEarlierOneIsUsedUp() throws Exception {
    stub.on("GET", "/v1/n").reply(200, 1);
    stub.on("search with a header", r -> r.headers().firstValue("X-Page").isPresent())
        .reply(200, 2);

    assertThat(api.getFromJson("n", Integer.class)).isEqualTo(1);
    assertThat(api.withHeader("X-Page", "2").getFromJson("n", Integer.class)).isEqualTo(2);
  }

  @Test
  void verifyNamesUnexpectedRequestsAndUnusedReplies() {
    stub.on("GET", "/v1/a").reply(200, 1);
    stub.on("GET", "/v1/b").reply(200, 2).always();
    assertThatThrownBy(() -> api.getFromJson("c", Integer.class)).isInstanceOf(IOException.class);

    assertThatThrownBy(stub::verify)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(
            "unexpected request (no route answered it): GET https://api.test/v1/c")
        .hasMessageContaining("reply not used: GET /v1/a (1 reply left)")
        .hasMessageNotContaining("/v1/b");
  }

  @Test
  void verifyRedactsTheQueryValuesAndUserinfoOfUnexpectedRequests() {
    assertThatThrownBy(() -> api.getFromJson("c?page=2&token=abc123", Integer.class))
        .isInstanceOf(IOException.class);
    assertThatThrownBy(
            () ->
                stub.send(
                    HttpRequest.newBuilder(URI.create("https://ada:s3cret@api.test/v1/d?key=k9"))
                        .build(),
                    BodyHandlers.discarding()))
        .isInstanceOf(IOException.class);

    assertThatThrownBy(stub::verify)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(
            "unexpected request (no route answered it): GET https://api.test/v1/c?page=***&token=***")
        .hasMessageContaining(
            "unexpected request (no route answered it): GET https://api.test/v1/d?key=***")
        .hasMessageNotContaining("abc123")
        .hasMessageNotContaining("s3cret")
        .hasMessageNotContaining("k9");
  }

  @Test
  void aRouteOnCallDeclaresShowsItsQueryRedactedInFailures() {
    stub.onCall(api, c -> c.getFromJson("search?q=ada&api_key=k9secret", User.class))
        .reply(200, new User("ada"));

    assertThatThrownBy(() -> api.getFromJson("other", User.class))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("GET /v1/search?q=***&api_key=*** (HttpJsonClient)")
        .hasMessageNotContaining("k9secret");
    assertThatThrownBy(stub::verify)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("reply not used: GET /v1/search?q=***&api_key=*** (HttpJsonClient)")
        .hasMessageNotContaining("k9secret");
    assertThat(stub.toString()).doesNotContain("k9secret");
  }

  @Test
  void verifyPassesWhenEverythingWasUsed() throws Exception {
    stub.on("GET", "/v1/a").reply(200, 1);
    api.getFromJson("a", Integer.class);

    stub.verify();
  }

  /**
   * {@code always()} repeats the last reply only: a reply queued before it that no request took is
   * a call the code did not make, and verify() says so, as it does for a route without always().
   */
  @Test
  void verifyReportsTheRepliesBeforeAnAlwaysReplyThatWereNeverUsed() throws Exception {
    stub.on("GET", "/v1/a")
        .reply(Reply.status(503).header("Retry-After", "0"))
        .reply(Reply.status(429))
        .reply(200, 1)
        .always();
    stub.on("GET", "/v1/b").reply(Reply.status(503)).reply(200, 2).always();

    HttpRequest a = HttpRequest.newBuilder(BASE.resolve("a")).build();
    HttpRequest b = HttpRequest.newBuilder(BASE.resolve("b")).build();
    assertThat(stub.send(a, BodyHandlers.discarding()).statusCode()).isEqualTo(503);
    assertThat(stub.send(b, BodyHandlers.discarding()).statusCode()).isEqualTo(503);
    assertThat(api.getFromJson("b", Integer.class)).isEqualTo(2);
    assertThat(api.getFromJson("b", Integer.class)).isEqualTo(2);

    assertThatThrownBy(stub::verify)
        .isInstanceOf(AssertionError.class)
        .hasMessage("reply not used: GET /v1/a (always, 1 reply left before it)");
    assertThat(stub.toString())
        .contains("GET /v1/a (always, 1 reply left before it)")
        .contains("GET /v1/b (always)");
  }

  /**
   * A test waiting for a request its code sends from elsewhere waits without a monitor: on JDK 21
   * to 23 a virtual thread waiting in {@code Object.wait} keeps its carrier.
   */
  @Test
  void takeRequestWaitsWithoutAMonitor() throws Exception {
    stub.on("GET", "/v1/a").reply(200, 1);
    CompletableFuture<StubRequest> taken = new CompletableFuture<>();
    Thread taker =
        new Thread(
            () -> {
              try {
                taken.complete(stub.takeRequest(WAIT));
              } catch (Throwable t) {
                taken.completeExceptionally(t);
              }
            });
    taker.setDaemon(true);
    taker.start();
    List<String> waits = new CopyOnWriteArrayList<>();
    long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
    while (System.nanoTime() < until) {
      for (StackTraceElement e : taker.getStackTrace()) {
        if (e.getClassName().equals("java.lang.Object") && e.getMethodName().startsWith("wait")) {
          waits.add(e.toString());
        }
      }
      Thread.sleep(5);
    }

    api.getFromJson("a", Integer.class);

    assertThat(taken.get(5, TimeUnit.SECONDS).uri()).isEqualTo(BASE.resolve("a"));
    assertThat(waits).as("samples of the waiting thread in Object.wait").isEmpty();
  }

  @Test
  void aCapturedRequestReadsBackAsATypedValue() throws Exception {
    stub.on("POST", "/v1/orders").reply(Reply.status(201));

    api.postAsJson("orders", new Order("tea", 2));

    StubRequest request = stub.takeRequest(WAIT);
    assertThat(request.method()).isEqualTo("POST");
    assertThat(request.uri()).isEqualTo(BASE.resolve("orders"));
    assertThat(request.header("content-type")).startsWith("application/json");
    assertThat(request.bodyAs(Order.class)).isEqualTo(new Order("tea", 2));
    assertThat(request.route()).isEqualTo("POST /v1/orders (used up: 1 reply given)");
    assertThat(stub.requests()).containsExactly(request);
  }

  @Test
  void aCapturedFormReadsBackAsItsFields() throws Exception {
    stub.on("POST", "/v1/token").reply(200, "t").always();

    api.postAsJson(
        "token",
        dev.httpjson.FormContent.newBuilder()
            .add("scope", "read write")
            .add("x", "é&=")
            .add("scope", "admin")
            .build());

    StubRequest request = stub.takeRequest(WAIT);
    assertThat(request.form())
        .containsExactly(
            java.util.Map.entry("scope", java.util.List.of("read write", "admin")),
            java.util.Map.entry("x", java.util.List.of("é&=")));
    api.postAsJson("token", new Order("tea", 2));
    StubRequest json = stub.takeRequest(WAIT);
    assertThatThrownBy(json::form)
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith(
            "expected a form body, but was sent: POST https://api.test/v1/token");
  }

  @Test
  void aCapturedMultipartBodyReadsBackAsItsParts() throws Exception {
    stub.on("POST", "/v1/files").reply(Reply.status(201));

    api.postAsJson(
        "files",
        dev.httpjson.MultipartContent.newBuilder()
            .field("purpose", "fine-tune")
            .json("order", new Order("tea", 2))
            .file("file", new byte[] {'h', 'i'}, "a \"b\".txt", "text/plain")
            .build());

    java.util.List<StubRequest.Part> parts = stub.takeRequest(WAIT).parts();
    assertThat(parts)
        .extracting(StubRequest.Part::name)
        .containsExactly("purpose", "order", "file");
    assertThat(parts.get(0).bodyAsString()).isEqualTo("fine-tune");
    assertThat(parts.get(0).contentType()).isNull();
    assertThat(parts.get(1).bodyAs(Order.class)).isEqualTo(new Order("tea", 2));
    assertThat(parts.get(1).contentType()).isEqualTo("application/json; charset=utf-8");
    assertThat(parts.get(2).filename()).isEqualTo("a \"b\".txt");
    assertThat(parts.get(2).body()).containsExactly('h', 'i');
  }

  @Test
  void aRequestShowsNoCredentialsInItsTextYetKeepsThemForAssertions() throws Exception {
    stub.on("GET", "/v1/users").reply(200, List.of());

    stub.send(
        HttpRequest.newBuilder(URI.create("https://ada:s3cret@api.test/v1/users?page=2"))
            .header("Authorization", "Bearer t0ken")
            .header("Cookie", "session=c00kie")
            .header("X-Trace", "t-1")
            .build(),
        BodyHandlers.discarding());

    StubRequest request = stub.takeRequest(WAIT);
    assertThat(request.header("Authorization")).isEqualTo("Bearer t0ken");
    assertThat(request.toString())
        .startsWith("GET https://api.test/v1/users?page=***")
        .contains("Authorization: ***", "Cookie: ***", "X-Trace: t-1")
        .doesNotContain("t0ken", "c00kie", "s3cret");
  }

  @Test
  void aRequestShowsNoQueryValueInItsTextAsHttpjsonsLogsShowNone() throws Exception {
    stub.on("GET", "/v1/users").reply(200, List.of());

    stub.send(
        HttpRequest.newBuilder(
                URI.create("https://api.test/v1/users?api_key=sk-live-1&abcdef123&page=2#frag"))
            .header("Referer", "https://app.test/list?session=s3ss10n")
            .build(),
        BodyHandlers.discarding());

    StubRequest request = stub.takeRequest(WAIT);
    assertThat(request.uri().getRawQuery()).isEqualTo("api_key=sk-live-1&abcdef123&page=2");
    assertThat(request.query("api_key")).isEqualTo("sk-live-1");
    assertThat(request.toString())
        .startsWith("GET https://api.test/v1/users?api_key=***&***&page=***\n")
        .contains("Referer: https://app.test/list?session=***")
        .doesNotContain("sk-live-1", "abcdef123", "s3ss10n", "frag");
  }

  @Test
  void aRequestShowsTheQueryValuesItsStubsOptionsShow() throws Exception {
    StubHttpClient showing =
        StubHttpClient.create(JsonOptions.newBuilder().showQueryParameter("page").build());
    showing.on("GET", "/v1/users").reply(200, List.of());

    showing.send(
        HttpRequest.newBuilder(URI.create("https://api.test/v1/users?page=2&token=t0k")).build(),
        BodyHandlers.discarding());

    assertThat(showing.takeRequest(WAIT).toString())
        .startsWith("GET https://api.test/v1/users?page=2&token=***");

    assertThatThrownBy(
            () ->
                showing.send(
                    HttpRequest.newBuilder(URI.create("https://api.test/v1/none?page=3&token=t0k"))
                        .build(),
                    BodyHandlers.discarding()))
        .hasMessageStartingWith("no route answers GET /v1/none?page=3&token=***;");
    assertThatThrownBy(showing::verify)
        .hasMessageContaining(
            "unexpected request (no route answered it): GET https://api.test/v1/none?page=3&token=***")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("t0k"));
  }

  @Test
  void aRequestShowsNoApiKeyOrTokenHeaderInItsTextAsHttpjsonsLogsShowNone() throws Exception {
    stub.on("POST", "/v1/messages").reply(200, new User("ada"));

    stub.send(
        HttpRequest.newBuilder(URI.create("https://api.test/v1/messages"))
            .header("x-api-key", "sk-ant-1")
            .header("Api-Key", "azure-2")
            .header("ApiKey", "k-3")
            .header("X-Auth-Token", "tok-4")
            .header("Private-Token", "glpat-5")
            .POST(HttpRequest.BodyPublishers.ofString("[]"))
            .build(),
        BodyHandlers.discarding());

    StubRequest request = stub.takeRequest(WAIT);
    assertThat(request.header("X-Api-Key")).isEqualTo("sk-ant-1");
    assertThat(request.toString())
        .contains("x-api-key: ***", "Api-Key: ***", "X-Auth-Token: ***")
        .doesNotContain("sk-ant-1", "azure-2", "k-3", "tok-4", "glpat-5");
    assertThatThrownBy(() -> request.bodyAs(User.class))
        .hasMessageStartingWith("expected a body of type")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("sk-ant-1", "glpat-5"));
  }

  @Test
  void aFormRequestShowsItsFieldNamesButNotTheirValuesInItsText() throws Exception {
    stub.on("POST", "/v1/token").reply(200, new User("ada"));

    api.postAsJson(
        "token",
        dev.httpjson.FormContent.newBuilder()
            .add("grant_type", "client_credentials")
            .add("client_secret", "s3cret")
            .build());

    StubRequest request = stub.takeRequest(WAIT);
    assertThat(request.form().get("client_secret")).containsExactly("s3cret");
    assertThat(request.toString())
        .endsWith("\n\ngrant_type=***&client_secret=***")
        .doesNotContain("s3cret");
  }

  @Test
  void aBodyClosedDuringAPauseLeavesNoTimerThreadBehind() throws Exception {
    stub.on("GET", "/v1/stalled")
        .reply(
            Reply.stream(200, "application/json")
                .chunk("[")
                .pause(Duration.ofMinutes(10))
                .chunk("]"));

    HttpResponse<java.io.InputStream> response =
        stub.send(
            HttpRequest.newBuilder(BASE.resolve("stalled")).build(), BodyHandlers.ofInputStream());
    try (java.io.InputStream in = response.body()) {
      assertThat(in.read()).isEqualTo('[');
      Thread.sleep(200); // the body is in its pause
    }

    // The stub's threads end when idle: a closed body's pause is no work left.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (stubTimerAlive() && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(stubTimerAlive()).isFalse();
  }

  private static boolean stubTimerAlive() {
    return Thread.getAllStackTraces().keySet().stream()
        .anyMatch(t -> t.isAlive() && t.getName().startsWith("httpjson-stub-timer"));
  }

  @Test
  void aGzipRequestBodyReadsBackDecodedAsAServerWouldReadIt() throws Exception {
    stub.on("POST", "/v1/orders").reply(Reply.status(201));
    HttpJsonClient compressing =
        HttpJsonClient.newBuilder(stub)
            .baseUri(BASE)
            .options(JsonOptions.web().toBuilder().requestCompression(true).build())
            .build();

    compressing.postAsJson("orders", new Order("tea", 2));

    StubRequest request = stub.takeRequest(WAIT);
    assertThat(request.header("Content-Encoding")).isEqualTo("gzip");
    assertThat(request.body()).startsWith((byte) 0x1f, (byte) 0x8b);
    assertThat(request.bodyAs(Order.class)).isEqualTo(new Order("tea", 2));
    assertThat(request.bodyAsString()).isEqualTo("{\"item\":\"tea\",\"quantity\":2}");
    assertThat(request.toString()).endsWith("\n\n{\"item\":\"tea\",\"quantity\":2}");
  }

  @Test
  void aRequestBodyInAnEncodingTheKitCannotDecodeFailsNamingIt() throws Exception {
    stub.on("POST", "/v1/orders").reply(Reply.status(201));

    stub.send(
        HttpRequest.newBuilder(BASE.resolve("orders"))
            .header("Content-Encoding", "br")
            .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[] {1, 2, 3}))
            .build(),
        BodyHandlers.discarding());

    StubRequest request = stub.takeRequest(WAIT);
    assertThat(request.body()).containsExactly(1, 2, 3);
    assertThatThrownBy(() -> request.bodyAs(Order.class))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Content-Encoding br")
        .hasMessageContaining("POST https://api.test/v1/orders");
  }

  @Test
  void aComputedReplyThatFailedFailsVerifyEvenWhenTheCodeSwallowedTheCallsError() {
    stub.on("POST", "/v1/orders").reply(r -> Reply.json(201, r.bodyAs(User.class).name()));

    try {
      api.postAsJson("orders", List.of(1, 2), Order.class);
    } catch (IOException | InterruptedException swallowed) {
      // code under test that falls back quietly
    }

    assertThatThrownBy(stub::verify)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("the reply of route POST /v1/orders could not be computed")
        .hasMessageContaining("expected a body of type");
  }

  @Test
  void aComputedReplyIsMadeFromEachRequestOnceItsBodyArrived() throws Exception {
    stub.on("POST", "/v1/orders")
        .reply(
            r -> {
              Order sent = r.bodyAs(Order.class);
              return Reply.json(
                  201, new Order(sent.item() + " (" + r.path() + ")", 2 * sent.quantity()));
            })
        .always();

    assertThat(api.postAsJson("orders", new Order("tea", 2), Order.class))
        .isEqualTo(new Order("tea (/v1/orders)", 4));
    assertThat(api.postAsJson("orders", new Order("milk", 1), Order.class))
        .isEqualTo(new Order("milk (/v1/orders)", 2));
    assertThat(stub.takeRequest(WAIT).bodyAs(Order.class)).isEqualTo(new Order("tea", 2));
    stub.verify();
  }

  @Test
  void aComputedReplyThatFailsFailsTheCallNamingTheRoute() throws Exception {
    stub.on("GET", "/v1/n")
        .reply(
            r -> {
              throw new IllegalStateException("no such n");
            });
    stub.on("GET", "/v1/m").reply(r -> null);

    assertThatThrownBy(() -> api.getFromJson("n", Integer.class))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("the reply of route GET /v1/n could not be computed")
        .hasMessageContaining("no such n");
    assertThatThrownBy(() -> api.getFromJson("m", Integer.class))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("the reply of route GET /v1/m could not be computed");
    assertThat(stub.requests()).hasSize(2);
  }

  @Test
  void aBodyOfAnotherShapeFailsSayingWhatWasSent() throws Exception {
    stub.on("POST", "/v1/orders").reply(Reply.status(201));
    api.postAsJson("orders", List.of(1, 2));

    StubRequest request = stub.takeRequest(WAIT);
    assertThatThrownBy(() -> request.bodyAs(Order.class))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("expected a body of type " + Order.class.getTypeName())
        .hasMessageContaining("POST https://api.test/v1/orders")
        .hasMessageContaining("[1,2]");
  }

  @Test
  void takeRequestWaitsABoundedTimeForAsyncCode() throws Exception {
    stub.on("GET", "/v1/slow").reply(Reply.json(200, 1).delay(Duration.ofMillis(50)));
    CompletableFuture<Integer> call = api.getFromJsonAsync("slow", Integer.class);

    assertThat(stub.takeRequest(WAIT).path()).isEqualTo("/v1/slow");
    assertThat(call.get(5, TimeUnit.SECONDS)).isEqualTo(1);
    long start = System.nanoTime();
    assertThatThrownBy(() -> stub.takeRequest(Duration.ofMillis(50)))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            "expected a request within PT0.05S, but none came (1 received, all taken before)");
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(Duration.ofMillis(50));
  }

  @Test
  void valuesAreWrittenWithTheStubsOptions() throws Exception {
    JsonOptions snake = JsonOptions.newBuilder().naming(JsonOptions.Naming.SNAKE_CASE).build();
    StubHttpClient snakeStub = StubHttpClient.create(snake);
    snakeStub.on("GET", "/o").reply(200, new Order("tea", 2));

    HttpResponse<String> response =
        snakeStub.send(
            HttpRequest.newBuilder(URI.create("http://x/o")).build(), BodyHandlers.ofString());

    assertThat(response.body()).isEqualTo("{\"item\":\"tea\",\"quantity\":2}");
    assertThat(response.headers().firstValue("content-type")).contains("application/json");
    assertThat(response.headers().firstValueAsLong("Content-Length")).hasValue(27);
    assertThat(response.version()).isEqualTo(java.net.http.HttpClient.Version.HTTP_1_1);
    assertThat(response.sslSession()).isEmpty();
  }

  @Test
  void theBodyIsDeliveredOnlyAsFarAsRequestedAndNotOnTheCallersThread() throws Exception {
    stub.on("GET", "/parts")
        .reply(Reply.stream(200, "text/plain").chunk("a").chunk("b").chunk("c"));
    List<String> seen = new CopyOnWriteArrayList<>();
    List<Thread> threads = new CopyOnWriteArrayList<>();
    AtomicReference<Flow.Subscription> subscription = new AtomicReference<>();
    CountDownLatch first = new CountDownLatch(1);
    CompletableFuture<String> done = new CompletableFuture<>();
    BodySubscriber<String> oneAtATime =
        new BodySubscriber<>() {
          @Override
          public CompletionStage<String> getBody() {
            return done;
          }

          @Override
          public void onSubscribe(Flow.Subscription s) {
            subscription.set(s);
            s.request(1);
          }

          @Override
          public void onNext(List<ByteBuffer> items) {
            threads.add(Thread.currentThread());
            for (ByteBuffer b : items) {
              seen.add(StandardCharsets.UTF_8.decode(b).toString());
            }
            first.countDown();
          }

          @Override
          public void onError(Throwable t) {
            done.completeExceptionally(t);
          }

          @Override
          public void onComplete() {
            done.complete(String.join("", seen));
          }
        };

    CompletableFuture<HttpResponse<String>> response =
        stub.sendAsync(
            HttpRequest.newBuilder(URI.create("http://x/parts")).build(), i -> oneAtATime);

    assertThat(first.await(5, TimeUnit.SECONDS)).isTrue();
    Thread.sleep(50); // room for a pump that ignored the demand
    assertThat(seen).containsExactly("a");
    subscription.get().request(Long.MAX_VALUE);
    assertThat(response.get(5, TimeUnit.SECONDS).body()).isEqualTo("abc");
    assertThat(threads).doesNotContain(Thread.currentThread());
    assertThat(threads).allSatisfy(t -> assertThat(t.getName()).startsWith("httpjson-stub-"));
  }

  @Test
  void aSubscriberThatThrowsFailsTheCallInsteadOfTheStubsThread() {
    stub.on("GET", "/x").reply(200, 1);
    RuntimeException boom = new IllegalStateException("boom in onNext");
    BodySubscriber<String> throwing =
        new BodySubscriber<>() {
          private final CompletableFuture<String> body = new CompletableFuture<>();

          @Override
          public CompletionStage<String> getBody() {
            return body;
          }

          @Override
          public void onSubscribe(Flow.Subscription s) {
            s.request(Long.MAX_VALUE);
          }

          @Override
          public void onNext(List<ByteBuffer> items) {
            throw boom;
          }

          @Override
          public void onError(Throwable t) {
            body.completeExceptionally(t);
          }

          @Override
          public void onComplete() {
            body.complete("done");
          }
        };

    CompletableFuture<HttpResponse<String>> call =
        stub.sendAsync(HttpRequest.newBuilder(URI.create("http://x/x")).build(), i -> throwing);

    assertThatThrownBy(() -> call.get(5, TimeUnit.SECONDS)).hasCause(boom);
  }

  @Test
  void aSendWhoseBodyFailsUncheckedThrowsAnIOExceptionWithItAsTheCauseLikeTheJdk() {
    stub.on("GET", "/x").reply(200, 1).always();
    UncheckedIOException tooLarge = new UncheckedIOException(new IOException("too large"));
    IllegalArgumentException refused = new IllegalArgumentException("refused");
    HttpRequest get = HttpRequest.newBuilder(URI.create("http://x/x")).build();

    // The JDK client's send wraps whatever failed the exchange in an IOException of the same
    // message, except the exceptions it names (IllegalArgumentException, SecurityException, ...).
    assertThatThrownBy(() -> stub.send(get, i -> failingWith(tooLarge)))
        .isExactlyInstanceOf(IOException.class)
        .hasMessage(tooLarge.getMessage())
        .hasCause(tooLarge);
    assertThatThrownBy(() -> stub.send(get, i -> failingWith(refused)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("refused")
        .hasCause(refused);
  }

  @Test
  void aRequestRecordedByOnCallIsAnsweredEmptySoThatARetryingClientDoesNotRepeatIt()
      throws Exception {
    java.util.concurrent.atomic.AtomicInteger retries =
        new java.util.concurrent.atomic.AtomicInteger();
    HttpJsonClient retrying =
        HttpJsonClient.newBuilder(stub)
            .baseUri(BASE)
            .interceptor(
                RetryInterceptor.newBuilder()
                    .maxAttempts(3)
                    .retryOnException(e -> true)
                    .backoff(Duration.ofMillis(1), Duration.ofMillis(1))
                    .build())
            .listener(
                new dev.httpjson.CallListener() {
                  @Override
                  public void retry(Call call, int attempt, long nanoTime) {
                    retries.incrementAndGet();
                  }
                })
            .build();
    AtomicReference<Object> outcome = new AtomicReference<>("not called");

    stub.onCall(
            retrying,
            c -> {
              try {
                outcome.set(c.getFromJson("n", Integer.class));
              } catch (Exception | Error e) {
                outcome.set(e);
              }
            })
        .reply(200, 1);

    assertThat(outcome.get()).isNull(); // a 204: no value
    assertThat(retries.get()).isZero();
    assertThat(retrying.getFromJson("n", Integer.class)).isEqualTo(1);
    assertThat(stub.requests()).hasSize(1);
  }

  @Test
  void theCallOnCallRecordsIsNoFailureForLogsAndListeners() throws Exception {
    List<String> logged = new CopyOnWriteArrayList<>();
    List<Throwable> failures = new CopyOnWriteArrayList<>();
    HttpJsonClient observed =
        HttpJsonClient.newBuilder(stub)
            .baseUri(BASE)
            .interceptor(dev.httpjson.LoggingInterceptor.newBuilder().logger(into(logged)).build())
            .listener(
                new dev.httpjson.CallListener() {
                  @Override
                  public void callFailed(Call call, Throwable failure, long nanoTime) {
                    failures.add(failure);
                  }
                })
            .build();

    stub.onCall(observed, c -> c.getFromJson("users/7", User.class)).reply(200, new User("ada"));

    assertThat(failures).isEmpty();
    assertThat(logged).isNotEmpty().noneMatch(line -> line.contains("FAILED"));
    assertThat(observed.getFromJson("users/7", User.class)).isEqualTo(new User("ada"));
  }

  /** A logger adding every message to {@code lines}. */
  private static System.Logger into(List<String> lines) {
    return new System.Logger() {
      @Override
      public String getName() {
        return "test";
      }

      @Override
      public boolean isLoggable(Level level) {
        return true;
      }

      @Override
      public void log(Level level, java.util.ResourceBundle bundle, String msg, Throwable thrown) {
        lines.add(msg);
      }

      @Override
      public void log(
          Level level, java.util.ResourceBundle bundle, String format, Object... params) {
        lines.add(params == null ? format : java.text.MessageFormat.format(format, params));
      }
    };
  }

  private static BodySubscriber<String> failingWith(RuntimeException failure) {
    return BodySubscribers.mapping(
        BodySubscribers.discarding(),
        v -> {
          throw failure;
        });
  }

  @Test
  void aRequestTimeoutFailsTheSendLikeTheJdk() {
    stub.on("GET", "/slow").reply(Reply.status(200).delay(Duration.ofSeconds(2)));

    assertThatThrownBy(
            () ->
                stub.send(
                    HttpRequest.newBuilder(URI.create("http://x/slow"))
                        .timeout(Duration.ofMillis(50))
                        .build(),
                    BodyHandlers.discarding()))
        .isInstanceOf(java.net.http.HttpTimeoutException.class)
        .hasMessage("request timed out");
  }

  @Test
  void anInterruptedSendAbortsTheExchange() throws Exception {
    stub.on("GET", "/slow").reply(Reply.status(200).delay(Duration.ofSeconds(2)));
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread caller =
        new Thread(
            () -> {
              try {
                stub.send(
                    HttpRequest.newBuilder(URI.create("http://x/slow")).build(),
                    BodyHandlers.discarding());
              } catch (Throwable t) {
                failure.set(t);
              }
            });
    caller.start();
    stub.takeRequest(WAIT);
    caller.interrupt();
    caller.join(5000);

    assertThat(caller.isAlive()).isFalse();
    assertThat(failure.get()).isInstanceOf(InterruptedException.class);
  }

  @Test
  void closingTheStubReturnsAtOnceWhereHttpClientIsCloseable() throws Exception {
    Object client = stub;
    assumeTrue(client instanceof AutoCloseable, "HttpClient is AutoCloseable from JDK 21");

    assertTimeoutPreemptively(Duration.ofSeconds(5), () -> ((AutoCloseable) client).close());
  }

  @Test
  void aFixedBodyHasItsLengthAStreamedOneNoneAndAHeadRequestOnlyTheHead() throws Exception {
    Reply three =
        Reply.bytes(200, "application/octet-stream", new byte[] {1, 2, 3})
            .header("Link", "<a>", "<b>");
    stub.on("GET", "/fixed").reply(three);
    stub.on("HEAD", "/fixed").reply(three);
    stub.on("GET", "/streamed").reply(Reply.stream(200, "text/plain").chunk("ab"));

    HttpResponse<byte[]> fixed =
        stub.send(
            HttpRequest.newBuilder(URI.create("http://x/fixed")).build(),
            BodyHandlers.ofByteArray());
    HttpResponse<String> streamed =
        stub.send(
            HttpRequest.newBuilder(URI.create("http://x/streamed")).build(),
            BodyHandlers.ofString());
    HttpResponse<byte[]> head =
        stub.send(
            HttpRequest.newBuilder(URI.create("http://x/fixed"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .build(),
            BodyHandlers.ofByteArray());

    assertThat(fixed.body()).containsExactly(1, 2, 3);
    assertThat(fixed.headers().allValues("link")).containsExactly("<a>", "<b>");
    assertThat(fixed.headers().firstValueAsLong("Content-Length")).hasValue(3);
    assertThat(streamed.body()).isEqualTo("ab");
    assertThat(streamed.headers().firstValue("Content-Length")).isEmpty();
    assertThat(head.body()).isEmpty();
    assertThat(head.headers().firstValueAsLong("Content-Length")).hasValue(3);
  }

  @Test
  void aDropBeforeTheRequestBodyCancelsThePublisherUnread() throws Exception {
    stub.on("POST", "/orders").reply(Reply.dropBeforeRequestBody());
    java.util.concurrent.atomic.AtomicLong requested = new java.util.concurrent.atomic.AtomicLong();
    CountDownLatch cancelled = new CountDownLatch(1);
    HttpRequest.BodyPublisher watched =
        HttpRequest.BodyPublishers.fromPublisher(
            subscriber ->
                subscriber.onSubscribe(
                    new Flow.Subscription() {
                      @Override
                      public void request(long n) {
                        requested.addAndGet(n);
                      }

                      @Override
                      public void cancel() {
                        cancelled.countDown();
                      }
                    }));

    assertThatThrownBy(
            () ->
                stub.send(
                    HttpRequest.newBuilder(URI.create("http://x/orders")).POST(watched).build(),
                    BodyHandlers.discarding()))
        .isInstanceOf(IOException.class)
        .hasMessageContaining(
            "connection closed before the request body was read (route POST /orders)");
    assertThat(cancelled.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(requested.get()).isZero();
    assertThat(stub.takeRequest(WAIT).body()).isEmpty();
  }

  @Test
  void aTimeoutCancelsTheRequestBodyStillBeingSent() throws Exception {
    stub.on("POST", "/orders").reply(Reply.status(204));
    CountDownLatch cancelled = new CountDownLatch(1);

    assertThatThrownBy(
            () ->
                stub.send(
                    HttpRequest.newBuilder(URI.create("http://x/orders"))
                        .timeout(Duration.ofMillis(50))
                        .POST(neverEnding(cancelled))
                        .build(),
                    BodyHandlers.discarding()))
        .isInstanceOf(java.net.http.HttpTimeoutException.class);
    assertThat(cancelled.await(5, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aCancelledCallCancelsTheRequestBodyStillBeingSent() throws Exception {
    stub.on("POST", "/orders").reply(Reply.status(204));
    CountDownLatch cancelled = new CountDownLatch(1);
    CountDownLatch subscribed = new CountDownLatch(1);
    HttpRequest.BodyPublisher body = neverEnding(cancelled);

    CompletableFuture<HttpResponse<Void>> call =
        stub.sendAsync(
            HttpRequest.newBuilder(URI.create("http://x/orders"))
                .POST(
                    HttpRequest.BodyPublishers.fromPublisher(
                        s -> {
                          body.subscribe(s);
                          subscribed.countDown();
                        }))
                .build(),
            BodyHandlers.discarding());
    assertThat(subscribed.await(5, TimeUnit.SECONDS)).isTrue();
    call.cancel(true);

    assertThat(cancelled.await(5, TimeUnit.SECONDS)).isTrue();
  }

  /** A request body whose publisher never sends a byte, counting down when it is cancelled. */
  private static HttpRequest.BodyPublisher neverEnding(CountDownLatch cancelled) {
    return HttpRequest.BodyPublishers.fromPublisher(
        subscriber ->
            subscriber.onSubscribe(
                new Flow.Subscription() {
                  @Override
                  public void request(long n) {}

                  @Override
                  public void cancel() {
                    cancelled.countDown();
                  }
                }));
  }

  @Test
  void aTemplateWithAQueryOrAHostIsRefusedSayingThatRoutesMatchThePathOnly() {
    assertThatThrownBy(() -> stub.on("GET", "/issues?state=open"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "path template has a query or a fragment: /issues?state=open (a route matches the"
                + " path only, /issues; read request.query(name) in reply(request -> ...), or"
                + " declare the route with onCall)");
    assertThatThrownBy(() -> stub.on("GET", "https://api.example.com/v3/issues"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "path template is an absolute URI: https://api.example.com/v3/issues (a route"
                + " matches the path only, with the base URI's path: /v3/issues)");
  }

  @Test
  void badArgumentsSayWhatWasWrong() {
    assertThatThrownBy(() -> stub.on("GET", "users"))
        .hasMessage("path template does not start with '/': users");
    assertThatThrownBy(() -> Reply.status(42)).hasMessage("status not in 100..599: 42");
    assertThatThrownBy(() -> Reply.redirect(200, "/x"))
        .hasMessage("redirect status not in 300..399: 200");
    assertThatThrownBy(() -> Reply.json(200, 1).pause(Duration.ofMillis(-1)))
        .hasMessage("pause < 0: PT-0.001S");
    assertThatThrownBy(() -> stub.on("GET", "/x").always())
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> stub.on("GET", "/y").reply(200, 1).always().reply(200, 2))
        .hasMessage("reply after always() on route GET /y");
  }

  @Test
  void aPredicateThatThrowsFailsTheCallNamingItsRouteInsteadOfHanging() {
    // The predicate of the javadoc's own example: a request without a query makes it throw.
    stub.on("search for ada", r -> r.uri().getQuery().contains("q=ada")).reply(200, List.of());

    Throwable failure =
        assertTimeoutPreemptively(
            WAIT,
            () ->
                org.assertj.core.api.Assertions.catchThrowable(
                    () -> api.getFromJson("users", User.class)));
    assertThat(failure)
        .isInstanceOf(IOException.class)
        .hasMessageContaining("route search for ada")
        .hasMessageContaining("GET /v1/users")
        .hasRootCauseInstanceOf(NullPointerException.class);
    assertThatThrownBy(stub::verify)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(
            "unexpected request (no route answered it): GET https://api.test/v1/users");
  }

  @Test
  void aRequestNoRouteAnswersIsShownWithItsQueryRedacted() {
    stub.on("GET", "/v1/users").reply(200, List.of());
    stub.on("search for ada", r -> "q=ada".equals(r.uri().getQuery())).reply(200, List.of());

    assertThatThrownBy(() -> api.getFromJson("search?q=bob&page=2", User.class))
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith(
            "no route answers GET /v1/search?q=***&page=***; routes, in order:");
  }

  @Test
  void aMultipartPartWhoseNameOrFileNameHasASemicolonReadsBackWhole() throws Exception {
    stub.on("POST", "/v1/files").reply(Reply.status(201));

    api.postAsJson(
        "files",
        dev.httpjson.MultipartContent.newBuilder()
            .field("a;b", "1")
            .file("file", new byte[] {'h', 'i'}, "report; final=1.txt", "text/plain")
            .build());

    java.util.List<StubRequest.Part> parts = stub.takeRequest(WAIT).parts();
    assertThat(parts).extracting(StubRequest.Part::name).containsExactly("a;b", "file");
    assertThat(parts.get(1).filename()).isEqualTo("report; final=1.txt");
  }

  @Test
  void aFormBodyThatIsNotUrlEncodedFailsNamingTheRequest() throws Exception {
    stub.on("POST", "/v1/token").reply(200, "t").always();
    HttpRequest.Builder post =
        HttpRequest.newBuilder(URI.create("https://api.test/v1/token"))
            .header("Content-Type", "application/x-www-form-urlencoded");

    stub.send(
        post.POST(HttpRequest.BodyPublishers.ofString("discount=100%")).build(),
        BodyHandlers.discarding());
    StubRequest broken = stub.takeRequest(WAIT);
    assertThatThrownBy(broken::form)
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("the form body is not url-encoded")
        .hasMessageContaining("POST https://api.test/v1/token");

    // Unencoded UTF-8, as a careless client sends it, reads as a server reads it.
    stub.send(
        post.POST(HttpRequest.BodyPublishers.ofString("name=José")).build(),
        BodyHandlers.discarding());
    assertThat(stub.takeRequest(WAIT).form()).containsEntry("name", List.of("José"));
  }

  @Test
  void aHeaderOrAnEventIdThatCannotGoOnTheWireIsRefusedSayingWhy() {
    assertThatThrownBy(() -> Reply.status(200).header("X-Id", "1\r\nSet-Cookie: a=b"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("header X-Id has a line break in its value: 1\\r\\nSet-Cookie: a=b");
    assertThatThrownBy(() -> Reply.status(200).header("X Id", "1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not a header name: X Id");
    assertThatThrownBy(() -> Reply.events().event("1\ndata: forged", "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("event id has a line break or a NUL: 1\\ndata: forged");
  }

  @Test
  void aMethodInAnotherCaseIsNamedWhenNoRouteAnswersAndOneThatIsNoTokenIsRefused() {
    stub.on("get", "/v1/users").reply(200, List.of());

    assertThatThrownBy(() -> api.getFromJson("users", User.class))
        .isInstanceOf(IOException.class)
        .hasMessageContaining(
            "get /v1/users (1 reply left) (the method differs in case only: methods are"
                + " case-sensitive, GET is not get)");
    assertThatThrownBy(() -> stub.on("GET ", "/v1/users"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not a method: 'GET '");
    stub.on("GET", "/v1/users").reply(200, List.of()); // what the test meant
    assertThatThrownBy(stub::verify).hasMessageContaining("reply not used: get /v1/users");
  }
}
