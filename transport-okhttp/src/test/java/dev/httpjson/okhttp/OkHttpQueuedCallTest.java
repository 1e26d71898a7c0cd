package dev.httpjson.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.RawServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.Dispatcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@code sendAsync} call that OkHttp's dispatcher queues behind its per-host limit: its {@link
 * HttpRequest#timeout()} runs from the send, as on the JDK client, which queues nothing.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OkHttpQueuedCallTest {
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch firstArrived = new CountDownLatch(1);
  private final CountDownLatch idle = new CountDownLatch(1);
  private final AtomicInteger requests = new AtomicInteger();
  private RawServer server;
  private HttpClient client;

  @BeforeEach
  void start() throws Exception {
    // Answers every request once released: a long poll holds the host's one slot until then.
    server =
        new RawServer(
            (socket, head) -> {
              requests.incrementAndGet();
              firstArrived.countDown();
              release.await(30, TimeUnit.SECONDS);
              RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            });
    Dispatcher dispatcher = new Dispatcher();
    dispatcher.setMaxRequestsPerHost(1);
    dispatcher.setIdleCallback(idle::countDown);
    client = OkHttpTransport.newHttpClient(OkHttpClients.builder().dispatcher(dispatcher).build());
  }

  @AfterEach
  void stop() throws Exception {
    release.countDown();
    server.close();
  }

  @Test
  void aQueuedCallFailsWithItsTimeoutCountedFromTheSend() throws Exception {
    CompletableFuture<HttpResponse<String>> poll =
        client.sendAsync(
            HttpRequest.newBuilder(server.uri("/poll")).build(), BodyHandlers.ofString());
    assertThat(firstArrived.await(5, TimeUnit.SECONDS)).isTrue();

    long start = System.nanoTime();
    CompletableFuture<HttpResponse<String>> queued =
        client.sendAsync(
            HttpRequest.newBuilder(server.uri("/quick")).timeout(Duration.ofMillis(500)).build(),
            BodyHandlers.ofString());
    CompletableFuture<String> completedOn =
        queued.handle((response, failure) -> Thread.currentThread().getName());
    assertThatThrownBy(() -> queued.get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(HttpTimeoutException.class)
        .hasMessage("request timed out");
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
        .as("the timeout runs while the call waits for the dispatcher")
        .isLessThan(5_000);
    assertThat(completedOn.get(5, TimeUnit.SECONDS))
        .as("the caller's stages run off Okio's watchdog thread")
        .isNotEqualTo("Okio Watchdog");

    release.countDown();
    assertThat(poll.get(10, TimeUnit.SECONDS).body()).isEqualTo("ok");
    assertThat(idle.await(10, TimeUnit.SECONDS)).as("the dispatcher ran both calls").isTrue();
    assertThat(requests.get()).as("the timed-out call is never sent").isEqualTo(1);
  }
}
