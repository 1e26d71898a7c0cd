package dev.httpjson.apache5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.hc.client5.http.io.ManagedHttpClientConnection;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.message.BasicClassicHttpRequest;
import org.junit.jupiter.api.Test;

/**
 * A connection of {@link Apache5Transport#connectionFactory()} that a pool checked and then put
 * back without a request (a lease given up before it was used) looks at its socket again before the
 * next request is written: bytes a server sent meanwhile are never read as its answer.
 */
class InStepConnectionTest {
  @Test
  void aCheckThatNoRequestFollowedDoesNotSpareTheNextRequestItsLook() throws Exception {
    assertTimeoutPreemptively(
        Duration.ofSeconds(20),
        () -> {
          try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
              Socket socket = new Socket()) {
            socket.connect(
                new InetSocketAddress(listener.getInetAddress(), listener.getLocalPort()));
            try (Socket server = listener.accept()) {
              ManagedHttpClientConnection connection =
                  Apache5Transport.connectionFactory().createConnection(socket);

              assertThat(connection.isStale()).as("the pool's check of a fresh lease").isFalse();
              connection.passivate(); // the lease was given up: back in the pool, no request sent

              OutputStream out = server.getOutputStream();
              out.write(
                  "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nforged"
                      .getBytes(StandardCharsets.US_ASCII));
              out.flush();
              while (socket.getInputStream().available() == 0) {
                Thread.sleep(5); // bounded by the timeout above
              }
              connection.activate(); // leased again, by a pool that does not check every lease

              assertThatThrownBy(
                      () ->
                          connection.sendRequestHeader(new BasicClassicHttpRequest("GET", "/next")))
                  .isInstanceOf(ConnectionClosedException.class)
                  .hasMessageContaining("past the end of its last response");
            }
          }
        });
  }
}
