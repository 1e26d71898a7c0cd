package dev.httpjson.okhttp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.RawServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The JDK client's semantics, on the adapter alone (no httpjson call in between). */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OkHttpTransportTest {
  private MockWebServer server;
  private final HttpClient client = OkHttpClients.http1();

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private URI uri(String path) {
    return LoopbackServer.uri(server, path);
  }

  @Test
  void headHas200AndNoBodyWhateverTheContentLength() throws Exception {
    server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Length", "5").build());
    HttpResponse<String> response =
        client.send(
            HttpRequest.newBuilder(uri("/h")).method("HEAD", BodyPublishers.noBody()).build(),
            BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).isEmpty();
    assertThat(dev.httpjson.contract.LoopbackServer.take(server).getMethod()).isEqualTo("HEAD");
  }

  @Test
  void noContentAndNotModifiedHaveEmptyBodies() throws Exception {
    server.enqueue(new MockResponse.Builder().code(204).build());
    server.enqueue(new MockResponse.Builder().code(304).build());
    assertThat(client.send(get("/a"), BodyHandlers.ofString()).body()).isEmpty();
    HttpResponse<byte[]> notModified = client.send(get("/b"), BodyHandlers.ofByteArray());
    assertThat(notModified.statusCode()).isEqualTo(304);
    assertThat(notModified.body()).isEmpty();
  }

  @Test
  void multiValuedHeadersGoBothWays() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Set-Cookie", "a=1")
            .addHeader("set-cookie", "b=2")
            .body("x")
            .build());
    HttpResponse<String> response =
        client.send(
            HttpRequest.newBuilder(uri("/m")).header("X-Multi", "1").header("X-Multi", "2").build(),
            BodyHandlers.ofString());
    assertThat(response.headers().allValues("Set-Cookie")).containsExactly("a=1", "b=2");
    assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
    assertThat(response.uri()).isEqualTo(uri("/m"));
    assertThat(response.previousResponse()).isEmpty();
    assertThat(dev.httpjson.contract.LoopbackServer.take(server).getHeaders().values("X-Multi"))
        .containsExactly("1", "2");
  }

  @Test
  void aKnownLengthBodyIsSentWithContentLength() throws Exception {
    server.enqueue(new MockResponse.Builder().code(200).build());
    client.send(post(BodyPublishers.ofString("{\"a\":1}")), BodyHandlers.discarding());
    RecordedRequest recorded = dev.httpjson.contract.LoopbackServer.take(server);
    assertThat(recorded.getHeaders().get("Content-Length")).isEqualTo("7");
    assertThat(recorded.getHeaders().get("Content-Type")).isEqualTo("application/json");
    assertThat(recorded.getBody().utf8()).isEqualTo("{\"a\":1}");
  }

  @Test
  void anUnknownLengthBodyIsSentChunkedAndWhole() throws Exception {
    server.enqueue(new MockResponse.Builder().code(200).build());
    String big = "y".repeat(100_000);
    client.send(
        post(
            BodyPublishers.ofInputStream(
                () -> new java.io.ByteArrayInputStream(big.getBytes(UTF_8)))),
        BodyHandlers.discarding());
    RecordedRequest recorded = dev.httpjson.contract.LoopbackServer.take(server);
    assertThat(recorded.getHeaders().get("Transfer-Encoding")).isEqualTo("chunked");
    assertThat(recorded.getBody().utf8()).isEqualTo(big);
  }

  @Test
  void anEmptyPostSendsContentLengthZero() throws Exception {
    server.enqueue(new MockResponse.Builder().code(200).build());
    client.send(post(BodyPublishers.noBody()), BodyHandlers.discarding());
    assertThat(dev.httpjson.contract.LoopbackServer.take(server).getHeaders().get("Content-Length"))
        .isEqualTo("0");
  }

  @Test
  void aFailingPublisherFailsTheSendWithItsOwnException() {
    server.enqueue(new MockResponse.Builder().code(200).build());
    IllegalStateException boom = new IllegalStateException("boom");
    HttpRequest.BodyPublisher failing =
        new HttpRequest.BodyPublisher() {
          @Override
          public long contentLength() {
            return -1;
          }

          @Override
          public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
            subscriber.onSubscribe(
                new Flow.Subscription() {
                  @Override
                  public void request(long n) {
                    subscriber.onError(boom);
                  }

                  @Override
                  public void cancel() {}
                });
          }
        };
    assertThatThrownBy(() -> client.send(post(failing), BodyHandlers.discarding()))
        .isInstanceOf(java.io.IOException.class)
        .hasCause(boom);
  }

  @Test
  void anInputStreamBodyIsReadAsTheConsumerPulls() throws Exception {
    server.enqueue(new MockResponse.Builder().code(200).body("z".repeat(200_000)).build());
    HttpResponse<InputStream> response = client.send(get("/s"), BodyHandlers.ofInputStream());
    try (InputStream in = response.body()) {
      assertThat(in.readAllBytes()).hasSize(200_000);
    }
  }

  @Test
  void aSubscriberGetsNoMoreThanItRequests() throws Exception {
    server.enqueue(new MockResponse.Builder().code(200).body("w".repeat(100_000)).build());
    AtomicReference<Flow.Subscription> subscription = new AtomicReference<>();
    java.util.concurrent.atomic.AtomicLong outstanding =
        new java.util.concurrent.atomic.AtomicLong();
    java.util.concurrent.atomic.AtomicLong overDelivered =
        new java.util.concurrent.atomic.AtomicLong();
    java.util.concurrent.Semaphore delivered = new java.util.concurrent.Semaphore(0);
    CompletableFuture<Void> body = new CompletableFuture<>();
    HttpResponse.BodySubscriber<Void> oneAtATime =
        new HttpResponse.BodySubscriber<>() {
          @Override
          public java.util.concurrent.CompletionStage<Void> getBody() {
            return CompletableFuture.completedFuture(null); // send returns at the headers
          }

          @Override
          public void onSubscribe(Flow.Subscription s) {
            subscription.set(s);
            outstanding.addAndGet(1);
            s.request(1);
          }

          @Override
          public void onNext(List<ByteBuffer> item) {
            if (outstanding.decrementAndGet() < 0) {
              overDelivered.incrementAndGet();
            }
            delivered.release();
          }

          @Override
          public void onError(Throwable throwable) {
            body.completeExceptionally(throwable);
          }

          @Override
          public void onComplete() {
            body.complete(null);
          }
        };
    client.send(get("/d"), info -> oneAtATime);
    assertThat(delivered.tryAcquire(1, 10, TimeUnit.SECONDS)).isTrue();
    outstanding.addAndGet(2);
    subscription.get().request(2);
    assertThat(delivered.tryAcquire(2, 10, TimeUnit.SECONDS)).isTrue();
    subscription.get().cancel();
    assertThat(overDelivered).hasValue(0);
    assertThat(body).isNotDone();
  }

  @Test
  void anInterruptAbortsABlockedSend() throws Exception {
    CountDownLatch requested = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              requested.countDown();
              while (socket.getInputStream().read() >= 0) {
                // never answer
              }
            })) {
      Thread caller = Thread.currentThread();
      new Thread(
              () -> {
                try {
                  if (!requested.await(10, TimeUnit.SECONDS)) {
                    return;
                  }
                  Thread.sleep(100);
                } catch (InterruptedException e) {
                  return;
                }
                caller.interrupt();
              })
          .start();
      assertThatThrownBy(
              () ->
                  client.send(
                      HttpRequest.newBuilder(raw.uri("/never")).build(), BodyHandlers.ofString()))
          .isInstanceOf(InterruptedException.class);
      assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
  }

  @Test
  void cancellingTheAsyncFutureAbortsTheCall() throws Exception {
    CountDownLatch requested = new CountDownLatch(1);
    CountDownLatch closed = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              requested.countDown();
              if (socket.getInputStream().read() < 0) {
                closed.countDown();
              }
            })) {
      CompletableFuture<HttpResponse<String>> f =
          client.sendAsync(
              HttpRequest.newBuilder(raw.uri("/never")).build(), BodyHandlers.ofString());
      assertThat(requested.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(f.cancel(true)).isTrue();
      assertThat(closed.await(10, TimeUnit.SECONDS)).as("the connection was closed").isTrue();
    }
  }

  @Test
  void aResetMidBodyFailsTheSend() throws Exception {
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"partial");
              socket.setSoLinger(true, 0);
              socket.close();
            })) {
      assertThatThrownBy(
              () ->
                  client.send(
                      HttpRequest.newBuilder(raw.uri("/rst")).build(), BodyHandlers.ofString()))
          .isInstanceOf(java.io.IOException.class)
          .hasMessageNotContaining("null");
    }
  }

  @Test
  void aFollowedRedirectReportsTheFinalRequestAndTheResponsesBeforeIt() throws Exception {
    HttpClient following =
        OkHttpTransport.newHttpClient(OkHttpClients.builder().followRedirects(true).build());
    server.enqueue(new MockResponse.Builder().code(302).addHeader("Location", "/second").build());
    server.enqueue(new MockResponse.Builder().code(303).addHeader("Location", "/third").build());
    server.enqueue(new MockResponse.Builder().code(200).body("done").build());
    HttpRequest sent =
        HttpRequest.newBuilder(uri("/first"))
            .header("Content-Type", "text/plain")
            .POST(BodyPublishers.ofString("x"))
            .build();

    HttpResponse<String> response = following.send(sent, BodyHandlers.ofString());

    assertThat(response.body()).isEqualTo("done");
    assertThat(response.uri()).isEqualTo(uri("/third"));
    assertThat(response.request().uri()).isEqualTo(uri("/third"));
    assertThat(response.request().method()).isEqualTo("GET"); // 302 and 303 turn a POST to GET
    HttpResponse<String> second = response.previousResponse().orElseThrow();
    assertThat(second.statusCode()).isEqualTo(303);
    assertThat(second.uri()).isEqualTo(uri("/second"));
    assertThat(second.body()).isNull();
    HttpResponse<String> first = second.previousResponse().orElseThrow();
    assertThat(first.statusCode()).isEqualTo(302);
    assertThat(first.request()).isSameAs(sent);
    assertThat(first.previousResponse()).isEmpty();
    assertThat(dev.httpjson.contract.LoopbackServer.take(server).getMethod()).isEqualTo("POST");
    assertThat(dev.httpjson.contract.LoopbackServer.take(server).getMethod()).isEqualTo("GET");
  }

  @Test
  void withoutARedirectTheResponseCarriesTheRequestAsSent() throws Exception {
    server.enqueue(new MockResponse.Builder().code(200).body("a").build());
    HttpRequest sent = get("/plain");

    HttpResponse<String> response = client.send(sent, BodyHandlers.ofString());

    assertThat(response.request()).isSameAs(sent);
    assertThat(response.uri()).isSameAs(sent.uri());
  }

  @Test
  void eachRequestGoesToItsOwnUriAsWritten() throws Exception {
    // Percent-escapes differing in case are equal URIs, yet sent as written; alternating and
    // repeated URIs each reach their own path.
    List<String> paths = List.of("/a%7e", "/a%7E", "/b", "/b", "/a%7e", "/c?q=1", "/c?q=2");
    for (String path : paths) {
      server.enqueue(new MockResponse.Builder().code(200).body(path).build());
      assertThat(client.send(get(path), BodyHandlers.ofString()).body()).isEqualTo(path);
      assertThat(dev.httpjson.contract.LoopbackServer.take(server).getTarget()).isEqualTo(path);
    }
  }

  @Test
  void aRequestSentAgainIsSentAsItIsEachTime() throws Exception {
    // The same request object twice, then another to the same URI with another header, then the
    // first again: each arrives with its own headers.
    HttpRequest first = HttpRequest.newBuilder(uri("/same")).header("X-Turn", "first").build();
    HttpRequest second = HttpRequest.newBuilder(uri("/same")).header("X-Turn", "second").build();
    for (HttpRequest request : List.of(first, first, second, first)) {
      server.enqueue(new MockResponse.Builder().code(200).body("ok").build());
      assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("ok");
      RecordedRequest recorded = LoopbackServer.take(server);
      assertThat(recorded.getHeaders().values("X-Turn"))
          .containsExactly(request.headers().firstValue("X-Turn").orElseThrow());
      assertThat(recorded.getTarget()).isEqualTo("/same");
    }
  }

  @Test
  void twoEndpointsAlternatingAreEachSentAsTheyAre() throws Exception {
    // The transport keeps nothing of one exchange for the next: requests to two URIs, sent in
    // turns (each request object more than once), arrive each with its own target and headers.
    HttpRequest a = HttpRequest.newBuilder(uri("/a?q=1")).header("X-Turn", "a").build();
    HttpRequest b = HttpRequest.newBuilder(uri("/b?q=2")).header("X-Turn", "b").build();
    for (HttpRequest request : List.of(a, b, a, b, b, a)) {
      server.enqueue(new MockResponse.Builder().code(200).body("ok").build());
      HttpResponse<String> response = client.send(request, BodyHandlers.ofString());
      assertThat(response.body()).isEqualTo("ok");
      assertThat(response.request()).isSameAs(request);
      RecordedRequest recorded = LoopbackServer.take(server);
      assertThat(recorded.getTarget())
          .isEqualTo(request.uri().getRawPath() + "?" + request.uri().getRawQuery());
      assertThat(recorded.getHeaders().values("X-Turn"))
          .containsExactly(request.headers().firstValue("X-Turn").orElseThrow());
    }
  }

  @Test
  void aRequestIsReadAnewEachTimeItIsSent() throws Exception {
    // An HttpRequest that is not the JDK's may answer differently each time it is asked: the same
    // object sent twice carries what it says at each send (the transport converts every send).
    HttpRequest jdk = HttpRequest.newBuilder(uri("/changing")).build();
    String[] turn = {"one"};
    HttpRequest changing =
        new HttpRequest() {
          @Override
          public Optional<BodyPublisher> bodyPublisher() {
            return jdk.bodyPublisher();
          }

          @Override
          public String method() {
            return "GET";
          }

          @Override
          public Optional<Duration> timeout() {
            return Optional.empty();
          }

          @Override
          public boolean expectContinue() {
            return false;
          }

          @Override
          public URI uri() {
            return jdk.uri();
          }

          @Override
          public Optional<HttpClient.Version> version() {
            return Optional.empty();
          }

          @Override
          public HttpHeaders headers() {
            return HttpHeaders.of(Map.of("X-Turn", List.of(turn[0])), (n, v) -> true);
          }
        };
    for (String value : List.of("one", "two")) {
      turn[0] = value;
      server.enqueue(new MockResponse.Builder().code(200).body("ok").build());
      assertThat(client.send(changing, BodyHandlers.ofString()).body()).isEqualTo("ok");
      assertThat(LoopbackServer.take(server).getHeaders().values("X-Turn")).containsExactly(value);
    }
  }

  @Test
  void theCallersInterceptorsSeeRequestsWithAndWithoutABody() throws Exception {
    // A GET goes through the caller's own OkHttpClient, a POST through the transport's copy of it
    // with one more interceptor: the caller's application and network interceptors see both.
    List<String> application = new java.util.concurrent.CopyOnWriteArrayList<>();
    List<String> network = new java.util.concurrent.CopyOnWriteArrayList<>();
    HttpClient watched =
        OkHttpTransport.newHttpClient(
            new okhttp3.OkHttpClient.Builder()
                .addInterceptor(
                    chain -> {
                      application.add(chain.request().method());
                      return chain.proceed(chain.request());
                    })
                .addNetworkInterceptor(
                    chain -> {
                      network.add(chain.request().method());
                      return chain.proceed(chain.request());
                    })
                .build());
    server.enqueue(new MockResponse.Builder().code(200).body("a").build());
    server.enqueue(new MockResponse.Builder().code(200).body("b").build());
    server.enqueue(new MockResponse.Builder().code(200).body("c").build());

    watched.send(get("/g"), BodyHandlers.ofString());
    watched.send(
        HttpRequest.newBuilder(uri("/p")).POST(HttpRequest.BodyPublishers.ofString("x")).build(),
        BodyHandlers.ofString());
    watched.send(get("/g"), BodyHandlers.ofString());

    assertThat(application).containsExactly("GET", "POST", "GET");
    assertThat(network).containsExactly("GET", "POST", "GET");
  }

  @Test
  void aBodyThatIsNotTheGzipItClaimsSaysSo() {
    // OkHttp asks for gzip and decodes it; Okio's own words ("ID1ID2: actual ...") name no cause.
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Encoding", "gzip")
            .body("{\"not\": \"gzip\"}")
            .build());

    assertThatThrownBy(() -> client.send(get("/z"), BodyHandlers.ofString()))
        .isInstanceOf(java.io.IOException.class)
        .hasMessageContaining("response body is not valid gzip")
        .hasMessageContaining("Content-Encoding: gzip");
  }

  @Test
  void unsupportedFeaturesSaySo() {
    assertThatThrownBy(client::newWebSocketBuilder)
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("WebSocket");
    assertThatThrownBy(() -> client.sendAsync(get("/p"), BodyHandlers.ofString(), (a, b, c) -> {}))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("push promises");
    assertThat(client.followRedirects()).isEqualTo(HttpClient.Redirect.NEVER);
    assertThat(OkHttpTransport.newHttpClient(new okhttp3.OkHttpClient()).followRedirects())
        .isEqualTo(HttpClient.Redirect.ALWAYS);
  }

  /**
   * The factory with no argument follows no redirect, as {@code HttpClient.newHttpClient()} and the
   * Apache 5 transport's do: swapped in for either, it answers a 302 as they do, and an {@code
   * HttpJsonClient} with credentials (default headers, OAuth2) on it follows redirects hop by hop.
   */
  @Test
  void theDefaultClientFollowsNoRedirectAsTheJdksDefaultDoes() throws Exception {
    HttpClient defaults = OkHttpTransport.newHttpClient();
    assertThat(defaults.followRedirects()).isEqualTo(HttpClient.Redirect.NEVER);
    server.enqueue(
        new mockwebserver3.MockResponse.Builder().code(302).addHeader("Location", "/b").build());
    HttpResponse<String> r = defaults.send(get("/a"), BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(302);
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  /**
   * A body whose publisher produces its second part only once the server has the first: what the
   * transport has written goes out whenever it waits for the publisher, as the JDK client sends
   * each buffer, rather than waiting in OkHttp's buffers for more.
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
      HttpClient client = OkHttpClients.http1();
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

  private HttpRequest get(String path) {
    return HttpRequest.newBuilder(uri(path)).build();
  }

  private HttpRequest post(HttpRequest.BodyPublisher body) {
    return HttpRequest.newBuilder(uri("/p"))
        .header("Content-Type", "application/json")
        .POST(body)
        .build();
  }
}
