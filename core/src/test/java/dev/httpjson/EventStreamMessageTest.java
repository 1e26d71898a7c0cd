package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.RawServer;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What an event stream's failures quote of the server's text (an event's id) stays on one line and
 * drives no terminal: a control character in it is shown escaped.
 */
class EventStreamMessageTest {

  @Test
  void anEventIdWithAControlCharacterIsShownEscapedInTheMessageOfAnEventTooLarge()
      throws Exception {
    CountDownLatch hold = new CountDownLatch(1);
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              OutputStream out = socket.getOutputStream();
              out.write(
                  ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                          + "Connection: close\r\n\r\n"
                          + "id: a\u001b[2Jb\u0085c\ndata: small\n\n"
                          + "data: "
                          + "x".repeat(4096)
                          + "\n\n")
                      .getBytes(StandardCharsets.UTF_8));
              out.flush();
              hold.await(30, TimeUnit.SECONDS);
              socket.close();
            })) {
      HttpJsonClient api =
          HttpJsonClient.newBuilder(HttpClient.newHttpClient())
              .options(
                  JsonOptions.newBuilder().codec(new CountingCodec()).maxResponseSize(1024).build())
              .build();
      Throwable failure =
          assertTimeoutPreemptively(
              Duration.ofSeconds(20),
              () -> {
                try (Stream<ServerSentEvent<String>> events =
                    api.getFromJsonAsEvents(
                        server.uri("/feed").toString(), JsonType.of(String.class))) {
                  Iterator<ServerSentEvent<String>> it = events.iterator();
                  assertThat(it.next().data()).isEqualTo("small");
                  try {
                    it.next();
                    return null;
                  } catch (RuntimeException e) {
                    return e;
                  }
                } finally {
                  hold.countDown();
                }
              });
      assertThat(failure).as("the event over maxResponseSize fails the stream").isNotNull();
      ResponseTooLargeException tooLarge = null;
      for (Throwable t = failure; t != null; t = t.getCause()) {
        if (t instanceof ResponseTooLargeException) {
          tooLarge = (ResponseTooLargeException) t;
        }
        assertThat(t.getMessage())
            .as("the message of %s", t.getClass().getName())
            .doesNotContainPattern("[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029]");
      }
      assertThat(tooLarge).isNotNull();
      assertThat(tooLarge.getMessage()).contains("last id 'a\\u001b[2Jb\\u0085c'");
    }
  }
}
