package dev.httpjson.apache5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.HttpJson;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A call on the transport that cannot connect names the request, then the host and port as the JDK
 * client's does: an IPv6 literal in brackets before its port, never as the library prints a socket
 * address.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Apache5ConnectFailureMessageTest {
  private final HttpClient client = Apache5Transport.newHttpClient();

  /** A port on {@code host} that nothing listens on, or aborts when the host cannot be bound. */
  private static int closedPort(String host) throws Exception {
    try (ServerSocket socket = new ServerSocket()) {
      try {
        socket.bind(new InetSocketAddress(InetAddress.getByName(host), 0));
      } catch (java.io.IOException e) {
        Assumptions.abort("no " + host + " loopback here: " + e);
      }
      return socket.getLocalPort();
    }
  }

  private void assertNamed(URI uri, String hostAndPort) throws Exception {
    String expected = "GET " + uri + ": cannot connect to " + hostAndPort + " (";
    Throwable blocking = catchThrowable(() -> HttpJson.getFromJson(client, uri, String.class));
    Throwable async =
        catchThrowable(
            () -> HttpJson.getFromJsonAsync(client, uri, String.class).get(30, TimeUnit.SECONDS));

    assertThat(blocking).isInstanceOf(ConnectException.class).hasMessageStartingWith(expected);
    assertThat(async).isInstanceOf(ExecutionException.class);
    assertThat(async.getCause())
        .isInstanceOf(ConnectException.class)
        .hasMessageStartingWith(expected);
    for (Throwable t : new Throwable[] {blocking, async.getCause()}) {
      assertThat(t.getMessage().substring(expected.length()))
          .as("the reason, after the host and port")
          .doesNotContain("0:0:0:0:0:0:0:1")
          .doesNotContain(hostAndPort)
          .endsWith(")");
    }
  }

  @Test
  void anIpv6LiteralIsNamedInBracketsBeforeItsPort() throws Exception {
    int port = closedPort("::1");
    assertNamed(URI.create("http://[::1]:" + port + "/orders"), "[::1]:" + port);
  }

  @Test
  void anIpv4AddressIsNamedAsInTheUri() throws Exception {
    int port = closedPort("127.0.0.1");
    assertNamed(URI.create("http://127.0.0.1:" + port + "/orders"), "127.0.0.1:" + port);
  }
}
