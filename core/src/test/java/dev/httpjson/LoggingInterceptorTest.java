package dev.httpjson;

import static dev.httpjson.contract.LoopbackServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.LoopbackServer;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.text.MessageFormat;
import java.util.List;
import java.util.ResourceBundle;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What {@link LoggingInterceptor} writes, captured by a logger given to its builder. */
class LoggingInterceptorTest {
  private final HttpClient client = HttpClient.newHttpClient();
  private final JsonOptions options = JsonOptions.newBuilder().codec(new CountingCodec()).build();
  private final Captured log = new Captured();
  private MockWebServer server;

  /** A {@link System.Logger} that keeps what it is given. */
  static final class Captured implements System.Logger {
    final List<String> lines = new CopyOnWriteArrayList<>();

    @Override
    public String getName() {
      return "captured";
    }

    @Override
    public boolean isLoggable(Level level) {
      return true;
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
      lines.add(msg);
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
      lines.add(
          params == null || params.length == 0 ? format : MessageFormat.format(format, params));
    }

    @Override
    public void log(Level level, Supplier<String> msgSupplier) {
      lines.add(msgSupplier.get());
    }

    String all() {
      return String.join("\n", lines);
    }
  }

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private HttpJsonClient api(LoggingInterceptor.Level level) {
    return HttpJsonClient.newBuilder(client)
        .baseUri(LoopbackServer.uri(server, "/v1/"))
        .options(options)
        .header("Authorization", "Bearer s3cret")
        .header("X-Api-Key", "k3y")
        .interceptor(
            LoggingInterceptor.newBuilder()
                .level(level)
                .logger(log)
                .redactHeader("x-api-key")
                .maxBodyBytes(8)
                .build())
        .build();
  }

  /** The logger hides the headers the HTTP cache keys its entries by, and no others. */
  @Test
  void itsCredentialHeadersAreThoseOfTheOneList() throws Exception {
    java.lang.reflect.Field always = LoggingInterceptor.class.getDeclaredField("ALWAYS_REDACTED");
    always.setAccessible(true);

    assertThat(always.get(null)).isSameAs(dev.httpjson.internal.SecretHeaders.NAMES);
  }

  /** The usual API-key and token headers are redacted with no redactHeader call. */
  @Test
  void theUsualApiKeyAndTokenHeadersAreRedactedByDefault() throws Exception {
    server.enqueue(json(200, "\"x\""));
    HttpJsonClient.newBuilder(client)
        .baseUri(LoopbackServer.uri(server, "/v1/"))
        .options(options)
        .header("X-Api-Key", "k3y-a")
        .header("Api-Key", "k3y-b")
        .header("X-Auth-Token", "k3y-c")
        .header("Private-Token", "k3y-d")
        .interceptor(
            LoggingInterceptor.newBuilder()
                .level(LoggingInterceptor.Level.HEADERS)
                .logger(log)
                .build())
        .build()
        .getFromJson("x", String.class);
    assertThat(log.all())
        .contains("X-Api-Key: ***")
        .contains("Api-Key: ***")
        .contains("X-Auth-Token: ***")
        .contains("Private-Token: ***")
        .doesNotContain("k3y");
  }

  /**
   * The credential headers of the big clouds and of common token schemes are redacted with no
   * redactHeader call: an AWS session token beside a SigV4 Authorization, a Google or Azure API
   * key, a Vault token, an access token, a CSRF token.
   */
  @Test
  void cloudAndTokenCredentialHeadersAreRedactedByDefault() throws Exception {
    server.enqueue(json(200, "\"x\""));
    HttpJsonClient.newBuilder(client)
        .baseUri(LoopbackServer.uri(server, "/v1/"))
        .options(options)
        .header("X-Amz-Security-Token", "k3y-a")
        .header("X-Goog-Api-Key", "k3y-b")
        .header("Ocp-Apim-Subscription-Key", "k3y-c")
        .header("X-Vault-Token", "k3y-d")
        .header("X-Access-Token", "k3y-e")
        .header("X-CSRF-Token", "k3y-f")
        .header("X-XSRF-Token", "k3y-g")
        .header("Idempotency-Key", "shown-1")
        .interceptor(
            LoggingInterceptor.newBuilder()
                .level(LoggingInterceptor.Level.HEADERS)
                .logger(log)
                .build())
        .build()
        .getFromJson("x", String.class);
    assertThat(log.all())
        .containsIgnoringCase("X-Amz-Security-Token: ***")
        .containsIgnoringCase("X-Goog-Api-Key: ***")
        .containsIgnoringCase("Ocp-Apim-Subscription-Key: ***")
        .containsIgnoringCase("X-Vault-Token: ***")
        .containsIgnoringCase("X-Access-Token: ***")
        .containsIgnoringCase("X-CSRF-Token: ***")
        .containsIgnoringCase("X-XSRF-Token: ***")
        .contains("shown-1")
        .doesNotContain("k3y");
  }

  @Test
  void basicLogsTheRequestAndResponseLinesWithQuerySecretsRedacted() throws Exception {
    server.enqueue(json(200, "\"hello\""));
    assertThat(api(LoggingInterceptor.Level.BASIC).getFromJson("users?token=t0p", String.class))
        .isEqualTo("hello");
    assertThat(log.lines).hasSize(2);
    assertThat(log.lines.get(0))
        .startsWith("--> GET http://")
        .endsWith("/v1/users?token=*** (0-byte body)");
    assertThat(log.lines.get(1))
        .startsWith("<-- 200 GET http://")
        .contains("/v1/users?token=*** (")
        .endsWith(" ms, 7-byte body)");
    assertThat(log.all()).doesNotContain("t0p").doesNotContain("s3cret");
  }

  @Test
  void headersAreLoggedWithCredentialsRedacted() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .addHeader("Set-Cookie", "session=abc")
            .body("\"x\"")
            .build());
    api(LoggingInterceptor.Level.HEADERS)
        .getFromJsonAsync("x", String.class)
        .get(5, TimeUnit.SECONDS);
    String all = log.all();
    assertThat(all)
        .contains("Authorization: ***")
        .contains("X-Api-Key: ***")
        .containsIgnoringCase("Set-Cookie: ***")
        .containsIgnoringCase("content-type: application/json")
        .doesNotContain("s3cret")
        .doesNotContain("k3y")
        .doesNotContain("abc");
  }

  @Test
  void uriValuedHeadersAreRedactedAsTheRequestLineIs() throws Exception {
    String base = LoopbackServer.uri(server, "/v1/").toString();
    server.enqueue(
        new MockResponse.Builder()
            .code(201)
            .addHeader("Content-Type", "application/json")
            .addHeader("Location", "/v1/items/1?api_key=SECRET1&v=2")
            .addHeader("Content-Location", base + "items/1?sig=SECRET2#frag")
            .addHeader(
                "Link",
                "<"
                    + base
                    + "items?page=2&token=SECRET3>; rel=\"next\", <items?token=SECRET4>;"
                    + " rel=\"last\"; title=\"last, page\"")
            .body("\"x\"")
            .build());
    HttpJsonClient api = api(LoggingInterceptor.Level.HEADERS);
    HttpRequest request =
        HttpRequest.newBuilder(api.uri("items?api_key=SECRET0"))
            .header("Referer", "https://app.example/page?session=SECRET5")
            .build();
    assertThat(api.exchange(request, String.class).body()).isEqualTo("x");
    String all = log.all();
    assertThat(all)
        .contains("/v1/items?api_key=*** (0-byte body)")
        .containsIgnoringCase("location: /v1/items/1?api_key=***&v=***")
        .containsIgnoringCase("content-location: " + base + "items/1?sig=***\n")
        .containsIgnoringCase(
            "link: <"
                + base
                + "items?page=***&token=***>; rel=\"next\", <items?token=***>; rel=\"last\";"
                + " title=\"last, page\"")
        .containsIgnoringCase("referer: https://app.example/page?session=***")
        .doesNotContain("SECRET")
        .doesNotContain("frag");
  }

  @Test
  void queryParametersNamedAsShownKeepTheirValuesInTheLinesAndUriValuedHeaders() throws Exception {
    String base = LoopbackServer.uri(server, "/v1/").toString();
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .addHeader("Content-Location", base + "pods?resourceVersion=41&token=SECRET1")
            .addHeader("Link", "<" + base + "pods?page=3&limit=50&sig=SECRET2>; rel=\"next\"")
            .body("\"x\"")
            .build());
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(LoopbackServer.uri(server, "/v1/"))
            .options(options)
            .interceptor(
                LoggingInterceptor.newBuilder()
                    .level(LoggingInterceptor.Level.HEADERS)
                    .logger(log)
                    .showQueryParameter("page")
                    .showQueryParameter("resourceVersion")
                    .showQueryParameter("limit")
                    .build())
            .build();
    HttpRequest request =
        HttpRequest.newBuilder(api.uri("pods?page=2&token=SECRET0&resourceVersion=40&flag"))
            .header("Referer", "https://app.example/list?page=1&session=SECRET3")
            .build();

    assertThat(api.exchange(request, String.class).body()).isEqualTo("x");

    assertThat(log.lines.get(0))
        .contains("/v1/pods?page=2&token=***&resourceVersion=40&*** (0-byte body)");
    assertThat(log.lines.get(1)).contains("/v1/pods?page=2&token=***&resourceVersion=40&*** (");
    assertThat(log.all())
        .containsIgnoringCase("referer: https://app.example/list?page=1&session=***")
        .containsIgnoringCase("content-location: " + base + "pods?resourceVersion=41&token=***")
        .containsIgnoringCase("link: <" + base + "pods?page=3&limit=50&sig=***>; rel=\"next\"")
        .doesNotContain("SECRET");
  }

  @Test
  void besideAListenerQueryParametersNamedAsShownKeepTheirValuesToo() throws Exception {
    server.enqueue(json(200, "\"hello\""));
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(LoopbackServer.uri(server, "/v1/"))
            .options(options)
            .listener(new Quiet())
            .interceptor(
                LoggingInterceptor.newBuilder().logger(log).showQueryParameter("page").build())
            .build();

    assertThat(api.getFromJson("users?page=2&token=t0p", String.class)).isEqualTo("hello");

    assertThat(log.lines).hasSize(2);
    assertThat(log.lines.get(0)).endsWith("/v1/users?page=2&token=*** (0-byte body)");
    assertThat(log.lines.get(1)).contains("/v1/users?page=2&token=*** (");
  }

  /** One setting serves the messages and the logs: the call's options show a value in both. */
  @Test
  void queryParametersTheCallsOptionsShowAreShownInTheLinesToo() throws Exception {
    for (boolean own : new boolean[] {false, true}) {
      server.enqueue(json(200, "\"hello\""));
      LoggingInterceptor.Builder logging = LoggingInterceptor.newBuilder().logger(log);
      if (own) {
        logging.showQueryParameter("limit");
      }
      HttpJsonClient api =
          HttpJsonClient.newBuilder(client)
              .baseUri(LoopbackServer.uri(server, "/v1/"))
              .options(options.toBuilder().showQueryParameter("page").build())
              .listener(new Quiet())
              .interceptor(logging.build())
              .build();
      log.lines.clear();

      assertThat(api.getFromJson("users?page=2&limit=5&token=t0p", String.class))
          .isEqualTo("hello");

      String shown = own ? "page=2&limit=5&token=***" : "page=2&limit=***&token=***";
      assertThat(log.lines).hasSize(2);
      assertThat(log.lines.get(0)).endsWith("/v1/users?" + shown + " (0-byte body)");
      assertThat(log.lines.get(1)).contains("/v1/users?" + shown + " (");
    }
  }

  @Test
  void aQueryParameterShownIsNamedExactly() {
    LoggingInterceptor.Builder b = LoggingInterceptor.newBuilder();
    assertThatThrownBy(() -> b.showQueryParameter("")).hasMessage("name is empty");
    assertThatThrownBy(() -> b.showQueryParameter("a=b"))
        .hasMessage("name contains '=' or '&': a=b");
  }

  @Test
  void bodiesAreLoggedAsABoundedPrefixAndTheCallerStillReadsTheWholeBody() throws Exception {
    server.enqueue(json(200, "\"a long response body\""));
    server.enqueue(json(200, "\"ok\""));
    HttpJsonClient api = api(LoggingInterceptor.Level.BODY);
    assertThat(api.getFromJson("x", String.class)).isEqualTo("a long response body");
    assertThat(log.all()).contains("\"a long … (14 more bytes)");

    log.lines.clear();
    api.postAsJson("x", "request body!", String.class);
    assertThat(log.lines.get(0)).contains("\n\"request… (7 more bytes)");
    assertThat(server.takeRequest().getBody()).isNull(); // the GET
    assertThat(server.takeRequest().getBody().utf8()).isEqualTo("\"request body!\"");
  }

  /**
   * A body in the charset its Content-Type names (a {@link JsonContent} sent as ISO-8859-1 or
   * windows-1252, a response in ISO-8859-1) is text in that charset, logged as such, never as
   * binary.
   */
  @Test
  void aBodyInTheCharsetItsContentTypeNamesIsLoggedAsText() throws Exception {
    server.enqueue(json(200, "\"ok\""));
    server.enqueue(json(200, "\"ok\""));
    server.enqueue(
        LoopbackServer.bytes(
            200,
            "application/json; charset=ISO-8859-1",
            "\"caf\u00e9\"".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)));
    HttpClient decorated =
        Interceptor.decorate(
            client,
            LoggingInterceptor.newBuilder()
                .level(LoggingInterceptor.Level.BODY)
                .logger(log)
                .build());

    for (String charset : List.of("ISO-8859-1", "windows-1252")) {
      log.lines.clear();
      decorated.send(
          JsonContent.of("caf\u00e9", options)
              .withMediaType("application/json; charset=" + charset)
              .requestBuilder("POST", LoopbackServer.uri(server, "/x"))
              .build(),
          HttpResponse.BodyHandlers.discarding());
      assertThat(log.lines.get(0)).as(charset).endsWith("\n\"caf\u00e9\"");
    }

    log.lines.clear();
    HttpResponse<byte[]> response =
        decorated.send(
            HttpRequest.newBuilder(LoopbackServer.uri(server, "/y")).build(),
            HttpResponse.BodyHandlers.ofByteArray());
    assertThat(response.body()).hasSize(6);
    assertThat(log.all()).contains("6-byte body)").endsWith("\n\"caf\u00e9\"");
  }

  @Test
  void aBinaryBodyIsLoggedByLengthOnlyAndATextBodyCutInACharacterIsNot() throws Exception {
    byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 0x0d};
    server.enqueue(LoopbackServer.bytes(200, "image/png", png));
    server.enqueue(json(200, "\"héé\""));
    HttpClient decorated =
        Interceptor.decorate(
            client,
            LoggingInterceptor.newBuilder()
                .level(LoggingInterceptor.Level.BODY)
                .logger(log)
                .maxBodyBytes(5)
                .build());

    HttpResponse<byte[]> response =
        decorated.send(
            HttpRequest.newBuilder(LoopbackServer.uri(server, "/logo.png")).build(),
            HttpResponse.BodyHandlers.ofByteArray());

    assertThat(response.body()).isEqualTo(png);
    assertThat(log.all())
        .contains("<-- 200 GET")
        .contains("12-byte body)")
        .endsWith("\n(binary body, not shown)")
        .doesNotContain("PNG")
        .doesNotContain("\u0000")
        .doesNotContain("\ufffd");

    log.lines.clear();
    decorated.send(
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/name")).build(),
        HttpResponse.BodyHandlers.ofString());
    // "é" is two bytes: five bytes end in the middle of the second one, which is left out.
    assertThat(log.all()).endsWith("\n\"hé… (3 more bytes)").doesNotContain("\ufffd");
  }

  /** The bytes the current thread allocated so far, or the test is skipped without a counter. */
  private static long allocated() throws Exception {
    Object bean =
        Class.forName("java.lang.management.ManagementFactory")
            .getMethod("getThreadMXBean")
            .invoke(null);
    Class<?> type = Class.forName("com.sun.management.ThreadMXBean");
    org.junit.jupiter.api.Assumptions.assumeTrue(type.isInstance(bean), "no allocation counter");
    return (Long)
        type.getMethod("getThreadAllocatedBytes", long.class)
            .invoke(bean, Thread.currentThread().getId());
  }

  /**
   * What logging {@code request} at {@code level} allocates on this thread: the client underneath
   * refuses it at once, so that nothing else, such as sending its body, is counted.
   */
  private long allocatedLogging(HttpRequest request, LoggingInterceptor.Level level)
      throws Exception {
    HttpClient refusing =
        new dev.httpjson.contract.ForwardingHttpClient(client) {
          @Override
          public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
              throws IOException {
            throw new IOException("not sent");
          }
        };
    HttpClient decorated =
        Interceptor.decorate(
            refusing,
            LoggingInterceptor.newBuilder().level(level).logger(log).maxBodyBytes(8).build());
    long before = allocated();
    assertThatThrownBy(() -> decorated.send(request, HttpResponse.BodyHandlers.discarding()))
        .hasMessage("not sent");
    return allocated() - before;
  }

  @Test
  void aLargeRequestBodyIsLoggedWithoutACopyOfIt() throws Exception {
    int size = 16 << 20;
    JsonContent content = JsonContent.of("x".repeat(size), options);
    HttpRequest request =
        content.requestBuilder("POST", LoopbackServer.uri(server, "/upload")).build();
    allocatedLogging(request, LoggingInterceptor.Level.BODY); // warm up
    log.lines.clear();

    long body = allocatedLogging(request, LoggingInterceptor.Level.BODY);

    assertThat(log.all()).contains("\n\"xxxxxxx… (" + (size + 2 - 8) + " more bytes)");
    // Subscribing to a JsonContent copies its bytes once, as each send does (the JDK's
    // ofByteArray); reading its prefix adds no copy of the body, where it once made seven.
    assertThat(body).as("bytes allocated to log the body").isLessThan(size + size / 4);
  }

  @Test
  void aGzipRequestBodyIsLoggedAsItsJsonWithTheCompressedLengthOnTheRequestLine() throws Exception {
    server.enqueue(json(200, "\"ok\""));
    JsonOptions gzip = options.toBuilder().requestCompression(true).build();
    HttpJsonClient api = api(LoggingInterceptor.Level.BODY);

    api.postAsJson("x", "request body!", JsonType.of(String.class, gzip));

    long sent = LoopbackServer.take(server).getBody().size();
    assertThat(log.lines.get(0))
        .contains("(" + sent + "-byte gzip body)")
        .contains("\nContent-Encoding: gzip")
        .endsWith("\n\"request… (more bytes)");
  }

  @Test
  void aPlainSendThroughTheDecoratedClientIsLoggedToo() throws Exception {
    server.enqueue(json(200, "[1,2]"));
    HttpClient decorated =
        Interceptor.decorate(
            client,
            LoggingInterceptor.newBuilder()
                .level(LoggingInterceptor.Level.BODY)
                .logger(log)
                .build());
    HttpResponse<String> response =
        decorated.send(
            HttpRequest.newBuilder(LoopbackServer.uri(server, "/p")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.body()).isEqualTo("[1,2]");
    assertThat(log.all()).contains("<-- 200 GET").contains("5-byte body)").endsWith("\n[1,2]");
  }

  @Test
  void aFailedExchangeIsLogged() throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri("http://127.0.0.1:1/")
            .options(options)
            .interceptor(LoggingInterceptor.newBuilder().logger(log).build())
            .build();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> api.getFromJson("x", String.class))
        .isInstanceOf(java.io.IOException.class);
    assertThat(log.lines.get(1)).startsWith("<-- HTTP FAILED GET http://127.0.0.1:1/x (");
  }

  /**
   * An asynchronous exchange that fails is logged as a blocking one is: with the exception the
   * caller gets, not the CompletionException that carried it between stages.
   */
  @Test
  void aFailedAsyncExchangeIsLoggedWithItsExceptionAsABlockingOneIs() throws Exception {
    HttpClient decorated =
        Interceptor.decorate(client, LoggingInterceptor.newBuilder().logger(log).build());
    HttpRequest request =
        HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:1/x")).build();

    assertThatThrownBy(
            () ->
                decorated
                    .sendAsync(request, HttpResponse.BodyHandlers.discarding())
                    .get(10, TimeUnit.SECONDS))
        .hasCauseInstanceOf(java.net.ConnectException.class);
    assertThatThrownBy(() -> decorated.send(request, HttpResponse.BodyHandlers.discarding()))
        .isInstanceOf(java.net.ConnectException.class);

    assertThat(log.lines).hasSize(4);
    assertThat(log.lines.get(1))
        .startsWith("<-- HTTP FAILED GET http://127.0.0.1:1/x (")
        .contains(" ms): java.net.ConnectException");
    assertThat(log.lines.get(3))
        .startsWith("<-- HTTP FAILED GET http://127.0.0.1:1/x (")
        .contains(" ms): java.net.ConnectException");
  }

  /** Listens to nothing; its presence makes httpjson measure the call (a trace). */
  private static final class Quiet implements CallListener {}

  @Test
  void besideAListenerAStatusFailureIsLoggedWithItsStatusAndTheBytesTheCallMeasured()
      throws Exception {
    server.enqueue(json(404, "{\"message\":\"Not Found\"}"));
    long[] measured = {-1};
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(LoopbackServer.uri(server, "/v1/"))
            .options(options)
            .listener(
                new CallListener() {
                  @Override
                  public void responseBodyRead(
                      Call call, long wireBytes, long decodedBytes, long nanoTime) {
                    measured[0] = wireBytes;
                  }
                })
            .interceptor(LoggingInterceptor.newBuilder().logger(log).build())
            .build();

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> api.getFromJson("x", String.class))
        .isInstanceOf(HttpJsonStatusException.class);

    assertThat(measured[0]).isEqualTo(23);
    assertThat(log.lines).hasSize(3);
    assertThat(log.lines.get(1)).startsWith("<-- 404 GET http://").endsWith(" ms, 23-byte body)");
    assertThat(log.lines.get(2)).startsWith("<-- HTTP FAILED GET http://");
  }

  @Test
  void besideAListenerAStatusFailureShowsItsResponseHeadersAtTheHeadersLevel() throws Exception {
    server.enqueue(json(404, "{}"));
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(LoopbackServer.uri(server, "/v1/"))
            .options(options)
            .listener(new Quiet())
            .interceptor(
                LoggingInterceptor.newBuilder()
                    .level(LoggingInterceptor.Level.HEADERS)
                    .logger(log)
                    .build())
            .build();

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> api.getFromJson("x", String.class))
        .isInstanceOf(HttpJsonStatusException.class);

    assertThat(log.lines.get(1))
        .startsWith("<-- 404 GET http://")
        .containsIgnoringCase("\ncontent-type: application/json");
  }

  @Test
  void behindARetryEachAttemptIsLoggedWithOrWithoutAListener() throws Exception {
    for (boolean listening : new boolean[] {false, true}) {
      log.lines.clear();
      server.enqueue(json(503, "{}"));
      server.enqueue(json(200, "\"ok\""));
      HttpJsonClient.Builder b =
          HttpJsonClient.newBuilder(client)
              .baseUri(LoopbackServer.uri(server, "/v1/"))
              .options(options)
              .interceptor(
                  RetryInterceptor.newBuilder()
                      .backoff(java.time.Duration.ZERO, java.time.Duration.ZERO)
                      .build())
              .interceptor(LoggingInterceptor.newBuilder().logger(log).build());
      if (listening) {
        b.listener(new Quiet());
      }

      assertThat(b.build().getFromJson("x", String.class)).isEqualTo("ok");

      assertThat(log.lines).as("listening: %s", listening).hasSize(4);
      assertThat(log.lines.get(1)).startsWith("<-- 503 GET ").endsWith(" ms, 2-byte body)");
      assertThat(log.lines.get(3)).startsWith("<-- 200 GET ").endsWith(" ms, 4-byte body)");
    }
  }

  @Test
  void besideAListenerASuccessfulCallIsLoggedOnceItIsOver() throws Exception {
    server.enqueue(json(200, "\"hello\""));
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(LoopbackServer.uri(server, "/v1/"))
            .options(options)
            .listener(new Quiet())
            .interceptor(LoggingInterceptor.newBuilder().logger(log).build())
            .build();

    assertThat(api.getFromJsonAsync("users?token=t0p", String.class).get(5, TimeUnit.SECONDS))
        .isEqualTo("hello");

    assertThat(log.lines).hasSize(2);
    assertThat(log.lines.get(0)).endsWith("/v1/users?token=*** (0-byte body)");
    assertThat(log.lines.get(1))
        .startsWith("<-- 200 GET http://")
        .contains("/v1/users?token=*** (")
        .endsWith(" ms, 7-byte body)");
  }

  /**
   * The JDK's client refuses a header value with control characters, quoting it in its exception's
   * message: the failure line shows them escaped, on one line, so that a server cannot forge a log
   * line or drive the terminal of whoever reads the log.
   */
  @Test
  void aFailureQuotingWhatTheServerSentIsLoggedOnOneLineWithItsControlCharactersEscaped()
      throws Exception {
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              socket
                  .getOutputStream()
                  .write(
                      ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n"
                              + "X-Note: a\u001b[2Kb\u0007c\r\n\r\n{}")
                          .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
              socket.getOutputStream().flush();
            })) {
      HttpJsonClient api =
          HttpJsonClient.newBuilder(client)
              .baseUri(raw.uri("/"))
              .options(options)
              .interceptor(LoggingInterceptor.newBuilder().logger(log).build())
              .build();

      assertThatThrownBy(() -> api.getFromJson("x", String.class))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("\u001b");
    }

    assertThat(log.lines).hasSize(2);
    assertThat(log.lines.get(1))
        .startsWith("<-- HTTP FAILED GET ")
        .contains("a\\u001b[2Kb\\u0007c")
        .doesNotContain("\u001b")
        .doesNotContain("\u0007");
  }

  @Test
  void noneLogsNothing() throws Exception {
    server.enqueue(json(200, "\"x\""));
    api(LoggingInterceptor.Level.NONE).getFromJson("x", String.class);
    assertThat(log.lines).isEmpty();
  }
}
