package dev.httpjson.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpCache;
import dev.httpjson.contract.LoopbackServer;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The in-memory cache through {@link HttpCache#decorate}: what is stored, under which key, and when
 * a stored response is reused (RFC 9111 sections 3 and 4).
 */
class HttpCacheTest {
  static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME;

  private final HttpClient jdk = HttpClient.newHttpClient();
  private final HttpCache cache = HttpCache.inMemory(1 << 20);
  private final HttpClient client = cache.decorate(jdk);
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static String date(long secondsFromNow) {
    return HTTP_DATE.format(Instant.now().plusSeconds(secondsFromNow).atOffset(ZoneOffset.UTC));
  }

  static MockResponse response(int code, String body, String... headers) {
    MockResponse.Builder b = new MockResponse.Builder().code(code).body(body);
    for (int i = 0; i < headers.length; i += 2) {
      b.addHeader(headers[i], headers[i + 1]);
    }
    return b.build();
  }

  private URI uri(String path) {
    return LoopbackServer.uri(server, path);
  }

  private HttpResponse<String> get(String path, String... headers) throws Exception {
    return send("GET", path, headers);
  }

  private HttpResponse<byte[]> bytes(String path, String... headers) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri(path)).timeout(java.time.Duration.ofSeconds(5));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return client.send(b.build(), BodyHandlers.ofByteArray());
  }

  private HttpResponse<String> send(String method, String path, String... headers)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri(path))
            .timeout(java.time.Duration.ofSeconds(5))
            .method(method, HttpRequest.BodyPublishers.noBody());
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return client.send(b.build(), BodyHandlers.ofString());
  }

  private RecordedRequest take() throws InterruptedException {
    return LoopbackServer.take(server);
  }

  // Storage and keys

  @Test
  void aFreshResponseIsAnsweredFromTheCacheWithItsAgeAndWithoutARequest() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60", "Age", "5"));
    server.enqueue(response(200, "two"));

    HttpResponse<String> first = get("/a");
    HttpResponse<String> second = get("/a");

    assertThat(first.body()).isEqualTo("one");
    assertThat(second.body()).isEqualTo("one");
    assertThat(second.statusCode()).isEqualTo(200);
    assertThat(server.getRequestCount()).isEqualTo(1);
    assertThat(HttpCache.outcome(first)).contains(HttpCache.Outcome.MISS);
    assertThat(HttpCache.outcome(second)).contains(HttpCache.Outcome.HIT);
    assertThat(Long.parseLong(second.headers().firstValue("Age").orElseThrow())).isBetween(5L, 7L);
    assertThat(cache.hitCount()).isEqualTo(1);
    assertThat(cache.missCount()).isEqualTo(1);
    assertThat(cache.size()).isPositive();
  }

  @Test
  void sendAsyncIsAnsweredFromTheCacheToo() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60"));
    HttpRequest request =
        HttpRequest.newBuilder(uri("/a")).timeout(java.time.Duration.ofSeconds(5)).build();

    String first =
        client.sendAsync(request, BodyHandlers.ofString()).get(10, TimeUnit.SECONDS).body();
    HttpResponse<byte[]> second =
        client.sendAsync(request, BodyHandlers.ofByteArray()).get(10, TimeUnit.SECONDS);

    assertThat(first).isEqualTo("one");
    assertThat(new String(second.body(), StandardCharsets.UTF_8)).isEqualTo("one");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void headIsAnsweredFromAStoredGetWithoutABody() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60", "X-Kind", "k"));
    get("/a");

    HttpResponse<String> head = send("HEAD", "/a");

    assertThat(head.body()).isEmpty();
    assertThat(head.headers().firstValue("X-Kind")).contains("k");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void queryIsKeyedByADigestOfItsBody() throws Exception {
    server.enqueue(response(200, "for a", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "for b", "Cache-Control", "max-age=60"));

    assertThat(query("/q", "a").body()).isEqualTo("for a");
    assertThat(query("/q", "b").body()).isEqualTo("for b");
    assertThat(query("/q", "a").body()).isEqualTo("for a");
    assertThat(query("/q", "b").body()).isEqualTo("for b");

    assertThat(server.getRequestCount()).isEqualTo(2);
    assertThat(take().getBody().utf8()).isEqualTo("a");
    assertThat(take().getBody().utf8()).isEqualTo("b");
  }

  @Test
  void aGetWithABodyPassesThroughUnstoredAsTheCacheCannotKeyIt() throws Exception {
    java.util.List<String> received = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              java.util.regex.Matcher m =
                  java.util.regex.Pattern.compile("(?im)^content-length:\\s*(\\d+)").matcher(head);
              String body =
                  m.find()
                      ? new String(
                          socket.getInputStream().readNBytes(Integer.parseInt(m.group(1))),
                          StandardCharsets.UTF_8)
                      : "";
              received.add(body);
              String answer = "for " + body;
              dev.httpjson.contract.RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nCache-Control: max-age=60\r\nContent-Length: "
                      + answer.length()
                      + "\r\nConnection: close\r\n\r\n"
                      + answer);
              socket.close();
            })) {
      for (String body : new String[] {"a", "b", "a", ""}) {
        HttpRequest search =
            HttpRequest.newBuilder(raw.uri("/_search"))
                .timeout(java.time.Duration.ofSeconds(5))
                .method("GET", BodyPublishers.ofString(body))
                .build();
        assertThat(client.send(search, BodyHandlers.ofString()).body()).isEqualTo("for " + body);
      }
      assertThat(received).containsExactly("a", "b", "a", "");
      // A GET without a body is cached as ever.
      HttpResponse<String> again =
          client.send(
              HttpRequest.newBuilder(raw.uri("/_search"))
                  .timeout(java.time.Duration.ofSeconds(5))
                  .build(),
              BodyHandlers.ofString());
      assertThat(again.body()).isEqualTo("for ");
      assertThat(HttpCache.outcome(again)).contains(HttpCache.Outcome.HIT);
      assertThat(raw.handlerFailures()).isEmpty();
    }
  }

  @Test
  void queryIsKeyedByItsBodysContentTypeAndEncodingToo() throws Exception {
    String[][] kinds = {
      {"Content-Type", "application/sql"},
      {"Content-Type", "text/plain"},
      {"Content-Type", "text/plain", "Content-Encoding", "gzip"},
    };
    for (int i = 0; i < kinds.length; i++) {
      server.enqueue(response(200, "for " + i, "Cache-Control", "max-age=60"));
    }

    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < kinds.length; i++) {
        HttpRequest.Builder b =
            HttpRequest.newBuilder(uri("/q"))
                .timeout(java.time.Duration.ofSeconds(5))
                .method("QUERY", BodyPublishers.ofString("select 1"));
        for (int h = 0; h < kinds[i].length; h += 2) {
          b.header(kinds[i][h], kinds[i][h + 1]);
        }
        assertThat(client.send(b.build(), BodyHandlers.ofString()).body())
            .as("round %s, %s", round, String.join(" ", kinds[i]))
            .isEqualTo("for " + i);
      }
    }
    assertThat(server.getRequestCount()).isEqualTo(kinds.length);
  }

  @Test
  void anAsyncQueryNeverWaitsOnTheCallersThreadForItsBodyToBePublished() throws Exception {
    server.enqueue(response(200, "for slow", "Cache-Control", "max-age=60"));
    java.util.concurrent.CountDownLatch publish = new java.util.concurrent.CountDownLatch(1);
    HttpRequest.BodyPublisher slow =
        new HttpRequest.BodyPublisher() {
          @Override
          public long contentLength() {
            return -1;
          }

          @Override
          public void subscribe(
              java.util.concurrent.Flow.Subscriber<? super java.nio.ByteBuffer> subscriber) {
            subscriber.onSubscribe(
                new java.util.concurrent.Flow.Subscription() {
                  @Override
                  public void request(long n) {}

                  @Override
                  public void cancel() {}
                });
            Thread t =
                new Thread(
                    () -> {
                      try {
                        if (publish.await(10, TimeUnit.SECONDS)) {
                          subscriber.onNext(
                              java.nio.ByteBuffer.wrap("slow".getBytes(StandardCharsets.UTF_8)));
                          subscriber.onComplete();
                        } else {
                          subscriber.onError(new java.io.IOException("never released"));
                        }
                      } catch (InterruptedException e) {
                        subscriber.onError(e);
                      }
                    },
                    "slow-publisher");
            t.setDaemon(true);
            t.start();
          }
        };
    HttpRequest request =
        HttpRequest.newBuilder(uri("/q"))
            .timeout(java.time.Duration.ofSeconds(5))
            .method("QUERY", slow)
            .build();

    java.util.concurrent.CompletableFuture<HttpResponse<String>> call =
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            java.time.Duration.ofSeconds(2),
            () -> client.sendAsync(request, BodyHandlers.ofString()),
            "sendAsync waited for the QUERY body on the caller's thread");
    assertThat(call).isNotDone();
    publish.countDown();

    assertThat(call.get(10, TimeUnit.SECONDS).body()).isEqualTo("for slow");
    assertThat(take().getBody().utf8()).isEqualTo("slow");
    assertThat(query("/q", "slow").body()).as("keyed by the body it sent").isEqualTo("for slow");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  /**
   * A QUERY whose body is an {@code InputStream} the caller fills after {@code sendAsync} returns
   * (a pipe): the JDK's client reads it on its own threads, and so must the cache, which reads it
   * for the key: on the caller's, in {@code sendAsync}, it would wait for bytes only the caller
   * writes.
   */
  @Test
  void anAsyncQueryWhoseBodyStreamIsFilledAfterSendAsyncReturnsDoesNotBlockTheCaller()
      throws Exception {
    server.enqueue(response(200, "for piped", "Cache-Control", "max-age=60"));
    java.io.PipedOutputStream out = new java.io.PipedOutputStream();
    java.io.PipedInputStream in = new java.io.PipedInputStream(out);
    HttpRequest request =
        HttpRequest.newBuilder(uri("/q"))
            .timeout(java.time.Duration.ofSeconds(5))
            .method("QUERY", BodyPublishers.ofInputStream(() -> in))
            .build();
    java.util.concurrent.CompletableFuture<HttpResponse<String>> call;
    try {
      call =
          org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
              java.time.Duration.ofSeconds(2),
              () -> client.sendAsync(request, BodyHandlers.ofString()),
              "sendAsync read the QUERY body on the caller's thread");
      out.write("piped".getBytes(StandardCharsets.UTF_8));
    } finally {
      out.close(); // ends the read of a cache that waited, whatever the outcome
    }
    assertThat(call.get(10, TimeUnit.SECONDS).body()).isEqualTo("for piped");
    assertThat(take().getBody().utf8()).isEqualTo("piped");
  }

  @Test
  void anAsyncQueryReadsACallersPublisherOnTheClientsExecutorAndKeysItByEveryByte()
      throws Exception {
    server.enqueue(response(200, "for piped", "Cache-Control", "max-age=60"));
    java.util.concurrent.ExecutorService executor =
        java.util.concurrent.Executors.newSingleThreadExecutor(r -> new Thread(r, "client-exec"));
    try {
      HttpClient withExecutor = cache.decorate(HttpClient.newBuilder().executor(executor).build());
      java.util.concurrent.atomic.AtomicReference<String> readOn =
          new java.util.concurrent.atomic.AtomicReference<>();
      byte[] body = "select ".repeat(5000).getBytes(StandardCharsets.UTF_8);
      HttpRequest request =
          HttpRequest.newBuilder(uri("/q"))
              .timeout(java.time.Duration.ofSeconds(5))
              .method(
                  "QUERY",
                  BodyPublishers.ofInputStream(
                      () -> {
                        readOn.compareAndSet(null, Thread.currentThread().getName());
                        return new java.io.ByteArrayInputStream(body);
                      }))
              .build();

      HttpResponse<String> first =
          withExecutor.sendAsync(request, BodyHandlers.ofString()).get(10, TimeUnit.SECONDS);
      HttpResponse<String> again =
          client
              .sendAsync(
                  HttpRequest.newBuilder(uri("/q"))
                      .timeout(java.time.Duration.ofSeconds(5))
                      .method("QUERY", BodyPublishers.ofByteArray(body))
                      .build(),
                  BodyHandlers.ofString())
              .get(10, TimeUnit.SECONDS);

      assertThat(first.body()).isEqualTo("for piped");
      assertThat(readOn.get()).isEqualTo("client-exec");
      assertThat(take().getBody().toByteArray()).isEqualTo(body);
      assertThat(again.body()).isEqualTo("for piped");
      assertThat(HttpCache.outcome(again)).contains(HttpCache.Outcome.HIT);
      assertThat(server.getRequestCount()).isEqualTo(1);
    } finally {
      executor.shutdownNow();
    }
  }

  /**
   * Behind interceptors, whose chain's end guards each request body it forwards, a QUERY whose body
   * is the JDK's {@code ofString} or {@code ofByteArray} is still known to be held in memory: the
   * cache reads it for its key at once, never on the client's executor (a thread per call for the
   * default one).
   */
  @Test
  void anAsyncQueryBehindInterceptorsReadsABodyInMemoryAtOnceNotOnTheExecutor() throws Exception {
    server.enqueue(response(200, "for held", "Cache-Control", "max-age=60"));
    java.util.concurrent.ExecutorService threads =
        java.util.concurrent.Executors.newCachedThreadPool();
    java.util.concurrent.atomic.AtomicInteger hops =
        new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.Executor counting =
        task -> {
          hops.incrementAndGet();
          threads.execute(task);
        };
    dev.httpjson.Interceptor passing =
        new dev.httpjson.Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws java.io.IOException, InterruptedException {
            return chain.forward(request);
          }

          @Override
          public <T> java.util.concurrent.CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return chain.forwardAsync(request);
          }
        };
    try {
      HttpClient intercepted =
          dev.httpjson.Interceptor.decorate(
              cache.decorate(HttpClient.newBuilder().executor(counting).build()), passing);
      assertThat(
              intercepted
                  .sendAsync(
                      HttpRequest.newBuilder(uri("/q"))
                          .timeout(java.time.Duration.ofSeconds(5))
                          .method("QUERY", BodyPublishers.ofString("select held"))
                          .build(),
                      BodyHandlers.ofString())
                  .get(10, TimeUnit.SECONDS)
                  .body())
          .isEqualTo("for held");

      java.util.List<HttpRequest.BodyPublisher> held =
          java.util.List.of(
              BodyPublishers.ofString("select held"),
              BodyPublishers.ofByteArray("select held".getBytes(StandardCharsets.UTF_8)));
      for (HttpRequest.BodyPublisher body : held) {
        hops.set(0);
        HttpResponse<String> again =
            intercepted
                .sendAsync(
                    HttpRequest.newBuilder(uri("/q"))
                        .timeout(java.time.Duration.ofSeconds(5))
                        .method("QUERY", body)
                        .build(),
                    BodyHandlers.ofString())
                .get(10, TimeUnit.SECONDS);
        assertThat(again.body()).isEqualTo("for held");
        assertThat(HttpCache.outcome(again)).contains(HttpCache.Outcome.HIT);
        assertThat(hops.get())
            .as("tasks run on the client's executor for a hit whose body is in memory")
            .isZero();
      }
      assertThat(server.getRequestCount()).isEqualTo(1);
    } finally {
      threads.shutdownNow();
    }
  }

  /** A subscriber that asks for the body only when told to, after {@code sendAsync} returned. */
  private static final class Lazy
      implements java.util.concurrent.Flow.Subscriber<java.util.List<java.nio.ByteBuffer>> {
    final java.util.concurrent.CompletableFuture<java.util.concurrent.Flow.Subscription>
        subscription = new java.util.concurrent.CompletableFuture<>();
    final StringBuilder text = new StringBuilder();

    @Override
    public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
      subscription.complete(s);
    }

    @Override
    public void onNext(java.util.List<java.nio.ByteBuffer> item) {
      for (java.nio.ByteBuffer b : item) {
        text.append(StandardCharsets.UTF_8.decode(b));
      }
    }

    @Override
    public void onError(Throwable throwable) {}

    @Override
    public void onComplete() {}
  }

  @Test
  void anAsyncCallTheCacheAnswersItselfNeverWaitsOnTheCallersThreadForTheBodyToBeRead()
      throws Exception {
    server.enqueue(response(200, "0123456789", "Cache-Control", "max-age=60"));
    assertThat(get("/r").body()).isEqualTo("0123456789");
    String[][] answered = {
      {"Range", "bytes=2-4"}, {"If-None-Match", "*"}, {"Cache-Control", "only-if-cached"}
    };
    String[] paths = {"/r", "/r", "/nothing"};
    int[] statuses = {206, 304, 504};
    for (int i = 0; i < answered.length; i++) {
      Lazy lazy = new Lazy();
      HttpRequest request =
          HttpRequest.newBuilder(uri(paths[i]))
              .timeout(java.time.Duration.ofSeconds(5))
              .header(answered[i][0], answered[i][1])
              .build();

      java.util.concurrent.CompletableFuture<HttpResponse<Void>> call =
          org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
              java.time.Duration.ofSeconds(2),
              () -> client.sendAsync(request, BodyHandlers.fromSubscriber(lazy)),
              "sendAsync waited on the caller's thread for the body: " + answered[i][0]);
      lazy.subscription.get(5, TimeUnit.SECONDS).request(Long.MAX_VALUE);

      assertThat(call.get(5, TimeUnit.SECONDS).statusCode()).isEqualTo(statuses[i]);
      assertThat(lazy.text.toString()).isEqualTo(i == 0 ? "234" : "");
    }
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void aQueryBodyOfUnknownLengthPublishedAsOneBufferOverTheLimitIsSentWholeAndNotStored()
      throws Exception {
    byte[] big = new byte[2 << 20];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) (i % 251);
    }
    HttpRequest.BodyPublisher oneBuffer =
        new HttpRequest.BodyPublisher() {
          @Override
          public long contentLength() {
            return -1;
          }

          @Override
          public void subscribe(
              java.util.concurrent.Flow.Subscriber<? super java.nio.ByteBuffer> subscriber) {
            subscriber.onSubscribe(
                new java.util.concurrent.Flow.Subscription() {
                  private boolean sent;

                  @Override
                  public void request(long n) {
                    if (!sent) {
                      sent = true;
                      subscriber.onNext(java.nio.ByteBuffer.wrap(big));
                      subscriber.onComplete();
                    }
                  }

                  @Override
                  public void cancel() {}
                });
          }
        };
    for (int i = 0; i < 2; i++) {
      server.enqueue(response(200, "answer " + i, "Cache-Control", "max-age=60"));
      HttpRequest request =
          HttpRequest.newBuilder(uri("/q"))
              .timeout(java.time.Duration.ofSeconds(5))
              .method("QUERY", oneBuffer)
              .build();
      assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("answer " + i);
      assertThat(take().getBody().toByteArray()).isEqualTo(big);
    }
  }

  /**
   * A QUERY whose body (over the limit the cache reads for its key) comes from a {@code Stream},
   * cancelled before the client took the body: the client waits for "100 Continue" that never
   * comes. The cache subscribed to the body to key it; cancelling the call must cancel that
   * subscription, which closes the stream (its database cursor, its file).
   */
  @Test
  void anAsyncQueryCancelledBeforeItsLongBodyIsSentClosesTheBodysStream() throws Exception {
    java.util.concurrent.CountDownLatch headRead = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch closed = new java.util.concurrent.CountDownLatch(1);
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              headRead.countDown();
              release.await(10, TimeUnit.SECONDS); // never answers "100 Continue"
            })) {
      HttpClient http1 =
          cache.decorate(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build());
      String padding = "x".repeat(1000);
      java.util.stream.Stream<String> rows =
          java.util.stream.IntStream.range(0, 3000)
              .mapToObj(i -> i + padding)
              .onClose(closed::countDown);
      HttpRequest request =
          HttpRequest.newBuilder(raw.uri("/q"))
              .timeout(java.time.Duration.ofSeconds(10))
              .expectContinue(true)
              .method(
                  "QUERY",
                  dev.httpjson.JsonSequenceContent.ofArray(
                      rows,
                      dev.httpjson.JsonType.of(
                          String.class,
                          dev.httpjson.JsonOptions.newBuilder()
                              .codec(new dev.httpjson.CountingCodec())
                              .build())))
              .build();

      java.util.concurrent.CompletableFuture<HttpResponse<String>> call =
          http1.sendAsync(request, BodyHandlers.ofString());
      assertThat(headRead.await(10, TimeUnit.SECONDS)).as("the request head arrived").isTrue();
      call.cancel(true);

      assertThat(closed.await(5, TimeUnit.SECONDS))
          .as("the body's stream was closed when the call was cancelled")
          .isTrue();
    } finally {
      release.countDown();
    }
  }

  private HttpResponse<String> query(String path, String body) throws Exception {
    return client.send(
        HttpRequest.newBuilder(uri(path))
            .timeout(java.time.Duration.ofSeconds(5))
            .method("QUERY", BodyPublishers.ofString(body))
            .build(),
        BodyHandlers.ofString());
  }

  @Test
  void aStoredVariantIsReusedOnlyForTheSameSelectingHeaderValues() throws Exception {
    server.enqueue(response(200, "en", "Cache-Control", "max-age=60", "Vary", "Accept-Language"));
    server.enqueue(response(200, "fr", "Cache-Control", "max-age=60", "Vary", "Accept-Language"));

    assertThat(get("/a", "Accept-Language", "en").body()).isEqualTo("en");
    assertThat(get("/a", "Accept-Language", "en").body()).isEqualTo("en");
    assertThat(get("/a", "Accept-Language", "fr").body()).isEqualTo("fr");

    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void severalVariantsOfOneUriAreStoredSideBySide() throws Exception {
    server.enqueue(response(200, "en", "Cache-Control", "max-age=60", "Vary", "Accept-Language"));
    server.enqueue(response(200, "fr", "Cache-Control", "max-age=60", "Vary", "Accept-Language"));

    assertThat(get("/a", "Accept-Language", "en").body()).isEqualTo("en");
    assertThat(get("/a", "Accept-Language", "fr").body()).isEqualTo("fr");
    HttpResponse<String> en = get("/a", "Accept-Language", "en");
    HttpResponse<String> fr = get("/a", "Accept-Language", "fr");

    assertThat(en.body()).isEqualTo("en");
    assertThat(fr.body()).isEqualTo("fr");
    assertThat(HttpCache.outcome(en)).contains(HttpCache.Outcome.HIT);
    assertThat(HttpCache.outcome(fr)).contains(HttpCache.Outcome.HIT);
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void compressedAndIdentityVariantsAreKeptApartByAcceptEncoding() throws Exception {
    String text = "hello, ".repeat(200);
    java.io.ByteArrayOutputStream zipped = new java.io.ByteArrayOutputStream();
    try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(zipped)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    byte[] gzip = zipped.toByteArray();
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .body(new okio.Buffer().write(gzip))
            .addHeader("Content-Encoding", "gzip")
            .addHeader("Vary", "Accept-Encoding")
            .addHeader("Cache-Control", "max-age=60")
            .build());
    server.enqueue(response(200, text, "Vary", "Accept-Encoding", "Cache-Control", "max-age=60"));

    HttpResponse<byte[]> compressed = bytes("/t", "Accept-Encoding", "gzip, deflate");
    HttpResponse<byte[]> identity = bytes("/t");
    HttpResponse<byte[]> compressedAgain = bytes("/t", "Accept-Encoding", "gzip,deflate");
    HttpResponse<byte[]> identityAgain = bytes("/t");

    assertThat(compressed.body()).isEqualTo(gzip);
    assertThat(identity.body()).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
    assertThat(compressedAgain.body()).isEqualTo(gzip);
    assertThat(compressedAgain.headers().firstValue("Content-Encoding")).contains("gzip");
    assertThat(HttpCache.outcome(compressedAgain)).contains(HttpCache.Outcome.HIT);
    assertThat(identityAgain.body()).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
    assertThat(identityAgain.headers().firstValue("Content-Encoding")).isEmpty();
    assertThat(HttpCache.outcome(identityAgain)).contains(HttpCache.Outcome.HIT);
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void aUriKeepsAFewVariantsTheLeastRecentlyStoredGoingFirst() throws Exception {
    String[] languages = {"a", "b", "c", "d", "e"};
    for (String l : languages) {
      server.enqueue(response(200, l, "Cache-Control", "max-age=60", "Vary", "Accept-Language"));
      assertThat(get("/v", "Accept-Language", l).body()).isEqualTo(l);
    }
    for (int i = 1; i < languages.length; i++) {
      HttpResponse<String> r = get("/v", "Accept-Language", languages[i]);
      assertThat(r.body()).isEqualTo(languages[i]);
      assertThat(HttpCache.outcome(r)).contains(HttpCache.Outcome.HIT);
    }
    server.enqueue(response(200, "a2", "Cache-Control", "max-age=60", "Vary", "Accept-Language"));

    assertThat(get("/v", "Accept-Language", "a").body()).isEqualTo("a2");
    assertThat(server.getRequestCount()).isEqualTo(6);
  }

  @Test
  void aResponseWithoutVaryReplacesTheVariantsOfItsUri() throws Exception {
    server.enqueue(response(200, "en", "Cache-Control", "max-age=0", "Vary", "Accept-Language"));
    server.enqueue(response(200, "fr", "Cache-Control", "max-age=60", "Vary", "Accept-Language"));
    server.enqueue(response(200, "all", "Cache-Control", "max-age=60"));
    get("/a", "Accept-Language", "en");
    get("/a", "Accept-Language", "fr");

    assertThat(get("/a", "Accept-Language", "en").body()).isEqualTo("all");
    HttpResponse<String> fr = get("/a", "Accept-Language", "fr");

    assertThat(fr.body()).isEqualTo("all");
    assertThat(HttpCache.outcome(fr)).contains(HttpCache.Outcome.HIT);
    assertThat(server.getRequestCount()).isEqualTo(3);
  }

  @Test
  void aResponseNeverFreshAndWithoutAValidatorIsNotStoredUnlessTheRequestTakesStaleness()
      throws Exception {
    server.enqueue(response(200, "plain"));
    server.enqueue(response(200, "modified", "Last-Modified", date(-3600)));
    server.enqueue(response(200, "tagged", "ETag", "\"t\"", "Cache-Control", "no-cache"));
    server.enqueue(response(200, "taken stale"));

    get("/plain");
    assertThat(cache.size()).isZero();
    get("/modified");
    long one = cache.size();
    get("/tagged");
    long two = cache.size();
    get("/stale", "Cache-Control", "max-stale=60");

    assertThat(one).isPositive();
    assertThat(two).isGreaterThan(one);
    assertThat(cache.size()).isGreaterThan(two);
    assertThat(get("/stale", "Cache-Control", "max-stale=60").body()).isEqualTo("taken stale");
    assertThat(server.getRequestCount()).isEqualTo(4);
  }

  @Test
  void theOutcomeIsReadFromTheLastMemberOfCacheStatusNamedHttpjson() throws Exception {
    server.enqueue(response(200, "", "Cache-Status", "httpjson ; hit ; ttl=5"));
    server.enqueue(
        response(200, "", "Cache-Status", "cdn; hit, httpjson;fwd=stale;FWD-STATUS=304"));
    server.enqueue(
        response(200, "", "Cache-Status", "httpjson; hit", "Cache-Status", "other; hit"));
    server.enqueue(response(200, "", "Cache-Status", "httpjsonx; hit, httpjson; fwd=uri-miss"));
    server.enqueue(response(200, "", "Cache-Status", "cdn; hit; key=\"httpjson\""));
    server.enqueue(response(200, "", "Cache-Status", "httpjson; hitch, cdn"));
    server.enqueue(response(200, "", "Cache-Status", "httpjson"));

    assertThat(HttpCache.outcome(plain("/1"))).contains(HttpCache.Outcome.HIT);
    assertThat(HttpCache.outcome(plain("/2"))).contains(HttpCache.Outcome.REVALIDATED);
    assertThat(HttpCache.outcome(plain("/3"))).contains(HttpCache.Outcome.HIT);
    assertThat(HttpCache.outcome(plain("/4"))).contains(HttpCache.Outcome.MISS);
    assertThat(HttpCache.outcome(plain("/5"))).isEmpty();
    assertThat(HttpCache.outcome(plain("/6"))).contains(HttpCache.Outcome.MISS);
    assertThat(HttpCache.outcome(plain("/7"))).contains(HttpCache.Outcome.MISS);
  }

  private HttpResponse<String> plain(String path) throws Exception {
    return jdk.send(
        HttpRequest.newBuilder(uri(path)).timeout(java.time.Duration.ofSeconds(5)).build(),
        BodyHandlers.ofString());
  }

  @Test
  void aRequestNoStoredVariantMatchesIsValidatedWithTheTagsOfTheOthers() throws Exception {
    server.enqueue(
        response(
            200, "en", "ETag", "\"e\"", "Cache-Control", "max-age=60", "Vary", "Accept-Language"));
    server.enqueue(
        response(
            200, "de", "ETag", "\"d\"", "Cache-Control", "max-age=60", "Vary", "Accept-Language"));
    server.enqueue(response(304, "", "ETag", "\"e\"", "Cache-Control", "max-age=60"));
    server.enqueue(response(304, "", "ETag", "\"x\""));
    server.enqueue(response(200, "it", "Cache-Control", "max-age=60", "Vary", "Accept-Language"));
    get("/a", "Accept-Language", "en");
    get("/a", "Accept-Language", "de");

    HttpResponse<String> fr = get("/a", "Accept-Language", "fr");
    HttpResponse<String> frAgain = get("/a", "Accept-Language", "fr");
    HttpResponse<String> it = get("/a", "Accept-Language", "it");

    assertThat(fr.body()).isEqualTo("en");
    assertThat(HttpCache.outcome(fr)).contains(HttpCache.Outcome.REVALIDATED);
    assertThat(frAgain.body()).isEqualTo("en");
    assertThat(HttpCache.outcome(frAgain)).contains(HttpCache.Outcome.HIT);
    assertThat(it.body()).isEqualTo("it");
    take();
    take();
    assertThat(take().getHeaders().get("If-None-Match")).isEqualTo("\"e\", \"d\"");
    assertThat(take().getHeaders().get("If-None-Match")).isEqualTo("\"e\", \"d\"");
    assertThat(take().getHeaders().get("If-None-Match")).isNull();
    assertThat(server.getRequestCount()).isEqualTo(5);
  }

  @Test
  void varyStarNeverMatches() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60", "Vary", "*"));
    server.enqueue(response(200, "two", "Cache-Control", "max-age=60", "Vary", "*"));

    get("/a");

    assertThat(get("/a").body()).isEqualTo("two");
  }

  @Test
  void aResponseIsNeverServedToAnotherAuthorizationOrCookie() throws Exception {
    for (String body : new String[] {"alice", "bob", "anonymous", "cookie"}) {
      server.enqueue(response(200, body, "Cache-Control", "private, max-age=60"));
    }

    assertThat(get("/me", "Authorization", "Bearer alice").body()).isEqualTo("alice");
    assertThat(get("/me", "Authorization", "Bearer bob").body()).isEqualTo("bob");
    assertThat(get("/me").body()).isEqualTo("anonymous");
    assertThat(get("/me", "Cookie", "session=1").body()).isEqualTo("cookie");
    assertThat(get("/me", "Authorization", "Bearer alice").body()).isEqualTo("alice");

    assertThat(server.getRequestCount()).isEqualTo(4);
  }

  private InputStream open(String path) throws Exception {
    return client
        .send(
            HttpRequest.newBuilder(uri(path)).timeout(java.time.Duration.ofSeconds(5)).build(),
            BodyHandlers.ofInputStream())
        .body();
  }

  @Test
  void bodiesBeingStoredCountAgainstTheBoundAndOneThatCannotFitPassesThroughUnstored()
      throws Exception {
    String small = "a".repeat(100_000);
    String big = "b".repeat(200_000);
    server.enqueue(response(200, small, "Cache-Control", "max-age=60"));
    for (int i = 0; i < 6; i++) {
      server.enqueue(response(200, big, "Cache-Control", "max-age=60"));
    }
    assertThat(get("/a").body()).isEqualTo(small);
    java.util.List<InputStream> reading = new java.util.ArrayList<>();
    try {
      for (int i = 0; i < 6; i++) {
        reading.add(open("/b" + i));
      }

      assertThat(cache.size())
          .as("stored while five bodies of 200,000 bytes are being stored in a 1 MiB cache")
          .isLessThanOrEqualTo((1 << 20) - 5 * 200_000L);
      org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
          java.time.Duration.ofSeconds(20),
          () -> {
            for (InputStream in : reading) {
              assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(big);
            }
          });
    } finally {
      for (InputStream in : reading) {
        in.close();
      }
    }

    assertThat(cache.size()).isLessThanOrEqualTo(1 << 20);
    for (int i = 0; i < 5; i++) {
      assertThat(HttpCache.outcome(get("/b" + i))).as("/b" + i).contains(HttpCache.Outcome.HIT);
    }
    server.enqueue(response(200, "b5 again", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "a again", "Cache-Control", "max-age=60"));
    assertThat(get("/b5").body()).as("the body that could not fit").isEqualTo("b5 again");
    assertThat(get("/a").body()).as("made room for the bodies read").isEqualTo("a again");
    assertThat(server.getRequestCount()).isEqualTo(9);
  }

  @Test
  void bodiesGivenUpHalfReadGiveTheirRoomBack() throws Exception {
    String big = "c".repeat(200_000);
    for (int i = 0; i < 10; i++) {
      server.enqueue(response(200, big, "Cache-Control", "max-age=60"));
    }
    for (int i = 0; i < 6; i++) {
      try (InputStream in = open("/given-up" + i)) {
        assertThat(in.readNBytes(10)).hasSize(10);
      }
    }

    for (int i = 0; i < 4; i++) {
      assertThat(get("/c" + i).body()).isEqualTo(big);
    }
    for (int i = 0; i < 4; i++) {
      assertThat(HttpCache.outcome(get("/c" + i))).as("/c" + i).contains(HttpCache.Outcome.HIT);
    }
    assertThat(server.getRequestCount()).isEqualTo(10);
  }

  /** The cache over a client whose proxy is the loopback server, so that any host reaches it. */
  private HttpClient viaProxy() {
    return cache.decorate(
        HttpClient.newBuilder()
            .proxy(
                java.net.ProxySelector.of(
                    new java.net.InetSocketAddress(
                        java.net.InetAddress.getLoopbackAddress(), server.getPort())))
            .build());
  }

  private static HttpResponse<String> send(HttpClient client, String method, String uri)
      throws Exception {
    return client.send(
        HttpRequest.newBuilder(URI.create(uri))
            .timeout(java.time.Duration.ofSeconds(5))
            .method(method, BodyPublishers.noBody())
            .build(),
        BodyHandlers.ofString());
  }

  @Test
  void aUriWrittenAnotherEquivalentWayIsTheSameStoredResponse() throws Exception {
    HttpClient proxied = viaProxy();
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "two", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "three", "Cache-Control", "max-age=60"));

    assertThat(send(proxied, "GET", "http://example.com/a/~b?q=%7e").body()).isEqualTo("one");
    HttpResponse<String> again = send(proxied, "GET", "HTTP://Example.COM:80/a/%7Eb?q=~");
    HttpResponse<String> lowercaseHex = send(proxied, "GET", "http://example.com/%61/%7eb?q=%7E");

    assertThat(again.body()).isEqualTo("one");
    assertThat(HttpCache.outcome(again)).contains(HttpCache.Outcome.HIT);
    assertThat(lowercaseHex.body()).isEqualTo("one");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void anUnsafeRequestInvalidatesTheStoredUriWrittenAnotherEquivalentWay() throws Exception {
    HttpClient proxied = viaProxy();
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60"));
    server.enqueue(response(204, ""));
    server.enqueue(response(200, "two", "Cache-Control", "max-age=60"));

    assertThat(send(proxied, "GET", "http://example.com/a").body()).isEqualTo("one");
    send(proxied, "POST", "http://Example.com:80/%61");

    assertThat(send(proxied, "GET", "http://example.com/a").body()).isEqualTo("two");
    assertThat(server.getRequestCount()).isEqualTo(3);
  }

  /**
   * A URI with characters outside ASCII (as {@code new URI(scheme, host, path, fragment)} keeps
   * them) is sent percent-encoded in UTF-8: it is the same resource as the URI written so, and an
   * unsafe request to either invalidates what is stored for the other.
   */
  @Test
  void aUriWithCharactersOutsideAsciiIsTheResourceOfItsPercentEncodedForm() throws Exception {
    HttpClient proxied = viaProxy();
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60"));
    server.enqueue(response(204, ""));
    server.enqueue(response(200, "two", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "three", "Cache-Control", "max-age=60"));

    assertThat(send(proxied, "GET", "http://example.com/users/Jos\u00e9").body()).isEqualTo("one");
    send(proxied, "PUT", "http://example.com/users/Jos%C3%A9");

    assertThat(send(proxied, "GET", "http://example.com/users/Jos\u00e9").body()).isEqualTo("two");
    HttpResponse<String> encoded = send(proxied, "GET", "http://example.com/users/Jos%c3%a9");
    assertThat(encoded.body()).isEqualTo("two");
    assertThat(HttpCache.outcome(encoded)).contains(HttpCache.Outcome.HIT);
    assertThat(server.getRequestCount()).isEqualTo(3);
  }

  @Test
  void aResponseIsNeverServedToAnotherApiKeyOrTokenHeader() throws Exception {
    for (String body : new String[] {"key a", "key b", "anonymous", "goog", "vault"}) {
      server.enqueue(response(200, body, "Cache-Control", "private, max-age=60"));
    }

    assertThat(get("/me", "X-Api-Key", "A").body()).isEqualTo("key a");
    assertThat(get("/me", "X-Api-Key", "B").body()).isEqualTo("key b");
    assertThat(get("/me").body()).isEqualTo("anonymous");
    assertThat(get("/me", "x-goog-api-key", "A").body()).isEqualTo("goog");
    assertThat(get("/me", "X-Vault-Token", "A").body()).isEqualTo("vault");
    HttpResponse<String> again = get("/me", "x-api-key", "A");
    assertThat(again.body()).isEqualTo("key a");
    assertThat(HttpCache.outcome(again)).contains(HttpCache.Outcome.HIT);

    assertThat(server.getRequestCount()).isEqualTo(5);
  }

  @Test
  void clientsWithDifferentAuthenticatorsNeverShareAResponse() throws Exception {
    for (String who : new String[] {"alice", "bob"}) {
      server.enqueue(response(401, "", "WWW-Authenticate", "Basic realm=\"r\""));
      server.enqueue(response(200, who, "Cache-Control", "private, max-age=60"));
    }
    HttpRequest request =
        HttpRequest.newBuilder(uri("/me")).timeout(java.time.Duration.ofSeconds(5)).build();

    String alice =
        cache.decorate(withAuthenticator("alice")).send(request, BodyHandlers.ofString()).body();
    String bob =
        cache.decorate(withAuthenticator("bob")).send(request, BodyHandlers.ofString()).body();

    assertThat(alice).isEqualTo("alice");
    assertThat(bob).isEqualTo("bob");
  }

  /** An authenticator that holds itself equal to any other of its class (a value-like class). */
  private static final class EqualAuthenticator extends java.net.Authenticator {
    private final String user;

    EqualAuthenticator(String user) {
      this.user = user;
    }

    @Override
    protected java.net.PasswordAuthentication getPasswordAuthentication() {
      return new java.net.PasswordAuthentication(user, "pw".toCharArray());
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof EqualAuthenticator;
    }

    @Override
    public int hashCode() {
      return 1;
    }
  }

  @Test
  void clientsWithAuthenticatorsThatAreEqualButNotTheSameNeverShareAResponse() throws Exception {
    for (String who : new String[] {"alice", "bob"}) {
      server.enqueue(response(401, "", "WWW-Authenticate", "Basic realm=\"r\""));
      server.enqueue(response(200, who, "Cache-Control", "private, max-age=60"));
    }
    HttpRequest request =
        HttpRequest.newBuilder(uri("/me")).timeout(java.time.Duration.ofSeconds(5)).build();
    HttpClient alice =
        cache.decorate(
            HttpClient.newBuilder().authenticator(new EqualAuthenticator("alice")).build());
    HttpClient bob =
        cache.decorate(
            HttpClient.newBuilder().authenticator(new EqualAuthenticator("bob")).build());

    assertThat(alice.send(request, BodyHandlers.ofString()).body()).isEqualTo("alice");
    assertThat(bob.send(request, BodyHandlers.ofString()).body()).isEqualTo("bob");
  }

  private static HttpClient withAuthenticator(String user) {
    return HttpClient.newBuilder()
        .authenticator(
            new java.net.Authenticator() {
              @Override
              protected java.net.PasswordAuthentication getPasswordAuthentication() {
                return new java.net.PasswordAuthentication(user, "pw".toCharArray());
              }
            })
        .build();
  }

  @Test
  void aResponseOverTheEntryLimitPassesThroughUnstored() throws Exception {
    HttpClient small = HttpCache.inMemory(4000).decorate(jdk);
    String big = "x".repeat(2000);
    server.enqueue(response(200, big, "Cache-Control", "max-age=60"));
    server.enqueue(response(200, big, "Cache-Control", "max-age=60"));
    HttpRequest request =
        HttpRequest.newBuilder(uri("/big")).timeout(java.time.Duration.ofSeconds(5)).build();

    assertThat(small.send(request, BodyHandlers.ofString()).body()).isEqualTo(big);
    assertThat(small.send(request, BodyHandlers.ofString()).body()).isEqualTo(big);

    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void anEventStreamIsNeverStored() throws Exception {
    server.enqueue(
        response(
            200,
            "data: 1\n\n",
            "Content-Type",
            "text/event-stream",
            "Cache-Control",
            "max-age=60"));
    server.enqueue(response(200, "data: 2\n\n", "Content-Type", "text/event-stream"));

    get("/events");

    assertThat(get("/events").body()).isEqualTo("data: 2\n\n");
  }

  @Test
  void noStoreInTheResponseOrTheRequestIsNotStored() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "no-store, max-age=60"));
    server.enqueue(response(200, "two", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "three", "Cache-Control", "max-age=60"));

    get("/a");
    assertThat(get("/a", "Cache-Control", "no-store").body()).isEqualTo("two");
    assertThat(get("/a").body()).isEqualTo("three");

    assertThat(server.getRequestCount()).isEqualTo(3);
  }

  @Test
  void headersNamedInConnectionAndHopByHopHeadersAreNotStored() throws Exception {
    server.enqueue(
        response(
            200,
            "one",
            "Cache-Control",
            "max-age=60",
            "Connection",
            "X-Hop",
            "X-Hop",
            "secret",
            "Keep-Alive",
            "timeout=5",
            "X-Kept",
            "k"));
    get("/a");

    HttpResponse<String> hit = get("/a");

    assertThat(HttpCache.outcome(hit)).contains(HttpCache.Outcome.HIT);
    assertThat(hit.headers().firstValue("X-Kept")).contains("k");
    assertThat(hit.headers().firstValue("X-Hop")).isEmpty();
    assertThat(hit.headers().firstValue("Keep-Alive")).isEmpty();
  }

  @Test
  void aRangeIsAnsweredFromAFreshStored200AndOtherwiseSentAsItIs() throws Exception {
    server.enqueue(response(200, "0123456789", "Cache-Control", "max-age=60", "ETag", "\"v\""));
    server.enqueue(response(206, "ab", "Content-Range", "bytes 0-1/5"));
    server.enqueue(response(206, "12", "Content-Range", "bytes 1-2/10"));
    get("/r");

    HttpResponse<String> middle = get("/r", "Range", "bytes=2-4");
    HttpResponse<String> suffix = get("/r", "Range", "bytes=-3");
    HttpResponse<String> open = get("/r", "Range", "bytes=7-", "If-Range", "\"v\"");
    HttpResponse<String> elsewhere = get("/other", "Range", "bytes=0-1");
    HttpResponse<String> otherVersion = get("/r", "Range", "bytes=1-2", "If-Range", "\"old\"");

    assertThat(middle.statusCode()).isEqualTo(206);
    assertThat(middle.body()).isEqualTo("234");
    assertThat(middle.headers().firstValue("Content-Range")).contains("bytes 2-4/10");
    assertThat(suffix.body()).isEqualTo("789");
    assertThat(open.body()).isEqualTo("789");
    assertThat(HttpCache.outcome(open)).contains(HttpCache.Outcome.HIT);
    assertThat(elsewhere.body()).isEqualTo("ab");
    assertThat(otherVersion.body()).isEqualTo("12");
    take();
    assertThat(take().getHeaders().get("Range")).isEqualTo("bytes=0-1");
    assertThat(take().getHeaders().get("If-Range")).isEqualTo("\"old\"");
  }

  @Test
  void proxyFieldsAreNotStoredAndSetCookieIsKeptInMemory() throws Exception {
    server.enqueue(
        response(
            200,
            "one",
            "Cache-Control",
            "max-age=60",
            "Proxy-Authenticate",
            "Basic",
            "Proxy-Authentication-Info",
            "x",
            "Set-Cookie",
            "a=b"));
    get("/a");

    HttpResponse<String> hit = get("/a");

    assertThat(HttpCache.outcome(hit)).contains(HttpCache.Outcome.HIT);
    assertThat(hit.headers().firstValue("Proxy-Authenticate")).isEmpty();
    assertThat(hit.headers().firstValue("Proxy-Authentication-Info")).isEmpty();
    assertThat(hit.headers().firstValue("Set-Cookie")).contains("a=b");
  }

  // Freshness

  @Test
  void expiresWithDateGivesTheFreshness() throws Exception {
    server.enqueue(response(200, "one", "Date", date(0), "Expires", date(60)));
    server.enqueue(response(200, "two", "Date", date(0), "Expires", date(-10)));
    server.enqueue(response(200, "three"));

    get("/a");
    assertThat(get("/a").body()).isEqualTo("one");
    get("/b");
    assertThat(get("/b").body()).isEqualTo("three");
  }

  @Test
  void onlyAValidHttpDateInOneExpiresLineGivesFreshness() throws Exception {
    String[] valid = {
      "Thu, 18 Aug 2050 02:01:18 GMT",
      "Thursday, 18-Aug-50 02:01:18 GMT",
      "Thu Aug  8 02:01:18 2050",
      "THU, 18 AUG 2050 02:01:18 gMT"
    };
    String[] invalid = {
      "Thu, 18 Aug 2050 02:01:18 UTC",
      "Thu, 18 Aug 2050 02:01:18 AEST",
      "Thu, 18 Aug 50 02:01:18 GMT",
      "Thu 18 Aug 2050 02:01:18 GMT",
      "Thu, 18  Aug  2050 02:01:18 GMT",
      "Thu, 18-Aug-2050 02:01:18 GMT",
      "Thu, 18 Aug 2050 02.01.18 GMT",
      "Thu, 18 Aug 2050 2:01:18 GMT",
      "0"
    };
    int path = 0;
    for (String expires : valid) {
      server.enqueue(response(200, "stored", "Expires", expires));
      get("/v" + path);
      assertThat(get("/v" + path++).body()).as(expires).isEqualTo("stored");
    }
    for (String expires : invalid) {
      server.enqueue(response(200, "stored", "Expires", expires));
      server.enqueue(response(200, "again"));
      get("/i" + path);
      assertThat(get("/i" + path++).body()).as(expires).isEqualTo("again");
    }
    server.enqueue(
        response(
            200,
            "stored",
            "Expires",
            "Thu, 18 Aug 2050 02:01:18 GMT",
            "Expires",
            "Thu, 18 Aug 2050 02:01:19 GMT"));
    server.enqueue(response(200, "again"));
    get("/twice");
    assertThat(get("/twice").body()).isEqualTo("again");
  }

  @Test
  void theOriginsAgeIsTheFirstMemberOfItsFirstLineAndAnInvalidOneIsIgnored() throws Exception {
    String[][] cases = {
      {"7200, 0", "again"},
      {"0, 7200", "stored"},
      {"abc", "stored"},
      {"-7200", "stored"},
      {"7200.0", "stored"},
      {"2147483648", "again"}
    };
    int path = 0;
    for (String[] c : cases) {
      server.enqueue(response(200, "stored", "Cache-Control", "max-age=3600", "Age", c[0]));
      if (c[1].equals("again")) {
        server.enqueue(response(200, "again"));
      }
      get("/a" + path);
      assertThat(get("/a" + path++).body()).as(c[0]).isEqualTo(c[1]);
    }
  }

  @Test
  void theOriginsAgeCountsAgainstMaxAge() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60", "Age", "61"));
    server.enqueue(response(200, "two"));

    get("/a");

    assertThat(get("/a").body()).isEqualTo("two");
  }

  @Test
  void heuristicFreshnessOnlyForHeuristicallyCacheableStatuses() throws Exception {
    // Last modified ten days ago: a tenth of that, a day, is fresh.
    server.enqueue(response(200, "one", "Date", date(0), "Last-Modified", date(-864000)));
    server.enqueue(
        response(302, "moved", "Date", date(0), "Last-Modified", date(-864000), "Location", "/x"));
    server.enqueue(response(200, "again"));

    get("/a");
    assertThat(get("/a").body()).isEqualTo("one");
    get("/r");
    assertThat(get("/r").body()).isEqualTo("again");
  }

  @Test
  void sMaxageIsIgnoredByAPrivateCacheAndPrivateIsStored() throws Exception {
    server.enqueue(response(200, "shared", "Cache-Control", "s-maxage=60"));
    server.enqueue(response(200, "two"));
    server.enqueue(response(200, "mine", "Cache-Control", "private, max-age=60"));

    get("/s");
    assertThat(get("/s").body()).isEqualTo("two");
    get("/p");
    assertThat(get("/p").body()).isEqualTo("mine");
  }

  @Test
  void unknownDirectivesAreIgnoredAndMustUnderstandStoresAnUnderstoodStatusDespiteNoStore()
      throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60, foo=\"a, b\", bar"));
    server.enqueue(
        response(200, "understood", "Cache-Control", "max-age=60, no-store, must-understand"));
    server.enqueue(response(299, "new", "Cache-Control", "max-age=60, no-store, must-understand"));
    server.enqueue(response(299, "again"));

    get("/a");
    assertThat(get("/a").body()).isEqualTo("one");
    get("/m");
    assertThat(get("/m").body()).isEqualTo("understood");
    get("/u");
    assertThat(get("/u").body()).isEqualTo("again");
  }

  @Test
  void aDirectiveWithWhitespaceAroundItsEqualsSignIsNotADirective() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "max-age =3600"));
    server.enqueue(response(200, "two", "Cache-Control", "max-age= 3600"));
    server.enqueue(
        response(200, "three", "Cache-Control", "no-transform , max-age=3600 , private"));

    get("/a");
    assertThat(get("/a").body()).isEqualTo("two"); // "max-age =3600" gave no freshness
    assertThat(get("/a").body()).isEqualTo("three"); // nor did "max-age= 3600"
    assertThat(get("/a").body()).isEqualTo("three"); // whitespace around commas is allowed
    assertThat(server.getRequestCount()).isEqualTo(3);
  }

  /**
   * Known bug: whether a response may be stored is decided from its status and headers, before the
   * client that follows redirects itself could say whether one was followed; so nothing is stored
   * behind such a client (OkHttp's default, the JDK's {@code Redirect.NORMAL}), even a response
   * that came straight from the URI asked for.
   */
  @Test
  void aResponseFromTheUriAskedForIsStoredBehindAClientThatFollowsRedirects() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "two", "Cache-Control", "max-age=60"));
    HttpClient following =
        cache.decorate(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build());
    HttpRequest request =
        HttpRequest.newBuilder(uri("/r")).timeout(java.time.Duration.ofSeconds(5)).build();

    following.send(request, BodyHandlers.ofString());
    HttpResponse<String> again = following.send(request, BodyHandlers.ofString());

    assertThat(again.body()).isEqualTo("one");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void behindAClientThatFollowsRedirectsA304FreshensAndAStreamIsStoredWhenReadToItsEnd()
      throws Exception {
    String body = "s".repeat(100_000);
    server.enqueue(response(200, "one", "ETag", "\"v1\"", "Cache-Control", "max-age=0"));
    server.enqueue(response(304, "", "ETag", "\"v1\"", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, body, "Cache-Control", "max-age=60"));
    HttpClient following =
        cache.decorate(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build());
    HttpRequest a =
        HttpRequest.newBuilder(uri("/a")).timeout(java.time.Duration.ofSeconds(5)).build();
    HttpRequest s =
        HttpRequest.newBuilder(uri("/s")).timeout(java.time.Duration.ofSeconds(5)).build();

    following.send(a, BodyHandlers.ofString());
    HttpResponse<String> revalidated = following.send(a, BodyHandlers.ofString());
    HttpResponse<String> fresh = following.send(a, BodyHandlers.ofString());
    long stored = cache.size();
    HttpResponse<InputStream> streamed = following.send(s, BodyHandlers.ofInputStream());
    long beforeTheEnd = cache.size();
    try (InputStream in = streamed.body()) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(body);
    }
    HttpResponse<String> hit = following.send(s, BodyHandlers.ofString());

    assertThat(HttpCache.outcome(revalidated)).contains(HttpCache.Outcome.REVALIDATED);
    assertThat(fresh.body()).isEqualTo("one");
    assertThat(HttpCache.outcome(fresh)).contains(HttpCache.Outcome.HIT);
    assertThat(beforeTheEnd).isEqualTo(stored);
    assertThat(hit.body()).isEqualTo(body);
    assertThat(HttpCache.outcome(hit)).contains(HttpCache.Outcome.HIT);
    assertThat(server.getRequestCount()).isEqualTo(3);
  }

  @Test
  void aRedirectedResponseIsNotStoredUnderTheUriAskedFor() throws Exception {
    server.enqueue(response(302, "", "Location", "/target"));
    server.enqueue(response(200, "target", "Cache-Control", "max-age=60"));
    server.enqueue(response(302, "", "Location", "/target"));
    server.enqueue(response(200, "target two", "Cache-Control", "max-age=60"));
    HttpClient following =
        cache.decorate(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build());
    HttpRequest request =
        HttpRequest.newBuilder(uri("/r")).timeout(java.time.Duration.ofSeconds(5)).build();

    assertThat(following.send(request, BodyHandlers.ofString()).body()).isEqualTo("target");
    HttpResponse<String> again = following.send(request, BodyHandlers.ofString());

    assertThat(again.body()).isEqualTo("target two");
    assertThat(HttpCache.outcome(again)).contains(HttpCache.Outcome.MISS);
    assertThat(server.getRequestCount()).isEqualTo(4);
    assertThat(cache.size()).isZero();
  }

  @Test
  void aStoredBodyIsNeverAnsweredForA304ThatAnotherUriGaveAfterARedirect() throws Exception {
    server.enqueue(
        response(200, "one", "Cache-Control", "max-age=0", "Last-Modified", date(-3600)));
    server.enqueue(response(302, "", "Location", "/moved"));
    server.enqueue(response(304, "", "Cache-Control", "max-age=60"));
    server.enqueue(response(302, "", "Location", "/moved"));
    server.enqueue(response(200, "moved", "Cache-Control", "max-age=60"));
    HttpClient following =
        cache.decorate(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build());
    HttpRequest request =
        HttpRequest.newBuilder(uri("/r")).timeout(java.time.Duration.ofSeconds(5)).build();

    assertThat(following.send(request, BodyHandlers.ofString()).body()).isEqualTo("one");
    HttpResponse<String> second = following.send(request, BodyHandlers.ofString());

    assertThat(second.statusCode()).isEqualTo(200);
    assertThat(second.body()).isEqualTo("moved");
    assertThat(HttpCache.outcome(second)).contains(HttpCache.Outcome.MISS);
    assertThat(take().getTarget()).isEqualTo("/r");
    RecordedRequest conditional = take();
    assertThat(conditional.getHeaders().get("If-Modified-Since")).isNotNull();
    RecordedRequest moved = take();
    assertThat(moved.getTarget()).isEqualTo("/moved");
    assertThat(moved.getHeaders().get("If-Modified-Since")).isNotNull();
    RecordedRequest whole = take();
    assertThat(whole.getTarget()).isEqualTo("/r");
    assertThat(whole.getHeaders().get("If-Modified-Since")).isNull();
    assertThat(server.getRequestCount()).isEqualTo(5);
    assertThat(cache.size()).isZero(); // the URI redirects now: its stored response is gone
  }

  /**
   * The caller's own handler (here a consumer) passes each byte on as it comes: the stored body a
   * 304 from another URI would have answered with must not reach it before the body of the request
   * made again.
   */
  @Test
  void aCallersHandlerGetsOnlyTheNewBodyWhenA304CameFromAnotherUriAfterARedirect()
      throws Exception {
    for (boolean async : new boolean[] {false, true}) {
      cache.clear();
      server.enqueue(
          response(200, "one", "Cache-Control", "max-age=0", "Last-Modified", date(-3600)));
      server.enqueue(response(302, "", "Location", "/moved"));
      server.enqueue(response(304, "", "Cache-Control", "max-age=60"));
      server.enqueue(response(302, "", "Location", "/moved"));
      server.enqueue(response(200, "moved", "Cache-Control", "max-age=60"));
      HttpClient following =
          cache.decorate(
              HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build());
      HttpRequest request =
          HttpRequest.newBuilder(uri("/r")).timeout(java.time.Duration.ofSeconds(5)).build();
      assertThat(following.send(request, BodyHandlers.ofString()).body()).isEqualTo("one");

      java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
      HttpResponse.BodyHandler<Void> consuming =
          BodyHandlers.ofByteArrayConsumer(
              b -> b.ifPresent(bytes -> got.write(bytes, 0, bytes.length)));
      HttpResponse<Void> second =
          async
              ? following.sendAsync(request, consuming).get(10, TimeUnit.SECONDS)
              : following.send(request, consuming);

      assertThat(second.statusCode()).isEqualTo(200);
      assertThat(got.toString(StandardCharsets.UTF_8)).as("async: %s", async).isEqualTo("moved");
      for (int i = 0; i < 5; i++) {
        take();
      }
    }
  }

  @Test
  void sendAsyncBehindAClientThatFollowsRedirectsStoresOnlyTheUrisOwnResponses() throws Exception {
    server.enqueue(
        response(200, "one", "Cache-Control", "max-age=0", "Last-Modified", date(-3600)));
    server.enqueue(response(302, "", "Location", "/moved"));
    server.enqueue(response(304, "", "Cache-Control", "max-age=60"));
    server.enqueue(response(302, "", "Location", "/moved"));
    server.enqueue(response(200, "moved", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "own", "Cache-Control", "max-age=60"));
    HttpClient following =
        cache.decorate(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build());
    HttpRequest request =
        HttpRequest.newBuilder(uri("/r")).timeout(java.time.Duration.ofSeconds(5)).build();

    String first =
        following.sendAsync(request, BodyHandlers.ofString()).get(10, TimeUnit.SECONDS).body();
    HttpResponse<String> second =
        following.sendAsync(request, BodyHandlers.ofString()).get(10, TimeUnit.SECONDS);
    long afterTheRedirect = cache.size();
    String third =
        following.sendAsync(request, BodyHandlers.ofString()).get(10, TimeUnit.SECONDS).body();
    HttpResponse<String> fourth =
        following.sendAsync(request, BodyHandlers.ofString()).get(10, TimeUnit.SECONDS);

    assertThat(first).isEqualTo("one");
    assertThat(second.body()).isEqualTo("moved");
    assertThat(HttpCache.outcome(second)).contains(HttpCache.Outcome.MISS);
    assertThat(afterTheRedirect).isZero();
    assertThat(third).isEqualTo("own");
    assertThat(fourth.body()).isEqualTo("own");
    assertThat(HttpCache.outcome(fourth)).contains(HttpCache.Outcome.HIT);
    assertThat(server.getRequestCount()).isEqualTo(6);
  }

  @Test
  void anExplicitlyFresh404IsReused() throws Exception {
    server.enqueue(response(404, "gone", "Cache-Control", "max-age=60"));

    get("/missing");
    HttpResponse<String> again = get("/missing");

    assertThat(again.statusCode()).isEqualTo(404);
    assertThat(again.body()).isEqualTo("gone");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void requestDirectivesNoCacheMaxAgeAndMinFreshSendTheRequest() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60", "Age", "30"));
    server.enqueue(response(200, "two", "Cache-Control", "max-age=60", "Age", "30"));
    server.enqueue(response(200, "three", "Cache-Control", "max-age=60", "Age", "30"));
    server.enqueue(response(200, "four", "Cache-Control", "max-age=60", "Age", "30"));

    get("/a");
    assertThat(get("/a", "Cache-Control", "no-cache").body()).isEqualTo("two");
    assertThat(get("/a", "Cache-Control", "max-age=10").body()).isEqualTo("three");
    assertThat(get("/a", "Cache-Control", "min-fresh=40").body()).isEqualTo("four");
    assertThat(get("/a", "Cache-Control", "max-age=40, min-fresh=20").body()).isEqualTo("four");
  }

  @Test
  void maxStaleServesAStaleResponseUnlessItMustBeRevalidated() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60", "Age", "70"));
    server.enqueue(
        response(200, "two", "Cache-Control", "max-age=60, must-revalidate", "Age", "70"));
    server.enqueue(response(200, "three"));

    get("/a");
    HttpResponse<String> stale = get("/a", "Cache-Control", "max-stale=30");
    assertThat(stale.body()).isEqualTo("one");
    assertThat(HttpCache.outcome(stale)).contains(HttpCache.Outcome.HIT);
    assertThat(get("/a", "Cache-Control", "max-stale=5").body()).isEqualTo("two");
    assertThat(get("/a", "Cache-Control", "max-stale").body()).isEqualTo("three");
  }

  @Test
  void onlyIfCachedAnswers504WhenNothingUsableIsStored() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60"));

    HttpResponse<String> none = get("/a", "Cache-Control", "only-if-cached");
    get("/a");
    HttpResponse<String> stored = get("/a", "Cache-Control", "only-if-cached");

    assertThat(none.statusCode()).isEqualTo(504);
    assertThat(stored.body()).isEqualTo("one");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void onlyIfCachedNeverGoesToTheOriginWithARangeOrACondition() throws Exception {
    server.enqueue(response(200, "0123456789", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "origin"));

    HttpResponse<String> range =
        get("/nothing", "Cache-Control", "only-if-cached", "Range", "bytes=2-4");
    HttpResponse<String> condition =
        get("/nothing", "Cache-Control", "only-if-cached", "If-None-Match", "\"v1\"");
    get("/r");
    HttpResponse<String> twoRanges =
        get("/r", "Cache-Control", "only-if-cached", "Range", "bytes=0-1, 4-5");

    assertThat(range.statusCode()).isEqualTo(504);
    assertThat(condition.statusCode()).isEqualTo(504);
    // A range the cache does not slice: the stored response whole, as an origin may answer one.
    assertThat(twoRanges.statusCode()).isEqualTo(200);
    assertThat(twoRanges.body()).isEqualTo("0123456789");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void responseNoCacheIsStoredButValidatedEveryTime() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "no-cache, max-age=60", "ETag", "\"v1\""));
    server.enqueue(response(304, "", "ETag", "\"v1\""));

    get("/a");
    HttpResponse<String> second = get("/a");

    assertThat(second.body()).isEqualTo("one");
    assertThat(HttpCache.outcome(second)).contains(HttpCache.Outcome.REVALIDATED);
    take();
    assertThat(take().getHeaders().get("If-None-Match")).isEqualTo("\"v1\"");
  }

  // Invalidation

  @Test
  void aSuccessfulUnsafeMethodInvalidatesTheTargetAndASameOriginLocation() throws Exception {
    server.enqueue(response(200, "a1", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "b1", "Cache-Control", "max-age=60"));
    server.enqueue(response(201, "", "Location", "/b"));
    server.enqueue(response(200, "a2"));
    server.enqueue(response(200, "b2"));

    get("/a");
    get("/b");
    send("POST", "/a");

    assertThat(get("/a").body()).isEqualTo("a2");
    assertThat(get("/b").body()).isEqualTo("b2");
  }

  @Test
  void aFailedUnsafeMethodInvalidatesNothing() throws Exception {
    server.enqueue(response(200, "a1", "Cache-Control", "max-age=60"));
    server.enqueue(response(500, "no"));

    get("/a");
    send("DELETE", "/a");

    assertThat(get("/a").body()).isEqualTo("a1");
  }

  /** A body handler whose body fails to be read, as a response that does not decode does. */
  private static HttpResponse.BodyHandler<String> failingBody() {
    return info ->
        HttpResponse.BodySubscribers.mapping(
            HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8),
            s -> {
              throw new IllegalStateException("not the expected body: " + s);
            });
  }

  @Test
  void anUnsafeMethodAnsweredWithSuccessInvalidatesEvenWhenItsBodyFails() throws Exception {
    server.enqueue(response(200, "a1", "Cache-Control", "max-age=60"));
    server.enqueue(response(201, "{unexpected"));
    server.enqueue(response(200, "a2"));

    get("/a");
    HttpRequest post =
        HttpRequest.newBuilder(uri("/a"))
            .timeout(java.time.Duration.ofSeconds(5))
            .POST(BodyPublishers.ofString("{}"))
            .build();
    assertThatThrownBy(() -> client.send(post, failingBody()))
        .isInstanceOf(java.io.IOException.class);

    assertThat(get("/a").body()).isEqualTo("a2");
  }

  @Test
  void anAsyncUnsafeMethodAnsweredWithSuccessInvalidatesEvenWhenItsBodyFails() throws Exception {
    server.enqueue(response(200, "a1", "Cache-Control", "max-age=60"));
    server.enqueue(response(204, ""));
    server.enqueue(response(200, "a2"));

    get("/a");
    HttpRequest delete =
        HttpRequest.newBuilder(uri("/a")).timeout(java.time.Duration.ofSeconds(5)).DELETE().build();
    assertThatThrownBy(() -> client.sendAsync(delete, failingBody()).get(5, TimeUnit.SECONDS))
        .isInstanceOf(java.util.concurrent.ExecutionException.class);

    assertThat(get("/a").body()).isEqualTo("a2");
  }

  @Test
  void anUnsafeMethodThatFailsBeforeItsResponseInvalidatesSinceTheOriginMayHaveAppliedIt()
      throws Exception {
    server.enqueue(response(200, "a1", "Cache-Control", "max-age=60"));
    server.enqueue(
        new MockResponse.Builder().code(200).body("").headersDelay(3, TimeUnit.SECONDS).build());
    server.enqueue(response(200, "a2"));

    get("/a");
    HttpRequest put =
        HttpRequest.newBuilder(uri("/a"))
            .timeout(java.time.Duration.ofMillis(300))
            .PUT(BodyPublishers.ofString("{}"))
            .build();
    assertThatThrownBy(() -> client.send(put, BodyHandlers.ofString()))
        .isInstanceOf(java.net.http.HttpTimeoutException.class);

    assertThat(get("/a").body()).isEqualTo("a2");
  }

  // The surface

  @Test
  void clearAndRemoveDropEntries() throws Exception {
    server.enqueue(response(200, "a1", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "b1", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "a2", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "b2", "Cache-Control", "max-age=60"));
    get("/a");
    get("/b");

    cache.remove(uri("/a"));
    assertThat(get("/a").body()).isEqualTo("a2");
    assertThat(get("/b").body()).isEqualTo("b1");
    cache.clear();
    assertThat(get("/b").body()).isEqualTo("b2");
  }

  @Test
  void removeRefusesAUriThatIsNotAbsoluteSinceItNamesNoEntry() {
    assertThatThrownBy(() -> cache.remove(URI.create("users/1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("uri is not absolute: users/1");
    assertThatThrownBy(() -> cache.remove(URI.create("/users/1?token=s3cr3t")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("/users/1")
        .hasMessageNotContaining("s3cr3t");
  }

  @Test
  void aStreamedBodyIsStoredOnlyWhenReadToItsEnd() throws Exception {
    String body = "y".repeat(100_000);
    server.enqueue(response(200, body, "Cache-Control", "max-age=60"));
    server.enqueue(response(200, body, "Cache-Control", "max-age=60"));
    HttpRequest request =
        HttpRequest.newBuilder(uri("/s")).timeout(java.time.Duration.ofSeconds(5)).build();

    try (InputStream in = client.send(request, BodyHandlers.ofInputStream()).body()) {
      assertThat(in.readNBytes(10)).hasSize(10);
    }
    assertThat(cache.size()).isZero();
    try (InputStream in = client.send(request, BodyHandlers.ofInputStream()).body()) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(body);
    }
    assertThat(HttpCache.outcome(client.send(request, BodyHandlers.discarding())))
        .contains(HttpCache.Outcome.HIT);
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void aStoredBodyIsServedFromTheStoreWithoutACopyInReadOnlyBuffers() throws Exception {
    HttpCache large = HttpCache.inMemory(64 << 20);
    HttpClient cached = large.decorate(jdk);
    String body = "z".repeat(4 << 20);
    server.enqueue(response(200, body, "Cache-Control", "max-age=60"));
    HttpRequest request =
        HttpRequest.newBuilder(uri("/big")).timeout(java.time.Duration.ofSeconds(10)).build();
    cached.send(request, BodyHandlers.discarding());
    Buffers seen = new Buffers();
    cached.send(request, BodyHandlers.fromSubscriber(seen)); // warm

    Buffers hit = new Buffers();
    long before = allocatedOnThisThread();
    HttpResponse<Void> r = cached.send(request, BodyHandlers.fromSubscriber(hit));
    long allocated = allocatedOnThisThread() - before;

    assertThat(HttpCache.outcome(r)).contains(HttpCache.Outcome.HIT);
    assertThat(hit.bytes).isEqualTo(4 << 20);
    assertThat(hit.writable).isZero();
    assertThat(allocated).isLessThan(1 << 20);
  }

  @Test
  void a304AnswersWithTheStoredBodyInReadOnlyBuffers() throws Exception {
    server.enqueue(response(200, "one", "ETag", "\"v1\"", "Cache-Control", "max-age=0"));
    server.enqueue(response(304, "", "ETag", "\"v1\""));
    HttpRequest request =
        HttpRequest.newBuilder(uri("/a")).timeout(java.time.Duration.ofSeconds(5)).build();
    client.send(request, BodyHandlers.discarding());

    Buffers seen = new Buffers();
    HttpResponse<Void> r = client.send(request, BodyHandlers.fromSubscriber(seen));

    assertThat(HttpCache.outcome(r)).contains(HttpCache.Outcome.REVALIDATED);
    assertThat(seen.bytes).isEqualTo(3);
    assertThat(seen.writable).isZero();
  }

  /** Counts the bytes and the writable buffers a body is given in. */
  static final class Buffers
      implements java.util.concurrent.Flow.Subscriber<java.util.List<java.nio.ByteBuffer>> {
    volatile long bytes;
    volatile int writable;

    @Override
    public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
      s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(java.util.List<java.nio.ByteBuffer> items) {
      for (java.nio.ByteBuffer b : items) {
        bytes += b.remaining();
        if (!b.isReadOnly()) {
          writable++;
        }
      }
    }

    @Override
    public void onError(Throwable throwable) {}

    @Override
    public void onComplete() {}
  }

  /** The bytes this thread allocated so far (HotSpot's thread MXBean). */
  static long allocatedOnThisThread() throws Exception {
    Object bean =
        Class.forName("java.lang.management.ManagementFactory")
            .getMethod("getThreadMXBean")
            .invoke(null);
    Class<?> type = Class.forName("com.sun.management.ThreadMXBean");
    org.junit.jupiter.api.Assumptions.assumeTrue(type.isInstance(bean), "no allocation counter");
    return (Long)
        type.getMethod("getThreadAllocatedBytes", long.class)
            .invoke(bean, Thread.currentThread().getId());
  }

  @Test
  void badArgumentsFailAtConstructionNamingThem() throws Exception {
    assertThatThrownBy(() -> HttpCache.inMemory(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxBytes <= 0: -1");
    java.nio.file.Path file = java.nio.file.Files.createTempFile("cache", ".txt");
    try {
      assertThatThrownBy(() -> HttpCache.onDisk(file, 1000))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("not a directory")
          .hasMessageContaining(file.toString());
    } finally {
      java.nio.file.Files.delete(file);
    }
  }
}
