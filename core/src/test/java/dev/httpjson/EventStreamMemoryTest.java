package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.RawServer;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What a long-lived event stream holds between events is bounded: one large event (a whole document
 * in one {@code data:} line, 24 MB here) does not make the stream keep buffers of its size for the
 * rest of its life.
 */
class EventStreamMemoryTest {
  private static final int BIG = 24 * 1024 * 1024;

  @Test
  void aStreamGivesBackWhatOneLargeEventTookOnceItIsRead() throws Exception {
    CountDownLatch hold = new CountDownLatch(1);
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              OutputStream out = socket.getOutputStream();
              out.write(
                  ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                          + "Connection: close\r\n\r\ndata: small\n\ndata: ")
                      .getBytes(StandardCharsets.ISO_8859_1));
              byte[] xs = new byte[64 * 1024];
              Arrays.fill(xs, (byte) 'x');
              for (int sent = 0; sent < BIG; sent += xs.length) {
                out.write(xs);
              }
              out.write("\n\ndata: after\n\n".getBytes(StandardCharsets.ISO_8859_1));
              out.flush();
              hold.await(30, TimeUnit.SECONDS); // the feed stays open, idle
              socket.close();
            })) {
      HttpJsonClient api =
          HttpJsonClient.newBuilder(HttpClient.newHttpClient())
              .options(
                  JsonOptions.newBuilder()
                      .codec(new CountingCodec())
                      .maxResponseSize(64L * 1024 * 1024)
                      .build())
              .build();

      long retained =
          assertTimeoutPreemptively(
              Duration.ofSeconds(60),
              () -> {
                try (Stream<ServerSentEvent<String>> events =
                    api.getFromJsonAsEvents(
                        server.uri("/feed").toString(), JsonType.of(String.class))) {
                  Iterator<ServerSentEvent<String>> it = events.iterator();
                  assertThat(it.next().data()).isEqualTo("small");
                  long before = usedAfterGc();
                  assertThat(it.next().data().length()).isEqualTo(BIG);
                  assertThat(it.next().data()).isEqualTo("after");
                  long after = usedAfterGc();
                  hold.countDown();
                  return after - before;
                } finally {
                  hold.countDown();
                }
              });

      assertThat(retained)
          .as("heap the open stream holds after the large event, beyond what it held before")
          .isLessThan(8L * 1024 * 1024);
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  private static long usedAfterGc() {
    System.gc();
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
