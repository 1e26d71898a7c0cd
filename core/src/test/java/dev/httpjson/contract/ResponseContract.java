package dev.httpjson.contract;

import static dev.httpjson.contract.LoopbackServer.json;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpCache;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonException;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The whole response, typed: {@code exchange} (status, headers, value), error bodies read with
 * {@code bodyAs}, {@code Link} pagination, text read and written by a {@link JsonType}, and the
 * untyped delete. Run by every codec module and by the OkHttp transport.
 */
public abstract class ResponseContract {
  /** An item of a GitHub-like API. */
  public record Item(int id, String title) {}

  /** A GitHub-like error body (snake_case on the wire). */
  public record ApiError(String message, String documentationUrl) {}

  protected MockWebServer server;
  protected HttpClient client;
  protected JsonOptions options;

  /** The codec under test. */
  protected abstract JsonCodec codec();

  /** The started server: HTTP/1.1 on loopback unless overridden. */
  protected MockWebServer newServer() throws IOException {
    return LoopbackServer.start();
  }

  /** The client under test. */
  protected HttpClient newClient() {
    return HttpClient.newHttpClient();
  }

  /**
   * The requests {@code scripted} received ({@link #server}, or another server a row starts). A
   * transport that answers from the servers' scripts in memory, never reaching their sockets,
   * overrides it with the requests it recorded.
   */
  protected LoopbackServer.Received received(MockWebServer scripted) {
    return LoopbackServer.received(scripted);
  }

  @BeforeEach
  void startServer() throws Exception {
    server = newServer();
    client = newClient();
    options = JsonOptions.newBuilder().codec(codec()).build();
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  private URI uri(String path) {
    return LoopbackServer.uri(server, path);
  }

  private RecordedRequest take() throws InterruptedException {
    RecordedRequest request = received(server).take(5, SECONDS);
    assertThat(request).as("a request reached the server").isNotNull();
    return request;
  }

  private HttpJsonClient api() {
    return HttpJsonClient.newBuilder(client)
        .baseUri(uri("/api/").toString())
        .header("Authorization", "Bearer t0ken")
        .options(options)
        .build();
  }

  // ---- exchange ----

  @Test
  public void exchangeReturnsStatusHeadersAndTheValue() throws Exception {
    server.enqueue(
        json(200, "{\"id\":1,\"title\":\"first\"}")
            .newBuilder()
            .addHeader("ETag", "\"v1\"")
            .build());

    HttpResponse<Item> response =
        HttpJson.exchange(
            client,
            HttpRequest.newBuilder(uri("/items/1")).build(),
            JsonType.of(Item.class, options));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("ETag")).contains("\"v1\"");
    assertThat(response.body()).isEqualTo(new Item(1, "first"));
    assertThat(response.request().uri()).isEqualTo(uri("/items/1"));
    assertThat(take().getHeaders().get("Accept")).isEqualTo(ACCEPT_JSON);
  }

  /**
   * A response's {@code toString} ends up in logs: it shows its URI as exception messages do, the
   * query values and the userinfo hidden, whichever client or cache answered.
   */
  @Test
  public void aResponsesToStringHidesTheQueryValuesAndTheUserinfo() throws Exception {
    URI secret = uri("/items/1?access_token=s3cret-token&page=2");
    URI withUser =
        URI.create(
            secret.getScheme()
                + "://alice:pa55word@"
                + secret.getRawAuthority()
                + secret.getRawPath()
                + "?"
                + secret.getRawQuery());
    HttpClient decorated = Interceptor.decorate(client, Interceptor.request(r -> r));
    HttpClient cached = HttpCache.inMemory(1 << 20).decorate(client);
    for (int i = 0; i < 7; i++) {
      server.enqueue(json(200, "{\"id\":1,\"title\":\"first\"}"));
    }
    List<HttpResponse<?>> responses = new ArrayList<>();
    responses.add(
        HttpJson.exchange(
            client, HttpRequest.newBuilder(secret).build(), JsonType.of(Item.class, options)));
    responses.add(
        HttpJson.exchangeAsync(
                client, HttpRequest.newBuilder(secret).build(), JsonType.of(Item.class, options))
            .get(5, TimeUnit.SECONDS));
    responses.add(
        HttpJson.exchange(
            decorated, HttpRequest.newBuilder(secret).build(), JsonType.of(Item.class, options)));
    responses.add(
        HttpJson.exchange(
            cached, HttpRequest.newBuilder(secret).build(), JsonType.of(Item.class, options)));
    HttpResponse<String> plain =
        decorated.send(
            HttpRequest.newBuilder(secret).build(), HttpResponse.BodyHandlers.ofString());
    if (!plain.getClass().getName().startsWith("jdk.")) {
      responses.add(plain); // a transport's own response; the JDK's shows its URI as it is
    }
    try {
      responses.add(
          HttpJson.exchange(
              client, HttpRequest.newBuilder(withUser).build(), JsonType.of(Item.class, options)));
      plain =
          decorated.send(
              HttpRequest.newBuilder(withUser).build(), HttpResponse.BodyHandlers.ofString());
      if (!plain.getClass().getName().startsWith("jdk.")) {
        responses.add(plain);
      }
    } catch (IOException e) {
      // A client that refuses a URI with userinfo (Apache's) sends nothing: nothing to show.
      assertThat(String.valueOf(e.getMessage())).doesNotContain("pa55word");
    }
    server.enqueue(
        json(200, "{\"id\":1,\"title\":\"first\"}")
            .newBuilder()
            .addHeader("Cache-Control", "max-age=60")
            .build());
    URI stored = uri("/items/2?access_token=s3cret-token&page=2");
    for (int i = 0; i < 2; i++) { // the second answered from the cache
      plain =
          cached.send(HttpRequest.newBuilder(stored).build(), HttpResponse.BodyHandlers.ofString());
      if (!plain.getClass().getName().startsWith("jdk.")) {
        responses.add(plain);
      }
    }
    for (HttpResponse<?> r : responses) {
      assertThat(r.toString())
          .contains("access_token=***", "page=***", "/items/")
          .doesNotContain("s3cret", "pa55word", "alice");
    }
  }

  @Test
  public void exchangeOfACreateGives201AndItsLocation() throws Exception {
    server.enqueue(
        json(201, "{\"id\":7,\"title\":\"new\"}")
            .newBuilder()
            .addHeader("Location", "/items/7")
            .build());

    HttpResponse<Item> created =
        HttpJson.exchange(
            client,
            JsonContent.of(new Item(0, "new"), options)
                .requestBuilder("POST", uri("/items"))
                .build(),
            JsonType.of(Item.class, options));

    assertThat(created.statusCode()).isEqualTo(201);
    assertThat(created.headers().firstValue("Location")).contains("/items/7");
    assertThat(created.body()).isEqualTo(new Item(7, "new"));
    RecordedRequest request = take();
    assertThat(request.getMethod()).isEqualTo("POST");
    assertThat(request.getBody().utf8()).contains("\"title\":\"new\"");
  }

  @Test
  public void exchangeOf204HasANullBody() throws Exception {
    server.enqueue(new MockResponse.Builder().code(204).addHeader("X-Deleted", "yes").build());

    HttpResponse<Item> response =
        HttpJson.exchange(
            client,
            HttpRequest.newBuilder(uri("/items/1")).DELETE().build(),
            JsonType.of(Item.class, options));

    assertThat(response.statusCode()).isEqualTo(204);
    assertThat(response.body()).isNull();
    assertThat(response.headers().firstValue("X-Deleted")).contains("yes");
  }

  @Test
  public void exchangeFailsOnAnErrorStatusWithMethodAndUri() {
    server.enqueue(json(404, "{\"message\":\"Not Found\"}"));

    assertThatThrownBy(
            () ->
                HttpJson.exchange(
                    client, HttpRequest.newBuilder(uri("/items/9")).build(), Item.class))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(404);
              assertThat(e.method()).isEqualTo("GET");
              assertThat(e.uri()).isEqualTo(uri("/items/9"));
            });
  }

  @Test
  public void exchangeAsyncCompletesWithTheWholeResponse() throws Exception {
    server.enqueue(
        json(200, "{\"id\":2,\"title\":\"two\"}").newBuilder().addHeader("X-Page", "1").build());

    HttpResponse<Item> response =
        HttpJson.exchangeAsync(
                client,
                HttpRequest.newBuilder(uri("/items/2")).build(),
                JsonType.of(Item.class, options))
            .get(10, SECONDS);

    assertThat(response.body()).isEqualTo(new Item(2, "two"));
    assertThat(response.headers().firstValue("X-Page")).contains("1");
  }

  @Test
  public void exchangeAsyncFailsItsFutureWithTheStatusException() {
    server.enqueue(json(500, "{\"message\":\"boom\"}"));

    assertThatThrownBy(
            () ->
                HttpJson.exchangeAsync(
                        client,
                        HttpRequest.newBuilder(uri("/x")).build(),
                        JsonType.of(Item.class, options))
                    .get(10, SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(HttpJsonStatusException.class);
  }

  @Test
  public void boundExchangeResolvesAgainstTheBaseAndAddsDefaultHeaders() throws Exception {
    server.enqueue(json(200, "{\"id\":3,\"title\":\"three\"}"));
    HttpJsonClient api = api();

    HttpResponse<Item> response =
        api.exchange(
            HttpRequest.newBuilder(api.uri("items/3")).header("If-None-Match", "\"v0\"").build(),
            Item.class);

    assertThat(response.body()).isEqualTo(new Item(3, "three"));
    RecordedRequest request = take();
    assertThat(request.getUrl().encodedPath()).isEqualTo("/api/items/3");
    assertThat(request.getHeaders().get("Authorization")).isEqualTo("Bearer t0ken");
    assertThat(request.getHeaders().get("If-None-Match")).isEqualTo("\"v0\"");
    assertThat(request.getHeaders().get("Accept")).isEqualTo(ACCEPT_JSON);
  }

  @Test
  public void boundExchangeAsyncWithAPreparedType() throws Exception {
    server.enqueue(
        json(201, "{\"id\":4,\"title\":\"four\"}")
            .newBuilder()
            .addHeader("Location", "/api/items/4")
            .build());
    HttpJsonClient api = api();

    HttpResponse<Item> created =
        api.exchangeAsync(
                JsonContent.of(new Item(0, "four"), options)
                    .requestBuilder("POST", api.uri("items"))
                    .build(),
                JsonType.of(Item.class, options))
            .get(10, SECONDS);

    assertThat(created.statusCode()).isEqualTo(201);
    assertThat(created.headers().firstValue("Location")).contains("/api/items/4");
    assertThat(take().getHeaders().get("Authorization")).isEqualTo("Bearer t0ken");
  }

  // ---- error bodies as JSON ----

  @Test
  public void anErrorBodyReadsAsATypeWithTheOptionsOfTheCallThatFailed() {
    server.enqueue(
        json(
            422,
            "{\"message\":\"Validation Failed\",\"documentation_url\":\"https://docs.example.com/v\"}"));
    JsonOptions snake = options.toBuilder().naming(JsonOptions.Naming.SNAKE_CASE).build();

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/items"), JsonType.of(Item.class, snake)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              ApiError error = read(() -> e.bodyAs(ApiError.class));
              assertThat(error)
                  .isEqualTo(new ApiError("Validation Failed", "https://docs.example.com/v"));
              Map<String, Object> members = read(() -> e.bodyAs(JsonType.mapOf(Object.class)));
              assertThat(members).containsEntry("message", "Validation Failed");
            });
  }

  @Test
  public void anErrorBodyReadsAsAPreparedTypeWithThatTypesOptions() {
    server.enqueue(json(400, "{\"message\":\"Bad\",\"documentationUrl\":\"u\"}"));

    assertThatThrownBy(() -> api().getFromJson("items", Item.class))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e ->
                assertThat(read(() -> e.bodyAs(JsonType.of(ApiError.class, options))))
                    .isEqualTo(new ApiError("Bad", "u")));
  }

  @Test
  public void anEmptyErrorBodyReadsAsNullAndAMalformedOneFailsWithItsPosition() {
    server.enqueue(new MockResponse.Builder().code(503).build());
    server.enqueue(json(500, "{\"message\": oops}"));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/a"), JsonType.of(Item.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> assertThat(read(() -> e.bodyAs(ApiError.class))).isNull());
    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/b"), JsonType.of(Item.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e ->
                assertThatThrownBy(() -> e.bodyAs(ApiError.class))
                    .isInstanceOf(JsonReadException.class)
                    .hasMessageContaining("line 1"));
  }

  @Test
  public void anErrorBodyLongerThanThePrefixKeptFailsToReadAndSaysWhy() {
    String big =
        "{\"message\":\"" + "x".repeat(HttpJsonStatusException.MAX_BODY_PREFIX_BYTES) + "\"}";
    server.enqueue(json(500, big));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/big"), JsonType.of(Item.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e ->
                assertThatThrownBy(() -> e.bodyAs(ApiError.class))
                    .isInstanceOf(JsonReadException.class)
                    .hasMessageContaining(
                        String.valueOf(HttpJsonStatusException.MAX_BODY_PREFIX_BYTES)));
  }

  @Test
  public void ensureSuccessErrorsReadAsJsonToo() throws Exception {
    server.enqueue(json(409, "{\"message\":\"Conflict\",\"documentationUrl\":\"d\"}"));
    HttpResponse<byte[]> response =
        HttpJson.postAsJson(client, uri("/items"), new Item(1, "x"), options);

    assertThatThrownBy(() -> HttpJson.ensureSuccess(response))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e ->
                assertThat(read(() -> e.bodyAs(JsonType.of(ApiError.class, options))))
                    .isEqualTo(new ApiError("Conflict", "d")));
  }

  /**
   * The response of an untyped call remembers the call's options: its error body reads with them
   * ({@code bodyAs(Class)}), as a typed call's does, and the message shows the query parameters
   * they show.
   */
  @Test
  public void ensureSuccessReadsTheErrorWithTheOptionsOfTheCallThatGotIt() throws Exception {
    server.enqueue(json(422, "{\"message\":\"Invalid\",\"documentation_url\":\"d\"}"));
    server.enqueue(json(422, "{\"message\":\"Invalid\",\"documentation_url\":\"d\"}"));
    JsonOptions snake =
        options.toBuilder()
            .naming(JsonOptions.Naming.SNAKE_CASE)
            .showQueryParameter("page")
            .build();

    HttpResponse<byte[]> response =
        HttpJson.postAsJson(client, uri("/items?page=3&key=s3cret"), new Item(1, "x"), snake);
    HttpResponse<byte[]> bound =
        HttpJsonClient.newBuilder(client)
            .baseUri(uri("/api/").toString())
            .options(snake)
            .build()
            .postAsJson("items?page=4", new Item(1, "x"));

    assertThatThrownBy(() -> HttpJson.ensureSuccess(response))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(read(() -> e.bodyAs(ApiError.class)))
                  .isEqualTo(new ApiError("Invalid", "d"));
              assertThat(e.getMessage()).contains("/items?page=3&key=***");
            });
    assertThatThrownBy(() -> HttpJson.ensureSuccess(bound))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e ->
                assertThat(read(() -> e.bodyAs(ApiError.class)))
                    .isEqualTo(new ApiError("Invalid", "d")));
  }

  // ---- Accept ----

  private static final String ACCEPT_JSON = "application/json, application/problem+json";

  /**
   * A server that negotiates the response's media type (as mock servers made from an OpenAPI
   * document do) answers a declared {@code application/problem+json} error only to a client that
   * accepts it, and otherwise falls back to the success example: the default Accept names both.
   */
  @Test
  public void aNegotiatingServerAnswersItsDeclaredProblemBecauseTheDefaultAcceptNamesIt()
      throws Exception {
    server.setDispatcher(
        new mockwebserver3.Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            String accept = String.valueOf(request.getHeaders().get("Accept"));
            if (accept.contains("application/problem+json")) {
              return new MockResponse.Builder()
                  .code(404)
                  .addHeader("Content-Type", "application/problem+json")
                  .body("{\"title\":\"Not Found\",\"status\":404,\"detail\":\"no item 9\"}")
                  .build();
            }
            return json(200, "{\"id\":1,\"title\":\"the example\"}");
          }
        });

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/items/9"), JsonType.of(Item.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(404);
              assertThat(e.problem().map(p -> p.detail())).contains("no item 9");
            });
    assertThat(take().getHeaders().values("Accept")).containsExactly(ACCEPT_JSON);
  }

  @Test
  public void everyCallThatReadsOneValueAcceptsJsonAndProblemDetailsByDefault() throws Exception {
    HttpJsonClient api = api();
    for (int i = 0; i < 6; i++) {
      server.enqueue(page("[{\"id\":1,\"title\":\"a\"}]", null));
    }
    JsonType<Item[]> items = JsonType.of(Item[].class, options);
    api.getFromJson("items", items);
    api.postAsJson("items", new Item(1, "a"), items);
    api.exchange(HttpRequest.newBuilder(api.uri("items")).build(), items);
    HttpJson.exchange(client, HttpRequest.newBuilder(uri("/items")).build(), items);
    client.send(
        JsonContent.of(new Item(1, "a"), options).requestBuilder("POST", uri("/items")).build(),
        HttpResponse.BodyHandlers.discarding());
    try (Stream<Item> paged = api.getFromJsonAsPagedStream("items", Item.class)) {
      assertThat(paged).hasSize(1);
    }
    for (int i = 0; i < 6; i++) {
      RecordedRequest request = take();
      assertThat(request.getHeaders().values("Accept"))
          .as(request.getMethod() + " " + i)
          .containsExactly(ACCEPT_JSON);
    }
  }

  /**
   * A stream reads a JSON array or NDJSON, so it accepts both (NDJSON first when the options say
   * NDJSON, neither when they say ARRAY), and problem details for its errors.
   */
  @Test
  public void aStreamAcceptsTheFormatsItReadsAndProblemDetailsByDefault() throws Exception {
    Map<JsonOptions.StreamFormat, String> expected =
        Map.of(
            JsonOptions.StreamFormat.AUTO,
            "application/json, application/x-ndjson, application/problem+json",
            JsonOptions.StreamFormat.ARRAY,
            ACCEPT_JSON,
            JsonOptions.StreamFormat.NDJSON,
            "application/x-ndjson, application/json, application/problem+json");
    for (JsonOptions.StreamFormat format : JsonOptions.StreamFormat.values()) {
      server.enqueue(page("[{\"id\":1,\"title\":\"a\"}]", null));
      JsonType<Item> type =
          JsonType.of(Item.class, options.toBuilder().streamFormat(format).build());
      try (Stream<Item> stream = HttpJson.getFromJsonAsStream(client, uri("/items"), type)) {
        stream.forEach(item -> {});
      } catch (UncheckedIOException e) {
        // an array read as NDJSON: only the header matters here
      }
      assertThat(take().getHeaders().values("Accept"))
          .as(format.toString())
          .containsExactly(expected.get(format));
    }
  }

  // ---- pagination ----

  private MockResponse page(String body, String link) {
    MockResponse.Builder b = json(200, body).newBuilder();
    if (link != null) {
      b.addHeader("Link", link);
    }
    return b.build();
  }

  @Test
  public void aPagedStreamFollowsNextLinksPageByPage() throws Exception {
    server.enqueue(
        page(
            "[{\"id\":1,\"title\":\"a\"},{\"id\":2,\"title\":\"b\"}]",
            "<"
                + uri("/api/items?page=2")
                + ">; rel=\"next\", <"
                + uri("/api/items?page=3")
                + ">; rel=\"last\""));
    server.enqueue(page("[{\"id\":3,\"title\":\"c\"}]", "<items?page=3>; title=\"p3\"; rel=next"));
    server.enqueue(
        page("[{\"id\":4,\"title\":\"d\"}]", "<" + uri("/api/items?page=1") + ">; rel=\"first\""));

    List<Integer> ids;
    try (Stream<Item> items = api().getFromJsonAsPagedStream("items?page=1", Item.class)) {
      ids = items.map(Item::id).collect(Collectors.toList());
    }

    assertThat(ids).containsExactly(1, 2, 3, 4);
    assertThat(received(server).count()).isEqualTo(3);
    assertThat(take().getUrl().toString()).endsWith("/api/items?page=1");
    RecordedRequest second = take();
    assertThat(second.getUrl().toString()).endsWith("/api/items?page=2");
    assertThat(second.getHeaders().get("Authorization")).isEqualTo("Bearer t0ken");
    assertThat(take().getUrl().toString()).endsWith("/api/items?page=3"); // relative to page 2
  }

  @Test
  public void aPagedStreamFetchesNoPageBeforeItIsPulledAndNoneAfterClose() throws Exception {
    server.enqueue(
        page(
            "[{\"id\":1,\"title\":\"a\"},{\"id\":2,\"title\":\"b\"}]",
            "<items?page=2>; rel=\"next\""));
    server.enqueue(page("[{\"id\":3,\"title\":\"c\"}]", "<items?page=3>; rel=\"next\""));
    server.enqueue(page("[{\"id\":4,\"title\":\"d\"}]", null));

    try (Stream<Item> items = api().getFromJsonAsPagedStream("items", Item.class)) {
      assertThat(received(server).count()).isEqualTo(1); // the first page, read by the call
      assertThat(items.limit(2).map(Item::id).collect(Collectors.toList())).containsExactly(1, 2);
    }

    assertThat(received(server).count()).isEqualTo(1);
  }

  /** A later page's failure says which page failed, when the options show that parameter. */
  @Test
  public void aLaterPagesFailureNamesThePageTheOptionsShow() throws Exception {
    server.enqueue(page("[{\"id\":1,\"title\":\"a\"}]", "<items?page=2&sig=s3cret>; rel=next"));
    server.enqueue(json(503, "{\"error\":\"busy\"}"));
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(uri("/api/").toString())
            .options(options.toBuilder().showQueryParameter("page").build())
            .build();

    try (Stream<Item> items = api.getFromJsonAsPagedStream("items?page=1", Item.class)) {
      assertThatThrownBy(() -> items.forEach(i -> {}))
          .isInstanceOf(UncheckedIOException.class)
          .cause()
          .isInstanceOf(HttpJsonStatusException.class)
          .hasMessageContaining("HTTP 503 from GET " + uri("/api/items?page=2&sig=***"))
          .hasMessageNotContaining("s3cret");
    }
  }

  @Test
  public void aPaginationLoopNamesThePagesTheOptionsShow() throws Exception {
    server.enqueue(page("[{\"id\":1,\"title\":\"a\"}]", "<items?page=2&sig=s3cret>; rel=\"next\""));
    server.enqueue(page("[{\"id\":2,\"title\":\"b\"}]", "<items?page=1&sig=s3cret>; rel=\"next\""));
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(uri("/api/").toString())
            .options(options.toBuilder().showQueryParameter("page").build())
            .build();

    try (Stream<Item> items = api.getFromJsonAsPagedStream("items?page=1&sig=s3cret", Item.class)) {
      assertThatThrownBy(() -> items.forEach(i -> {}))
          .isInstanceOf(UncheckedHttpJsonException.class)
          .hasMessageContaining("Pagination loop")
          .hasMessageContaining(uri("/api/items?page=2&sig=***").toString())
          .hasMessageContaining(uri("/api/items?page=1&sig=***").toString())
          .hasMessageNotContaining("s3cret");
    }
  }

  @Test
  public void aNextLinkThatRepeatsFailsInsteadOfLooping() throws Exception {
    server.enqueue(page("[{\"id\":1,\"title\":\"a\"}]", "<items?page=2>; rel=\"next\""));
    server.enqueue(page("[{\"id\":2,\"title\":\"b\"}]", "<items?page=1>; rel=\"next\""));

    try (Stream<Item> items = api().getFromJsonAsPagedStream("items?page=1", Item.class)) {
      assertThatThrownBy(() -> items.forEach(i -> {}))
          .isInstanceOf(UncheckedHttpJsonException.class)
          .hasCauseInstanceOf(HttpJsonException.class)
          .hasMessageContaining("Pagination loop")
          .hasMessageContaining("page 2")
          .hasMessageContaining("points back to page 1");
    }
    assertThat(received(server).count()).isEqualTo(2);
  }

  @Test
  public void anErrorOnALaterPageFailsTheStreamWithTheCallsException() throws Exception {
    server.enqueue(page("[{\"id\":1,\"title\":\"a\"}]", "<items?page=2>; rel=\"next\""));
    server.enqueue(json(500, "{\"message\":\"page 2 broke\"}"));

    try (Stream<Item> items = api().getFromJsonAsPagedStream("items", Item.class)) {
      assertThatThrownBy(() -> items.forEach(i -> {}))
          .isInstanceOf(UncheckedHttpJsonException.class)
          .cause()
          .isInstanceOfSatisfying(
              HttpJsonStatusException.class,
              e -> {
                assertThat(e.statusCode()).isEqualTo(500);
                assertThat(e.uri()).isEqualTo(uri("/api/items?page=2"));
              });
    }
  }

  /**
   * A later page's failure is one httpjson type to catch around the iteration, carrying the status
   * and Problem Details the first page's would; it is still an {@link UncheckedIOException}.
   */
  @Test
  public void aLaterPagesStatusIsAnUncheckedHttpJsonExceptionWithItsStatusAndProblem()
      throws Exception {
    server.enqueue(page("[{\"id\":1,\"title\":\"a\"}]", "<items?page=2>; rel=\"next\""));
    server.enqueue(notFound());
    server.enqueue(json(200, "{\"data\":[{\"id\":1,\"title\":\"a\"}],\"hasMore\":true}"));
    server.enqueue(notFound());

    try (Stream<Item> items = api().getFromJsonAsPagedStream("items", Item.class)) {
      assertThatThrownBy(() -> items.forEach(i -> {})).satisfies(this::isPageTwoNotFound);
    }
    try (Stream<Item> items = api().getFromJsonAsPagedStream("charges?limit=2", afterLastId())) {
      assertThatThrownBy(() -> items.forEach(i -> {})).satisfies(this::isPageTwoNotFound);
    }
  }

  private static MockResponse notFound() {
    return LoopbackServer.bytes(
        404,
        "application/problem+json",
        "{\"title\":\"Not Found\",\"status\":404,\"detail\":\"page 2 is gone\"}"
            .getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  private void isPageTwoNotFound(Throwable thrown) {
    assertThat(thrown)
        .isInstanceOf(UncheckedIOException.class)
        .isInstanceOfSatisfying(
            UncheckedHttpJsonException.class,
            e -> {
              assertThat(e.statusCode()).hasValue(404);
              assertThat(e.problem().map(dev.httpjson.ProblemDetails::detail))
                  .hasValue("page 2 is gone");
              assertThat(e.getCause())
                  .isInstanceOfSatisfying(
                      HttpJsonStatusException.class,
                      s -> assertThat(s.statusCode()).isEqualTo(404));
            });
  }

  @Test
  public void anErrorOnTheFirstPageIsThrownByTheCall() {
    server.enqueue(json(401, "{\"message\":\"Bad credentials\"}"));

    assertThatThrownBy(
            () -> api().getFromJsonAsPagedStream("items", JsonType.of(Item.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class, e -> assertThat(e.statusCode()).isEqualTo(401));
  }

  @Test
  public void aNextLinkToAnotherOriginGetsNoDefaultHeaders() throws Exception {
    try (MockWebServer other = newServer()) {
      server.enqueue(
          page(
              "[{\"id\":1,\"title\":\"a\"}]",
              "<" + LoopbackServer.uri(other, "/p2") + ">; rel=\"next\""));
      other.enqueue(page("[{\"id\":2,\"title\":\"b\"}]", null));

      try (Stream<Item> items = api().getFromJsonAsPagedStream("items", Item.class)) {
        assertThat(items.map(Item::id).collect(Collectors.toList())).containsExactly(1, 2);
      }

      RecordedRequest elsewhere = received(other).take(5, SECONDS);
      assertThat(elsewhere).isNotNull();
      assertThat(elsewhere.getHeaders().get("Authorization")).isNull();
    }
  }

  @Test
  public void withoutABaseUriANextLinkToAnotherOriginGetsNoDefaultHeaders() throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .header("Authorization", "Bearer t0ken")
            .header("X-Token", () -> "rotating")
            .options(options)
            .build();
    try (MockWebServer other = newServer()) {
      server.enqueue(
          page(
              "[{\"id\":1,\"title\":\"a\"}]",
              "<" + LoopbackServer.uri(other, "/p2") + ">; rel=\"next\""));
      other.enqueue(page("[{\"id\":2,\"title\":\"b\"}]", "<" + uri("/api/p3") + ">; rel=\"next\""));
      server.enqueue(page("[{\"id\":3,\"title\":\"c\"}]", null));

      try (Stream<Item> items =
          api.getFromJsonAsPagedStream(uri("/api/p1").toString(), Item.class)) {
        assertThat(items.map(Item::id).collect(Collectors.toList())).containsExactly(1, 2, 3);
      }

      RecordedRequest elsewhere = received(other).take(5, SECONDS);
      assertThat(elsewhere).isNotNull();
      assertThat(elsewhere.getHeaders().values("Authorization")).isEmpty();
      assertThat(elsewhere.getHeaders().values("X-Token")).isEmpty();
      for (int i = 0; i < 2; i++) {
        RecordedRequest home = take();
        assertThat(home.getHeaders().get("Authorization")).isEqualTo("Bearer t0ken");
        assertThat(home.getHeaders().get("X-Token")).isEqualTo("rotating");
      }
    }
  }

  /**
   * A header given for one call follows its pages; to a page on another origin than the first
   * page's, its credentials do not (a next link is the server's choice, not the caller's).
   */
  @Test
  public void aNextLinkToAnotherOriginGetsTheCallsOwnHeadersButNotItsCredentials()
      throws Exception {
    try (MockWebServer other = newServer()) {
      server.enqueue(
          page(
              "[{\"id\":1,\"title\":\"a\"}]",
              "<" + LoopbackServer.uri(other, "/p2") + ">; rel=\"next\""));
      other.enqueue(page("[{\"id\":2,\"title\":\"b\"}]", null));

      HttpJsonClient call =
          HttpJsonClient.newBuilder(client)
              .options(options)
              .build()
              .withHeader("Authorization", "Bearer per-call")
              .withHeader("X-Request-Id", "r1");
      try (Stream<Item> items =
          call.getFromJsonAsPagedStream(uri("/api/p1").toString(), Item.class)) {
        assertThat(items.map(Item::id).collect(Collectors.toList())).containsExactly(1, 2);
      }

      assertThat(take().getHeaders().get("Authorization")).isEqualTo("Bearer per-call");
      RecordedRequest elsewhere = received(other).take(5, SECONDS);
      assertThat(elsewhere).isNotNull();
      assertThat(elsewhere.getHeaders().values("Authorization")).isEmpty();
      assertThat(elsewhere.getHeaders().get("X-Request-Id")).isEqualTo("r1");
    }
  }

  /**
   * Pages that are all empty but each link a new next page would keep one {@code hasNext()}
   * fetching forever: after {@code 100} empty pages in a row the stream fails instead.
   */
  @Test
  public void emptyPagesThatKeepLinkingANewNextPageFailTheStreamInsteadOfFetchingForever()
      throws Exception {
    java.util.concurrent.atomic.AtomicInteger served =
        new java.util.concurrent.atomic.AtomicInteger();
    server.setDispatcher(
        new mockwebserver3.Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            int n = served.incrementAndGet();
            return page(
                n == 1 ? "[{\"id\":1,\"title\":\"a\"}]" : "[]",
                "<items?page=" + (n + 1) + ">; rel=next");
          }
        });
    try (Stream<Item> items = api().getFromJsonAsPagedStream("items?page=1", Item.class)) {
      java.util.Iterator<Item> it = items.iterator();
      assertThat(it.next().id()).isEqualTo(1);
      assertThatThrownBy(it::hasNext)
          .isInstanceOf(UncheckedHttpJsonException.class)
          .hasCauseInstanceOf(HttpJsonException.class)
          .hasMessageContaining("100 pages in a row")
          .hasMessageContaining("page 101");
    }
    assertThat(served).hasValue(101);
  }

  // ---- pagination with the cursor in the body ----

  /** A Stripe-style page: the elements and whether more follow. */
  public record ItemPage(List<Item> data, boolean hasMore) {}

  /** The next page starts after the last element read, while the page says there are more. */
  private static dev.httpjson.Paging<ItemPage, Item> afterLastId() {
    return dev.httpjson.Paging.of(
        ItemPage.class,
        ItemPage::data,
        (page, response) ->
            page.hasMore()
                ? URI.create(
                    "?limit=2&starting_after=" + page.data().get(page.data().size() - 1).id())
                : null);
  }

  @Test
  public void aCursorPagedStreamTakesTheNextPageFromTheBodyOfTheLast() throws Exception {
    server.enqueue(
        json(
            200,
            "{\"data\":[{\"id\":1,\"title\":\"a\"},{\"id\":2,\"title\":\"b\"}],"
                + "\"hasMore\":true}"));
    server.enqueue(json(200, "{\"data\":[{\"id\":3,\"title\":\"c\"}],\"hasMore\":false}"));

    List<Integer> ids;
    try (Stream<Item> items = api().getFromJsonAsPagedStream("charges?limit=2", afterLastId())) {
      assertThat(received(server).count()).isEqualTo(1); // the first page, read by the call
      ids = items.map(Item::id).collect(Collectors.toList());
    }

    assertThat(ids).containsExactly(1, 2, 3);
    assertThat(received(server).count()).isEqualTo(2);
    assertThat(take().getUrl().toString()).endsWith("/api/charges?limit=2");
    RecordedRequest second = take();
    assertThat(second.getUrl().toString()).endsWith("/api/charges?limit=2&starting_after=2");
    assertThat(second.getHeaders().get("Authorization")).isEqualTo("Bearer t0ken");
  }

  @Test
  public void aCursorThatRepeatsFailsInsteadOfLooping() throws Exception {
    String same = "{\"data\":[{\"id\":1,\"title\":\"a\"}],\"hasMore\":true}";
    server.enqueue(json(200, same));
    server.enqueue(json(200, same));

    try (Stream<Item> items = api().getFromJsonAsPagedStream("charges?limit=2", afterLastId())) {
      assertThatThrownBy(() -> items.forEach(i -> {}))
          .isInstanceOf(UncheckedHttpJsonException.class)
          .hasCauseInstanceOf(HttpJsonException.class)
          .hasMessageContaining("Pagination loop")
          .hasMessageContaining("page 2")
          .hasMessageContaining("points back to page 2");
    }
    assertThat(received(server).count()).isEqualTo(2);
  }

  /**
   * The next page is the page's choice, so the server's: without a base URI, a next page on another
   * origin than the first page's gets no default headers, as a next link does.
   */
  @Test
  public void withoutABaseUriACursorPageOnAnotherOriginGetsNoDefaultHeaders() throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .header("Authorization", "Bearer t0ken")
            .header("X-Token", () -> "rotating")
            .options(options)
            .build();
    try (MockWebServer other = newServer()) {
      URI elsewhere = LoopbackServer.uri(other, "/p2");
      server.enqueue(json(200, "{\"data\":[{\"id\":1,\"title\":\"a\"}],\"hasMore\":true}"));
      other.enqueue(json(200, "{\"data\":[{\"id\":2,\"title\":\"b\"}],\"hasMore\":false}"));
      dev.httpjson.Paging<ItemPage, Item> paging =
          dev.httpjson.Paging.of(
              JsonType.of(ItemPage.class),
              ItemPage::data,
              (page, response) -> page.hasMore() ? elsewhere : null);

      try (Stream<Item> items = api.getFromJsonAsPagedStream(uri("/api/p1").toString(), paging)) {
        assertThat(items.map(Item::id).collect(Collectors.toList())).containsExactly(1, 2);
      }

      assertThat(take().getHeaders().get("Authorization")).isEqualTo("Bearer t0ken");
      RecordedRequest foreign = received(other).take(5, SECONDS);
      assertThat(foreign).isNotNull();
      assertThat(foreign.getHeaders().values("Authorization")).isEmpty();
      assertThat(foreign.getHeaders().values("X-Token")).isEmpty();
    }
  }

  @Test
  public void aCursorPagedStreamEndsAtAnEmptyBody() throws Exception {
    server.enqueue(json(200, "{\"data\":[{\"id\":1,\"title\":\"a\"}],\"hasMore\":true}"));
    server.enqueue(new MockResponse.Builder().code(200).build());

    try (Stream<Item> items = api().getFromJsonAsPagedStream("charges", afterLastId())) {
      assertThat(items.map(Item::id).collect(Collectors.toList())).containsExactly(1);
    }
    assertThat(received(server).count()).isEqualTo(2);
  }

  // ---- pagination described by JSON Pointers into the page ----

  private static String items(int... ids) {
    StringBuilder b = new StringBuilder("[");
    for (int id : ids) {
      b.append(b.length() == 1 ? "" : ",")
          .append("{\"id\":")
          .append(id)
          .append(",\"title\":\"t")
          .append(id)
          .append("\"}");
    }
    return b.append(']').toString();
  }

  private List<Integer> ids(Stream<Item> items) {
    return items.map(Item::id).collect(Collectors.toList());
  }

  /**
   * Google's shape: the cursor in the body is sent back as its query parameter, percent-encoded,
   * and every other query parameter of the first page is asked for on every page.
   */
  @Test
  public void aCursorInTheBodyIsSentBackAsItsParameterWithTheOtherParametersKept()
      throws Exception {
    server.enqueue(
        json(200, "{\"files\":" + items(1, 2) + ",\"nextPageToken\":\"a+b/c=\\u00e9\"}"));
    server.enqueue(json(200, "{\"files\":" + items(3) + ",\"nextPageToken\":\"t3\"}"));
    server.enqueue(json(200, "{\"files\":" + items(4) + "}"));
    dev.httpjson.Paging<?, Item> google =
        dev.httpjson.Paging.items("/files", Item.class).cursor("/nextPageToken", "pageToken");

    try (Stream<Item> items =
        api().getFromJsonAsPagedStream("files?pageSize=2&q=name%3Dx", google)) {
      assertThat(ids(items)).containsExactly(1, 2, 3, 4);
    }

    assertThat(received(server).count()).isEqualTo(3);
    assertThat(take().getUrl().toString()).endsWith("/api/files?pageSize=2&q=name%3Dx");
    RecordedRequest second = take();
    assertThat(second.getUrl().toString())
        .endsWith("/api/files?pageSize=2&q=name%3Dx&pageToken=a%2Bb%2Fc%3D%C3%A9");
    assertThat(second.getHeaders().get("Authorization")).isEqualTo("Bearer t0ken");
    assertThat(take().getUrl().toString())
        .endsWith("/api/files?pageSize=2&q=name%3Dx&pageToken=t3"); // replaced, not repeated
  }

  /**
   * Stripe's shape: the next page starts after the last element's id ({@code /data/-1/id}), while
   * {@code has_more} is true; no page is asked for after one that says it is the last.
   */
  @Test
  public void aStripeListStartsEachPageAfterTheLastIdWhileHasMoreIsTrue() throws Exception {
    server.enqueue(
        json(200, "{\"object\":\"list\",\"data\":" + items(1, 2) + ",\"has_more\":true}"));
    server.enqueue(json(200, "{\"data\":" + items(3, 4) + ",\"has_more\":true}"));
    server.enqueue(json(200, "{\"has_more\":false,\"data\":" + items(5) + "}"));
    dev.httpjson.Paging<?, Item> stripe =
        dev.httpjson.Paging.items("/data", Item.class)
            .cursor("/data/-1/id", "starting_after")
            .hasMore("/has_more");

    try (Stream<Item> items = api().getFromJsonAsPagedStream("charges?limit=2", stripe)) {
      assertThat(ids(items)).containsExactly(1, 2, 3, 4, 5);
    }

    assertThat(received(server).count()).isEqualTo(3);
    assertThat(take().getUrl().toString()).endsWith("/api/charges?limit=2");
    assertThat(take().getUrl().toString()).endsWith("/api/charges?limit=2&starting_after=2");
    assertThat(take().getUrl().toString()).endsWith("/api/charges?limit=2&starting_after=4");
  }

  /** Slack's shape: a nested cursor, and an empty one on the last page. */
  @Test
  public void anEmptyCursorEndsTheStream() throws Exception {
    server.enqueue(
        json(
            200,
            "{\"ok\":true,\"members\":"
                + items(1)
                + ",\"response_metadata\":{\"next_cursor\":\"dXNlcjpVMEc5V0ZYTlo=\"}}"));
    server.enqueue(
        json(
            200,
            "{\"ok\":true,\"members\":"
                + items(2)
                + ",\"response_metadata\":{\"next_cursor\":\"\"}}"));
    dev.httpjson.Paging<?, Item> slack =
        dev.httpjson.Paging.items("/members", Item.class)
            .cursor("/response_metadata/next_cursor", "cursor");

    try (Stream<Item> items = api().getFromJsonAsPagedStream("users.list?limit=1", slack)) {
      assertThat(ids(items)).containsExactly(1, 2);
    }

    assertThat(received(server).count()).isEqualTo(2);
    take();
    assertThat(take().getUrl().toString())
        .endsWith("/api/users.list?limit=1&cursor=dXNlcjpVMEc5V0ZYTlo%3D");
  }

  @Test
  public void aNextUriInTheBodyIsFollowedResolvedAgainstThePage() throws Exception {
    server.enqueue(json(200, "{\"results\":" + items(1) + ",\"next\":\"?page=2&size=1\"}"));
    server.enqueue(
        json(
            200,
            "{\"results\":" + items(2) + ",\"next\":\"" + uri("/api/v2/things?page=3") + "\"}"));
    server.enqueue(json(200, "{\"results\":" + items(3) + ",\"next\":null}"));
    dev.httpjson.Paging<?, Item> next =
        dev.httpjson.Paging.items("/results", Item.class).next("/next");

    try (Stream<Item> items = api().getFromJsonAsPagedStream("things?size=1", next)) {
      assertThat(ids(items)).containsExactly(1, 2, 3);
    }

    take();
    assertThat(take().getUrl().toString()).endsWith("/api/things?page=2&size=1");
    assertThat(take().getUrl().toString()).endsWith("/api/v2/things?page=3");
  }

  /** GitHub's search: the elements in a field, the next page in a Link header. */
  @Test
  public void elementsInAFieldFollowTheLinkHeader() throws Exception {
    server.enqueue(
        page("{\"total_count\":2,\"items\":" + items(1) + "}", "<search?page=2>; rel=\"next\""));
    server.enqueue(page("{\"total_count\":2,\"items\":" + items(2) + "}", null));

    try (Stream<Item> items =
        api()
            .getFromJsonAsPagedStream(
                "search?q=x", dev.httpjson.Paging.items("/items", Item.class))) {
      assertThat(ids(items)).containsExactly(1, 2);
    }
    assertThat(received(server).count()).isEqualTo(2);
  }

  /**
   * A page with an empty body is the last, as {@code getFromJsonAsPagedStream(String, Paging)}
   * says, whatever its Link header names: for elements in a field too, as for a cursor.
   */
  @Test
  public void elementsInAFieldEndAtAnEmptyBodyWhateverItsLinkHeaderNames() throws Exception {
    server.enqueue(
        page("{\"total_count\":2,\"items\":" + items(1) + "}", "<search?page=2>; rel=\"next\""));
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Link", "<search?page=3>; rel=\"next\"")
            .build());
    server.enqueue(page("{\"total_count\":2,\"items\":" + items(3) + "}", null));

    try (Stream<Item> items =
        api()
            .getFromJsonAsPagedStream(
                "search?q=x", dev.httpjson.Paging.items("/items", Item.class))) {
      assertThat(ids(items)).containsExactly(1);
    }
    assertThat(received(server).count()).isEqualTo(2);
  }

  @Test
  public void aCursorPageIsFetchedOnlyWhenPulledAndNoneAfterClose() throws Exception {
    server.enqueue(json(200, "{\"data\":" + items(1, 2) + ",\"next\":\"c2\"}"));
    server.enqueue(json(200, "{\"data\":" + items(3) + ",\"next\":\"c3\"}"));
    server.enqueue(json(200, "{\"data\":" + items(4) + "}"));
    dev.httpjson.Paging<?, Item> paging =
        dev.httpjson.Paging.items("/data", Item.class).cursor("/next", "cursor");

    try (Stream<Item> items = api().getFromJsonAsPagedStream("items", paging)) {
      assertThat(received(server).count()).isEqualTo(1);
      Iterator<Item> it = items.iterator();
      assertThat(it.next().id()).isEqualTo(1);
      assertThat(it.next().id()).isEqualTo(2);
      assertThat(received(server).count()).isEqualTo(1); // page 2 not asked for yet
      assertThat(it.next().id()).isEqualTo(3);
      assertThat(received(server).count()).isEqualTo(2);
    }
    assertThat(received(server).count()).isEqualTo(2);
  }

  @Test
  public void aCursorThatComesBackFailsTheStreamNamingIt() throws Exception {
    server.enqueue(json(200, "{\"data\":" + items(1) + ",\"next\":\"c-7\"}"));
    server.enqueue(json(200, "{\"data\":" + items(2) + ",\"next\":\"c-8\"}"));
    server.enqueue(json(200, "{\"data\":" + items(3) + ",\"next\":\"c-7\"}"));
    dev.httpjson.Paging<?, Item> paging =
        dev.httpjson.Paging.items("/data", Item.class).cursor("/next", "cursor");

    try (Stream<Item> items = api().getFromJsonAsPagedStream("items?limit=1&key=s3cret", paging)) {
      assertThatThrownBy(() -> items.forEach(i -> {}))
          .isInstanceOf(UncheckedHttpJsonException.class)
          .hasCauseInstanceOf(HttpJsonException.class)
          .hasMessageContaining("Pagination loop")
          .hasMessageContaining("the cursor at /next")
          .hasMessageContaining("cursor=c-7")
          .hasMessageContaining("points back to page 2")
          .hasMessageNotContaining("s3cret");
    }
    assertThat(received(server).count()).isEqualTo(3);
  }

  @Test
  public void elementsThatAreNotAnArrayFailThePageWithTheirPosition() {
    server.enqueue(json(200, "{\n  \"data\": {\"id\":1}}"));
    dev.httpjson.Paging<?, Item> paging =
        dev.httpjson.Paging.items("/data", Item.class).cursor("/next", "cursor");

    assertThatThrownBy(() -> api().getFromJsonAsPagedStream("items", paging))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("the value at \"/data\" is not an array")
        .hasMessageContaining("line 2 column 11");
  }

  @Test
  public void anElementThatDoesNotFitFailsWithItsPositionAndPathInThePage() {
    server.enqueue(
        json(
            200,
            "{\"meta\":{\"n\":2},\n \"data\":[{\"id\":1,\"title\":\"a\"},"
                + "{\"id\":{\"no\":1},\"title\":\"b\"}]}"));
    dev.httpjson.Paging<?, Item> paging = dev.httpjson.Paging.items("/data", Item.class);

    assertThatThrownBy(() -> api().getFromJsonAsPagedStream("items", paging))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.path()).startsWith("$.data[1]");
              assertThat(e.line()).isEqualTo(2);
              assertThat(e.column()).isGreaterThan(30);
            });
  }

  @Test
  public void aPageCutShortFailsInsteadOfEndingTheStream() {
    server.enqueue(json(200, "{\"data\":" + items(1) + ",\"next\":\"c2"));
    dev.httpjson.Paging<?, Item> paging =
        dev.httpjson.Paging.items("/data", Item.class).cursor("/next", "cursor");

    assertThatThrownBy(() -> api().getFromJsonAsPagedStream("items", paging))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("unterminated string");
  }

  @Test
  public void aPointerThatIsNotOneIsRefusedWhereThePagingIsMade() {
    assertThatThrownBy(() -> dev.httpjson.Paging.items("data", Item.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("items is not a JSON Pointer (it must be empty or start with '/'): \"data\"");
    assertThatThrownBy(
            () -> dev.httpjson.Paging.items("/data", Item.class).cursor("/a~2", "cursor"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "cursor is not a JSON Pointer ('~' at index 2 is not followed by 0 or 1): \"/a~2\"");
    assertThatThrownBy(() -> dev.httpjson.Paging.items("/data", Item.class).cursor("/next", "a=b"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("name contains '=' or '&': a=b");
    assertThatThrownBy(() -> afterLastId().cursor("/next", "cursor"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("NextPage.cursor");
  }

  /** JSON:API's {@code page[cursor]}: the parameter is found however its brackets are escaped. */
  @Test
  public void aCursorParameterIsReplacedWhateverCaseItsEscapesAreIn() throws Exception {
    server.enqueue(json(200, "{\"data\":" + items(1) + ",\"meta\":{\"next\":\"n2\"}}"));
    server.enqueue(json(200, "{\"data\":" + items(2) + "}"));
    dev.httpjson.Paging<?, Item> paging =
        dev.httpjson.Paging.items("/data", Item.class).cursor("/meta/next", "page[cursor]");

    try (Stream<Item> items =
        api().getFromJsonAsPagedStream("items?page%5bcursor%5d=n1&page%5Bsize%5D=1", paging)) {
      assertThat(ids(items)).containsExactly(1, 2);
    }
    take();
    assertThat(take().getUrl().toString())
        .endsWith("/api/items?page%5Bcursor%5D=n2&page%5Bsize%5D=1");
  }

  /** A page that is the array itself, the next one after its last element's id; then none. */
  @Test
  public void aTopLevelArrayPagesAfterItsLastElementsIdUntilAnEmptyPage() throws Exception {
    server.enqueue(json(200, items(1, 2)));
    server.enqueue(json(200, items(3)));
    server.enqueue(json(200, "[]"));
    dev.httpjson.Paging<?, Item> since =
        dev.httpjson.Paging.items("", Item.class).cursor("/-1/id", "since");

    try (Stream<Item> items = api().getFromJsonAsPagedStream("users?per_page=2", since)) {
      assertThat(ids(items)).containsExactly(1, 2, 3);
    }
    take();
    assertThat(take().getUrl().toString()).endsWith("/api/users?per_page=2&since=2");
    assertThat(take().getUrl().toString()).endsWith("/api/users?per_page=2&since=3");
    assertThat(received(server).count()).isEqualTo(3);
  }

  /** A cursor function keeps the page's other query parameters too. */
  @Test
  public void aNextPageCursorFunctionKeepsTheOtherParameters() throws Exception {
    server.enqueue(json(200, "{\"data\":" + items(1, 2) + ",\"hasMore\":true}"));
    server.enqueue(json(200, "{\"data\":" + items(3) + ",\"hasMore\":false}"));
    dev.httpjson.Paging<ItemPage, Item> paging =
        dev.httpjson.Paging.of(
            ItemPage.class,
            ItemPage::data,
            dev.httpjson.Paging.NextPage.cursor(
                "starting_after",
                page -> page.hasMore() ? page.data().get(page.data().size() - 1).id() : null));

    try (Stream<Item> items = api().getFromJsonAsPagedStream("charges?limit=2", paging)) {
      assertThat(ids(items)).containsExactly(1, 2, 3);
    }
    take();
    assertThat(take().getUrl().toString()).endsWith("/api/charges?limit=2&starting_after=2");
  }

  // ---- text with a type's options ----

  @Test
  public void aJsonTypeReadsAndWritesTextWithItsOptions() throws Exception {
    JsonType<ApiError> snake =
        JsonType.of(
            ApiError.class, options.toBuilder().naming(JsonOptions.Naming.SNAKE_CASE).build());

    String text = snake.toJson(new ApiError("m", "u"));
    assertThat(text).contains("\"documentation_url\":\"u\"");
    assertThat(snake.fromJson(text)).isEqualTo(new ApiError("m", "u"));
    assertThat(snake.fromJson(snake.toJsonBytes(new ApiError("x", "y"))))
        .isEqualTo(new ApiError("x", "y"));
    assertThat(snake.fromJson("")).isNull();
    assertThat(
            new JsonType<List<Item>>() {}.withOptions(options)
                .fromJson("[{\"id\":1,\"title\":\"a\"}]"))
        .containsExactly(new Item(1, "a"));
  }

  @Test
  public void aJsonTypeRejectsTextThatIsNotItsTypeWithPositionAndPath() {
    JsonType<Item> item = JsonType.of(Item.class, options);

    assertThatThrownBy(() -> item.fromJson("{\"id\":\"one\",\"title\":\"a\"}"))
        .isInstanceOfSatisfying(
            JsonReadException.class, e -> assertThat(e.path()).isEqualTo("$.id"));
    assertThatThrownBy(() -> item.fromJson("{\"id\":1,"))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("line 1");
  }

  // ---- untyped delete ----

  @Test
  public void anUntypedDeleteChecksTheStatus() throws Exception {
    server.enqueue(new MockResponse.Builder().code(204).build());
    server.enqueue(json(404, "{\"message\":\"Not Found\"}"));

    HttpResponse<byte[]> deleted = HttpJson.deleteFromJson(client, uri("/items/1"));
    assertThat(deleted.statusCode()).isEqualTo(204);
    assertThat(take().getMethod()).isEqualTo("DELETE");
    assertThatThrownBy(() -> api().deleteFromJsonAsync("items/2").get(10, SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(404);
              assertThat(e.method()).isEqualTo("DELETE");
            });
  }

  // ---- paths ----

  @Test
  public void aMismatchAtTheTopLevelIsReportedAtTheRoot() {
    server.enqueue(json(200, "[1,2]"));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/one"), JsonType.of(Item.class, options)))
        .isInstanceOfSatisfying(JsonReadException.class, e -> assertThat(e.path()).isEqualTo("$"));
  }

  private interface Read<T> {
    T get() throws IOException;
  }

  private static <T> T read(Read<T> read) {
    try {
      return read.get();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
