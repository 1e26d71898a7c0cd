package dev.httpjson.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.RawServer;
import java.io.IOException;
import java.net.ProtocolException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@code 101 Switching Protocols} the client never asked for: after it the connection speaks
 * another protocol (RFC 9110, section 15.2.2), so the call fails as on the JDK client and the
 * connection is never used for another request.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OkHttpSwitchingProtocolsTest {
  private final CountDownLatch release = new CountDownLatch(1);
  private final AtomicInteger connection = new AtomicInteger();
  private final HttpClient client = OkHttpClients.http1();
  private RawServer server;

  @BeforeEach
  void start() throws Exception {
    server =
        new RawServer(
            (socket, head) -> {
              if (connection.incrementAndGet() == 1) {
                // Switches, then speaks its own protocol: here, bytes that read as an answer.
                RawServer.write(
                    socket,
                    "HTTP/1.1 101 Switching Protocols\r\nUpgrade: other\r\nConnection: Upgrade\r\n\r\n"
                        + "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nforged");
              } else {
                RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nreal");
              }
              release.await(30, TimeUnit.SECONDS);
            });
  }

  @AfterEach
  void stop() throws Exception {
    release.countDown();
    server.close();
  }

  private HttpRequest get(String path) {
    return HttpRequest.newBuilder(server.uri(path)).build();
  }

  @Test
  void anUnaskedForSwitchFailsTheCallAndItsConnectionAnswersNoOtherCall() throws Exception {
    assertThatThrownBy(() -> client.send(get("/first"), BodyHandlers.ofString()))
        .isInstanceOf(IOException.class)
        .hasMessage("Unexpected 101 response, when not upgrading");

    HttpResponse<String> next = client.send(get("/next"), BodyHandlers.ofString());
    assertThat(next.body()).as("the next call's own answer").isEqualTo("real");
    assertThat(server.connections()).as("the next call went on a new connection").isEqualTo(2);
  }

  @Test
  void anUnaskedForSwitchFailsAnAsyncCallWithAProtocolError() throws Exception {
    assertThatThrownBy(
            () ->
                client.sendAsync(get("/first"), BodyHandlers.ofString()).get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(ProtocolException.class)
        .hasMessage("Unexpected 101 response, when not upgrading");

    HttpResponse<String> next =
        client.sendAsync(get("/next"), BodyHandlers.ofString()).get(10, TimeUnit.SECONDS);
    assertThat(next.body()).as("the next call's own answer").isEqualTo("real");
    assertThat(server.connections()).as("the next call went on a new connection").isEqualTo(2);
  }
}
