package dev.httpjson.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a client does with the HTTP/2 streams a server ends in its own way, against {@link
 * Http2Loopback}. A transport that speaks HTTP/2 runs it by naming a new client of its own ({@link
 * #client()}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class Http2StreamsContract {
  /** A new client of the transport under test, trusting {@link Http2Loopback}'s certificate. */
  protected abstract HttpClient client();

  /** {@code REFUSED_STREAM}, RFC 9113 section 7. */
  private static final int REFUSED_STREAM = 7;

  private MockWebServer server;
  private HttpClient client;

  @AfterEach
  void close() throws Exception {
    if (client instanceof AutoCloseable) {
      ((AutoCloseable) client).close();
    }
    if (server != null) {
      server.close();
    }
  }

  /**
   * A server resets a stream with {@code REFUSED_STREAM} before it processed the request (as
   * servers do to a stream beyond their concurrent streams, which a client opened on a connection
   * before it had the server's settings): RFC 9113, section 8.7, says such a request can be safely
   * retried, a POST too. The call is answered on a stream of its own, its body arriving once.
   */
  @Test
  public void aStreamRefusedBeforeItWasProcessedIsSentAgain() throws Exception {
    server = Http2Loopback.start();
    server.enqueue(
        new MockResponse.Builder()
            .onRequestStart(new SocketEffect.CloseStream(REFUSED_STREAM))
            .build());
    server.enqueue(new MockResponse.Builder().body("accepted").build());
    client = client();
    HttpResponse<String> response =
        client.send(
            HttpRequest.newBuilder(LoopbackServer.uri(server, "/orders"))
                .timeout(Duration.ofSeconds(10))
                .POST(BodyPublishers.ofString("order 1"))
                .build(),
            BodyHandlers.ofString());
    assertThat(List.of(response.statusCode() + " " + response.body(), response.version().name()))
        .containsExactly("200 accepted", "HTTP_2");
    LoopbackServer.take(server); // the refused stream's request, not processed
    RecordedRequest answered = LoopbackServer.take(server);
    assertThat(answered.getBody().utf8()).isEqualTo("order 1");
  }
}
