package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.LoopbackServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * An event stream with an idle timeout that its caller drops without closing it (a mistake, but one
 * a long-lived JVM must survive): the idle check on the timer does not keep it, so neither the
 * timer's thread nor what the stream reads into lives on for good.
 */
class EventStreamDroppedTest {
  @Test
  void aStreamDroppedUnclosedKeepsTheTimerThreadNoLongerThanItsIdlePeriod() throws Exception {
    try (MockWebServer server = LoopbackServer.start()) {
      server.enqueue(
          LoopbackServer.bytes(
              200, "text/event-stream", "data: a\n\ndata: b\n\n".getBytes(StandardCharsets.UTF_8)));
      HttpJsonClient api =
          HttpJsonClient.newBuilder(HttpClient.newHttpClient())
              .options(
                  JsonOptions.newBuilder()
                      .codec(new CountingCodec())
                      .timeout(null)
                      .idleTimeout(Duration.ofMillis(200))
                      .build())
              .build();

      assertThat(readOneEventAndDropTheStream(api, LoopbackServer.uri(server, "/feed")))
          .isEqualTo("a");

      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (timerThreadAlive() && System.nanoTime() < deadline) {
        System.gc();
        Thread.sleep(100);
      }
      assertThat(timerThreadAlive()).as("httpjson-timeout, once the stream was dropped").isFalse();
    }
  }

  private static String readOneEventAndDropTheStream(HttpJsonClient api, URI uri) throws Exception {
    Stream<ServerSentEvent<String>> events =
        api.getFromJsonAsEvents(uri.toString(), JsonType.of(String.class));
    return events.iterator().next().data();
  }

  private static boolean timerThreadAlive() {
    return Thread.getAllStackTraces().keySet().stream()
        .anyMatch(t -> t.isAlive() && t.getName().equals("httpjson-timeout"));
  }
}
