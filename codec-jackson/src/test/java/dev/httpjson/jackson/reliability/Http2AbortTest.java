package dev.httpjson.jackson.reliability;

import static dev.httpjson.contract.LoopbackServer.json;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.contract.Http2Loopback;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.Models.Named;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * HTTP/2: when one of httpjson's body subscribers stops reading (a declared length over the limit,
 * a compressed body, an error body past its 8 KiB prefix), the caller gets httpjson's failure, not
 * the JDK's "Stream N cancelled". Cancelling the subscription used to race the subscriber's own
 * failure (the JDK reads {@code getBody()} on its executor, while {@code cancel()} failed the body
 * at once); the subscribers now abort by throwing their failure, which the JDK fails the exchange
 * with. Each row repeats the call, blocking and async, because a single call could come out right.
 */
public class Http2AbortTest {
  private MockWebServer server;
  private HttpClient client;

  @BeforeEach
  void start() throws Exception {
    server = Http2Loopback.start();
    client = newClient();
  }

  /** The client under test: the JDK's, over TLS with HTTP/2 preferred. */
  protected HttpClient newClient() {
    return Http2Loopback.client();
  }

  /**
   * Whether the transport decodes a gzip body it asked for (OkHttp does); the compressed row then
   * sends real gzip of a body that is not JSON, so the parser's failure still aborts the stream.
   */
  protected boolean transportDecodesGzip() {
    return false;
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static final int REPEATS = 20;

  @Test
  void declaredLengthOverTheLimitIsResponseTooLarge() throws Exception {
    JsonOptions small = JsonOptions.newBuilder().maxResponseSize(1000).build();
    for (int i = 0; i < REPEATS; i++) {
      server.enqueue(json(200, "[" + "1,".repeat(600) + "1]"));
      server.enqueue(json(200, "[" + "1,".repeat(600) + "1]"));

      assertThatThrownBy(() -> HttpJson.getFromJson(client, uri(), JsonType.of(List.class, small)))
          .isInstanceOf(ResponseTooLargeException.class);
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJsonAsync(client, uri(), JsonType.of(List.class, small))
                      .get(10, SECONDS))
          .cause()
          .isInstanceOf(ResponseTooLargeException.class);
    }
  }

  @Test
  void errorStatusWithABodyPastThePrefixIsAStatusException() throws Exception {
    for (int i = 0; i < REPEATS; i++) {
      server.enqueue(json(500, "x".repeat(100_000)));
      server.enqueue(json(500, "x".repeat(100_000)));

      assertThatThrownBy(() -> HttpJson.getFromJson(client, uri(), Named.class))
          .isInstanceOf(HttpJsonStatusException.class);
      assertThatThrownBy(
              () -> HttpJson.getFromJsonAsync(client, uri(), Named.class).get(10, SECONDS))
          .cause()
          .isInstanceOf(HttpJsonStatusException.class);
    }
  }

  @Test
  void compressedBodyIsAJsonReadException() throws Exception {
    for (int i = 0; i < REPEATS; i++) {
      server.enqueue(gzipped());
      server.enqueue(gzipped());

      assertThatThrownBy(() -> HttpJson.getFromJson(client, uri(), Named.class))
          .isInstanceOf(JsonReadException.class);
      assertThatThrownBy(
              () -> HttpJson.getFromJsonAsync(client, uri(), Named.class).get(10, SECONDS))
          .cause()
          .isInstanceOf(JsonReadException.class);
    }
  }

  private MockResponse gzipped() {
    MockResponse.Builder response =
        new MockResponse.Builder().code(200).addHeader("Content-Encoding", "gzip");
    if (!transportDecodesGzip()) {
      return response.body("x".repeat(100_000)).build();
    }
    okio.Buffer gzip = new okio.Buffer();
    try (okio.BufferedSink sink = okio.Okio.buffer(new okio.GzipSink(gzip))) {
      sink.writeUtf8("x".repeat(100_000));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return response.body(gzip).build();
  }

  private URI uri() {
    return LoopbackServer.uri(server, "/x");
  }
}
