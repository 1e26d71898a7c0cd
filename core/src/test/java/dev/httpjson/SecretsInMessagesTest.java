package dev.httpjson;

import static dev.httpjson.contract.LoopbackServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.RawServer;
import dev.httpjson.internal.Uris;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ProtocolException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Credentials in a URI's query or userinfo never appear in an exception's message, its {@code
 * toString()} or its printed stack trace; exceptions that carry the URI give it whole from an
 * accessor.
 */
class SecretsInMessagesTest {
  private static final String SECRET = "s3cret";

  private final HttpClient client = HttpClient.newHttpClient();
  private final JsonOptions options = JsonOptions.newBuilder().codec(new CountingCodec()).build();
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** {@code http://user:pw-s3cret@host:port/path?token=s3cret&page=2#frag-s3cret}. */
  private URI secretUri(URI base, String path) {
    return URI.create(
        "http://user:pw-"
            + SECRET
            + "@"
            + base.getRawAuthority()
            + path
            + "?token="
            + SECRET
            + "&page=2#frag-"
            + SECRET);
  }

  private static String redacted(URI uri, String path) {
    return "http://" + uri.getHost() + ":" + uri.getPort() + path + "?token=***&page=***";
  }

  private static void assertNoSecretAnywhere(Throwable e) {
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    assertThat(e.getMessage()).doesNotContain(SECRET);
    assertThat(e.toString()).doesNotContain(SECRET);
    assertThat(trace.toString()).doesNotContain(SECRET);
  }

  @Test
  void aFormPrintsItsFieldNamesAndNeverItsValues() {
    FormContent form =
        FormContent.newBuilder()
            .add("grant_type", "client_credentials")
            .add("client_secret", SECRET)
            .add("scope", "read write")
            .build();

    assertThat(form.toString())
        .doesNotContain(SECRET)
        .isEqualTo(
            "FormContent{grant_type=***&client_secret=***&scope=***, "
                + form.contentLength()
                + " bytes}");
  }

  // ---- the helper ----

  @Test
  void redactKeepsSchemeHostPortPathAndParameterNames() {
    assertThat(Uris.redact(URI.create("https://u:p@api.example.com:8443/a/b?x=1&flag&y=#f")))
        .isEqualTo("https://api.example.com:8443/a/b?x=***&***&y=***");
    assertThat(Uris.redact(URI.create("https://api.example.com/users/42")))
        .isEqualTo("https://api.example.com/users/42");
    assertThat(Uris.redact(URI.create("https://h/p?a=%20b&c=d%26e")))
        .isEqualTo("https://h/p?a=***&c=***");
    assertThat(Uris.redact(URI.create("users?key=" + SECRET))).isEqualTo("users?key=***");
    assertThat(Uris.redact(URI.create("//u:" + SECRET + "@h/x"))).isEqualTo("//h/x");
    assertThat(Uris.redact(URI.create("mailto:" + SECRET + "@example.com")))
        .isEqualTo("mailto:***");
    assertThat(Uris.redact("http://u:" + SECRET + "@h/a b?token=" + SECRET + "#" + SECRET))
        .isEqualTo("http://h/a b?token=***");
  }

  // ---- exceptions raised for a response ----

  @Test
  void statusExceptionHidesQueryAndUserinfoButKeepsTheFullUri() throws Exception {
    server.enqueue(json(404, "{\"error\":\"no such user\"}"));
    URI uri = secretUri(LoopbackServer.uri(server, "/"), "/users/42");

    Throwable e =
        catchThrowable(() -> HttpJson.getFromJson(client, uri, JsonType.of(String.class, options)));

    assertThat(e).isInstanceOf(HttpJsonStatusException.class);
    assertNoSecretAnywhere(e);
    assertThat(e.getMessage())
        .startsWith("HTTP 404 from GET " + redacted(uri, "/users/42") + ": ")
        .contains("no such user");
    assertThat(((HttpJsonStatusException) e).uri()).isEqualTo(uri);
  }

  @Test
  void statusExceptionFromABoundClientHidesTheQuery() throws Exception {
    server.enqueue(json(500, "boom"));
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(LoopbackServer.uri(server, "/v1/"))
            .options(options)
            .build();

    Throwable e =
        catchThrowable(
            () ->
                api.getFromJsonAsync("search?q=" + SECRET, String.class).get(10, TimeUnit.SECONDS));

    assertThat(e).isInstanceOf(ExecutionException.class);
    assertNoSecretAnywhere(e);
    assertThat(e.getCause()).hasMessageContaining("/v1/search?q=***");
    assertThat(((HttpJsonStatusException) e.getCause()).uri().getQuery()).isEqualTo("q=" + SECRET);
  }

  @Test
  void statusExceptionOfAJsonBodyHandlerOnADecoratedClientNamesTheRequestAndHidesTheQuery()
      throws Exception {
    URI uri = secretUri(LoopbackServer.uri(server, "/"), "/users/42");
    HttpClient decorated = CallListener.decorate(client, new CallListener() {});
    java.net.http.HttpRequest request = java.net.http.HttpRequest.newBuilder(uri).build();
    String shown = "HTTP 404 from GET " + redacted(uri, "/users/42") + ": ";

    server.enqueue(json(404, "{\"error\":\"no such user\"}"));
    Throwable blocking =
        catchThrowable(
            () -> decorated.send(request, JsonBodyHandlers.of(JsonType.of(String.class, options))));
    server.enqueue(json(404, "{\"error\":\"no such user\"}"));
    Throwable async =
        catchThrowable(
            () ->
                decorated
                    .sendAsync(request, JsonBodyHandlers.of(JsonType.of(String.class, options)))
                    .get(10, TimeUnit.SECONDS));

    assertThat(blocking).isInstanceOf(HttpJsonStatusException.class);
    assertNoSecretAnywhere(blocking);
    assertThat(blocking.getMessage()).startsWith(shown).contains("no such user");
    assertThat(((HttpJsonStatusException) blocking).uri()).isEqualTo(uri);
    assertThat(async).isInstanceOf(ExecutionException.class);
    assertNoSecretAnywhere(async);
    assertThat(async.getCause()).hasMessageStartingWith(shown);
  }

  @Test
  void callTimeoutHidesTheQueryButKeepsTheFullUri() throws Exception {
    JsonOptions quick = options.toBuilder().timeout(Duration.ofMillis(200)).build();
    try (RawServer silent = new RawServer((socket, head) -> Thread.sleep(30_000))) {
      URI uri = secretUri(silent.uri("/"), "/slow");

      Throwable blocking =
          catchThrowable(() -> HttpJson.getFromJson(client, uri, JsonType.of(String.class, quick)));
      Throwable async =
          catchThrowable(
              () ->
                  HttpJson.getFromJsonAsync(client, uri, JsonType.of(String.class, quick))
                      .get(10, TimeUnit.SECONDS));

      assertThat(blocking).isInstanceOf(CallTimeoutException.class);
      assertNoSecretAnywhere(blocking);
      assertThat(blocking).hasMessageEndingWith("for GET " + redacted(uri, "/slow"));
      assertThat(((CallTimeoutException) blocking).uri()).isEqualTo(uri);
      assertThat(async).isInstanceOf(ExecutionException.class);
      assertThat(async.getCause()).isInstanceOf(CallTimeoutException.class);
      assertNoSecretAnywhere(async);
      assertThat(((CallTimeoutException) async.getCause()).uri()).isEqualTo(uri);
    }
  }

  /**
   * A harmless query parameter named with {@link JsonOptions.Builder#showQueryParameter} keeps its
   * value in the messages, so a failure says which page failed; every other value stays hidden.
   */
  @Test
  void aQueryParameterTheOptionsShowKeepsItsValueInTheStatusMessage() throws Exception {
    JsonOptions showing = options.toBuilder().showQueryParameter("page").build();
    URI uri = secretUri(LoopbackServer.uri(server, "/"), "/users");
    String shown = "http://" + uri.getHost() + ":" + uri.getPort() + "/users?token=***&page=2";
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(LoopbackServer.uri(server, "/v1/"))
            .options(showing)
            .build();
    for (int i = 0; i < 3; i++) {
      server.enqueue(json(404, "{\"error\":\"no such page\"}"));
    }

    Throwable direct =
        catchThrowable(() -> HttpJson.getFromJson(client, uri, JsonType.of(String.class, showing)));
    Throwable bound =
        catchThrowable(() -> api.getFromJson("items?page=7&sig=" + SECRET, String.class));
    Throwable async =
        catchThrowable(
            () ->
                api.getFromJsonAsync("items?page=8&sig=" + SECRET, String.class)
                    .get(10, TimeUnit.SECONDS));

    assertThat(direct).isInstanceOf(HttpJsonStatusException.class);
    assertNoSecretAnywhere(direct);
    assertThat(direct.getMessage()).startsWith("HTTP 404 from GET " + shown + ": ");
    assertThat(bound).isInstanceOf(HttpJsonStatusException.class);
    assertNoSecretAnywhere(bound);
    assertThat(bound.getMessage()).contains("/v1/items?page=7&sig=***: ");
    assertThat(async).isInstanceOf(ExecutionException.class);
    assertNoSecretAnywhere(async);
    assertThat(async.getCause().getMessage()).contains("/v1/items?page=8&sig=***: ");
  }

  @Test
  void aQueryParameterTheOptionsShowKeepsItsValueInTheTimeoutMessage() throws Exception {
    JsonOptions quick =
        options.toBuilder().timeout(Duration.ofMillis(200)).showQueryParameter("page").build();
    try (RawServer silent = new RawServer((socket, head) -> Thread.sleep(30_000))) {
      URI uri = secretUri(silent.uri("/"), "/slow");
      String shown = "http://" + uri.getHost() + ":" + uri.getPort() + "/slow?token=***&page=2";

      Throwable blocking =
          catchThrowable(() -> HttpJson.getFromJson(client, uri, JsonType.of(String.class, quick)));
      Throwable async =
          catchThrowable(
              () ->
                  HttpJson.getFromJsonAsync(client, uri, JsonType.of(String.class, quick))
                      .get(10, TimeUnit.SECONDS));

      assertThat(blocking).isInstanceOf(CallTimeoutException.class);
      assertNoSecretAnywhere(blocking);
      assertThat(blocking).hasMessageEndingWith("for GET " + shown);
      assertThat(async).isInstanceOf(ExecutionException.class);
      assertNoSecretAnywhere(async);
      assertThat(async.getCause()).hasMessageEndingWith("for GET " + shown);
    }
  }

  @Test
  void aQueryParameterShownIsNamedExactly() {
    JsonOptions.Builder b = JsonOptions.newBuilder();
    assertThat(catchThrowable(() -> b.showQueryParameter(""))).hasMessage("name is empty");
    assertThat(catchThrowable(() -> b.showQueryParameter("a=b")))
        .hasMessage("name contains '=' or '&': a=b");
    JsonOptions a = b.showQueryParameter("page").build();
    assertThat(a.shownQueryParameters()).containsExactly("page");
    assertThat(a).isNotEqualTo(options.toBuilder().build());
    assertThat(a.toBuilder().build()).isEqualTo(a).hasSameHashCodeAs(a);
    assertThat(JsonOptions.web().shownQueryParameters()).isEmpty();
  }

  @Test
  void malformedResponseProtocolErrorHidesTheQuery() throws Exception {
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 1x9\r\n\r\n\"a\"");
              socket.close();
            })) {
      URI uri = secretUri(raw.uri("/"), "/bad");

      Throwable blocking =
          catchThrowable(
              () -> HttpJson.getFromJson(client, uri, JsonType.of(String.class, options)));
      Throwable async =
          catchThrowable(
              () ->
                  HttpJson.getFromJsonAsync(client, uri, JsonType.of(String.class, options))
                      .get(10, TimeUnit.SECONDS));

      assertThat(blocking).isInstanceOf(ProtocolException.class);
      assertThat(blocking).hasMessageContaining("GET " + redacted(uri, "/bad"));
      assertNoSecretAnywhere(blocking);
      assertThat(async.getCause()).isInstanceOf(ProtocolException.class);
      assertNoSecretAnywhere(async);
    }
  }

  @Test
  void responseTooLargeAndJsonReadExceptionsNameNoUri() throws Exception {
    URI uri = secretUri(LoopbackServer.uri(server, "/"), "/x");
    server.enqueue(json(200, "\"" + "a".repeat(100) + "\""));
    server.enqueue(json(200, "not json"));
    JsonOptions small = options.toBuilder().maxResponseSize(10).build();

    Throwable tooLarge =
        catchThrowable(() -> HttpJson.getFromJson(client, uri, JsonType.of(String.class, small)));
    Throwable unreadable =
        catchThrowable(() -> HttpJson.getFromJson(client, uri, JsonType.of(String.class, options)));

    assertThat(tooLarge).isInstanceOf(ResponseTooLargeException.class);
    assertNoSecretAnywhere(tooLarge);
    assertThat(unreadable).isInstanceOf(JsonReadException.class);
    assertNoSecretAnywhere(unreadable);
  }

  @Test
  void bufferedResponseToStringHidesTheQuery() throws Exception {
    server.enqueue(json(201, ""));
    server.enqueue(json(202, ""));
    URI uri = secretUri(LoopbackServer.uri(server, "/"), "/orders");

    HttpResponse<byte[]> response = HttpJson.postAsJson(client, uri, "o", options);
    HttpResponse<byte[]> async =
        HttpJson.putAsJsonAsync(client, uri, "o", options).get(10, TimeUnit.SECONDS);

    assertThat(response.toString())
        .isEqualTo("(POST " + redacted(uri, "/orders") + ") 201")
        .doesNotContain(SECRET);
    assertThat(response.uri()).isEqualTo(uri);
    assertThat(async.toString()).isEqualTo("(PUT " + redacted(uri, "/orders") + ") 202");
    assertThat(async.uri()).isEqualTo(uri);
  }

  // ---- argument errors ----

  @Test
  void argumentErrorsEchoTheUriRedacted() {
    Throwable relative =
        catchThrowable(
            () -> HttpJson.getFromJson(client, URI.create("/x?token=" + SECRET), String.class));
    Throwable malformed =
        catchThrowable(
            () ->
                HttpJsonClient.newBuilder(client)
                    .build()
                    .getFromJson("http://h/a b?token=" + SECRET, String.class));
    Throwable unbound =
        catchThrowable(
            () ->
                HttpJsonClient.newBuilder(client)
                    .build()
                    .getFromJson("users?token=" + SECRET, String.class));
    Throwable base =
        catchThrowable(
            () -> HttpJsonClient.newBuilder(client).baseUri("https://u:" + SECRET + "@h/api"));

    assertThat(relative)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageEndingWith(": /x?token=***");
    assertThat(malformed)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "uri is malformed (Illegal character in path at index 10: a space; percent-encode it,"
                + " %20): http://h/a b?token=***");
    assertThat(unbound).hasMessage("uri is relative and no base URI is set: users?token=***");
    assertThat(base)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("https://h/api");
    for (Throwable e : new Throwable[] {relative, malformed, unbound, base}) {
      assertNoSecretAnywhere(e);
    }
  }
}
