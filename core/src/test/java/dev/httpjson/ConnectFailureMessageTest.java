package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A call that cannot connect fails with a {@link ConnectException} that says which request could
 * not connect where, and why: the JDK client's own has no message at all.
 */
@Timeout(60)
class ConnectFailureMessageTest {
  private final HttpClient client = HttpClient.newHttpClient();
  private final JsonOptions options = JsonOptions.newBuilder().codec(new CountingCodec()).build();
  private URI closed;

  @BeforeEach
  void findAClosedPort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/");
    }
  }

  @Test
  void aRefusedConnectionNamesTheRequestAndTheReasonBlockingAndAsync() throws Exception {
    URI uri = closed.resolve("orders?token=s3cret");
    String expected = "GET " + closed + "orders?token=***: cannot connect to 127.0.0.1:";

    assertThatThrownBy(() -> HttpJson.getFromJson(client, uri, JsonType.of(String.class, options)))
        .isInstanceOf(ConnectException.class)
        .hasMessageStartingWith(expected)
        .hasMessageNotContaining("s3cret");
    assertThatThrownBy(
            () ->
                HttpJson.getFromJsonAsync(client, uri, JsonType.of(String.class, options))
                    .get(30, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(ConnectException.class)
        .hasMessageStartingWith(expected);
  }

  @Test
  void anIpv6LiteralIsNamedInBracketsBeforeItsPort() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket()) {
      try {
        socket.bind(new java.net.InetSocketAddress(java.net.InetAddress.getByName("::1"), 0));
      } catch (java.io.IOException e) {
        org.junit.jupiter.api.Assumptions.abort("no IPv6 loopback here: " + e);
        return;
      }
      port = socket.getLocalPort();
    }
    URI uri = URI.create("http://[::1]:" + port + "/orders");

    assertThatThrownBy(() -> HttpJson.getFromJson(client, uri, JsonType.of(String.class, options)))
        .isInstanceOf(ConnectException.class)
        .hasMessageStartingWith("GET " + uri + ": cannot connect to [::1]:" + port + " (");
  }

  @Test
  void throughAClientWithInterceptorsTheMessageIsTheSame() throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(closed)
            .options(options)
            .interceptor(Interceptor.request(r -> r))
            .build();
    String expected = "GET " + closed + "orders: cannot connect to 127.0.0.1:";

    assertThatThrownBy(() -> api.getFromJson("orders", String.class))
        .isInstanceOf(ConnectException.class)
        .hasMessageStartingWith(expected);
    assertThatThrownBy(() -> api.getFromJsonAsync("orders", String.class).get(30, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(ConnectException.class)
        .hasMessageStartingWith(expected);
  }

  @Test
  void aHostThatDoesNotResolveIsSaidSo() {
    URI uri = URI.create("http://orders.invalid/orders");

    assertThatThrownBy(() -> HttpJson.getFromJson(client, uri, JsonType.of(String.class, options)))
        .isInstanceOf(ConnectException.class)
        .hasMessage(
            "GET http://orders.invalid/orders: cannot connect to orders.invalid:80 (the host name"
                + " does not resolve)");
  }
}
