package dev.httpjson.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.RawServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A redirect OkHttp follows to a URI that {@link HttpRequest} cannot hold (a host name with an
 * underscore, as container service names have: {@code URI.getHost()} is null for it), so that the
 * response cannot name its request: the call fails, saying so, and never hangs.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OkHttpRedirectTargetTest {
  private RawServer server;
  private HttpClient client;

  @BeforeEach
  void start() throws Exception {
    server =
        new RawServer(
            (socket, head) -> {
              if (head.startsWith("GET /start ")) {
                int port = server.uri("/").getPort();
                RawServer.write(
                    socket,
                    "HTTP/1.1 302 Found\r\nLocation: http://api_service:"
                        + port
                        + "/moved\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
              } else {
                RawServer.write(
                    socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok");
              }
              socket.close();
            });
    InetAddress loopback = InetAddress.getByName("127.0.0.1");
    client =
        OkHttpTransport.newHttpClient(
            OkHttpClients.builder().followRedirects(true).dns(host -> List.of(loopback)).build());
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private HttpRequest redirected() {
    return HttpRequest.newBuilder(server.uri("/start")).build();
  }

  @Test
  void sendFailsWithAnIOExceptionNamingTheTarget() {
    assertThatThrownBy(() -> client.send(redirected(), BodyHandlers.ofString()))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("http://api_service:");
  }

  @Test
  void sendAsyncFailsItsFutureInsteadOfLeavingItPending() {
    CompletableFuture<HttpResponse<String>> future =
        client.sendAsync(redirected(), BodyHandlers.ofString());
    assertThatThrownBy(() -> future.get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(IOException.class)
        .hasMessageContaining("http://api_service:");
    assertThat(server.connections()).as("the redirect was followed").isEqualTo(2);
  }
}
