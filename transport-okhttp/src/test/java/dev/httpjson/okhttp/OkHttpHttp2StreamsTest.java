package dev.httpjson.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.Http2Loopback;
import dev.httpjson.contract.Http2StreamsContract;
import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;

/**
 * The HTTP/2 stream rows on the OkHttp transport. OkHttp sends a refused stream's request again
 * only when it has another route to the host (square/okhttp issue 6700); the transport sends it
 * again itself, a few times at most.
 */
class OkHttpHttp2StreamsTest extends Http2StreamsContract {
  private static final int REFUSED_STREAM = 7;

  @Override
  protected HttpClient client() {
    return OkHttpClients.http2();
  }

  private static MockResponse refused() {
    return new MockResponse.Builder()
        .onRequestStart(new SocketEffect.CloseStream(REFUSED_STREAM))
        .build();
  }

  private static HttpRequest order(MockWebServer server) {
    return HttpRequest.newBuilder(LoopbackServer.uri(server, "/orders"))
        .timeout(Duration.ofSeconds(10))
        .POST(BodyPublishers.ofString("order 1"))
        .build();
  }

  @Test
  void anAsynchronousCallWhoseStreamIsRefusedIsSentAgain() throws Exception {
    try (MockWebServer server = Http2Loopback.start()) {
      server.enqueue(refused());
      server.enqueue(refused());
      server.enqueue(new MockResponse.Builder().body("accepted").build());
      HttpResponse<String> response =
          client().sendAsync(order(server), BodyHandlers.ofString()).get(10, TimeUnit.SECONDS);
      assertThat(response.statusCode() + " " + response.body()).isEqualTo("200 accepted");
      assertThat(requestsSeen(server)).isEqualTo(3);
    }
  }

  @Test
  void aStreamRefusedAgainAndAgainFailsTheCallAfterAFewRetries() throws Exception {
    try (MockWebServer server = Http2Loopback.start()) {
      for (int i = 0; i <= OkHttpHttpClient.REFUSED_RETRIES + 1; i++) {
        server.enqueue(refused());
      }
      HttpClient client = client();
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () -> client.send(order(server), BodyHandlers.ofString()))
          .isInstanceOf(java.io.IOException.class)
          .hasMessageContaining("REFUSED_STREAM");
      assertThat(requestsSeen(server)).isEqualTo(OkHttpHttpClient.REFUSED_RETRIES + 1);
    }
  }

  /**
   * The requests the server saw: the server counts a refused one after it refused it, so after the
   * client has its answer, each is awaited (bounded), then none more is.
   */
  private static int requestsSeen(MockWebServer server) throws InterruptedException {
    int seen = 0;
    while (server.takeRequest(seen == 0 ? 5_000 : 2_000, TimeUnit.MILLISECONDS) != null) {
      seen++;
    }
    return seen;
  }
}
