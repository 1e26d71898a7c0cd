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
 * used again only where the server keeps it and nothing is left on it, and an answer the server
 * gives before it has read the whole request reaches the caller. A transport module runs it by
 * naming a new client of its own ({@link #client()}); each row makes one client and closes it.
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
   * An HTTP/1.0 response that says {@code Connection: keep-alive} keeps its connection (RFC 9112,
   * section 9.3): the next request goes on it.
   */
  @Test
  public void aConnectionAnHttp10ResponseKeepsAliveIsUsedForTheNextRequest() throws Exception {
    client = client();
    try (RawServer server = new RawServer(this::http10KeptAlive)) {
      List<String> outcomes = new java.util.ArrayList<>();
      for (HttpRequest request :
          List.of(
              request(server, "/first").build(),
              request(server, "/orders").POST(BodyPublishers.ofString("order 1")).build())) {
        HttpResponse<String> r = client.send(request, BodyHandlers.ofString());
        outcomes.add(r.statusCode() + " " + r.body());
      }
      assertThat(outcomes).containsExactly("200 GET /first []", "200 POST /orders [order 1]");
      assertThat(server.connections()).isEqualTo(1);
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  private void http10KeptAlive(Socket socket, String head) throws IOException {
    InputStream in = socket.getInputStream();
    for (; !head.isEmpty(); head = RawServer.readHead(in)) {
      String answer = requestLine(head) + " [" + body(head, in) + "]";
      RawServer.write(
          socket,
          "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: "
              + answer.length()
              + "\r\n\r\n"
              + answer);
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

  /**
   * A server sends more than its response's Content-Length says, and what follows looks like a
   * response (a server that got its framing wrong, or a response split by an attacker's input): the
   * bytes after the response's end answer no request, and the next call gets the answer the server
   * gives to it, never them. The connection that held them is not used again.
   */
  @Test
  public void bytesAServerSendsPastItsResponseNeverAnswerTheNextCall() throws Exception {
    client = client();
    try (RawServer server = new RawServer(this::sendsTooMuch)) {
      List<String> outcomes = new java.util.ArrayList<>();
      for (String path : List.of("/first", "/second", "/third")) {
        HttpResponse<String> r =
            client.send(request(server, path).build(), BodyHandlers.ofString());
        outcomes.add(r.statusCode() + " " + r.body());
      }
      assertThat(outcomes).containsExactly("200 abc", "200 GET /second", "200 GET /third");
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  /**
   * Answers {@code /first} with a body of 3 bytes, and then with what looks like a second response;
   * any other request with its request line.
   */
  private void sendsTooMuch(Socket socket, String head) throws IOException {
    InputStream in = socket.getInputStream();
    for (; !head.isEmpty(); head = RawServer.readHead(in)) {
      String line = requestLine(head);
      if (line.equals("GET /first")) {
        RawServer.write(
            socket,
            "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc"
                + "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nforged");
      } else {
        RawServer.write(
            socket, "HTTP/1.1 200 OK\r\nContent-Length: " + line.length() + "\r\n\r\n" + line);
      }
    }
  }

  /** A request body larger than what the sockets' buffers hold on loopback. */
  private static final int LARGE = 8 << 20;

  /**
   * A server refuses a large body after its first 256 KiB (413), says it closes the connection, and
   * stops reading; it closes the connection a while later, before it has read the body (as servers
   * end one whose body they will not read). The caller gets the server's answer, not the failed
   * write of the body, and the next call goes on a new connection. The answer comes while the
   * client still writes: one that comes only after the client's socket buffers filled meets a
   * blocked write, which the Apache 5 transport does not watch (that run failed now and then under
   * load when the answer was sent from the head alone).
   */
  @Test
  public void anAnswerGivenBeforeTheBodyWasReadReachesTheCallerWhenTheServerStopsReading()
      throws Exception {
    client = client();
    try (RawServer server = new RawServer(this::refusesAndStopsReading)) {
      HttpResponse<String> refused =
          client.send(
              request(server, "/upload").POST(BodyPublishers.ofByteArray(new byte[LARGE])).build(),
              BodyHandlers.ofString());
      HttpResponse<String> next =
          client.send(request(server, "/next").build(), BodyHandlers.ofString());
      assertThat(
              List.of(
                  refused.statusCode() + " " + refused.body(),
                  next.statusCode() + " " + next.body()))
          .containsExactly("413 too large", "200 GET /next []");
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  private void refusesAndStopsReading(Socket socket, String head) throws Exception {
    if (head.startsWith("POST ")) {
      socket.getInputStream().readNBytes(256 << 10);
      RawServer.write(
          socket,
          "HTTP/1.1 413 Content Too Large\r\nConnection: close\r\nContent-Length: 9\r\n\r\n"
              + "too large");
      // Reads on a while after its answer, so the client's writes pass the points where it looks
      // for an answer after this one arrived, however late the server got to answer.
      socket.getInputStream().readNBytes(1 << 20);
      Thread.sleep(1500);
      socket.close();
      return;
    }
    String answer = requestLine(head) + " []";
    RawServer.write(
        socket, "HTTP/1.1 200 OK\r\nContent-Length: " + answer.length() + "\r\n\r\n" + answer);
    socket.close();
  }

  /**
   * A server answers a request with a large body before reading it (401), keeps the connection, and
   * reads the body to its end, as its Content-Length frames it, before the next request. Whether
   * the client sent the whole body or cut it short and closed the connection, the next call gets
   * its own answer, never the server's reading of a body's rest as a request.
   */
  @Test
  public void anAnswerGivenBeforeTheBodyWasReadLeavesNoConnectionOutOfStep() throws Exception {
    client = client();
    try (RawServer server = new RawServer(this::answersEarlyAndReadsTheBody)) {
      HttpResponse<String> refused =
          client.send(
              request(server, "/upload").POST(BodyPublishers.ofByteArray(new byte[LARGE])).build(),
              BodyHandlers.ofString());
      HttpResponse<String> next =
          client.send(request(server, "/next").build(), BodyHandlers.ofString());
      assertThat(
              List.of(
                  refused.statusCode() + " " + refused.body(),
                  next.statusCode() + " " + next.body()))
          .containsExactly("401 who are you", "200 GET /next []");
      assertThat(seen).containsExactly("GET /next []");
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  private void answersEarlyAndReadsTheBody(Socket socket, String head) throws Exception {
    socket.setSoTimeout(5000);
    InputStream in = socket.getInputStream();
    for (; !head.isEmpty(); head = RawServer.readHead(in)) {
      if (head.startsWith("POST ")) {
        RawServer.write(
            socket,
            "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Bearer\r\nContent-Length: 11\r\n\r\n"
                + "who are you");
        try {
          body(head, in, true);
        } catch (IOException e) {
          socket.close(); // the body cut short: the client closed the connection
          return;
        }
        continue;
      }
      String answer = requestLine(head) + " [" + body(head, in, false) + "]";
      seen.add(answer);
      RawServer.write(
          socket, "HTTP/1.1 200 OK\r\nContent-Length: " + answer.length() + "\r\n\r\n" + answer);
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
    return body(head, in, false);
  }

  /**
   * The request's body, framed by its Content-Length, or read and dropped ({@code skipped}); an
   * {@code EOFException} when the connection ended first.
   */
  private static String body(String head, InputStream in, boolean skipped) throws IOException {
    String lower = head.toLowerCase(Locale.ROOT);
    int at = lower.indexOf("content-length:");
    if (at < 0) {
      return "";
    }
    int length = Integer.parseInt(lower.substring(at + 15, lower.indexOf('\r', at)).trim());
    if (skipped) {
      in.skipNBytes(length);
      return "";
    }
    return new String(in.readNBytes(length), UTF_8);
  }
}
