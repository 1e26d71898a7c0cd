package dev.httpjson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.RawServer;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * An event stream whose body is cut (its connection broken before the last chunk, or a gzip body
 * without its trailer) fails once the whole events before the cut are delivered: the stream never
 * ends as if the server had finished it, and the event the cut went through is never delivered.
 */
class EventStreamCutTest {
  private static final JsonType<String> TEXT =
      JsonType.of(String.class, JsonOptions.newBuilder().codec(new CountingCodec()).build());

  @Test
  void aChunkedBodyCutInsideAnEventFailsAfterTheWholeEventsAndNeverDeliversTheCutOne()
      throws Exception {
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n");
              OutputStream out = socket.getOutputStream();
              RawServer.writeChunk(out, "data: whole\n\n");
              RawServer.writeChunk(out, "data: cut\n"); // no blank line, and no last chunk
              socket.close();
            })) {
      assertTimeoutPreemptively(
          Duration.ofSeconds(20),
          () -> {
            try (Stream<ServerSentEvent<String>> events =
                HttpJson.getFromJsonAsEvents(HttpClient.newHttpClient(), raw.uri("/e"), TEXT)) {
              Iterator<ServerSentEvent<String>> it = events.iterator();
              assertThat(it.next().data()).isEqualTo("whole");
              assertThatThrownBy(it::hasNext)
                  .isInstanceOf(UncheckedHttpJsonException.class)
                  .hasMessageContaining("chunked");
            }
          });
      assertThat(raw.handlerFailures()).isEmpty();
    }
  }

  @Test
  void aGzipBodyWithoutItsTrailerFailsAfterTheWholeEventsInsteadOfEnding() throws Exception {
    ByteArrayOutputStream zipped = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
      gzip.write("data: a\n\ndata: b\n\n".getBytes(UTF_8));
    }
    byte[] cut = Arrays.copyOf(zipped.toByteArray(), zipped.size() - 8); // CRC and size gone
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                      + "Content-Encoding: gzip\r\nContent-Length: "
                      + cut.length
                      + "\r\n\r\n");
              socket.getOutputStream().write(cut);
              socket.getOutputStream().flush();
              socket.close();
            })) {
      assertTimeoutPreemptively(
          Duration.ofSeconds(20),
          () -> {
            try (Stream<ServerSentEvent<String>> events =
                HttpJson.getFromJsonAsEvents(HttpClient.newHttpClient(), raw.uri("/e"), TEXT)) {
              Iterator<ServerSentEvent<String>> it = events.iterator();
              assertThat(it.next().data()).isEqualTo("a");
              assertThat(it.next().data()).isEqualTo("b");
              assertThatThrownBy(it::hasNext)
                  .isInstanceOf(UncheckedHttpJsonException.class)
                  .hasMessageContaining("gzip")
                  .hasMessageContaining("truncated");
            }
          });
      assertThat(raw.handlerFailures()).isEmpty();
    }
  }
}
