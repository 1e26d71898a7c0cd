package dev.httpjson.apache5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.contract.RawServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A pooled connection the server closed shortly before the next call. */
@Timeout(30)
class Apache5ClosedConnectionTest {
  /**
   * The server closes each connection (a FIN, no {@code Connection: close}) 20 ms after its first
   * response. The JDK client's pool notices the FIN of an idle connection and drops it; this pool
   * looks at each pooled connection before reuse without waiting, and sends the POST on a new one.
   * (It checked the socket only after 500 ms of idleness: the POST went onto the closed connection
   * and failed, "Broken pipe", without the server having read it.)
   */
  @Test
  void aPostSoonAfterTheServerClosedItsPooledConnectionGoesOnANewOne() throws Exception {
    AtomicInteger posts = new AtomicInteger();
    CountDownLatch closed = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              InputStream in = socket.getInputStream();
              if (head.startsWith("POST")) {
                posts.incrementAndGet();
                in.readNBytes(2);
              }
              RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
              Thread.sleep(20);
              socket.shutdownOutput();
              socket.close();
              closed.countDown();
            })) {
      HttpClient client = Apache5Clients.http1();
      HttpResponse<String> first =
          client.send(HttpRequest.newBuilder(raw.uri("/a")).build(), BodyHandlers.ofString());
      assertThat(first.body()).isEqualTo("ok");
      assertThat(closed.await(10, TimeUnit.SECONDS)).isTrue();
      Thread.sleep(80); // the FIN reaches the client: no signal of its arrival exists
      HttpResponse<String> posted =
          client.send(
              HttpRequest.newBuilder(raw.uri("/orders"))
                  .timeout(Duration.ofSeconds(10))
                  .POST(BodyPublishers.ofString("{}"))
                  .build(),
              BodyHandlers.ofString());
      assertThat(posted.body()).isEqualTo("ok");
      assertThat(posts).hasValue(1);
    }
  }

  /**
   * A GET, which is sent again once after its connection fails, goes to a new connection too rather
   * than being written to the one the server closed. The server half-closes the first connection (a
   * FIN) and reports what it reads on it after: before, the GET (then sent again).
   */
  @Test
  void aGetSoonAfterTheServerClosedItsPooledConnectionIsNotWrittenToIt() throws Exception {
    AtomicInteger connections = new AtomicInteger();
    BlockingQueue<String> afterFin = new LinkedBlockingQueue<>();
    CountDownLatch finSent = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
              if (connections.getAndIncrement() == 0) {
                socket.shutdownOutput();
                finSent.countDown();
                socket.setSoTimeout(10_000);
                // Empty once the client closes its side: nothing was written after the FIN.
                afterFin.add(RawServer.readHead(socket.getInputStream()));
                socket.close();
              }
            })) {
      HttpClient client = Apache5Clients.http1();
      HttpResponse<String> first =
          client.send(HttpRequest.newBuilder(raw.uri("/a")).build(), BodyHandlers.ofString());
      assertThat(first.body()).isEqualTo("ok");
      assertThat(finSent.await(10, TimeUnit.SECONDS)).isTrue();
      Thread.sleep(80); // the FIN reaches the client: no signal of its arrival exists
      HttpResponse<String> second =
          client.send(
              HttpRequest.newBuilder(raw.uri("/b")).timeout(Duration.ofSeconds(10)).build(),
              BodyHandlers.ofString());
      assertThat(second.body()).isEqualTo("ok");
      assertThat(afterFin.poll(10, TimeUnit.SECONDS)).isEmpty();
      assertThat(raw.connections()).isEqualTo(2);
    }
  }

  /**
   * A POST whose connection the server closes after the request was written (the look before reuse
   * cannot foresee it) fails, saying so, and is not sent again: the server may have acted on it,
   * and its body, a stream read once, could not be written again anyway.
   */
  @Test
  void aPostWithABodyReadOnceIsNotSentAgainWhenTheServerClosesAfterReadingIt() throws Exception {
    AtomicInteger posts = new AtomicInteger();
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
              // The POST comes on the same, pooled connection: read, never answered.
              if (RawServer.readHead(socket.getInputStream()).startsWith("POST")) {
                posts.incrementAndGet();
              }
              socket.close();
            })) {
      HttpClient client = Apache5Clients.http1();
      assertThat(
              client
                  .send(HttpRequest.newBuilder(raw.uri("/a")).build(), BodyHandlers.ofString())
                  .body())
          .isEqualTo("ok");
      AtomicInteger opened = new AtomicInteger();
      InputStream once = new ByteArrayInputStream("{\"id\":1}".getBytes(StandardCharsets.UTF_8));
      HttpRequest post =
          HttpRequest.newBuilder(raw.uri("/orders"))
              .timeout(Duration.ofSeconds(10))
              .POST(
                  BodyPublishers.ofInputStream(
                      () -> {
                        opened.incrementAndGet();
                        return once;
                      }))
              .build();
      assertThatThrownBy(() -> client.send(post, BodyHandlers.ofString()))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("failed to respond");
      assertThat(posts).hasValue(1);
      assertThat(opened).hasValue(1);
      assertThat(raw.connections()).isEqualTo(1);
    }
  }

  /**
   * A PUT, which Apache sends once more after its connection fails, whose body is a stream read
   * once ({@code ofInputStream} with a supplier that returns the same stream): the server reads the
   * whole request on the first connection and closes it without an answer. The body cannot be
   * published again, so the request must not be sent again as if it were whole: the second attempt
   * would carry an empty chunked body, ended as complete, and the server would store nothing.
   */
  @Test
  void aPutWhoseBodyIsAStreamReadOnceIsNeverSentAgainWithAnEmptyBody() throws Exception {
    BlockingQueue<String> bodies = new LinkedBlockingQueue<>();
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              bodies.add(readChunked(socket.getInputStream()));
              if (bodies.size() == 1) {
                socket.close(); // read, never answered
              } else {
                RawServer.write(socket, "HTTP/1.1 204 No Content\r\n\r\n");
              }
            })) {
      HttpClient client = Apache5Clients.http1();
      AtomicInteger opened = new AtomicInteger();
      InputStream once =
          new ByteArrayInputStream("{\"stock\":42}".getBytes(StandardCharsets.UTF_8));
      HttpRequest put =
          HttpRequest.newBuilder(raw.uri("/items/1"))
              .timeout(Duration.ofSeconds(10))
              .PUT(
                  BodyPublishers.ofInputStream(
                      () -> {
                        opened.incrementAndGet();
                        return once;
                      }))
              .build();
      Throwable failure = catchThrowable(() -> client.send(put, BodyHandlers.ofString()));
      assertThat(bodies.poll(10, TimeUnit.SECONDS)).isEqualTo("{\"stock\":42}");
      assertThat(bodies.poll(200, TimeUnit.MILLISECONDS)).as("the body sent again").isNull();
      assertThat(failure).isInstanceOf(IOException.class).hasMessageContaining("failed to respond");
      assertThat(opened).hasValue(1);
      assertThat(raw.connections()).isEqualTo(1);
    }
  }

  /**
   * A PUT whose body httpjson can publish again (bytes in memory) is sent once more after its
   * connection failed, whole: the server reads the request, closes the connection without an
   * answer, and reads it again, with the same body, on a new connection.
   */
  @Test
  void aPutWhoseBodyIsBytesInMemoryIsSentAgainWholeAfterItsConnectionFailed() throws Exception {
    BlockingQueue<String> bodies = new LinkedBlockingQueue<>();
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              int length =
                  Integer.parseInt(head.replaceAll("(?is).*content-length: *(\\d+).*", "$1"));
              bodies.add(
                  new String(socket.getInputStream().readNBytes(length), StandardCharsets.UTF_8));
              if (bodies.size() == 1) {
                socket.close(); // read, never answered
              } else {
                RawServer.write(socket, "HTTP/1.1 204 No Content\r\n\r\n");
              }
            })) {
      HttpClient client = Apache5Clients.http1();
      byte[] json = "{\"stock\":42}".getBytes(StandardCharsets.UTF_8);
      HttpRequest put =
          HttpRequest.newBuilder(raw.uri("/items/1"))
              .timeout(Duration.ofSeconds(10))
              .PUT(BodyPublishers.ofByteArray(json))
              .build();
      assertThat(client.send(put, BodyHandlers.ofString()).statusCode()).isEqualTo(204);
      assertThat(bodies.poll(10, TimeUnit.SECONDS)).isEqualTo("{\"stock\":42}");
      assertThat(bodies.poll(10, TimeUnit.SECONDS)).isEqualTo("{\"stock\":42}");
      assertThat(raw.connections()).isEqualTo(2);
    }
  }

  /** Reads a chunked request body to its last chunk (and no trailers): its text. */
  private static String readChunked(InputStream in) throws IOException {
    StringBuilder body = new StringBuilder();
    for (; ; ) {
      String size = line(in);
      int n = Integer.parseInt(size.trim(), 16);
      if (n == 0) {
        line(in); // the blank line after the last chunk
        return body.toString();
      }
      body.append(new String(in.readNBytes(n), StandardCharsets.UTF_8));
      line(in);
    }
  }

  private static String line(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    for (int b; (b = in.read()) >= 0 && b != '\n'; ) {
      if (b != '\r') {
        line.append((char) b);
      }
    }
    return line.toString();
  }
}
