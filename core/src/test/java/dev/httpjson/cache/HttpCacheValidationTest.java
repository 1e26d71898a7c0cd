package dev.httpjson.cache;

import static dev.httpjson.cache.HttpCacheTest.date;
import static dev.httpjson.cache.HttpCacheTest.response;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpCache;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonOptions;
import dev.httpjson.contract.LoopbackServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Validation of stale entries (RFC 9111 section 4.3) and the stale-* extensions (RFC 5861). */
class HttpCacheValidationTest {
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

  private URI uri(String path) {
    return LoopbackServer.uri(server, path);
  }

  private HttpResponse<String> get(String path, String... headers) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri(path)).timeout(java.time.Duration.ofSeconds(5));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return client.send(b.build(), BodyHandlers.ofString());
  }

  private RecordedRequest take() throws InterruptedException {
    return LoopbackServer.take(server);
  }

  @Test
  void aStaleEntryWithAnETagIsValidatedAndA304AnswersWithTheStoredBodyAndUpdatedHeaders()
      throws Exception {
    server.enqueue(
        response(200, "one", "ETag", "\"v1\"", "Cache-Control", "max-age=0", "X-Version", "1"));
    server.enqueue(
        response(304, "", "ETag", "\"v1\"", "Cache-Control", "max-age=60", "X-Version", "2"));

    get("/a");
    HttpResponse<String> revalidated = get("/a");
    HttpResponse<String> fresh = get("/a");

    assertThat(revalidated.statusCode()).isEqualTo(200);
    assertThat(revalidated.body()).isEqualTo("one");
    assertThat(revalidated.headers().firstValue("X-Version")).contains("2");
    assertThat(HttpCache.outcome(revalidated)).contains(HttpCache.Outcome.REVALIDATED);
    assertThat(fresh.body()).isEqualTo("one");
    assertThat(HttpCache.outcome(fresh)).contains(HttpCache.Outcome.HIT);
    assertThat(fresh.headers().firstValue("X-Version")).contains("2");
    assertThat(server.getRequestCount()).isEqualTo(2);
    assertThat(take().getHeaders().get("If-None-Match")).isNull();
    assertThat(take().getHeaders().get("If-None-Match")).isEqualTo("\"v1\"");
    assertThat(cache.revalidationCount()).isEqualTo(1);
  }

  @Test
  void aStaleEntryWithLastModifiedIsValidatedWithIfModifiedSince() throws Exception {
    String modified = date(-3600);
    server.enqueue(response(200, "one", "Last-Modified", modified, "Cache-Control", "max-age=0"));
    server.enqueue(response(304, ""));

    get("/a");
    assertThat(get("/a").body()).isEqualTo("one");

    take();
    assertThat(take().getHeaders().get("If-Modified-Since")).isEqualTo(modified);
  }

  @Test
  void aChanged200ReplacesTheEntry() throws Exception {
    server.enqueue(response(200, "one", "ETag", "\"v1\"", "Cache-Control", "max-age=0"));
    server.enqueue(response(200, "two", "ETag", "\"v2\"", "Cache-Control", "max-age=0"));
    server.enqueue(response(304, "", "ETag", "\"v2\""));

    get("/a");
    assertThat(get("/a").body()).isEqualTo("two");
    assertThat(get("/a").body()).isEqualTo("two");

    take();
    take();
    assertThat(take().getHeaders().get("If-None-Match")).isEqualTo("\"v2\"");
  }

  @Test
  void a304ForAnotherValidatorIsNeverGivenToTheCallerTheRequestIsMadeWhole() throws Exception {
    for (String second : new String[] {"two", "three"}) {
      server.enqueue(response(200, "one", "ETag", "\"v1\"", "Cache-Control", "max-age=0"));
      server.enqueue(response(304, "", "ETag", "\"v2\""));
      server.enqueue(response(200, second, "ETag", "\"v2\"", "Cache-Control", "max-age=0"));
    }

    get("/a");
    HttpResponse<String> again = get("/a");
    get("/c");
    HttpResponse<String> async =
        client
            .sendAsync(
                HttpRequest.newBuilder(uri("/c")).timeout(java.time.Duration.ofSeconds(5)).build(),
                BodyHandlers.ofString())
            .get(10, TimeUnit.SECONDS);

    assertThat(again.statusCode()).isEqualTo(200);
    assertThat(again.body()).isEqualTo("two");
    assertThat(async.statusCode()).isEqualTo(200);
    assertThat(async.body()).isEqualTo("three");
    take();
    assertThat(take().getHeaders().get("If-None-Match")).isEqualTo("\"v1\"");
    assertThat(take().getHeaders().get("If-None-Match")).isNull();
  }

  @Test
  void cancellingTheCallerAbortsTheWholeRequestMadeAfterA304ForAnotherValidator() throws Exception {
    java.util.concurrent.atomic.AtomicInteger requests =
        new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.CountDownLatch third = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch aborted = new java.util.concurrent.CountDownLatch(1);
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              switch (requests.incrementAndGet()) {
                case 1 ->
                    dev.httpjson.contract.RawServer.write(
                        socket,
                        "HTTP/1.1 200 OK\r\nETag: \"v1\"\r\nCache-Control: max-age=0\r\n"
                            + "Content-Length: 3\r\nConnection: close\r\n\r\none");
                case 2 ->
                    dev.httpjson.contract.RawServer.write(
                        socket,
                        "HTTP/1.1 304 Not Modified\r\nETag: \"v2\"\r\n"
                            + "Connection: close\r\n\r\n");
                default -> {
                  third.countDown();
                  try {
                    while (socket.getInputStream().read() >= 0) {
                      // never answered: wait for the client to give up the exchange
                    }
                  } catch (java.io.IOException e) {
                    // reset by the client: given up too
                  }
                  aborted.countDown();
                  return;
                }
              }
              socket.close();
            })) {
      HttpRequest request =
          HttpRequest.newBuilder(raw.uri("/a")).timeout(java.time.Duration.ofSeconds(30)).build();
      assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("one");

      java.util.concurrent.CompletableFuture<HttpResponse<String>> call =
          client.sendAsync(request, BodyHandlers.ofString());
      assertThat(third.await(10, TimeUnit.SECONDS)).as("the whole request was sent").isTrue();
      assertThat(call.cancel(true)).isTrue();

      assertThat(aborted.await(10, TimeUnit.SECONDS))
          .as("the whole request's exchange was aborted with the caller's future")
          .isTrue();
      assertThat(call).isCancelled();
      assertThat(requests.get()).isEqualTo(3);
    }
  }

  @Test
  void aHeadResponseWithTheStoredValidatorFreshensTheStoredGet() throws Exception {
    server.enqueue(response(200, "one", "ETag", "\"v1\"", "Cache-Control", "max-age=0"));
    server.enqueue(
        response(200, "", "ETag", "\"v1\"", "Cache-Control", "max-age=60", "X-New", "1"));
    get("/a");

    client.send(
        HttpRequest.newBuilder(uri("/a"))
            .timeout(java.time.Duration.ofSeconds(5))
            .method("HEAD", HttpRequest.BodyPublishers.noBody())
            .build(),
        BodyHandlers.discarding());
    HttpResponse<String> fresh = get("/a");

    assertThat(fresh.body()).isEqualTo("one");
    assertThat(fresh.headers().firstValue("X-New")).contains("1");
    assertThat(HttpCache.outcome(fresh)).contains(HttpCache.Outcome.HIT);
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void theCallersOwnConditionIsAnsweredWithA304FromAFreshStoredResponse() throws Exception {
    String modified = date(-3600);
    server.enqueue(
        response(
            200,
            "one",
            "ETag",
            "\"v1\"",
            "Last-Modified",
            modified,
            "Cache-Control",
            "max-age=60"));
    get("/a");

    HttpResponse<String> tagged = get("/a", "If-None-Match", "\"v0\", W/\"v1\"");
    HttpResponse<String> dated = get("/a", "If-Modified-Since", modified);
    HttpResponse<String> other = get("/a", "If-None-Match", "\"v0\"");

    assertThat(tagged.statusCode()).isEqualTo(304);
    assertThat(tagged.body()).isEmpty();
    assertThat(tagged.headers().firstValue("ETag")).contains("\"v1\"");
    assertThat(HttpCache.outcome(tagged)).contains(HttpCache.Outcome.HIT);
    assertThat(dated.statusCode()).isEqualTo(304);
    assertThat(other.statusCode()).isEqualTo(200);
    assertThat(other.body()).isEqualTo("one");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void theOneLinersGetTheStoredValueOnA304NeverAFailure() throws Exception {
    server.enqueue(
        response(
            200,
            "\"a\"",
            "Content-Type",
            "application/json",
            "ETag",
            "\"v1\"",
            "Cache-Control",
            "no-cache"));
    server.enqueue(response(304, "", "ETag", "\"v1\""));
    HttpJsonClient api =
        HttpJsonClient.newBuilder(jdk)
            .baseUri(uri("/"))
            .options(JsonOptions.newBuilder().codec(new dev.httpjson.CountingCodec()).build())
            .cache(HttpCache.inMemory(1 << 20))
            .build();

    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
    HttpResponse<String> again =
        api.exchange(
            HttpRequest.newBuilder(uri("/x")).timeout(java.time.Duration.ofSeconds(5)).build(),
            String.class);

    assertThat(again.statusCode()).isEqualTo(200);
    assertThat(again.body()).isEqualTo("a");
    assertThat(HttpCache.outcome(again)).contains(HttpCache.Outcome.REVALIDATED);
    take();
    assertThat(take().getHeaders().get("If-None-Match")).isEqualTo("\"v1\"");
  }

  @Test
  void staleIfErrorServesTheStaleEntryWhenRevalidationAnswers5xx() throws Exception {
    server.enqueue(
        response(200, "one", "ETag", "\"v1\"", "Cache-Control", "max-age=0, stale-if-error=600"));
    server.enqueue(response(503, "down"));
    server.enqueue(response(200, "two", "ETag", "\"v1\"", "Cache-Control", "max-age=0"));
    server.enqueue(response(503, "down"));

    get("/a");
    HttpResponse<String> stale = get("/a");
    assertThat(stale.statusCode()).isEqualTo(200);
    assertThat(stale.body()).isEqualTo("one");
    assertThat(HttpCache.outcome(stale)).contains(HttpCache.Outcome.HIT);

    cache.clear();
    get("/a"); // "two", without stale-if-error
    assertThat(get("/a").statusCode()).isEqualTo(503);
  }

  @Test
  void staleWhileRevalidateServesStaleAndRevalidatesInTheBackground() throws Exception {
    server.enqueue(
        response(
            200,
            "one",
            "ETag",
            "\"v1\"",
            "Cache-Control",
            "max-age=1, stale-while-revalidate=600",
            "Age",
            "2"));
    server.enqueue(response(200, "two", "ETag", "\"v2\"", "Cache-Control", "max-age=60"));

    get("/a");
    HttpResponse<String> stale = get("/a");
    assertThat(stale.body()).isEqualTo("one");
    assertThat(HttpCache.outcome(stale)).contains(HttpCache.Outcome.HIT);

    take();
    RecordedRequest background = server.takeRequest(10, TimeUnit.SECONDS);
    assertThat(background).isNotNull();
    assertThat(background.getHeaders().get("If-None-Match")).isEqualTo("\"v1\"");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    String body = get("/a").body();
    while (!body.equals("two") && System.nanoTime() < deadline) {
      Thread.sleep(10);
      body = get("/a").body();
    }
    assertThat(body).isEqualTo("two");
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void aBackgroundValidationWhoseBodyStallsEndsWithinTheRequestsTimeout(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.util.concurrent.atomic.AtomicInteger requests =
        new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.CountDownLatch stalled = new java.util.concurrent.CountDownLatch(1);
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              int n = requests.incrementAndGet();
              String fields =
                  "HTTP/1.1 200 OK\r\nCache-Control: max-age=0, stale-while-revalidate=600\r\n"
                      + "ETag: \"v"
                      + n
                      + "\"\r\n";
              if (n == 2) {
                // A changed body that stops after its first bytes, on a connection left open.
                dev.httpjson.contract.RawServer.write(
                    socket, fields + "Content-Length: 100000\r\n\r\nstalled");
                stalled.countDown();
                socket.getInputStream().read(); // until the client (or the test) closes it
                return;
              }
              dev.httpjson.contract.RawServer.write(
                  socket, fields + "Content-Length: 3\r\nConnection: close\r\n\r\none");
              socket.close();
            })) {
      HttpClient disk = HttpCache.onDisk(dir, 1 << 20).decorate(jdk);
      HttpRequest request =
          HttpRequest.newBuilder(raw.uri("/a")).timeout(java.time.Duration.ofSeconds(1)).build();
      disk.send(request, BodyHandlers.ofString());
      assertThat(disk.send(request, BodyHandlers.ofString()).body()).isEqualTo("one");
      assertThat(stalled.await(10, TimeUnit.SECONDS)).isTrue();

      // Once the validation gave up (within the request's timeout), a stale answer validates again.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (requests.get() < 3 && System.nanoTime() < deadline) {
        assertThat(disk.send(request, BodyHandlers.ofString()).body()).isEqualTo("one");
        Thread.sleep(100);
      }
      assertThat(requests.get()).as("validations sent").isGreaterThanOrEqualTo(3);
      try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(dir)) {
        assertThat(files.map(p -> p.getFileName().toString()))
            .as("the stalled body's file")
            .noneMatch(name -> name.endsWith(".tmp"));
      }
    }
  }

  @Test
  void aKeyWhoseBackgroundValidationFoundTheQueueFullIsValidatedInTheBackgroundLater()
      throws Exception {
    java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);
    java.util.Set<String> validated = java.util.concurrent.ConcurrentHashMap.newKeySet();
    server.setDispatcher(
        new mockwebserver3.Dispatcher() {
          @Override
          public mockwebserver3.MockResponse dispatch(RecordedRequest request)
              throws InterruptedException {
            String cc = "max-age=0, stale-while-revalidate=600";
            if (request.getHeaders().get("If-None-Match") == null) {
              return response(200, "stored", "ETag", "\"1\"", "Cache-Control", cc);
            }
            gate.await(10, TimeUnit.SECONDS); // validations wait until the queue was filled
            validated.add(request.getUrl().encodedPath());
            return response(304, "", "ETag", "\"1\"", "Cache-Control", cc);
          }
        });
    int keys = 80; // more than the two threads and the queue of the background take at once
    for (int i = 0; i < keys; i++) {
      get("/" + i);
    }
    for (int i = 0; i < keys; i++) {
      assertThat(get("/" + i).body()).isEqualTo("stored"); // stale: validated in the background
    }
    gate.countDown();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      for (int i = 0; i < keys; i++) {
        if (!validated.contains("/" + i)) {
          get("/" + i); // stale again: validated in the background, unless one is under way
        }
      }
      if (validated.size() == keys) {
        break;
      }
      Thread.sleep(100);
    }
    assertThat(validated).as("paths validated").hasSize(keys);
  }
}
