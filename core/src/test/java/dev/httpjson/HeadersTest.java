package dev.httpjson;

import static dev.httpjson.contract.LoopbackServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.LoopbackServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.List;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A header the caller sets replaces httpjson's own value of it (exactly one on the wire), and a
 * default header the JDK would reject fails when it is added, not on every call.
 */
class HeadersTest {
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

  private HttpJsonClient.Builder api() {
    return HttpJsonClient.newBuilder(client)
        .baseUri(LoopbackServer.uri(server, "/api/"))
        .options(options);
  }

  @Test
  void aJsonContentValueIsSentInTheCharsetOfTheClientsContentType() throws Exception {
    server.enqueue(json(200, "\"a\""));
    server.enqueue(json(200, "\"a\""));
    HttpJsonClient api =
        api().header("Content-Type", "application/json; charset=ISO-8859-1").build();

    api.postAsJson("one", JsonContent.of("\u00e9", options));
    api.postAsJson(
        "seq", JsonSequenceContent.ofArray(List.of("\u00e9"), JsonType.of(String.class, options)));

    for (String expected : List.of("\"\u00e9\"", "[\"\u00e9\"]")) {
      RecordedRequest r = LoopbackServer.take(server);
      assertThat(r.getHeaders().values("Content-Type"))
          .containsExactly("application/json; charset=ISO-8859-1");
      assertThat(r.getBody().toByteArray())
          .isEqualTo(expected.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    }
  }

  @Test
  void aDefaultContentEncodingOfTheCompressedBodysCodingIsSentOnce() throws Exception {
    server.enqueue(json(200, "\"a\""));
    HttpJsonClient api =
        api()
            .header("Content-Encoding", "gzip")
            .options(options.toBuilder().requestCompression(true).build())
            .build();

    api.postAsJson("x", "v", String.class);

    RecordedRequest request = dev.httpjson.contract.LoopbackServer.take(server);
    assertThat(request.getHeaders().values("Content-Encoding")).containsExactly("gzip");
  }

  @Test
  void aDefaultContentEncodingOfAnotherCodingOnACompressedBodyIsRefusedAndNothingSent() {
    HttpJsonClient api =
        api()
            .header("Content-Encoding", "br")
            .options(options.toBuilder().requestCompression(true).build())
            .build();

    assertThatThrownBy(() -> api.postAsJson("x", "v", String.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Content-Encoding: br")
        .hasMessageContaining("requestCompression");
    assertThat(server.getRequestCount()).isZero();
  }

  @Test
  void boundClientAcceptHeaderReplacesHttpjsonsAccept() throws Exception {
    server.enqueue(json(200, "\"a\""));
    HttpJsonClient api = api().header("accept", "application/vnd.api+json").build();

    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");

    RecordedRequest request = dev.httpjson.contract.LoopbackServer.take(server);
    assertThat(request.getHeaders().values("Accept")).containsExactly("application/vnd.api+json");
  }

  @Test
  void boundClientContentTypeReplacesTheBodysMediaType() throws Exception {
    server.enqueue(json(200, "\"ok\""));
    HttpJsonClient api = api().header("Content-Type", "application/merge-patch+json").build();

    assertThat(api.patchAsJson("x", "v", String.class)).isEqualTo("ok");

    RecordedRequest request = dev.httpjson.contract.LoopbackServer.take(server);
    assertThat(request.getHeaders().values("Content-Type"))
        .containsExactly("application/merge-patch+json");
    assertThat(request.getHeaders().values("Accept"))
        .containsExactly("application/json, application/problem+json");
    assertThat(request.getBody().utf8()).isEqualTo("\"v\"");
  }

  @Test
  void boundClientWithoutAcceptOrContentTypeSendsHttpjsonsOwnOnce() throws Exception {
    server.enqueue(json(200, "\"ok\""));
    HttpJsonClient api = api().header("X-Trace", "1").build();

    api.postAsJson("x", "v", String.class);

    RecordedRequest request = dev.httpjson.contract.LoopbackServer.take(server);
    assertThat(request.getHeaders().values("Content-Type"))
        .containsExactly("application/json; charset=utf-8");
    assertThat(request.getHeaders().values("Accept"))
        .containsExactly("application/json, application/problem+json");
    assertThat(request.getHeaders().values("X-Trace")).containsExactly("1");
  }

  @Test
  void boundClientSendsEveryValueTheCallerAddedForOneName() throws Exception {
    server.enqueue(json(200, "\"a\""));
    HttpJsonClient api =
        api().header("Accept", "application/json").header("ACCEPT", "text/plain").build();

    api.getFromJson("x", String.class);

    assertThat(dev.httpjson.contract.LoopbackServer.take(server).getHeaders().values("Accept"))
        .containsExactly("application/json", "text/plain");
  }

  @Test
  void requestBuilderHeaderReplacesAcceptAndContentType() throws Exception {
    server.enqueue(json(200, ""));
    HttpRequest request =
        JsonContent.of("v", options)
            .requestBuilder("POST", LoopbackServer.uri(server, "/c"))
            .header("accept", "application/problem+json")
            .header("CONTENT-TYPE", "application/vnd.order+json")
            .header("Authorization", "Bearer t")
            .build();

    client.send(request, BodyHandlers.discarding());

    RecordedRequest recorded = dev.httpjson.contract.LoopbackServer.take(server);
    assertThat(recorded.getHeaders().values("Accept")).containsExactly("application/problem+json");
    assertThat(recorded.getHeaders().values("Content-Type"))
        .containsExactly("application/vnd.order+json");
    assertThat(recorded.getHeaders().values("Authorization")).containsExactly("Bearer t");
    assertThat(recorded.getBody().utf8()).isEqualTo("\"v\"");
  }

  @Test
  void requestBuilderSetHeaderAndHeadersReplaceToo() throws Exception {
    JsonContent content = JsonContent.of("v", options);
    URI uri = URI.create("http://example.invalid/c");

    HttpRequest set = content.requestBuilder("PUT", uri).setHeader("Accept", "text/plain").build();
    HttpRequest pairs =
        content
            .requestBuilder("PUT", uri)
            .headers("Content-Type", "text/plain", "X-A", "1", "Accept", "*/*")
            .build();

    assertThat(set.headers().allValues("Accept")).containsExactly("text/plain");
    assertThat(set.headers().allValues("Content-Type"))
        .containsExactly("application/json; charset=utf-8");
    assertThat(pairs.headers().allValues("Content-Type")).containsExactly("text/plain");
    assertThat(pairs.headers().allValues("Accept")).containsExactly("*/*");
    assertThat(pairs.headers().allValues("X-A")).containsExactly("1");
  }

  @Test
  void requestBuilderKeepsItsDefaultsAcrossCopyAndRepeatedBuilds() throws Exception {
    HttpRequest.Builder builder =
        JsonContent.of("v", options).requestBuilder("POST", URI.create("http://example.invalid/"));

    HttpRequest first = builder.build();
    HttpRequest.Builder copy = builder.copy().header("Accept", "text/plain");
    HttpRequest second = builder.header("X-A", "1").build();
    HttpRequest copied = copy.build();

    assertThat(first.headers().allValues("Accept"))
        .containsExactly("application/json, application/problem+json");
    assertThat(second.headers().allValues("Accept"))
        .containsExactly("application/json, application/problem+json");
    assertThat(second.headers().allValues("X-A")).containsExactly("1");
    assertThat(copied.headers().allValues("Accept")).containsExactly("text/plain");
    assertThat(copied.headers().allValues("X-A")).isEmpty();
    assertThat(copied.method()).isEqualTo("POST");
    assertThat(copied.bodyPublisher()).isPresent();
  }

  @Test
  void sequenceContentRequestBuilderHeaderReplacesAcceptAndContentType() {
    HttpRequest request =
        JsonSequenceContent.ofNdjson(List.of("a"), JsonType.of(String.class, options))
            .requestBuilder("POST", URI.create("http://example.invalid/"))
            .header("Accept", "application/x-ndjson")
            .header("Content-Type", "application/jsonl")
            .build();

    assertThat(request.headers().allValues("Accept")).containsExactly("application/x-ndjson");
    assertThat(request.headers().allValues("Content-Type")).containsExactly("application/jsonl");
  }

  @ParameterizedTest
  @ValueSource(strings = {"Connection", "Content-Length", "Expect", "Host", "Upgrade", "host"})
  void restrictedDefaultHeaderFailsWhenAddedNamingIt(String name) {
    HttpJsonClient.Builder builder = api();

    assertThatThrownBy(() -> builder.header(name, "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "header "
                + name
                + " is restricted: java.net.http sets it itself and rejects it in a request");
  }

  @Test
  void invalidDefaultHeaderNameFailsWhenAddedNamingIt() {
    assertThatThrownBy(() -> api().header("Bad Name", "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("invalid header name: \"Bad Name\"");
  }

  @Test
  void invalidDefaultHeaderValueFailsNamingTheHeaderButNotTheValue() {
    assertThatThrownBy(() -> api().header("Authorization", "Bearer s3cret\r\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "header Authorization has an invalid value: character 0x0d at index 13"
                + " (the value is not shown)")
        .hasMessageNotContaining("s3cret");
  }
}
