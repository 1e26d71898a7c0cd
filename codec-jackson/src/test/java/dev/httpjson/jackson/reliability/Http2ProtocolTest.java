package dev.httpjson.jackson.reliability;

import static dev.httpjson.contract.LoopbackServer.json;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.contract.HostileServerHarness;
import dev.httpjson.contract.Http2Loopback;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.net.ProtocolException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;

/**
 * HTTP/2, where a Content-Length is only a header: the JDK frames HTTP/1.1 bodies by it, but on
 * HTTP/2 passes on whatever DATA arrives. httpjson counts the DATA against it. Every row is
 * followed by a normal call on the same client and a leak check ({@link HostileServerHarness}).
 */
public class Http2ProtocolTest extends HostileServerHarness {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  private static final String ONES = "[" + "1,".repeat(50_000) + "1]"; // 100 003 bytes

  @Override
  protected MockWebServer newServer() throws IOException {
    return Http2Loopback.start();
  }

  @Override
  protected HttpClient newClient() {
    return Http2Loopback.client();
  }

  /** A response declaring {@code length} bytes whatever {@code body} holds. */
  private static MockResponse lying(String body, long length) {
    return new MockResponse.Builder()
        .code(200)
        .addHeader("Content-Type", "application/json")
        .body(body)
        .setHeader("Content-Length", length)
        .build();
  }

  @Test
  void theRowsReallyRunOverHttp2() throws Exception {
    server.enqueue(json(200, "{}"));

    HttpResponse<String> response =
        client.send(
            HttpRequest.newBuilder(uri("/v")).build(), HttpResponse.BodyHandlers.ofString());

    assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
    assertThat(dev.httpjson.contract.LoopbackServer.take(server).getVersion()).isEqualTo("HTTP/2");
  }

  @Test
  void dataBeyondTheContentLengthFailsInsteadOfBeingBuffered() {
    JsonOptions limited = options.toBuilder().maxResponseSize(1000).build();
    server.enqueue(lying(ONES, 10));
    server.enqueue(lying(ONES, 10));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/b"), JsonType.of(List.class, limited)))
        .isInstanceOf(ProtocolException.class)
        .hasMessageContaining("longer than its Content-Length 10");
    assertThatThrownBy(
            () ->
                HttpJson.getFromJsonAsync(client, uri("/a"), JsonType.of(List.class, limited))
                    .get(10, SECONDS))
        .cause()
        .isInstanceOf(ProtocolException.class)
        .hasMessageContaining("longer than its Content-Length 10");
  }

  @Test
  void dataBeyondTheContentLengthFailsTheUntypedPostToo() {
    server.enqueue(lying(ONES, 10));
    server.enqueue(lying(ONES, 10));

    assertThatThrownBy(() -> HttpJson.postAsJson(client, uri("/b"), List.of(1), options))
        .isInstanceOf(ProtocolException.class)
        .hasMessageContaining("Content-Length 10");
    assertThatThrownBy(
            () -> HttpJson.postAsJsonAsync(client, uri("/a"), List.of(1), options).get(10, SECONDS))
        .cause()
        .isInstanceOf(ProtocolException.class)
        .hasMessageContaining("Content-Length 10");
  }

  @Test
  void dataShortOfTheContentLengthFailsInsteadOfReturningAValue() {
    server.enqueue(lying("123", 100));
    server.enqueue(lying("123", 100));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/b"), JsonType.of(Integer.class, options)))
        .isInstanceOf(ProtocolException.class)
        .hasMessageContaining("ended after 3 bytes, short of its Content-Length 100");
    assertThatThrownBy(
            () ->
                HttpJson.getFromJsonAsync(client, uri("/a"), JsonType.of(Integer.class, options))
                    .get(10, SECONDS))
        .cause()
        .isInstanceOf(ProtocolException.class)
        .hasMessageContaining("ended after 3 bytes, short of its Content-Length 100");
  }

  @Test
  void bodyWithoutALengthOverTheLimitFailsWhenItCrossesIt() {
    JsonOptions limited = options.toBuilder().maxResponseSize(1000).build();
    MockResponse unsized =
        new MockResponse.Builder().code(200).body(ONES).removeHeader("Content-Length").build();
    server.enqueue(unsized);
    server.enqueue(unsized);

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/b"), JsonType.of(List.class, limited)))
        .isInstanceOfSatisfying(
            ResponseTooLargeException.class, e -> assertThat(e.declared()).isFalse());
    assertThatThrownBy(
            () ->
                HttpJson.getFromJsonAsync(client, uri("/a"), JsonType.of(List.class, limited))
                    .get(10, SECONDS))
        .cause()
        .isInstanceOfSatisfying(
            ResponseTooLargeException.class, e -> assertThat(e.declared()).isFalse());
  }

  @Test
  void streamResetMidBodyFailsTheCall() {
    MockResponse reset =
        new MockResponse.Builder()
            .code(200)
            .body(ONES)
            .onResponseBody(new SocketEffect.CloseStream(8)) // RST_STREAM CANCEL
            .build();
    server.enqueue(reset);
    server.enqueue(reset);

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/b"), JsonType.listOf(Integer.class).withOptions(options)))
        .isInstanceOf(IOException.class);
    assertThatThrownBy(
            () ->
                HttpJson.getFromJsonAsync(
                        client, uri("/a"), JsonType.listOf(Integer.class).withOptions(options))
                    .get(10, SECONDS))
        .cause()
        .isInstanceOf(IOException.class);
  }

  @Test
  void exactContentLengthReadsNormally() throws Exception {
    server.enqueue(lying(ONES, ONES.length()));
    server.enqueue(lying(ONES, ONES.length()));

    assertThat(
            HttpJson.getFromJson(
                client, uri("/b"), JsonType.listOf(Integer.class).withOptions(options)))
        .hasSize(50_001);
    assertThat(
            HttpJson.getFromJsonAsync(
                    client, uri("/a"), JsonType.listOf(Integer.class).withOptions(options))
                .get(10, SECONDS))
        .hasSize(50_001);
  }
}
