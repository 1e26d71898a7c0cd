package dev.httpjson.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * OkHttp refuses a request body on GET (and HEAD), which the JDK client sends: the transport says
 * so with an {@link IllegalArgumentException} naming the method, sends nothing, and {@code
 * sendAsync} fails its future rather than throw ({@code HttpJsonContract} checks httpjson's calls).
 */
class OkHttpGetWithBodyTest {
  private final HttpClient client = OkHttpClients.http1();
  private MockWebServer server;
  private HttpRequest getWithBody;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    getWithBody =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/search"))
            .method("GET", BodyPublishers.ofString("{\"q\":1}"))
            .build();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void sendThrowsAnArgumentErrorNamingTheMethod() {
    assertThatThrownBy(() -> client.send(getWithBody, BodyHandlers.ofString()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("OkHttp does not allow a request body on GET");
    assertThat(server.getRequestCount()).isZero();
  }

  @Test
  void sendAsyncFailsItsFutureInsteadOfThrowing() {
    CompletableFuture<?> future = client.sendAsync(getWithBody, BodyHandlers.ofString());
    assertThatThrownBy(() -> future.get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("OkHttp does not allow a request body on GET");
    assertThat(server.getRequestCount()).isZero();
  }
}
