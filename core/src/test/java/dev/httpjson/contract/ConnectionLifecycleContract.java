package dev.httpjson.contract;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a transport's connections do around the exchanges that real servers end in their own way,
 * against a raw loopback server that behaves as such a server does on the wire: a connection is
 * used again only where the server keeps it, and an answer the server gives before it has read the
 * whole request reaches the caller. A transport module runs it by naming a new client of its own
 * ({@link #client()}); each row makes one client and closes it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class ConnectionLifecycleContract {
  /**
   * A new client of the transport under test, configured like {@code HttpClient.newHttpClient()}.
   */
  protected abstract HttpClient client();

  private final List<String> seen = new CopyOnWriteArrayList<>();
  private HttpClient client;

  @AfterEach
  void closeClient() throws Exception {
    if (client instanceof AutoCloseable) {
      ((AutoCloseable) client).close();
    }
  }

  /**
   * An HTTP/1.0 server closes the connection after its response unless it said {@code Connection:
   * keep-alive} (RFC 9112, section 9.3): a POST right after must go on a new connection, where it
   * arrives once and is answered, never on the one the server is closing, where it would fail
   * unanswered. The server here closes 500 ms after its response, so that a client cannot learn of
   * the close before it sends the next request.
   */
  @Test
  public void aConnectionAnHttp10ResponseEndsIsNotUsedForTheNextRequest() throws Exception {
    client = client();
    try (RawServer server = new RawServer(this::http10)) {
      HttpResponse<String> first =
          client.send(request(server, "/first").build(), BodyHandlers.ofString());
      HttpResponse<String> second =
          client.send(
              request(server, "/orders").POST(BodyPublishers.ofString("order 1")).build(),
              BodyHandlers.ofString());
      assertThat(
              List.of(
                  first.statusCode() + " " + first.body(),
                  second.statusCode() + " " + second.body()))
          .containsExactly("200 GET /first []", "200 POST /orders [order 1]");
      Thread.sleep(700); // the first connection's end
      assertThat(seen)
          .as("the requests each connection of the server received, in order")
          .containsExactlyInAnyOrder("GET /first []", "POST /orders [order 1]");
      assertThat(server.connections()).isEqualTo(2);
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  /**
   * Answers one request as an HTTP/1.0 server does, then closes the connection 500 ms later; a
   * request that came on it meanwhile is noted, and left unanswered.
   */
  private void http10(Socket socket, String head) throws IOException {
    InputStream in = socket.getInputStream();
    OutputStream out = socket.getOutputStream();
    String request = requestLine(head) + " [" + body(head, in) + "]";
    seen.add(request);
    String answer = request;
    out.write(
        ("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\nContent-Length: "
                + answer.length()
                + "\r\n\r\n"
                + answer)
            .getBytes(ISO_8859_1));
    out.flush();
    socket.setSoTimeout(500);
    try {
      String next = RawServer.readHead(in);
      if (!next.isEmpty()) {
        seen.add("unanswered on a closing connection: " + requestLine(next));
      }
    } catch (SocketTimeoutException e) {
      // nothing came: the server closes the connection as it said
    } finally {
      socket.close();
    }
  }

  // ---- the harness ----

  private static HttpRequest.Builder request(RawServer server, String path) {
    return HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(10));
  }

  private static String requestLine(String head) {
    String line = head.substring(0, head.indexOf('\r'));
    return line.substring(0, line.lastIndexOf(' '));
  }

  /** The request's body, framed by its Content-Length (the rows send no chunked body). */
  private static String body(String head, InputStream in) throws IOException {
    String lower = head.toLowerCase(Locale.ROOT);
    int at = lower.indexOf("content-length:");
    if (at < 0) {
      return "";
    }
    int length = Integer.parseInt(lower.substring(at + 15, lower.indexOf('\r', at)).trim());
    return new String(in.readNBytes(length), UTF_8);
  }
}
