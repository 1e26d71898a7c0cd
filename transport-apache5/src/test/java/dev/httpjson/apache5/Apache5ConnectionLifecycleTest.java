package dev.httpjson.apache5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.ConnectionLifecycleContract;
import dev.httpjson.contract.RawServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.junit.jupiter.api.Test;

/** The connection lifecycle rows on the Apache 5 transport. */
class Apache5ConnectionLifecycleTest extends ConnectionLifecycleContract {
  @Override
  protected HttpClient client() {
    return Apache5Clients.http1();
  }

  /**
   * Bytes past a response that arrive while the connection is idle in the pool, well before the
   * pool's 500 ms check that waits for the server: the next call still goes on a new connection.
   */
  @Test
  void bytesPastAResponseThatArriveWhileTheConnectionIsIdleNeverAnswerTheNextCall()
      throws Exception {
    HttpClient client = Apache5Transport.newHttpClient();
    try (RawServer server = new RawServer((socket, head) -> sendsTooMuch(socket, head, 50))) {
      List<String> outcomes = new ArrayList<>();
      for (String path : List.of("/first", "/second", "/third")) {
        HttpResponse<String> r =
            client.send(HttpRequest.newBuilder(server.uri(path)).build(), BodyHandlers.ofString());
        outcomes.add(r.statusCode() + " " + r.body());
        Thread.sleep(200); // the late bytes arrive meanwhile
      }
      assertThat(outcomes).containsExactly("200 abc", "200 GET /second", "200 GET /third");
      assertThat(server.connections()).isEqualTo(2);
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  /**
   * A pool of the caller's own, built with {@link Apache5Transport#connectionFactory()} and
   * Apache's default check of idle connections (after 2 s): the connection that holds bytes past a
   * response fails the next call before its request is written, saying why, rather than answer it
   * with them; the call after goes on a new connection.
   */
  @Test
  void aPoolOfTheCallersOwnFailsTheCallRatherThanReadBytesPastTheLastResponse() throws Exception {
    HttpClient client =
        Apache5Transport.newHttpClient(
            HttpClients.custom()
                .disableRedirectHandling()
                .setConnectionManager(
                    PoolingHttpClientConnectionManagerBuilder.create()
                        .setConnectionFactory(Apache5Transport.connectionFactory())
                        .build())
                .build());
    try (RawServer server = new RawServer((socket, head) -> sendsTooMuch(socket, head, 0))) {
      HttpResponse<String> first =
          client.send(
              HttpRequest.newBuilder(server.uri("/first")).build(), BodyHandlers.ofString());
      assertThat(first.body()).isEqualTo("abc");
      assertThatThrownBy(
              () ->
                  client.send(
                      HttpRequest.newBuilder(server.uri("/second")).build(),
                      BodyHandlers.ofString()))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("past the end of its last response")
          .hasMessageContaining("GET /second");
      HttpResponse<String> third =
          client.send(
              HttpRequest.newBuilder(server.uri("/third")).build(), BodyHandlers.ofString());
      assertThat(third.statusCode() + " " + third.body()).isEqualTo("200 GET /third");
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  /**
   * Answers {@code /first} with a body of 3 bytes and, {@code lateMillis} later (at once for 0),
   * what looks like a second response; any other request with its request line.
   */
  private static void sendsTooMuch(Socket socket, String head, long lateMillis) throws IOException {
    InputStream in = socket.getInputStream();
    for (; !head.isEmpty(); head = RawServer.readHead(in)) {
      String line = head.substring(0, head.indexOf(" HTTP/"));
      if (line.equals("GET /first")) {
        RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc");
        if (lateMillis > 0) {
          try {
            Thread.sleep(lateMillis);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
          }
        }
        RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nforged");
      } else {
        RawServer.write(
            socket, "HTTP/1.1 200 OK\r\nContent-Length: " + line.length() + "\r\n\r\n" + line);
      }
    }
  }
}
