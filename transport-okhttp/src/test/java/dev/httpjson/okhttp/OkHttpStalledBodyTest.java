package dev.httpjson.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.Http2Loopback;
import dev.httpjson.contract.RawServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A request body whose publisher stalls: the wait for its next buffer ends with the exchange, when
 * the request's timeout elapses or the caller cancels, as in the JDK client.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OkHttpStalledBodyTest {
  private final HttpClient client = OkHttpClients.http1();
  private final CountDownLatch release = new CountDownLatch(1);
  private RawServer server;

  @BeforeEach
  void start() throws Exception {
    // Reads the request head, then waits for a body that never comes.
    server = new RawServer((socket, head) -> release.await(30, TimeUnit.SECONDS));
  }

  @AfterEach
  void stop() throws Exception {
    release.countDown();
    server.close();
  }

  /** A publisher of ten bytes that never publishes them; counts the cancels of its subscription. */
  private static final class Stalled implements HttpRequest.BodyPublisher {
    final CountDownLatch subscribed = new CountDownLatch(1);
    final CountDownLatch cancelled = new CountDownLatch(1);

    @Override
    public long contentLength() {
      return 10;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      subscriber.onSubscribe(
          new Flow.Subscription() {
            @Override
            public void request(long n) {
              subscribed.countDown();
            }

            @Override
            public void cancel() {
              cancelled.countDown();
            }
          });
    }
  }

  private HttpRequest post(Stalled body, Duration timeout) {
    HttpRequest.Builder builder = HttpRequest.newBuilder(server.uri("/upload")).POST(body);
    return timeout == null ? builder.build() : builder.timeout(timeout).build();
  }

  @Test
  void sendFailsWithTheRequestTimeoutWhileTheBodyStalls() throws Exception {
    Stalled body = new Stalled();
    long start = System.nanoTime();
    assertThatThrownBy(
            () -> client.send(post(body, Duration.ofSeconds(1)), BodyHandlers.ofString()))
        .isInstanceOf(HttpTimeoutException.class)
        .hasMessage("request timed out");
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(5_000);
    assertThat(body.cancelled.await(5, TimeUnit.SECONDS))
        .as("the publisher's subscription is cancelled")
        .isTrue();
  }

  @Test
  void sendOverHttp2FailsWithTheRequestTimeoutWhileTheBodyStalls() throws Exception {
    try (mockwebserver3.MockWebServer h2 = Http2Loopback.start()) {
      Stalled body = new Stalled();
      HttpRequest post =
          HttpRequest.newBuilder(h2.url("/upload").uri())
              .POST(body)
              .timeout(Duration.ofSeconds(1))
              .build();
      assertThatThrownBy(() -> OkHttpClients.http2().send(post, BodyHandlers.ofString()))
          .isInstanceOf(HttpTimeoutException.class);
      assertThat(body.cancelled.await(5, TimeUnit.SECONDS))
          .as("the publisher's subscription is cancelled")
          .isTrue();
    }
  }

  @Test
  void sendAsyncFailsWithTheRequestTimeoutWhileTheBodyStalls() throws Exception {
    Stalled body = new Stalled();
    CompletableFuture<HttpResponse<String>> future =
        client.sendAsync(post(body, Duration.ofSeconds(1)), BodyHandlers.ofString());
    assertThatThrownBy(() -> future.get(5, TimeUnit.SECONDS))
        .hasCauseInstanceOf(HttpTimeoutException.class);
    assertThat(body.cancelled.await(5, TimeUnit.SECONDS))
        .as("the publisher's subscription is cancelled")
        .isTrue();
  }

  @Test
  void cancellingTheFutureEndsTheWaitForAStalledBody() throws Exception {
    Stalled body = new Stalled();
    CompletableFuture<HttpResponse<String>> future =
        client.sendAsync(post(body, null), BodyHandlers.ofString());
    assertThat(body.subscribed.await(5, TimeUnit.SECONDS)).isTrue();
    future.cancel(true);
    assertThatThrownBy(() -> future.get(5, TimeUnit.SECONDS))
        .isInstanceOf(CancellationException.class);
    assertThat(body.cancelled.await(5, TimeUnit.SECONDS))
        .as("the publisher's subscription is cancelled: the writing thread woke")
        .isTrue();
  }
}
