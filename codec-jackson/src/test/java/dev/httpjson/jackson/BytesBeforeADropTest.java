package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.ServerSentEvent;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.contract.RawServer;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.util.Iterator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What arrived before a connection was reset is delivered, then the failure, when the reader gets
 * to it after the reset. The JDK's {@code BodySubscribers.ofInputStream()} reports a failure before
 * the bytes it still holds, so an event (or an element) that was whole on the wire was lost:
 * without an event id for good, with one the server had to send it again.
 */
@Timeout(20)
class BytesBeforeADropTest {
  private static final String HEAD = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n";

  private final HttpClient client = HttpClient.newHttpClient();

  @Test
  void anEventThatArrivedBeforeAResetIsDelivered() throws Exception {
    CountDownLatch opened = new CountDownLatch(1);
    CountDownLatch reset = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(socket, HEAD + "Content-Type: text/event-stream\r\n\r\n");
              OutputStream out = socket.getOutputStream();
              opened.await(10, TimeUnit.SECONDS);
              RawServer.writeChunk(out, "id: 1\ndata: {\"displayName\":\"first\"}\n\n");
              socket.setSoLinger(true, 0);
              socket.close();
              reset.countDown();
            })) {
      try (Stream<ServerSentEvent<Named>> s =
          HttpJson.getFromJsonAsEvents(client, raw.uri("/e"), JsonType.of(Named.class))) {
        opened.countDown();
        assertThat(reset.await(5, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(300); // the event and the reset have both reached the client
        Iterator<ServerSentEvent<Named>> it = s.iterator();
        assertThat(it.next().data()).isEqualTo(new Named("first"));
        assertThatThrownBy(it::next).isInstanceOf(RuntimeException.class);
      }
    }
  }

  @Test
  void elementsThatArrivedBeforeAResetAreDelivered() throws Exception {
    CountDownLatch opened = new CountDownLatch(1);
    CountDownLatch reset = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(socket, HEAD + "Content-Type: application/x-ndjson\r\n\r\n");
              OutputStream out = socket.getOutputStream();
              opened.await(10, TimeUnit.SECONDS);
              RawServer.writeChunk(
                  out, "{\"displayName\":\"first\"}\n{\"displayName\":\"second\"}\n");
              socket.setSoLinger(true, 0);
              socket.close();
              reset.countDown();
            })) {
      try (Stream<Named> s =
          HttpJson.getFromJsonAsStream(
              client, raw.uri("/n"), JsonType.of(Named.class, JsonOptions.web()))) {
        opened.countDown();
        assertThat(reset.await(5, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(300); // the elements and the reset have both reached the client
        Iterator<Named> it = s.iterator();
        assertThat(it.next()).isEqualTo(new Named("first"));
        assertThat(it.next()).isEqualTo(new Named("second"));
        assertThatThrownBy(it::next).isInstanceOf(RuntimeException.class);
      }
    }
  }
}
