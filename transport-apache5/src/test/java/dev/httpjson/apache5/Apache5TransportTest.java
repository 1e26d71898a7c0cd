package dev.httpjson.apache5;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.RawServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okio.Buffer;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.DefaultHttpRequestRetryStrategy;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.TimeValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the Apache transport adds to the contract suites: the threads it runs on, when Apache may
 * send a request again, what a wrapped client reports, and how a given-up exchange ends.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class Apache5TransportTest {
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  // ---- threads ----

  @Test
  void sendReadsTheBodyOnTheCallingThread() throws Exception {
    server.enqueue(new MockResponse.Builder().code(200).body("hello").build());
    AtomicReference<Thread> readOn = new AtomicReference<>();
    HttpResponse<String> response =
        Apache5Clients.http1()
            .send(
                HttpRequest.newBuilder(LoopbackServer.uri(server, "/t")).build(),
                info ->
                    HttpResponse.BodySubscribers.mapping(
                        HttpResponse.BodySubscribers.ofString(UTF_8),
                        body -> {
                          readOn.set(Thread.currentThread());
                          return body;
                        }));
    assertThat(response.body()).isEqualTo("hello");
    assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
    assertThat(readOn.get()).isSameAs(Thread.currentThread());
  }

  @Test
  void sendAsyncRunsNoCallerCodeOnTheTransportsThreads() throws Exception {
    server.enqueue(new MockResponse.Builder().code(200).body("hello").build());
    List<String> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
    HttpResponse.BodyHandler<String> handler =
        info -> {
          threads.add("handler@" + Thread.currentThread().getName());
          return HttpResponse.BodySubscribers.fromSubscriber(
              new Flow.Subscriber<List<ByteBuffer>>() {
                @Override
                public void onSubscribe(Flow.Subscription s) {
                  threads.add("onSubscribe@" + Thread.currentThread().getName());
                  s.request(Long.MAX_VALUE);
                }

                @Override
                public void onNext(List<ByteBuffer> item) {
                  threads.add("onNext@" + Thread.currentThread().getName());
                }

                @Override
                public void onError(Throwable throwable) {}

                @Override
                public void onComplete() {
                  threads.add("onComplete@" + Thread.currentThread().getName());
                }
              },
              s -> "done");
        };
    String dependant =
        Apache5Clients.http1()
            .sendAsync(HttpRequest.newBuilder(LoopbackServer.uri(server, "/t")).build(), handler)
            .thenApply(r -> r.body() + "@" + Thread.currentThread().getName())
            .get(10, TimeUnit.SECONDS);
    threads.add("dependant@" + dependant);
    assertThat(threads).hasSizeGreaterThanOrEqualTo(5);
    assertThat(threads).noneMatch(t -> t.contains("@" + OwnThreads.PREFIX));
  }

  /**
   * A caller's body publisher is caller code: its {@code subscribe} and {@code request} never run
   * on the transport's threads, which run the exchanges of {@code sendAsync}.
   */
  @Test
  void sendAsyncRunsNoBodyPublisherOnTheTransportsThreads() throws Exception {
    server.enqueue(new MockResponse.Builder().code(200).body("hello").build());
    List<String> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
    HttpRequest.BodyPublisher publisher =
        new HttpRequest.BodyPublisher() {
          @Override
          public long contentLength() {
            return 6;
          }

          @Override
          public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
            threads.add("subscribe@" + Thread.currentThread().getName());
            subscriber.onSubscribe(
                new Flow.Subscription() {
                  private int sent;

                  @Override
                  public synchronized void request(long n) {
                    threads.add("request@" + Thread.currentThread().getName());
                    if (sent < 2) {
                      subscriber.onNext(
                          ByteBuffer.wrap((sent++ == 0 ? "abc" : "def").getBytes(UTF_8)));
                    } else if (sent++ == 2) {
                      subscriber.onComplete();
                    }
                  }

                  @Override
                  public void cancel() {
                    threads.add("cancel@" + Thread.currentThread().getName());
                  }
                });
          }
        };

    String body =
        Apache5Clients.http1()
            .sendAsync(
                HttpRequest.newBuilder(LoopbackServer.uri(server, "/t")).POST(publisher).build(),
                BodyHandlers.ofString())
            .get(10, TimeUnit.SECONDS)
            .body();

    assertThat(body).isEqualTo("hello");
    assertThat(LoopbackServer.take(server).getBody().utf8()).isEqualTo("abcdef");
    assertThat(threads).hasSizeGreaterThanOrEqualTo(3);
    assertThat(threads).noneMatch(t -> t.contains("@" + OwnThreads.PREFIX));
  }

  // ---- response headers ----

  @Test
  void responseHeadersOfOneNameInAnyCaseAreOneHeaderWithTheirValuesInOrder() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("X-Tag", "a")
            .addHeader("Content-Type", "text/plain")
            .addHeader("x-tag", "b")
            .addHeader("X-TAG", "c")
            .body("ok")
            .build());
    HttpResponse<String> response =
        Apache5Clients.http1()
            .send(
                HttpRequest.newBuilder(LoopbackServer.uri(server, "/h")).build(),
                BodyHandlers.ofString());
    assertThat(response.headers().allValues("x-Tag")).containsExactly("a", "b", "c");
    assertThat(response.headers().firstValue("content-type")).hasValue("text/plain");
    assertThat(response.headers().map())
        .containsOnlyKeys("x-tag", "content-type", "content-length"); // as the JDK's names
  }

  @Test
  void manyResponseHeadersAreAllKeptGroupedByName() throws Exception {
    MockResponse.Builder many = new MockResponse.Builder().code(200).body("ok");
    for (int i = 0; i < 40; i++) { // 81 headers
      many.addHeader("X-H" + i, "v" + i);
      many.addHeader(i % 2 == 0 ? "X-Tag" : "x-tag", "t" + i);
    }
    server.enqueue(many.build());
    HttpResponse<String> response =
        Apache5Clients.http1()
            .send(
                HttpRequest.newBuilder(LoopbackServer.uri(server, "/h")).build(),
                BodyHandlers.ofString());
    assertThat(response.headers().map()).hasSize(40 + 2); // X-H0..39, X-Tag, Content-Length
    assertThat(response.headers().firstValue("x-h39")).hasValue("v39");
    assertThat(response.headers().allValues("X-TAG"))
        .hasSize(40)
        .startsWith("t0", "t1")
        .endsWith("t39");
  }

  /** Answers every request with {@code head} and a body of "ok", counting the requests. */
  private static RawServer answering(String head, AtomicInteger requests) throws IOException {
    return new RawServer(
        (socket, first) -> {
          InputStream in = socket.getInputStream();
          for (String h = first; !h.isEmpty(); h = RawServer.readHead(in)) {
            requests.incrementAndGet();
            RawServer.write(socket, head + "Content-Length: 2\r\n\r\nok");
          }
        });
  }

  @Test
  void aResponseHeadWithMoreThanAHundredHeadersOrALineOver8KiBIsReadAsTheJdkClientReadsIt()
      throws Exception {
    StringBuilder head = new StringBuilder("HTTP/1.1 200 OK\r\n");
    for (int i = 0; i < 150; i++) {
      head.append("X-H").append(i).append(": v").append(i).append("\r\n");
    }
    String policy = "default-src 'self' " + "https://cdn.example ".repeat(1000); // 20 KB
    head.append("Content-Security-Policy: ").append(policy).append("\r\n");
    AtomicInteger requests = new AtomicInteger();
    try (RawServer raw = answering(head.toString(), requests)) {
      HttpResponse<String> response =
          Apache5Clients.http1()
              .send(HttpRequest.newBuilder(raw.uri("/h")).build(), BodyHandlers.ofString());
      assertThat(response.body()).isEqualTo("ok");
      assertThat(response.headers().firstValue("X-H149")).hasValue("v149");
      assertThat(response.headers().firstValue("Content-Security-Policy")).hasValue(policy.strip());
      assertThat(requests).hasValue(1);
    }
  }

  @Test
  void aResponseHeadOverTheJdkClientsLimitIsRefusedAndTheRequestNotSentAgain() throws Exception {
    // 400 KB of headers, each line under 8 KiB: past the JDK client's 384 KiB for a head.
    String line = "X-Big: " + "a".repeat(4000) + "\r\n";
    AtomicInteger requests = new AtomicInteger();
    try (RawServer raw = answering("HTTP/1.1 200 OK\r\n" + line.repeat(100), requests)) {
      Throwable failure =
          catchThrowable(
              () ->
                  Apache5Clients.http1()
                      .send(
                          HttpRequest.newBuilder(raw.uri("/h")).build(), BodyHandlers.ofString()));
      assertThat(failure)
          .isInstanceOf(java.net.ProtocolException.class)
          .hasMessageContaining("header")
          .hasMessageContaining("393216");
      assertThat(requests).as("requests the server read").hasValue(1);
    }
  }

  @Test
  void aChunkedBodysTrailersAreReadWithinAFewLinesAndMoreFailTheCall() throws Exception {
    String few = "X-T1: " + "a".repeat(20_000) + "\r\nX-T2: b\r\n";
    String many = "X-T: " + "a".repeat(60_000) + "\r\n";
    for (String[] c :
        new String[][] {{few, "ok"}, {many.repeat(DefaultPool.MAX_TRAILER_LINES + 1), null}}) {
      String trailers = c[0];
      try (RawServer raw =
          new RawServer(
              (socket, first) ->
                  RawServer.write(
                      socket,
                      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                          + "2\r\nok\r\n0\r\n"
                          + trailers
                          + "\r\n"))) {
        HttpRequest request =
            HttpRequest.newBuilder(raw.uri("/t")).timeout(java.time.Duration.ofSeconds(10)).build();
        if (c[1] != null) {
          assertThat(Apache5Clients.http1().send(request, BodyHandlers.ofString()).body())
              .isEqualTo(c[1]);
        } else {
          assertThat(
                  catchThrowable(
                      () -> Apache5Clients.http1().send(request, BodyHandlers.ofString())))
              .as("%s trailer lines of 60 KB", DefaultPool.MAX_TRAILER_LINES + 1)
              .isInstanceOf(IOException.class);
        }
      }
    }
  }

  // ---- sending again ----

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

  /**
   * A client whose Apache retry strategy would send any request again after a dropped connection,
   * POST included: only the transport's guard keeps a one-shot request from being repeated.
   */
  private static HttpClient retryingEverything() {
    return Apache5Transport.newHttpClient(
        HttpClients.custom()
            .setRetryStrategy(
                new DefaultHttpRequestRetryStrategy(1, TimeValue.ZERO_MILLISECONDS) {
                  @Override
                  protected boolean handleAsIdempotent(org.apache.hc.core5.http.HttpRequest r) {
                    return true;
                  }
                })
            .build());
  }

  private static int sendsAfterADrop(HttpClient client, HttpRequest.Builder request)
      throws Exception {
    AtomicInteger others = new AtomicInteger();
    try (RawServer raw = droppingTheFirstNonGet(others)) {
      URI uri = raw.uri("/r");
      // The pooled connection the request then drops on.
      assertThat(client.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofString()).body())
          .isEqualTo("ok");
      try {
        client.send(request.uri(uri).build(), BodyHandlers.ofString());
      } catch (IOException expected) {
        // sent once, failed once
      }
      return others.get();
    }
  }

  @Test
  void aPostWhoseConnectionDropsIsNotSentAgainEvenByARetryStrategyThatWouldRepeatIt()
      throws Exception {
    assertThat(
            sendsAfterADrop(
                retryingEverything(), HttpRequest.newBuilder().POST(BodyPublishers.ofString("{}"))))
        .isEqualTo(1);
    assertThat(
            sendsAfterADrop(
                retryingEverything(),
                HttpRequest.newBuilder().method("PATCH", BodyPublishers.noBody())))
        .isEqualTo(1);
  }

  @Test
  void aPostWithAnIdempotencyKeyOrAPutIsSentAgainAfterAConnectionDrops() throws Exception {
    assertThat(
            sendsAfterADrop(
                retryingEverything(),
                HttpRequest.newBuilder()
                    .header("Idempotency-Key", "k1")
                    .POST(BodyPublishers.ofString("{}"))))
        .isEqualTo(2);
    assertThat(
            sendsAfterADrop(
                Apache5Clients.http1(),
                HttpRequest.newBuilder().PUT(BodyPublishers.ofString("{}"))))
        .isEqualTo(2);
  }

  /**
   * Answers every request on a connection and closes the connection when it has been idle for
   * {@code keepAliveMillis}, as a server's keep-alive timeout does, without having said so in a
   * {@code Connection: close}; counts the POSTs it read.
   */
  private static RawServer closingIdleConnections(int keepAliveMillis, AtomicInteger posts)
      throws IOException {
    return new RawServer(
        (socket, first) -> {
          InputStream in = socket.getInputStream();
          socket.setSoTimeout(keepAliveMillis);
          try {
            for (String head = first; !head.isEmpty(); head = RawServer.readHead(in)) {
              Matcher length = Pattern.compile("(?im)^content-length:\\s*(\\d+)").matcher(head);
              in.readNBytes(length.find() ? Integer.parseInt(length.group(1)) : 0);
              if (head.startsWith("POST ")) {
                posts.incrementAndGet();
              }
              RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            }
          } catch (java.net.SocketTimeoutException idle) {
            // the keep-alive timeout: close
          } finally {
            socket.close();
          }
        });
  }

  @Test
  void aPostOnAPooledConnectionTheServerClosedWhileIdleGoesOnANewConnection() throws Exception {
    AtomicInteger posts = new AtomicInteger();
    try (RawServer raw = closingIdleConnections(200, posts)) {
      HttpClient client = Apache5Clients.http1();
      assertThat(
              client.send(HttpRequest.newBuilder(raw.uri("/a")).build(), BodyHandlers.ofString()))
          .extracting(HttpResponse::body)
          .isEqualTo("ok");
      Thread.sleep(200 + 600); // the server closed the pooled connection 600 ms ago
      HttpResponse<String> posted =
          client.send(
              HttpRequest.newBuilder(raw.uri("/orders"))
                  .POST(BodyPublishers.ofString("{}"))
                  .build(),
              BodyHandlers.ofString());
      assertThat(posted.body()).isEqualTo("ok");
      assertThat(posts).hasValue(1);
      assertThat(raw.connections()).isEqualTo(2);
    }
  }

  @Test
  void aPostTheServerReadThenDroppedIsNotSentAgainEvenAfterItsConnectionWasChecked()
      throws Exception {
    AtomicInteger others = new AtomicInteger();
    try (RawServer raw = droppingTheFirstNonGet(others)) {
      HttpClient client = Apache5Clients.http1();
      assertThat(
              client.send(HttpRequest.newBuilder(raw.uri("/a")).build(), BodyHandlers.ofString()))
          .extracting(HttpResponse::body)
          .isEqualTo("ok");
      Thread.sleep(800); // idle long enough that the pool checks the connection before the POST
      assertThatThrownBy(
              () ->
                  client.send(
                      HttpRequest.newBuilder(raw.uri("/orders"))
                          .POST(BodyPublishers.ofString("{}"))
                          .build(),
                      BodyHandlers.ofString()))
          .isInstanceOf(IOException.class);
      assertThat(others).as("POSTs the server read").hasValue(1);
      assertThat(raw.connections()).isEqualTo(1);
    }
  }

  @Test
  void aPostAnswered503WithRetryAfterZeroIsNotRepeatedByApachesDefaultRetryStrategy()
      throws Exception {
    server.enqueue(
        new MockResponse.Builder().code(503).addHeader("Retry-After", "0").body("busy").build());
    server.enqueue(new MockResponse.Builder().code(200).body("repeated").build());
    HttpRequest post =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/orders"))
            .POST(BodyPublishers.ofString("{}"))
            .build();
    HttpClient client = Apache5Transport.newHttpClient(HttpClients.custom().build());
    assertThat(client.send(post, BodyHandlers.ofString()).statusCode()).isEqualTo(503);
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void aPostAnswered307IsFollowedWithItsBodyByAClientThatFollowsRedirects() throws Exception {
    HttpClient following = Apache5Transport.newHttpClient(HttpClients.createDefault());
    assertThat(following.followRedirects()).isEqualTo(HttpClient.Redirect.NORMAL);
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
    HttpResponse<String> response = following.send(post, BodyHandlers.ofString());
    assertThat(response.body()).isEqualTo("ok");
    assertThat(response.uri()).isEqualTo(LoopbackServer.uri(server, "/moved"));
    for (String path : new String[] {"/orders", "/moved"}) {
      RecordedRequest r = LoopbackServer.take(server);
      assertThat(r.getTarget()).isEqualTo(path);
      assertThat(r.getMethod()).isEqualTo("POST");
      assertThat(r.getBody().utf8()).isEqualTo("{\"n\":1}");
    }
  }

  // ---- a wrapped client ----

  @Test
  void aWrappedClientReportsRedirectsAsItsRequestConfigSetsThem() {
    assertThat(Apache5Transport.newHttpClient().followRedirects())
        .isEqualTo(HttpClient.Redirect.NEVER);
    assertThat(Apache5Transport.newHttpClient(HttpClients.custom().build()).followRedirects())
        .isEqualTo(HttpClient.Redirect.NORMAL);
    assertThat(
            Apache5Transport.newHttpClient(
                    HttpClients.custom()
                        .setDefaultRequestConfig(
                            RequestConfig.custom().setRedirectsEnabled(false).build())
                        .build())
                .followRedirects())
        .isEqualTo(HttpClient.Redirect.NEVER);
    assertThat(Apache5Transport.newHttpClient(HttpClients.createMinimal()).followRedirects())
        .isEqualTo(HttpClient.Redirect.NEVER);
    assertThatThrownBy(() -> Apache5Transport.newHttpClient(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("client == null");
  }

  @Test
  void closingTheDefaultClientClosesItsIdleConnectionButAWrappedClientIsLeftToItsOwner()
      throws Exception {
    AtomicInteger closed = new AtomicInteger();
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              if (head.startsWith("GET /once ")) { // one exchange per connection
                RawServer.write(
                    socket, "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok");
                socket.close();
                return;
              }
              RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
              if (socket.getInputStream().read() < 0) {
                closed.incrementAndGet();
              }
            })) {
      HttpRequest request = HttpRequest.newBuilder(raw.uri("/x")).build();
      HttpRequest once = HttpRequest.newBuilder(raw.uri("/once")).build();
      HttpClient own = Apache5Transport.newHttpClient();
      assertThat(own.send(request, BodyHandlers.ofString()).body()).isEqualTo("ok");
      assertThat(own).isInstanceOf(AutoCloseable.class);
      ((AutoCloseable) own).close();
      awaitCount(closed, 1);

      try (org.apache.hc.client5.http.impl.classic.CloseableHttpClient apache =
          HttpClients.custom().build()) {
        HttpClient wrapped = Apache5Transport.newHttpClient(apache);
        assertThat(wrapped.send(once, BodyHandlers.ofString()).body()).isEqualTo("ok");
        ((AutoCloseable) wrapped).close();
        assertThat(wrapped.send(once, BodyHandlers.ofString()).body()).isEqualTo("ok");
      }
    }
  }

  @Test
  void aWrappedMinimalClientSendsAndReceives() throws Exception {
    server.enqueue(new MockResponse.Builder().code(200).body("minimal").build());
    server.enqueue(new MockResponse.Builder().code(201).body("posted").build());
    HttpClient client = Apache5Transport.newHttpClient(HttpClients.createMinimal());
    assertThat(
            client
                .send(
                    HttpRequest.newBuilder(LoopbackServer.uri(server, "/m")).build(),
                    BodyHandlers.ofString())
                .body())
        .isEqualTo("minimal");
    assertThat(
            client
                .sendAsync(
                    HttpRequest.newBuilder(LoopbackServer.uri(server, "/p"))
                        .POST(BodyPublishers.ofString("{}"))
                        .build(),
                    BodyHandlers.ofString())
                .get(10, TimeUnit.SECONDS)
                .statusCode())
        .isEqualTo(201);
    assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/m");
    assertThat(LoopbackServer.take(server).getBody().utf8()).isEqualTo("{}");
  }

  @Test
  void aWrappedClientOverTheTransportsConnectionFactoryFailsAResponseHeadCutShort()
      throws Exception {
    HttpClient client =
        Apache5Transport.newHttpClient(
            HttpClients.custom()
                .setConnectionManager(
                    PoolingHttpClientConnectionManagerBuilder.create()
                        .setConnectionFactory(Apache5Transport.connectionFactory())
                        .build())
                .build());
    for (String head :
        List.of(
            "HTTP/1.1 200 OK\r\nContent-Type: appl",
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r")) {
      try (RawServer raw =
          new RawServer(
              (socket, request) -> {
                RawServer.write(socket, head);
                socket.close();
              })) {
        assertThatThrownBy(
                () ->
                    client.send(
                        HttpRequest.newBuilder(raw.uri("/x")).build(), BodyHandlers.ofString()))
            .isInstanceOf(IOException.class)
            .hasMessageStartingWith("EOF reached while reading the response headers");
      }
    }
    server.enqueue(new MockResponse.Builder().code(200).body("whole").build());
    assertThat(
            client
                .send(
                    HttpRequest.newBuilder(LoopbackServer.uri(server, "/w")).build(),
                    BodyHandlers.ofString())
                .body())
        .isEqualTo("whole");
  }

  @Test
  void aBodyApacheDecodesComesWithoutTheHeadersOfTheEncodedBytes() throws Exception {
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write("{\"displayName\":\"ok\"}".getBytes(UTF_8));
    }
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Encoding", "gzip")
            .body(new Buffer().write(gz.toByteArray()))
            .build());
    HttpResponse<String> response =
        Apache5Clients.wrappedDefaults()
            .send(
                HttpRequest.newBuilder(LoopbackServer.uri(server, "/z")).build(),
                BodyHandlers.ofString());
    assertThat(response.body()).isEqualTo("{\"displayName\":\"ok\"}");
    assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
    assertThat(response.headers().firstValue("Content-Length")).isEmpty();
    assertThat(LoopbackServer.take(server).getHeaders().get("Accept-Encoding")).contains("gzip");
  }

  // ---- giving up ----

  /** A server that reads the request, answers nothing and counts the client's closes (FIN). */
  private static RawServer silent(CountDownLatch arrived, AtomicInteger closed) throws IOException {
    return new RawServer(
        (socket, head) -> {
          arrived.countDown();
          if (socket.getInputStream().read() < 0) {
            closed.incrementAndGet();
          }
        });
  }

  @Test
  void theRequestTimeoutEndsTheExchangeAndClosesItsConnection() throws Exception {
    CountDownLatch arrived = new CountDownLatch(1);
    AtomicInteger closed = new AtomicInteger();
    try (RawServer raw = silent(arrived, closed)) {
      HttpRequest request =
          HttpRequest.newBuilder(raw.uri("/slow")).timeout(Duration.ofMillis(200)).build();
      long start = System.nanoTime();
      assertThatThrownBy(() -> Apache5Clients.http1().send(request, BodyHandlers.ofString()))
          .isInstanceOf(HttpTimeoutException.class)
          .hasMessage("request timed out");
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
      awaitCount(closed, 1);
    }
  }

  @Test
  void anInterruptEndsABlockedSendAndClosesItsConnection() throws Exception {
    CountDownLatch arrived = new CountDownLatch(1);
    AtomicInteger closed = new AtomicInteger();
    try (RawServer raw = silent(arrived, closed)) {
      Thread caller = Thread.currentThread();
      Thread interrupter =
          new Thread(
              () -> {
                try {
                  if (arrived.await(10, TimeUnit.SECONDS)) {
                    caller.interrupt();
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              });
      interrupter.start();
      assertThatThrownBy(
              () ->
                  Apache5Clients.http1()
                      .send(HttpRequest.newBuilder(raw.uri("/x")).build(), BodyHandlers.ofString()))
          .isInstanceOf(InterruptedException.class);
      assertThat(Thread.interrupted()).as("send consumed the interrupt it reported").isFalse();
      interrupter.join(10_000);
      awaitCount(closed, 1);
    }
  }

  @Test
  void cancellingAnAsyncCallClosesItsConnection() throws Exception {
    CountDownLatch arrived = new CountDownLatch(1);
    AtomicInteger closed = new AtomicInteger();
    try (RawServer raw = silent(arrived, closed)) {
      CompletableFuture<HttpResponse<String>> call =
          Apache5Clients.http1()
              .sendAsync(HttpRequest.newBuilder(raw.uri("/x")).build(), BodyHandlers.ofString());
      assertThat(arrived.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(call.cancel(true)).isTrue();
      awaitCount(closed, 1);
    }
  }

  // ---- a request body that stalls ----

  /** Sends {@code [1,} at the first request, then nothing ever again. */
  private static final class StallingPublisher implements HttpRequest.BodyPublisher {
    final CountDownLatch requested = new CountDownLatch(1);
    final CountDownLatch cancelled = new CountDownLatch(1);

    @Override
    public long contentLength() {
      return -1;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      subscriber.onSubscribe(
          new Flow.Subscription() {
            private boolean sent;

            @Override
            public synchronized void request(long n) {
              if (!sent) {
                sent = true;
                subscriber.onNext(ByteBuffer.wrap("[1,".getBytes(UTF_8)));
                requested.countDown();
              }
            }

            @Override
            public void cancel() {
              cancelled.countDown();
            }
          });
    }
  }

  /**
   * Reads each request to the end of its connection and counts the chunked bodies that ended with
   * their zero chunk and those cut short.
   */
  private static RawServer readingBodies(AtomicInteger whole, AtomicInteger cut)
      throws IOException {
    return new RawServer(
        (socket, head) -> {
          String body;
          try {
            body = new String(socket.getInputStream().readAllBytes(), UTF_8);
          } catch (IOException reset) {
            body = "";
          }
          (body.endsWith("\r\n0\r\n\r\n") ? whole : cut).incrementAndGet();
        });
  }

  /**
   * A body whose publisher produces its second part only once the server has the first: what the
   * transport has written goes out whenever it waits for the publisher, as the JDK client sends
   * each buffer, rather than waiting in Apache's buffers for more.
   */
  @Test
  void aStreamedBodyReachesTheServerAsItsPublisherProducesIt() throws Exception {
    CountDownLatch firstPartArrived = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              InputStream in = socket.getInputStream();
              StringBuilder seen = new StringBuilder();
              for (int b; (b = in.read()) >= 0; ) {
                seen.append((char) b);
                if (seen.indexOf("[1,") >= 0) {
                  firstPartArrived.countDown();
                }
                if (seen.indexOf("2]") >= 0 && seen.toString().endsWith("\r\n0\r\n\r\n")) {
                  RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
                  break;
                }
              }
              socket.close();
            })) {
      HttpRequest.BodyPublisher publisher =
          new HttpRequest.BodyPublisher() {
            @Override
            public long contentLength() {
              return -1;
            }

            @Override
            public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
              subscriber.onSubscribe(
                  new Flow.Subscription() {
                    private int requests;

                    @Override
                    public synchronized void request(long n) {
                      requests++;
                      if (requests == 1) {
                        subscriber.onNext(ByteBuffer.wrap("[1,".getBytes(UTF_8)));
                      } else if (requests == 2) {
                        Thread producer =
                            new Thread(
                                () -> {
                                  try {
                                    if (firstPartArrived.await(10, TimeUnit.SECONDS)) {
                                      subscriber.onNext(ByteBuffer.wrap("2]".getBytes(UTF_8)));
                                      subscriber.onComplete();
                                    }
                                  } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                  }
                                });
                        producer.setDaemon(true);
                        producer.start();
                      }
                    }

                    @Override
                    public void cancel() {}
                  });
            }
          };
      HttpClient client = Apache5Clients.http1();
      HttpResponse<String> response =
          assertTimeoutPreemptively(
              Duration.ofSeconds(5),
              () ->
                  client.send(
                      HttpRequest.newBuilder(raw.uri("/stream")).POST(publisher).build(),
                      BodyHandlers.ofString()),
              "the server never got the first part of the body");
      assertThat(response.body()).isEqualTo("ok");
    }
  }

  /**
   * A publisher that gives its Content-Length and then a byte more, later: the body fails before
   * its last byte is written, so the server never reads a whole body the caller is told failed.
   */
  @Test
  void aPublisherThatGivesMoreThanItsLengthLaterNeverReachesTheServerAsAWholeBody()
      throws Exception {
    CountDownLatch wholeBody = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              socket.setSoTimeout(3000);
              byte[] body = new byte[6];
              int n = 0;
              try {
                for (int read;
                    n < body.length
                        && (read = socket.getInputStream().read(body, n, body.length - n)) > 0; ) {
                  n += read;
                }
              } catch (java.net.SocketTimeoutException | java.net.SocketException e) {
                // cut short
              }
              if (n == body.length) {
                wholeBody.countDown();
                RawServer.write(socket, "HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n");
              }
              socket.close();
            })) {
      HttpRequest.BodyPublisher publisher =
          new HttpRequest.BodyPublisher() {
            @Override
            public long contentLength() {
              return 6;
            }

            @Override
            public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
              subscriber.onSubscribe(
                  new Flow.Subscription() {
                    private int requests;

                    @Override
                    public synchronized void request(long n) {
                      requests++;
                      if (requests <= 2) {
                        subscriber.onNext(
                            ByteBuffer.wrap((requests == 1 ? "abc" : "def").getBytes(UTF_8)));
                      } else if (requests == 3) {
                        Thread producer =
                            new Thread(
                                () -> {
                                  try {
                                    wholeBody.await(1, TimeUnit.SECONDS);
                                    subscriber.onNext(ByteBuffer.wrap("g".getBytes(UTF_8)));
                                    subscriber.onComplete();
                                  } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                  }
                                });
                        producer.setDaemon(true);
                        producer.start();
                      }
                    }

                    @Override
                    public void cancel() {}
                  });
            }
          };
      HttpClient client = Apache5Clients.http1();
      Throwable thrown =
          catchThrowable(
              () ->
                  assertTimeoutPreemptively(
                      Duration.ofSeconds(10),
                      () ->
                          client.send(
                              HttpRequest.newBuilder(raw.uri("/upload")).POST(publisher).build(),
                              BodyHandlers.ofString())));
      assertThat(thrown).isInstanceOf(IOException.class).hasMessageContaining("Too many bytes");
      assertThat(wholeBody.await(1, TimeUnit.SECONDS))
          .as("the server read a whole body of the declared length")
          .isFalse();
    }
  }

  @Test
  void theRequestTimeoutEndsASendWhoseBodyStalls() throws Exception {
    StallingPublisher publisher = new StallingPublisher();
    AtomicInteger whole = new AtomicInteger();
    AtomicInteger cut = new AtomicInteger();
    try (RawServer raw = readingBodies(whole, cut)) {
      HttpRequest request =
          HttpRequest.newBuilder(raw.uri("/upload"))
              .timeout(Duration.ofMillis(500))
              .POST(publisher)
              .build();
      HttpClient client = Apache5Clients.http1();
      long start = System.nanoTime();
      Throwable failure =
          assertTimeoutPreemptively(
              Duration.ofSeconds(5),
              () -> catchThrowable(() -> client.send(request, BodyHandlers.ofString())),
              "send still blocked 5 s after a 500 ms request timeout");
      assertThat(failure).isInstanceOf(HttpTimeoutException.class).hasMessage("request timed out");
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .isGreaterThanOrEqualTo(Duration.ofMillis(500));
      assertThat(publisher.cancelled.await(10, TimeUnit.SECONDS)).isTrue();
      awaitCount(cut, 1);
      assertThat(whole).hasValue(0);
    }
  }

  @Test
  void theRequestTimeoutEndsAnAsyncCallWhoseBodyStalls() throws Exception {
    StallingPublisher publisher = new StallingPublisher();
    AtomicInteger whole = new AtomicInteger();
    AtomicInteger cut = new AtomicInteger();
    try (RawServer raw = readingBodies(whole, cut)) {
      HttpRequest request =
          HttpRequest.newBuilder(raw.uri("/upload"))
              .timeout(Duration.ofMillis(500))
              .POST(publisher)
              .build();
      CompletableFuture<HttpResponse<String>> call =
          Apache5Clients.http1().sendAsync(request, BodyHandlers.ofString());
      assertThatThrownBy(() -> call.get(5, TimeUnit.SECONDS))
          .isInstanceOf(java.util.concurrent.ExecutionException.class)
          .cause()
          .isInstanceOf(HttpTimeoutException.class)
          .hasMessage("request timed out");
      assertThat(publisher.cancelled.await(10, TimeUnit.SECONDS)).isTrue();
      awaitCount(cut, 1);
      assertThat(whole).hasValue(0);
    }
  }

  @Test
  void cancellingAnAsyncCallWhoseBodyStallsCancelsThePublisherAndCutsTheBody() throws Exception {
    StallingPublisher publisher = new StallingPublisher();
    AtomicInteger whole = new AtomicInteger();
    AtomicInteger cut = new AtomicInteger();
    try (RawServer raw = readingBodies(whole, cut)) {
      CompletableFuture<HttpResponse<String>> call =
          Apache5Clients.http1()
              .sendAsync(
                  HttpRequest.newBuilder(raw.uri("/upload")).POST(publisher).build(),
                  BodyHandlers.ofString());
      assertThat(publisher.requested.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(call.cancel(true)).isTrue();
      assertThat(publisher.cancelled.await(10, TimeUnit.SECONDS))
          .as("the transport's thread stopped waiting for the body")
          .isTrue();
      awaitCount(cut, 1);
      assertThat(whole).hasValue(0);
    }
  }

  private static void awaitCount(AtomicInteger count, int expected) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (count.get() < expected && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(count.get()).as("connections the client closed").isEqualTo(expected);
  }
}
