package dev.httpjson.okhttp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.RawServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * When OkHttp itself sends a request again. One that is not idempotent (no idempotent method, no
 * {@code Idempotency-Key}) only where the JDK client would too: to follow a 307 or 308, to answer a
 * 401 or 407. The contract ({@code InterceptorContract}) checks that a POST whose connection drops
 * is sent once; these check that the rest of OkHttp's recovery still works.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OkHttpResendTest {
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /**
   * Answers each GET and keeps the connection; the first other request it reads whole, counts and
   * drops the connection on; later ones it answers too.
   */
  private static RawServer droppingTheFirstNonGet(AtomicInteger others) throws IOException {
    return new RawServer(
        (socket, first) -> {
          InputStream in = socket.getInputStream();
          for (String head = first; !head.isEmpty(); head = RawServer.readHead(in)) {
            Matcher length = Pattern.compile("(?im)^content-length:\\s*(\\d+)").matcher(head);
            in.readNBytes(length.find() ? Integer.parseInt(length.group(1)) : 0);
            if (!head.startsWith("GET ") && others.incrementAndGet() == 1) {
              socket.close();
              return;
            }
            RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
          }
        });
  }

  private static int sendsAfterADrop(HttpRequest.Builder request) throws Exception {
    AtomicInteger others = new AtomicInteger();
    try (RawServer raw = droppingTheFirstNonGet(others)) {
      HttpClient client = OkHttpClients.http1();
      URI uri = raw.uri("/r");
      // The pooled connection the request then drops on: OkHttp retries on a new one.
      assertThat(client.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofString()).body())
          .isEqualTo("ok");
      assertThat(client.send(request.uri(uri).build(), BodyHandlers.ofString()).body())
          .isEqualTo("ok");
      return others.get();
    }
  }

  /**
   * Answers each request and keeps the connection, as a server with a keep-alive timeout does: one
   * left idle for 300 ms it closes. Each request's body goes to {@code bodies}.
   */
  private static RawServer closingIdleConnections(List<String> bodies) throws IOException {
    return new RawServer(
        (socket, first) -> {
          InputStream in = socket.getInputStream();
          String head = first;
          while (!head.isEmpty()) {
            Matcher length = Pattern.compile("(?im)^content-length:\\s*(\\d+)").matcher(head);
            byte[] body = in.readNBytes(length.find() ? Integer.parseInt(length.group(1)) : 0);
            bodies.add(head.substring(0, head.indexOf(' ')) + " " + new String(body, UTF_8));
            RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            socket.setSoTimeout(300);
            try {
              head = RawServer.readHead(in);
            } catch (java.net.SocketTimeoutException idle) {
              break;
            }
          }
          socket.close();
        });
  }

  /**
   * A POST on a pooled connection the server had closed before the POST was written never reached
   * the server: it goes out on a new connection, once. (OkHttp takes a pooled connection idle for
   * less than 10 s without looking at it, and sent the POST into the closed one: "unexpected end of
   * stream".)
   */
  @Test
  void aPostOnAPooledConnectionTheServerClosedGoesOutOnANewOne() throws Exception {
    List<String> bodies = new CopyOnWriteArrayList<>();
    try (RawServer raw = closingIdleConnections(bodies)) {
      HttpClient client = OkHttpClients.http1();
      URI uri = raw.uri("/r");
      assertThat(client.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofString()).body())
          .isEqualTo("ok");
      Thread.sleep(800); // the server closes the idle connection after 300 ms
      HttpRequest post =
          HttpRequest.newBuilder(uri).POST(BodyPublishers.ofString("{\"n\":1}")).build();
      assertThat(client.send(post, BodyHandlers.ofString()).body()).isEqualTo("ok");
      assertThat(bodies).containsExactly("GET ", "POST {\"n\":1}");
      assertThat(raw.connections()).isEqualTo(2);
    }
  }

  @Test
  void anAsyncPostOnAPooledConnectionTheServerClosedGoesOutOnANewOne() throws Exception {
    List<String> bodies = new CopyOnWriteArrayList<>();
    try (RawServer raw = closingIdleConnections(bodies)) {
      HttpClient client = OkHttpClients.http1();
      URI uri = raw.uri("/r");
      assertThat(client.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofString()).body())
          .isEqualTo("ok");
      Thread.sleep(800);
      HttpRequest post =
          HttpRequest.newBuilder(uri).POST(BodyPublishers.ofString("{\"n\":2}")).build();
      assertThat(client.sendAsync(post, BodyHandlers.ofString()).get(10, TimeUnit.SECONDS).body())
          .isEqualTo("ok");
      assertThat(bodies).containsExactly("GET ", "POST {\"n\":2}");
    }
  }

  /**
   * A POST written on a pooled connection that was still open, and read whole by the server before
   * the connection dropped, may have been acted on: it fails and is not sent again, even after an
   * idle time that makes the transport look at the connection first.
   */
  @Test
  void aPostReadByTheServerBeforeItsPooledConnectionDroppedIsNotSentAgain() throws Exception {
    AtomicInteger others = new AtomicInteger();
    try (RawServer raw = droppingTheFirstNonGet(others)) {
      HttpClient client = OkHttpClients.http1();
      URI uri = raw.uri("/r");
      assertThat(client.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofString()).body())
          .isEqualTo("ok");
      Thread.sleep(800);
      HttpRequest post = HttpRequest.newBuilder(uri).POST(BodyPublishers.ofString("{}")).build();
      assertThatThrownBy(() -> client.send(post, BodyHandlers.ofString()))
          .isInstanceOf(IOException.class);
      assertThat(others.get()).isEqualTo(1);
      assertThat(raw.connections()).isEqualTo(1);
    }
  }

  @Test
  void aPostWithAnIdempotencyKeyIsStillSentAgainAfterAConnectionDrops() throws Exception {
    assertThat(
            sendsAfterADrop(
                HttpRequest.newBuilder()
                    .header("Idempotency-Key", "k1")
                    .POST(BodyPublishers.ofString("{}"))))
        .isEqualTo(2);
  }

  @Test
  void aPutIsStillSentAgainAfterAConnectionDrops() throws Exception {
    assertThat(sendsAfterADrop(HttpRequest.newBuilder().PUT(BodyPublishers.ofString("{}"))))
        .isEqualTo(2);
  }

  @Test
  void aPostAnswered307IsFollowedWithItsBodyByAClientThatFollowsRedirects() throws Exception {
    HttpClient following =
        OkHttpTransport.newHttpClient(OkHttpClients.builder().followRedirects(true).build());
    server.enqueue(
        new MockResponse.Builder()
            .code(307)
            .addHeader("Location", LoopbackServer.uri(server, "/moved").toString())
            .build());
    server.enqueue(new MockResponse.Builder().code(200).body("ok").build());
    HttpRequest post =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/orders"))
            .POST(BodyPublishers.ofString("{\"n\":1}"))
            .build();
    assertThat(following.send(post, BodyHandlers.ofString()).body()).isEqualTo("ok");
    for (String path : new String[] {"/orders", "/moved"}) {
      RecordedRequest r = LoopbackServer.take(server);
      assertThat(r.getTarget()).isEqualTo(path);
      assertThat(r.getMethod()).isEqualTo("POST");
      assertThat(r.getBody().utf8()).isEqualTo("{\"n\":1}");
    }
  }

  @Test
  void aPostAnswered401IsSentAgainWithTheAuthenticatorsCredentials() throws Exception {
    HttpClient authenticating =
        OkHttpTransport.newHttpClient(
            OkHttpClients.builder()
                .authenticator(
                    (route, response) ->
                        response.request().header("Authorization") != null
                            ? null
                            : response
                                .request()
                                .newBuilder()
                                .header("Authorization", "Bearer t")
                                .build())
                .build());
    server.enqueue(
        new MockResponse.Builder().code(401).addHeader("WWW-Authenticate", "Bearer").build());
    server.enqueue(new MockResponse.Builder().code(200).body("ok").build());
    HttpRequest post =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/orders"))
            .POST(BodyPublishers.ofString("{}"))
            .build();
    assertThat(authenticating.send(post, BodyHandlers.ofString()).body()).isEqualTo("ok");
    LoopbackServer.take(server);
    RecordedRequest again = LoopbackServer.take(server);
    assertThat(again.getHeaders().get("Authorization")).isEqualTo("Bearer t");
    assertThat(again.getBody().utf8()).isEqualTo("{}");
  }

  @Test
  void aPostAnswered503WithRetryAfterZeroIsNotRepeated() throws Exception {
    server.enqueue(
        new MockResponse.Builder().code(503).addHeader("Retry-After", "0").body("busy").build());
    server.enqueue(new MockResponse.Builder().code(200).body("repeated").build());
    HttpRequest post =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/orders"))
            .POST(BodyPublishers.ofString("{}"))
            .build();
    assertThat(OkHttpClients.http1().send(post, BodyHandlers.ofString()).statusCode())
        .isEqualTo(503);
    assertThat(server.getRequestCount()).isEqualTo(1);
  }
}
