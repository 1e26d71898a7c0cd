package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.Compressed;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.RawServer;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An error body labelled {@code gzip} but sent plain is shown as sent, whatever its length and
 * however it arrives: a body shorter than a gzip header ({@code "Forbidden"}, {@code "Not Found"})
 * fails to decode only at its end, and a body whose first piece is shorter than a gzip header fails
 * in a later piece; neither may lose the bytes before, as {@code ensureSuccess} keeps them.
 */
class ShortUndecodableErrorBodyTest {
  private final HttpClient client = HttpClient.newHttpClient();
  private final JsonOptions options = JsonOptions.newBuilder().codec(new CountingCodec()).build();
  private final JsonType<String> type = JsonType.of(String.class, options);
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void anErrorBodyShorterThanAGzipHeaderIsShownAsSentAndWhole() throws Exception {
    byte[] forbidden = "\"denied\"".getBytes(StandardCharsets.UTF_8); // 8 bytes, fewer than 10
    server.enqueue(Compressed.response(403, "application/json", "gzip", forbidden));
    server.enqueue(Compressed.response(403, "application/json", "gzip", forbidden));
    server.enqueue(Compressed.response(403, "application/json", "gzip", forbidden));

    assertThatThrownBy(() -> HttpJson.getFromJson(client, server.url("/a").uri(), type))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(403);
              assertThat(e.body()).isEqualTo("\"denied\"");
              assertThat(e.bodyTruncated()).as("the whole body arrived").isFalse();
              assertThat(e.getMessage()).endsWith(": \"denied\"");
              assertThat(e.getSuppressed()).singleElement().isInstanceOf(JsonReadException.class);
            });
    assertThatThrownBy(
            () ->
                HttpJson.getFromJsonAsync(client, server.url("/b").uri(), type)
                    .get(10, TimeUnit.SECONDS))
        .cause()
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.body()).isEqualTo("\"denied\"");
              assertThat(e.bodyTruncated()).isFalse();
            });
    assertThatThrownBy(
            () ->
                client.send(
                    HttpRequest.newBuilder(server.url("/c").uri()).build(),
                    JsonBodyHandlers.of(type)))
        .cause()
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.body()).isEqualTo("\"denied\"");
              try {
                assertThat(e.bodyAs(String.class)).isEqualTo("denied");
              } catch (HttpJsonException read) {
                throw new AssertionError(read);
              }
            });
  }

  @Test
  void anErrorBodyWhoseFirstPieceIsShorterThanAGzipHeaderIsShownFromItsStart() throws Exception {
    String page = "<html><body>502 Bad Gateway</body></html>";
    CountDownLatch firstRead = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              OutputStream out = socket.getOutputStream();
              out.write(
                  ("HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/html\r\n"
                          + "Content-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n")
                      .getBytes(StandardCharsets.ISO_8859_1));
              RawServer.writeChunk(out, page.substring(0, 4));
              // The rest only once the client has read the head, behind which the first piece came:
              // two pieces, not one.
              firstRead.await(10, TimeUnit.SECONDS);
              RawServer.writeChunk(out, page.substring(4));
              RawServer.writeChunk(out, "");
              socket.close();
            })) {
      HttpClient probing =
          CallListener.decorate(
              client,
              new CallListener() {
                @Override
                public void responseHeaders(Call call, int statusCode, long nanoTime) {
                  firstRead.countDown();
                }
              });
      assertThatThrownBy(() -> HttpJson.getFromJson(probing, raw.uri("/e"), type))
          .isInstanceOfSatisfying(
              HttpJsonStatusException.class,
              e -> {
                assertThat(e.statusCode()).isEqualTo(502);
                assertThat(e.body()).startsWith("<html><body>502 Bad Gateway");
                assertThat(e.getMessage()).contains(": <html><body>502 Bad Gateway");
              });
    }
  }
}
