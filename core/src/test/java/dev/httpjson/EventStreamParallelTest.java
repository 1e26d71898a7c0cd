package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.RawServer;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * An event stream delivers each event as soon as its blank line arrives, also when the caller asks
 * for {@code parallel()}: a stream of events cannot be split, so it is read on the caller's thread
 * as a sequential one is, instead of waiting for a batch of events that may never come.
 */
class EventStreamParallelTest {
  @Test
  void aParallelStreamDeliversEachEventAsItArrivesOnTheCallersThread() throws Exception {
    CountDownLatch delivered = new CountDownLatch(1);
    CountDownLatch serverDone = new CountDownLatch(1);
    java.util.concurrent.atomic.AtomicBoolean prompt =
        new java.util.concurrent.atomic.AtomicBoolean();
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n");
              RawServer.writeChunk(socket.getOutputStream(), "data: first\n\n");
              // The next event only once the first was delivered, or after a while if it was not.
              prompt.set(delivered.await(5, TimeUnit.SECONDS));
              RawServer.writeChunk(socket.getOutputStream(), "data: second\n\n");
              socket
                  .getOutputStream()
                  .write("0\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
              socket.getOutputStream().flush();
              serverDone.countDown();
            })) {
      HttpJsonClient api =
          HttpJsonClient.newBuilder(HttpClient.newHttpClient())
              .options(JsonOptions.newBuilder().codec(new CountingCodec()).build())
              .build();
      List<String> data = new CopyOnWriteArrayList<>();
      List<Thread> threads = new CopyOnWriteArrayList<>();
      List<Thread> caller = new CopyOnWriteArrayList<>();
      assertTimeoutPreemptively(
          Duration.ofSeconds(20),
          () -> {
            caller.add(Thread.currentThread());
            try (Stream<ServerSentEvent<String>> events =
                api.getFromJsonAsEvents(server.uri("/feed").toString(), String.class)) {
              events
                  .parallel()
                  .forEach(
                      e -> {
                        data.add(e.data());
                        threads.add(Thread.currentThread());
                        delivered.countDown();
                      });
            }
          });
      assertThat(data).containsExactly("first", "second");
      assertThat(serverDone.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(prompt).as("the first event delivered before the second was sent").isTrue();
      assertThat(threads).containsOnly(caller.get(0));
    }
  }
}
