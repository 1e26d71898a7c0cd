package dev.httpjson.cache;

import static dev.httpjson.cache.HttpCacheTest.response;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpCache;
import dev.httpjson.contract.LoopbackServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The disk store: restarts, bounds, corruption, credentials and concurrency. */
class DiskCacheTest {
  private final HttpClient jdk = HttpClient.newHttpClient();
  private MockWebServer server;
  @TempDir Path dir;

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

  private static HttpResponse<String> get(HttpClient client, URI uri, String... headers)
      throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(java.time.Duration.ofSeconds(5));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return client.send(b.build(), BodyHandlers.ofString());
  }

  private List<Path> entries() throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isRegularFile).toList();
    }
  }

  @Test
  void entriesSurviveARestart() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60"));
    get(HttpCache.onDisk(dir, 1 << 20).decorate(jdk), uri("/a"));

    HttpResponse<String> again = get(HttpCache.onDisk(dir, 1 << 20).decorate(jdk), uri("/a"));

    assertThat(again.body()).isEqualTo("one");
    assertThat(HttpCache.outcome(again)).contains(HttpCache.Outcome.HIT);
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void a304ServesTheStoredBodyReadOnlyAndTheEntryItRewritesSurvivesARestart() throws Exception {
    server.enqueue(response(200, "one", "ETag", "\"v1\"", "Cache-Control", "max-age=0"));
    server.enqueue(
        response(304, "", "ETag", "\"v1\"", "Cache-Control", "max-age=60", "X-Version", "2"));
    HttpClient before = HttpCache.onDisk(dir, 1 << 20).decorate(jdk);
    get(before, uri("/a"));
    HttpCacheTest.Buffers seen = new HttpCacheTest.Buffers();
    HttpResponse<Void> revalidated =
        before.send(
            HttpRequest.newBuilder(uri("/a")).timeout(java.time.Duration.ofSeconds(5)).build(),
            BodyHandlers.fromSubscriber(seen));

    HttpResponse<String> after = get(HttpCache.onDisk(dir, 1 << 20).decorate(jdk), uri("/a"));

    assertThat(HttpCache.outcome(revalidated)).contains(HttpCache.Outcome.REVALIDATED);
    assertThat(seen.bytes).isEqualTo(3);
    assertThat(seen.writable).isZero();
    assertThat(after.body()).isEqualTo("one");
    assertThat(after.headers().firstValue("X-Version")).contains("2");
    assertThat(HttpCache.outcome(after)).contains(HttpCache.Outcome.HIT);
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void theVariantsOfAUriSurviveARestart() throws Exception {
    server.enqueue(response(200, "en", "Cache-Control", "max-age=60", "Vary", "Accept-Language"));
    server.enqueue(response(200, "fr", "Cache-Control", "max-age=60", "Vary", "Accept-Language"));
    HttpClient before = HttpCache.onDisk(dir, 1 << 20).decorate(jdk);
    get(before, uri("/a"), "Accept-Language", "en");
    get(before, uri("/a"), "Accept-Language", "fr");

    HttpClient after = HttpCache.onDisk(dir, 1 << 20).decorate(jdk);

    assertThat(get(after, uri("/a"), "Accept-Language", "fr").body()).isEqualTo("fr");
    assertThat(get(after, uri("/a"), "Accept-Language", "en").body()).isEqualTo("en");
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void theLeastRecentlyUsedEntryGoesWhenTheBoundIsReached() throws Exception {
    HttpCache cache = HttpCache.onDisk(dir, 10_000);
    HttpClient client = cache.decorate(jdk);
    String body = "z".repeat(2000);
    for (int i = 0; i < 8; i++) {
      server.enqueue(response(200, body + i, "Cache-Control", "max-age=60"));
    }
    for (int i = 0; i < 4; i++) {
      get(client, uri("/" + i));
    }
    get(client, uri("/0")); // used: /1 is now the least recently used
    get(client, uri("/4"));
    get(client, uri("/5"));

    assertThat(cache.size()).isLessThanOrEqualTo(10_000);
    assertThat(get(client, uri("/0")).body()).isEqualTo(body + 0);
    assertThat(HttpCache.outcome(get(client, uri("/1")))).contains(HttpCache.Outcome.MISS);
    long bytes = 0;
    for (Path p : entries()) {
      bytes += Files.size(p);
    }
    assertThat(bytes).isLessThanOrEqualTo(10_000);
  }

  @Test
  void aTruncatedOrCorruptedEntryIsAMissAndIsDeleted() throws Exception {
    server.enqueue(response(200, "one", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "two", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "three", "Cache-Control", "max-age=60"));
    get(HttpCache.onDisk(dir, 1 << 20).decorate(jdk), uri("/a"));
    Path entry = entries().get(0);
    byte[] bytes = Files.readAllBytes(entry);
    Files.write(entry, java.util.Arrays.copyOf(bytes, bytes.length / 2));

    HttpClient restarted = HttpCache.onDisk(dir, 1 << 20).decorate(jdk);
    assertThat(get(restarted, uri("/a")).body()).isEqualTo("two");

    Path again = entries().get(0);
    byte[] flipped = Files.readAllBytes(again);
    flipped[flipped.length / 2] ^= 0x55;
    Files.write(again, flipped);
    assertThat(get(HttpCache.onDisk(dir, 1 << 20).decorate(jdk), uri("/a")).body())
        .isEqualTo("three");
  }

  @Test
  void theDiskStoreNeverWritesARequestsCredentials() throws Exception {
    server.enqueue(
        response(
            200,
            "mine",
            "Cache-Control",
            "private, max-age=60",
            "Vary",
            "Authorization",
            "Set-Cookie",
            "sid=n3w-c00kie"));
    HttpClient client = HttpCache.onDisk(dir, 1 << 20).decorate(jdk);

    get(client, uri("/me"), "Authorization", "Bearer s3cr3t-token", "Cookie", "sid=c00kie-value");

    assertThat(entries()).isNotEmpty();
    for (Path p : entries()) {
      String text = new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
      assertThat(text)
          .doesNotContain("s3cr3t-token")
          .doesNotContain("c00kie-value")
          .doesNotContain("n3w-c00kie");
      assertThat(p.getFileName().toString()).doesNotContain("s3cr3t");
    }
    assertThat(
            get(
                    client,
                    uri("/me"),
                    "Authorization",
                    "Bearer s3cr3t-token",
                    "Cookie",
                    "sid=c00kie-value")
                .body())
        .isEqualTo("mine");
  }

  @Test
  void aStreamedBodyIsWrittenWhileReadAndPublishedOnlyWhenWhole() throws Exception {
    String body = "s".repeat(1_000_000);
    server.enqueue(response(200, body, "Cache-Control", "max-age=60"));
    server.enqueue(response(200, body, "Cache-Control", "max-age=60"));
    HttpClient client = HttpCache.onDisk(dir, 10_000_000).decorate(jdk);
    HttpRequest request =
        HttpRequest.newBuilder(uri("/s")).timeout(java.time.Duration.ofSeconds(5)).build();

    try (java.io.InputStream in = client.send(request, BodyHandlers.ofInputStream()).body()) {
      assertThat(in.readNBytes(10)).hasSize(10);
      assertThat(names()).allMatch(n -> n.endsWith(".tmp")).hasSize(1);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!names().isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(names()).isEmpty();

    try (java.io.InputStream in = client.send(request, BodyHandlers.ofInputStream()).body()) {
      assertThat(in.readNBytes(500_000)).hasSize(500_000);
      assertThat(names()).noneMatch(n -> n.endsWith(".entry"));
      assertThat(in.readAllBytes()).hasSize(500_000);
    }
    assertThat(names()).hasSize(1).allMatch(n -> n.endsWith(".entry"));
    HttpResponse<String> hit = client.send(request, BodyHandlers.ofString());
    assertThat(hit.body()).isEqualTo(body);
    assertThat(HttpCache.outcome(hit)).contains(HttpCache.Outcome.HIT);
  }

  private List<String> names() throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).toList();
    }
  }

  @Test
  void aLargeEntryIsServedFromItsFileAfterARestartA304AndARange() throws Exception {
    String body = "L".repeat(1_500_000) + "end";
    server.enqueue(response(200, body, "Cache-Control", "max-age=60", "ETag", "\"v1\""));
    server.enqueue(
        response(304, "", "ETag", "\"v1\"", "Cache-Control", "max-age=60", "X-New", "1"));
    get(HttpCache.onDisk(dir, 20_000_000).decorate(jdk), uri("/big"));
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);

    HttpRequest request =
        HttpRequest.newBuilder(uri("/big")).timeout(java.time.Duration.ofSeconds(5)).build();
    try (java.io.InputStream in = client.send(request, BodyHandlers.ofInputStream()).body()) {
      assertThat(in.readNBytes(3)).containsExactly('L', 'L', 'L');
    }
    HttpResponse<String> hit = get(client, uri("/big"));
    HttpResponse<String> tail = get(client, uri("/big"), "Range", "bytes=-3");
    HttpResponse<String> revalidated = get(client, uri("/big"), "Cache-Control", "no-cache");
    HttpResponse<String> after = get(client, uri("/big"));

    assertThat(hit.body()).isEqualTo(body);
    assertThat(HttpCache.outcome(hit)).contains(HttpCache.Outcome.HIT);
    assertThat(tail.statusCode()).isEqualTo(206);
    assertThat(tail.body()).isEqualTo("end");
    assertThat(revalidated.body()).isEqualTo(body);
    assertThat(HttpCache.outcome(revalidated)).contains(HttpCache.Outcome.REVALIDATED);
    assertThat(after.body()).isEqualTo(body);
    assertThat(after.headers().firstValue("X-New")).contains("1");
    assertThat(HttpCache.outcome(after)).contains(HttpCache.Outcome.HIT);
    assertThat(server.getRequestCount()).isEqualTo(2);
    assertThat(names()).hasSize(1);
  }

  @Test
  void concurrentThreadsShareOneDirectory() throws Exception {
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            return response(200, "body of " + request.getTarget(), "Cache-Control", "max-age=60");
          }
        });
    HttpClient one = HttpCache.onDisk(dir, 1 << 20).decorate(jdk);
    HttpClient two = HttpCache.onDisk(dir, 1 << 20).decorate(jdk);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        HttpClient client = t % 2 == 0 ? one : two;
        futures.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 40; i++) {
                    String path = "/" + (i % 10);
                    assertThat(get(client, uri(path)).body()).isEqualTo("body of " + path);
                  }
                  return null;
                }));
      }
      for (Future<?> f : futures) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(server.getRequestCount()).isLessThan(8 * 40);
    try (Stream<Path> s = Files.list(dir)) {
      assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains(".tmp"));
    }
  }
}
