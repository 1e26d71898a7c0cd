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
  void theDiskStoreKeysByApiKeyHeadersAndNeverWritesThem() throws Exception {
    server.enqueue(response(200, "for a", "Cache-Control", "private, max-age=60"));
    server.enqueue(response(200, "for b", "Cache-Control", "private, max-age=60"));
    get(HttpCache.onDisk(dir, 1 << 20).decorate(jdk), uri("/me"), "X-Api-Key", "s3cr3t-key-a");
    HttpClient restarted = HttpCache.onDisk(dir, 1 << 20).decorate(jdk);

    assertThat(get(restarted, uri("/me"), "X-Api-Key", "s3cr3t-key-b").body()).isEqualTo("for b");
    assertThat(get(restarted, uri("/me"), "X-Api-Key", "s3cr3t-key-a").body()).isEqualTo("for a");
    assertThat(server.getRequestCount()).isEqualTo(2);
    for (Path p : entries()) {
      String text = new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
      assertThat(text).doesNotContain("s3cr3t-key");
    }
  }

  @Test
  void neitherALargeBodysFileNorTheFieldsA304RewritesHoldARequestsCredentials() throws Exception {
    String body = "P".repeat(1_200_000);
    server.enqueue(
        response(
            200,
            body,
            "Cache-Control",
            "private, max-age=0",
            "ETag",
            "\"1\"",
            "Vary",
            "Authorization, Cookie",
            "Set-Cookie",
            "sid=n3w-c00kie"));
    server.enqueue(
        response(
            304,
            "",
            "ETag",
            "\"1\"",
            "Cache-Control",
            "private, max-age=60",
            "Set-Cookie",
            "sid=an0ther-c00kie"));
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    String[] credentials = {"Authorization", "Bearer s3cr3t-token", "Cookie", "sid=c00kie-value"};

    get(client, uri("/me"), credentials);
    HttpResponse<String> revalidated = get(client, uri("/me"), credentials);

    assertThat(revalidated.body()).isEqualTo(body);
    assertThat(names()).anyMatch(n -> n.endsWith(".body"));
    for (Path p : entries()) {
      String text = new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
      assertThat(text)
          .doesNotContain("s3cr3t-token")
          .doesNotContain("c00kie-value")
          .doesNotContain("n3w-c00kie")
          .doesNotContain("an0ther-c00kie");
    }
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
    assertThat(names()) // the entry's fields, and its body in a file of its own
        .hasSize(2)
        .anyMatch(n -> n.endsWith(".entry"))
        .anyMatch(n -> n.endsWith(".body"));
  }

  /** The large files of the directory (over 1 MiB), by name, with their identity on disk. */
  private java.util.Map<String, Object> largeFiles() throws Exception {
    java.util.Map<String, Object> large = new java.util.TreeMap<>();
    for (Path p : entries()) {
      java.nio.file.attribute.BasicFileAttributes a =
          Files.readAttributes(p, java.nio.file.attribute.BasicFileAttributes.class);
      if (a.size() > 1 << 20) {
        large.put(p.getFileName().toString(), a.fileKey());
      }
    }
    return large;
  }

  @Test
  void a304OfALargeEntryWritesOnlyItsFieldsAndAReplacedBodyIsDeleted() throws Exception {
    String body = "L".repeat(1_500_000);
    server.enqueue(response(200, body, "Cache-Control", "max-age=0", "ETag", "\"v1\""));
    server.enqueue(response(304, "", "ETag", "\"v1\"", "Cache-Control", "max-age=0", "X-New", "1"));
    server.enqueue(response(304, "", "ETag", "\"v1\"", "Cache-Control", "max-age=0", "X-New", "2"));
    server.enqueue(response(200, "M".repeat(1_200_000), "Cache-Control", "max-age=60"));
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    get(client, uri("/big"));
    java.util.Map<String, Object> before = largeFiles();

    HttpResponse<String> revalidated = get(client, uri("/big"));
    // the body was neither copied nor rewritten (checked after one 304: a file system may give
    // a later file the number of one deleted before)
    assertThat(largeFiles()).isEqualTo(before).hasSize(1);
    HttpResponse<String> again = get(HttpCache.onDisk(dir, 20_000_000).decorate(jdk), uri("/big"));

    assertThat(revalidated.body()).isEqualTo(body);
    assertThat(HttpCache.outcome(revalidated)).contains(HttpCache.Outcome.REVALIDATED);
    assertThat(again.body()).isEqualTo(body);
    assertThat(again.headers().firstValue("X-New")).contains("2");
    assertThat(largeFiles()).isEqualTo(before);
    long total = 0;
    for (Path p : entries()) {
      total += Files.size(p);
    }
    assertThat(total).isLessThan(1_500_000 + 64 * 1024);

    HttpResponse<String> replaced = get(client, uri("/big"), "Cache-Control", "no-cache");
    assertThat(replaced.body()).startsWith("MMM");
    assertThat(largeFiles()).hasSize(1).doesNotContainKeys(before.keySet().toArray(new String[0]));
    assertThat(get(client, uri("/big")).body()).isEqualTo("M".repeat(1_200_000));
    assertThat(server.getRequestCount()).isEqualTo(4);
  }

  @Test
  void aLargeEntryWhoseBodyFileIsGoneOrDamagedIsAMissAndAnOrphanedBodyGoesAtStart()
      throws Exception {
    String body = "B".repeat(1_300_000);
    for (int i = 0; i < 4; i++) {
      server.enqueue(response(200, body + i, "Cache-Control", "max-age=60"));
    }
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    get(client, uri("/one"));
    get(client, uri("/two"));
    List<Path> bodies = entries().stream().filter(p -> p.toString().endsWith(".body")).toList();
    assertThat(bodies).hasSize(2);
    Files.delete(bodies.get(0));
    try (java.nio.channels.FileChannel c =
        java.nio.channels.FileChannel.open(bodies.get(1), java.nio.file.StandardOpenOption.WRITE)) {
      c.truncate(1_000_000);
    }

    HttpResponse<String> one = get(client, uri("/one"));
    HttpResponse<String> two = get(client, uri("/two"));

    assertThat(HttpCache.outcome(one)).contains(HttpCache.Outcome.MISS);
    assertThat(HttpCache.outcome(two)).contains(HttpCache.Outcome.MISS);
    assertThat(List.of(one.body(), two.body())).containsExactly(body + 2, body + 3);
    assertThat(names()).hasSize(4).noneMatch(n -> bodies.contains(dir.resolve(n)));
    // A body a writer that died left without its entry goes at start, once old enough.
    Path orphan = dir.resolve("0123456789abcdef0123456789abcdef-get.0123.body");
    Files.write(orphan, new byte[100]);
    Files.setLastModifiedTime(
        orphan,
        java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
    HttpCache.onDisk(dir, 20_000_000);
    assertThat(Files.exists(orphan)).isFalse();
    assertThat(names()).hasSize(4);
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
  void aHeadWhoseStoredGetHasItsBodyFileGoneOrTruncatedIsAMissThatDropsTheEntry(boolean restart)
      throws Exception {
    String body = "H".repeat(1_300_000);
    server.enqueue(response(200, body + 1, "Cache-Control", "max-age=60", "ETag", "\"1\""));
    server.enqueue(response(200, body + 2, "Cache-Control", "max-age=60", "ETag", "\"2\""));
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    get(client, uri("/gone"));
    get(client, uri("/cut"));
    List<Path> bodies = entries().stream().filter(p -> p.toString().endsWith(".body")).toList();
    assertThat(bodies).hasSize(2);
    // Between two runs: one body file deleted by hand, the other cut short; the entries' files,
    // their fields, intact.
    Path gone = isBodyOf(bodies.get(0), body + 1) ? bodies.get(0) : bodies.get(1);
    Path cut = gone == bodies.get(0) ? bodies.get(1) : bodies.get(0);
    Files.delete(gone);
    try (java.nio.channels.FileChannel c =
        java.nio.channels.FileChannel.open(cut, java.nio.file.StandardOpenOption.WRITE)) {
      c.truncate(1_000_000);
    }
    HttpClient restarted = restart ? HttpCache.onDisk(dir, 20_000_000).decorate(jdk) : client;
    assertThat(names()).hasSize(3); // the two entries and the intact part of one body

    for (String path : List.of("/gone", "/cut")) {
      server.enqueue(response(200, "", "Cache-Control", "max-age=60", "ETag", "\"3\""));
      HttpResponse<String> head =
          restarted.send(
              HttpRequest.newBuilder(uri(path))
                  .method("HEAD", HttpRequest.BodyPublishers.noBody())
                  .timeout(java.time.Duration.ofSeconds(5))
                  .build(),
              BodyHandlers.ofString());
      assertThat(HttpCache.outcome(head)).as(path).contains(HttpCache.Outcome.MISS);
      assertThat(head.headers().firstValue("ETag")).as(path).contains("\"3\"");
    }
    assertThat(server.getRequestCount()).isEqualTo(4); // both HEADs went to the origin
    assertThat(names()).as("the damaged entries are dropped").isEmpty();

    server.enqueue(response(200, "again", "Cache-Control", "max-age=60"));
    HttpResponse<String> get = get(restarted, uri("/cut"));
    assertThat(HttpCache.outcome(get)).contains(HttpCache.Outcome.MISS);
    assertThat(get.body()).isEqualTo("again");
  }

  /** Whether the body file {@code p} holds {@code body} (it holds the entry's fields first). */
  private static boolean isBodyOf(Path p, String body) throws java.io.IOException {
    byte[] tail = body.substring(body.length() - 8).getBytes(StandardCharsets.UTF_8);
    byte[] all = Files.readAllBytes(p);
    byte[] end = java.util.Arrays.copyOfRange(all, all.length - 16 - tail.length, all.length - 16);
    return java.util.Arrays.equals(end, tail);
  }

  /** The bytes this process has read with read system calls, files and sockets alike. */
  private static long bytesRead() throws Exception {
    for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
      if (line.startsWith("rchar:")) {
        return Long.parseLong(line.substring(6).trim());
      }
    }
    throw new AssertionError("no rchar in /proc/self/io");
  }

  @Test
  void aLargeBodyOnDiskIsReadOnceWhenServed() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isReadable(Path.of("/proc/self/io")), "counts reads from /proc/self/io (Linux)");
    String body = "R".repeat(8_000_000);
    server.enqueue(response(200, body, "Cache-Control", "max-age=60"));
    HttpClient client = HttpCache.onDisk(dir, 64_000_000).decorate(jdk);
    get(client, uri("/big"));
    assertThat(HttpCache.outcome(get(client, uri("/big")))).contains(HttpCache.Outcome.HIT);

    long before = bytesRead();
    HttpResponse<String> hit = get(client, uri("/big"));
    long read = bytesRead() - before;

    assertThat(hit.body()).isEqualTo(body);
    assertThat(read).as("bytes read to serve an 8,000,000-byte body").isLessThan(12_000_000);
  }

  @Test
  void aLargeBodyDamagedOnDiskFailsTheCallInsteadOfEndingAndItsEntryGoes() throws Exception {
    String body = "D".repeat(1_300_000);
    server.enqueue(response(200, body, "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "fresh", "Cache-Control", "max-age=60"));
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    get(client, uri("/d"));
    Path file = entries().stream().filter(p -> p.toString().endsWith(".body")).findFirst().get();
    try (java.nio.channels.FileChannel c =
        java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
      c.write(java.nio.ByteBuffer.wrap(new byte[] {'X'}), 700_000);
    }

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> get(client, uri("/d")))
        .isInstanceOf(java.io.IOException.class)
        .hasMessageContaining("damaged");
    HttpResponse<String> after = get(client, uri("/d"));

    assertThat(after.body()).isEqualTo("fresh");
    assertThat(HttpCache.outcome(after)).contains(HttpCache.Outcome.MISS);
    assertThat(Files.exists(file)).isFalse();
  }

  /**
   * A damaged body found as it is served removes its own entry, not the newer one that replaced it
   * while it was being read.
   */
  @Test
  void aDamagedBodyFoundAfterItsEntryWasReplacedLeavesTheNewerEntryStored() throws Exception {
    String body = "D".repeat(1_300_000);
    server.enqueue(response(200, body, "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "fresh", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "third", "Cache-Control", "max-age=60"));
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    get(client, uri("/d"));
    Path file = entries().stream().filter(p -> p.toString().endsWith(".body")).findFirst().get();
    try (java.nio.channels.FileChannel c =
        java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
      c.write(java.nio.ByteBuffer.wrap(new byte[] {'X'}), 700_000);
    }
    java.util.concurrent.CompletableFuture<java.util.concurrent.Flow.Subscription> subscribed =
        new java.util.concurrent.CompletableFuture<>();
    java.util.concurrent.CompletableFuture<Throwable> failed =
        new java.util.concurrent.CompletableFuture<>();
    client.sendAsync(
        HttpRequest.newBuilder(uri("/d")).timeout(java.time.Duration.ofSeconds(5)).build(),
        BodyHandlers.fromSubscriber(
            new java.util.concurrent.Flow.Subscriber<List<java.nio.ByteBuffer>>() {
              @Override
              public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
                subscribed.complete(s);
              }

              @Override
              public void onNext(List<java.nio.ByteBuffer> item) {}

              @Override
              public void onError(Throwable throwable) {
                failed.complete(throwable);
              }

              @Override
              public void onComplete() {
                failed.completeExceptionally(new AssertionError("a damaged body ended"));
              }
            }));
    java.util.concurrent.Flow.Subscription reading = subscribed.get(10, TimeUnit.SECONDS);

    HttpResponse<String> replaced = get(client, uri("/d"), "Cache-Control", "no-cache");
    assertThat(replaced.body()).isEqualTo("fresh");
    reading.request(Long.MAX_VALUE);
    assertThat(failed.get(10, TimeUnit.SECONDS)).hasMessageContaining("damaged");

    HttpResponse<String> after = get(client, uri("/d"));
    assertThat(after.body()).isEqualTo("fresh");
    assertThat(HttpCache.outcome(after)).contains(HttpCache.Outcome.HIT);
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  /**
   * A 304 for an entry whose body is in its own entry file (a body of 1 MiB, the largest kept
   * inline) rewrites the entry with its body copied; when that file turns out damaged as it is
   * copied, the copy is dropped: no temporary file stays in the directory, none stays open, and the
   * room set aside for it is given back.
   */
  @Test
  void aDamagedBodyFoundWhileA304CopiesItLeavesNoTemporaryFileBehind() throws Exception {
    String body = "E".repeat(1 << 20);
    server.enqueue(response(200, body, "ETag", "\"v1\"", "Cache-Control", "max-age=0"));
    server.enqueue(response(304, "", "ETag", "\"v1\"", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "fresh", "Cache-Control", "max-age=60"));
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    get(client, uri("/e"));
    List<Path> stored = entries();
    assertThat(stored).hasSize(1);
    Path file = stored.get(0);
    assertThat(file.toString()).endsWith(".entry");
    try (java.nio.channels.FileChannel c =
        java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
      c.write(java.nio.ByteBuffer.wrap(new byte[] {'X'}), 500_000);
    }

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> get(client, uri("/e")))
        .isInstanceOf(java.io.IOException.class)
        .hasMessageContaining("damaged");

    assertThat(entries()).noneMatch(p -> p.toString().endsWith(".tmp"));
    HttpResponse<String> after = get(client, uri("/e"));
    assertThat(after.body()).isEqualTo("fresh");
  }

  @Test
  void aRangeOfALargeBodyOnDiskIsServedOnlyFromAnUndamagedFile() throws Exception {
    StringBuilder b = new StringBuilder();
    for (int i = 0; b.length() < 1_300_000; i++) {
      b.append(i % 10);
    }
    String body = b.toString();
    server.enqueue(response(200, body, "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "fresh", "Cache-Control", "max-age=60"));
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    get(client, uri("/r"));

    HttpResponse<String> range = get(client, uri("/r"), "Range", "bytes=1000000-1000009");
    assertThat(range.statusCode()).isEqualTo(206);
    assertThat(range.body()).isEqualTo(body.substring(1_000_000, 1_000_010));

    Path file = entries().stream().filter(p -> p.toString().endsWith(".body")).findFirst().get();
    try (java.nio.channels.FileChannel c =
        java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
      c.write(java.nio.ByteBuffer.wrap(new byte[] {'X'}), 100_000);
    }
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> get(client, uri("/r"), "Range", "bytes=1000000-1000009"))
        .isInstanceOf(java.io.IOException.class)
        .hasMessageContaining("damaged");
    assertThat(get(client, uri("/r")).body()).isEqualTo("fresh");
  }

  private long bytesInDirectory() throws Exception {
    long bytes = 0;
    for (Path p : entries()) {
      try {
        bytes += Files.size(p);
      } catch (java.nio.file.NoSuchFileException e) {
        // removed meanwhile
      }
    }
    return bytes;
  }

  @Test
  void bodiesBeingWrittenCountAgainstTheBoundOfTheDirectory() throws Exception {
    String big = "w".repeat(400_000);
    for (int i = 0; i < 8; i++) {
      // 390,000 bytes at once, the rest a second later: the eight bodies are written side by side.
      server.enqueue(
          new MockResponse.Builder()
              .code(200)
              .addHeader("Cache-Control", "max-age=60")
              .body(big)
              .throttleBody(390_000, 1, TimeUnit.SECONDS)
              .build());
    }
    HttpClient client = HttpCache.onDisk(dir, 2_000_000).decorate(jdk);
    List<java.io.InputStream> reading = new ArrayList<>();
    try {
      org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
          java.time.Duration.ofSeconds(20),
          () -> {
            for (int i = 0; i < 8; i++) {
              HttpRequest request =
                  HttpRequest.newBuilder(uri("/w" + i))
                      .timeout(java.time.Duration.ofSeconds(5))
                      .build();
              java.io.InputStream in = client.send(request, BodyHandlers.ofInputStream()).body();
              reading.add(in);
              assertThat(in.readNBytes(390_000)).hasSize(390_000);
            }
            assertThat(bytesInDirectory())
                .as("bytes in the directory while 8 bodies of 400,000 bytes are being written")
                .isLessThanOrEqualTo(2_000_000);
            for (java.io.InputStream in : reading) {
              assertThat(in.readAllBytes()).hasSize(10_000);
            }
          });
    } finally {
      for (java.io.InputStream in : reading) {
        in.close();
      }
    }
    assertThat(bytesInDirectory()).isLessThanOrEqualTo(2_000_000);
  }

  /** The open file descriptors of this process on files whose name ends with {@code suffix}. */
  private static long openFiles(String suffix) throws Exception {
    long n = 0;
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      for (Path fd : fds.toList()) {
        try {
          if (Files.readSymbolicLink(fd).toString().endsWith(suffix)) {
            n++;
          }
        } catch (java.io.IOException e) {
          // closed meanwhile
        }
      }
    }
    return n;
  }

  @Test
  void anAsyncHitCancelledBeforeItsBodyIsReadClosesItsFileAndTellsTheSubscriber() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isDirectory(Path.of("/proc/self/fd")), "counts files from /proc/self/fd");
    String body = "F".repeat(1_200_000);
    server.enqueue(response(200, body, "Cache-Control", "max-age=60"));
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    get(client, uri("/f"));
    java.util.concurrent.CompletableFuture<java.util.concurrent.Flow.Subscription> subscribed =
        new java.util.concurrent.CompletableFuture<>();
    java.util.concurrent.CompletableFuture<Throwable> told =
        new java.util.concurrent.CompletableFuture<>();
    java.util.concurrent.Flow.Subscriber<List<java.nio.ByteBuffer>> lazy =
        new java.util.concurrent.Flow.Subscriber<>() {
          @Override
          public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
            subscribed.complete(s); // asks for nothing yet
          }

          @Override
          public void onNext(List<java.nio.ByteBuffer> item) {}

          @Override
          public void onError(Throwable throwable) {
            told.complete(throwable);
          }

          @Override
          public void onComplete() {
            told.complete(null);
          }
        };

    java.util.concurrent.CompletableFuture<HttpResponse<Void>> call =
        client.sendAsync(
            HttpRequest.newBuilder(uri("/f")).timeout(java.time.Duration.ofSeconds(5)).build(),
            BodyHandlers.fromSubscriber(lazy));
    subscribed.get(5, TimeUnit.SECONDS);
    assertThat(openFiles(".body")).as("the stored body's file, open to be read").isEqualTo(1);
    call.cancel(true);

    assertThat(told.get(5, TimeUnit.SECONDS)).as("the subscriber told").isNotNull();
    assertThat(openFiles(".body")).as("files left open").isZero();
  }

  @Test
  void anAsyncRevalidationCancelledBeforeItsBodyIsReadClosesItsFileAndTellsTheSubscriber()
      throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isDirectory(Path.of("/proc/self/fd")), "counts files from /proc/self/fd");
    String body = "V".repeat(1_200_000);
    server.enqueue(response(200, body, "Cache-Control", "max-age=0", "ETag", "\"1\""));
    server.enqueue(response(304, "", "Cache-Control", "max-age=0", "ETag", "\"1\""));
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    get(client, uri("/v"));
    java.util.concurrent.CompletableFuture<java.util.concurrent.Flow.Subscription> subscribed =
        new java.util.concurrent.CompletableFuture<>();
    java.util.concurrent.CompletableFuture<Throwable> told =
        new java.util.concurrent.CompletableFuture<>();
    java.util.concurrent.Flow.Subscriber<List<java.nio.ByteBuffer>> lazy =
        new java.util.concurrent.Flow.Subscriber<>() {
          @Override
          public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
            subscribed.complete(s); // asks for nothing yet
          }

          @Override
          public void onNext(List<java.nio.ByteBuffer> item) {}

          @Override
          public void onError(Throwable throwable) {
            told.complete(throwable);
          }

          @Override
          public void onComplete() {
            told.complete(null);
          }
        };

    java.util.concurrent.CompletableFuture<HttpResponse<Void>> call =
        client.sendAsync(
            HttpRequest.newBuilder(uri("/v")).timeout(java.time.Duration.ofSeconds(30)).build(),
            BodyHandlers.fromSubscriber(lazy));
    subscribed.get(30, TimeUnit.SECONDS);
    assertThat(server.getRequestCount()).as("validated").isEqualTo(2);
    call.cancel(true);

    assertThat(told.get(30, TimeUnit.SECONDS)).as("the subscriber told").isNotNull();
    assertThat(openFiles(".body")).as("files left open").isZero();
  }

  @Test
  void anAsyncRevalidationCancelledAsTheCallersSubscriberIsSubscribedTellsItAndClosesTheFile()
      throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isDirectory(Path.of("/proc/self/fd")), "counts files from /proc/self/fd");
    server.enqueue(
        response(200, "W".repeat(300_000), "Cache-Control", "max-age=0", "ETag", "\"1\""));
    server.enqueue(response(304, "", "Cache-Control", "max-age=0", "ETag", "\"1\""));
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    get(client, uri("/w"));
    java.util.concurrent.CompletableFuture<java.util.concurrent.CompletableFuture<?>> call =
        new java.util.concurrent.CompletableFuture<>();
    java.util.concurrent.CompletableFuture<Throwable> told =
        new java.util.concurrent.CompletableFuture<>();
    java.util.concurrent.Flow.Subscriber<List<java.nio.ByteBuffer>> cancelling =
        new java.util.concurrent.Flow.Subscriber<>() {
          @Override
          public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
            try {
              // Given up while the cache is still handing the stored body over.
              call.get(10, TimeUnit.SECONDS).cancel(true);
            } catch (Exception e) {
              told.completeExceptionally(e);
            }
          }

          @Override
          public void onNext(List<java.nio.ByteBuffer> item) {}

          @Override
          public void onError(Throwable throwable) {
            told.complete(throwable);
          }

          @Override
          public void onComplete() {
            told.complete(null);
          }
        };

    call.complete(
        client.sendAsync(
            HttpRequest.newBuilder(uri("/w")).timeout(java.time.Duration.ofSeconds(30)).build(),
            BodyHandlers.fromSubscriber(cancelling)));

    assertThat(told.get(30, TimeUnit.SECONDS)).as("the subscriber told").isNotNull();
    assertThat(server.getRequestCount()).as("validated").isEqualTo(2);
    assertThat(openFiles(".body")).as("files left open").isZero();
  }

  @Test
  void anAsyncStaleIfErrorAnswerCancelledBeforeItsBodyIsReadClosesItsFile() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isDirectory(Path.of("/proc/self/fd")), "counts files from /proc/self/fd");
    String body = "E".repeat(1_200_000);
    java.util.concurrent.atomic.AtomicInteger connections =
        new java.util.concurrent.atomic.AtomicInteger();
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              if (connections.incrementAndGet() > 1) {
                socket.close(); // at once: the exchange fails
                return;
              }
              socket
                  .getOutputStream()
                  .write(
                      ("HTTP/1.1 200 OK\r\nContent-Length: "
                              + body.length()
                              + "\r\nCache-Control: max-age=0, stale-if-error=60\r\n"
                              + "Connection: close\r\n\r\n"
                              + body)
                          .getBytes(StandardCharsets.ISO_8859_1));
            })) {
      HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
      assertThat(get(client, raw.uri("/e")).body()).isEqualTo(body);
      java.util.concurrent.CompletableFuture<java.util.concurrent.Flow.Subscription> subscribed =
          new java.util.concurrent.CompletableFuture<>();
      java.util.concurrent.Flow.Subscriber<List<java.nio.ByteBuffer>> lazy =
          new java.util.concurrent.Flow.Subscriber<>() {
            @Override
            public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
              subscribed.complete(s); // asks for nothing yet
            }

            @Override
            public void onNext(List<java.nio.ByteBuffer> item) {}

            @Override
            public void onError(Throwable throwable) {}

            @Override
            public void onComplete() {}
          };

      java.util.concurrent.CompletableFuture<HttpResponse<Void>> call =
          client.sendAsync(
              HttpRequest.newBuilder(raw.uri("/e"))
                  .timeout(java.time.Duration.ofSeconds(5))
                  .build(),
              BodyHandlers.fromSubscriber(lazy));
      subscribed.get(5, TimeUnit.SECONDS);
      assertThat(openFiles(".body")).as("the stale body's file, open to be read").isEqualTo(1);
      call.cancel(true);

      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (openFiles(".body") > 0 && System.nanoTime() < end) {
        Thread.sleep(10);
      }
      assertThat(openFiles(".body")).as("files left open").isZero();
    }
  }

  @Test
  void aBlockingHitInterruptedBeforeItsBodyIsReadClosesItsFileAndTellsTheSubscriber()
      throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isDirectory(Path.of("/proc/self/fd")), "counts files from /proc/self/fd");
    String body = "I".repeat(1_200_000);
    server.enqueue(response(200, body, "Cache-Control", "max-age=60"));
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    get(client, uri("/i"));
    java.util.concurrent.CompletableFuture<java.util.concurrent.Flow.Subscription> subscribed =
        new java.util.concurrent.CompletableFuture<>();
    java.util.concurrent.CompletableFuture<Throwable> told =
        new java.util.concurrent.CompletableFuture<>();
    java.util.concurrent.Flow.Subscriber<List<java.nio.ByteBuffer>> lazy =
        new java.util.concurrent.Flow.Subscriber<>() {
          @Override
          public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
            subscribed.complete(s); // asks for nothing
          }

          @Override
          public void onNext(List<java.nio.ByteBuffer> item) {}

          @Override
          public void onError(Throwable throwable) {
            told.complete(throwable);
          }

          @Override
          public void onComplete() {
            told.complete(null);
          }
        };
    java.util.concurrent.CompletableFuture<Throwable> thrown =
        new java.util.concurrent.CompletableFuture<>();
    Thread caller =
        new Thread(
            () -> {
              try {
                client.send(
                    HttpRequest.newBuilder(uri("/i"))
                        .timeout(java.time.Duration.ofSeconds(5))
                        .build(),
                    BodyHandlers.fromSubscriber(lazy));
                thrown.complete(null);
              } catch (Exception e) {
                thrown.complete(e);
              }
            },
            "caller");
    caller.start();
    subscribed.get(5, TimeUnit.SECONDS);
    caller.interrupt();

    assertThat(thrown.get(5, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
    assertThat(told.get(5, TimeUnit.SECONDS)).as("the subscriber told").isNotNull();
    assertThat(openFiles(".body")).as("files left open").isZero();
  }

  @Test
  void aDirectoryThatCannotBeWrittenIsWarnedOfOnceAndCallsStillWork() throws Exception {
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    // The directory goes and a file takes its place: nothing can be written there any more.
    Files.delete(dir);
    Files.write(dir, new byte[] {1});
    List<java.util.logging.LogRecord> records =
        java.util.Collections.synchronizedList(new ArrayList<>());
    java.util.logging.Handler handler =
        new java.util.logging.Handler() {
          @Override
          public void publish(java.util.logging.LogRecord record) {
            records.add(record);
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    java.util.logging.Logger logger = java.util.logging.Logger.getLogger("dev.httpjson");
    boolean parents = logger.getUseParentHandlers();
    logger.addHandler(handler);
    logger.setUseParentHandlers(false);
    try {
      for (int i = 0; i < 3; i++) {
        String body = (i == 1 ? "L".repeat(1_200_000) : "") + "v" + i;
        server.enqueue(response(200, body, "Cache-Control", "max-age=60"));
        assertThat(get(client, uri("/w" + i), "Authorization", "Bearer s3cr3t-token").body())
            .isEqualTo(body);
      }
    } finally {
      logger.removeHandler(handler);
      logger.setUseParentHandlers(parents);
      Files.delete(dir);
      Files.createDirectory(dir);
    }

    List<java.util.logging.LogRecord> warnings =
        records.stream()
            .filter(r -> r.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue())
            .toList();
    assertThat(warnings).hasSize(1);
    String message = new java.util.logging.SimpleFormatter().formatMessage(warnings.get(0));
    assertThat(message).contains(dir.toString()).doesNotContain("s3cr3t");
  }

  @Test
  void theBoundCountsBodyFilesAndEvictionTakesThemWithTheirEntries() throws Exception {
    HttpCache cache = HttpCache.onDisk(dir, 6_000_000);
    HttpClient client = cache.decorate(jdk);
    for (int i = 0; i < 6; i++) {
      server.enqueue(response(200, "E".repeat(1_200_000) + i, "Cache-Control", "max-age=60"));
      get(client, uri("/" + i));
    }

    long bytes = 0;
    for (Path p : entries()) {
      bytes += Files.size(p);
    }
    assertThat(bytes).isLessThanOrEqualTo(6_000_000);
    assertThat(cache.size()).isEqualTo(bytes);
    List<String> names = names();
    assertThat(names.stream().filter(n -> n.endsWith(".body")).count()).isEqualTo(4);
    for (String n : names) {
      String key = n.substring(0, n.indexOf('.'));
      assertThat(names).contains(key + ".entry"); // no body without its entry
    }
    assertThat(get(client, uri("/5")).body()).endsWith("5");
    server.enqueue(response(200, "again", "Cache-Control", "max-age=60"));
    assertThat(HttpCache.outcome(get(client, uri("/0")))).contains(HttpCache.Outcome.MISS);
  }

  /**
   * A removal leaves a mark for the other caches on the directory, one of a fixed few files that it
   * rewrites: removing 500 distinct URIs (and clearing) leaves at most 65 marks, weighing nothing
   * in the cache's size, and the cache stores and answers as before.
   */
  @Test
  void theRemovalMarksStayFewAfterRemovingManyDistinctUris() throws Exception {
    HttpCache cache = HttpCache.onDisk(dir, 1 << 20);
    for (int i = 0; i < 500; i++) {
      cache.remove(uri("/removed/" + i));
    }
    cache.clear();
    List<String> names = names();
    assertThat(names).allMatch(n -> n.endsWith(".removed")).hasSizeBetween(2, 65);
    long bytes = 0;
    for (String n : names) {
      bytes += Files.size(dir.resolve(n));
    }
    assertThat(bytes).isLessThanOrEqualTo(65 * 16);
    assertThat(cache.size()).isZero();

    server.enqueue(response(200, "a", "Cache-Control", "max-age=60"));
    HttpClient client = HttpCache.onDisk(dir, 1 << 20).decorate(jdk);
    assertThat(get(client, uri("/removed/7")).body()).isEqualTo("a");
    HttpResponse<String> hit = get(client, uri("/removed/7"));
    assertThat(HttpCache.outcome(hit)).contains(HttpCache.Outcome.HIT);
    assertThat(hit.body()).isEqualTo("a");
  }

  @Test
  void theFilesOfOtherProgramsInTheDirectoryAreNeitherCountedNorDeleted() throws Exception {
    // Names the cache's own files end with, some old enough to look left by a writer that died.
    List<Path> theirs =
        List.of(
            dir.resolve("notes.tmp"),
            dir.resolve("download.part.tmp"),
            dir.resolve("photo.body"),
            dir.resolve("report.entry"),
            dir.resolve("0123456789abcdef0123456789abcdef-get.entry.bak"));
    for (Path p : theirs) {
      Files.write(p, "x".repeat(4_000).getBytes(StandardCharsets.UTF_8));
      Files.setLastModifiedTime(
          p, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
    }
    HttpCache cache = HttpCache.onDisk(dir, 10_000);
    assertThat(cache.size()).as("counted as the cache's").isZero();
    HttpClient client = cache.decorate(jdk);
    for (int i = 0; i < 6; i++) {
      server.enqueue(response(200, "z".repeat(2_000) + i, "Cache-Control", "max-age=60"));
      get(client, uri("/" + i)); // past the bound: the least recently used go
    }
    cache.remove(uri("/5"));
    cache.clear();
    HttpCache.onDisk(dir, 10_000).clear();

    for (Path p : theirs) {
      assertThat(p).as("another program's file").exists().hasSize(4_000);
    }
    // Of the cache's own files, only the removal marks of the remove and the clears are left.
    assertThat(names())
        .filteredOn(n -> theirs.stream().noneMatch(p -> p.getFileName().toString().equals(n)))
        .hasSize(2)
        .allMatch(n -> n.endsWith(".removed"));
  }

  @Test
  void theDirectoryItCreatesAndEveryFileItWritesAreTheOwnersAlone() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        dir.getFileSystem().supportedFileAttributeViews().contains("posix"), "POSIX permissions");
    Path made = dir.resolve("made").resolve("here");
    server.enqueue(response(200, "small", "ETag", "\"1\"", "Cache-Control", "max-age=0"));
    server.enqueue(response(304, "", "ETag", "\"1\"", "Cache-Control", "max-age=60"));
    server.enqueue(response(200, "L".repeat(1_300_000), "Cache-Control", "max-age=60"));
    HttpClient client = HttpCache.onDisk(made, 1 << 24).decorate(jdk);
    get(client, uri("/small"));
    get(client, uri("/small")); // the 304 rewrites the entry
    get(client, uri("/large")); // a body file of its own

    assertThat(
            java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(made)))
        .isEqualTo("rwx------");
    List<Path> files;
    try (Stream<Path> s = Files.list(made)) {
      files = s.toList();
    }
    assertThat(files).hasSize(3);
    for (Path p : files) {
      assertThat(
              java.nio.file.attribute.PosixFilePermissions.toString(
                  Files.getPosixFilePermissions(p)))
          .as("%s", p.getFileName())
          .isEqualTo("rw-------");
    }
  }

  @Test
  void aSubscriberThatThrowsOnAStoredBodyFailsTheCallAsOnTheNetworkAndItsFileIsClosed()
      throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isDirectory(Path.of("/proc/self/fd")), "/proc/self/fd lists open files");
    server.enqueue(response(200, "L".repeat(1_300_000), "Cache-Control", "max-age=60"));
    HttpClient client = HttpCache.onDisk(dir, 1 << 24).decorate(jdk);
    get(client, uri("/large")); // a body file of its own, read as served
    HttpRequest request =
        HttpRequest.newBuilder(uri("/large")).timeout(java.time.Duration.ofSeconds(5)).build();
    HttpResponse.BodyHandler<String> throwing =
        info ->
            new HttpResponse.BodySubscriber<String>() {
              private final java.util.concurrent.CompletableFuture<String> body =
                  new java.util.concurrent.CompletableFuture<>();

              @Override
              public java.util.concurrent.CompletionStage<String> getBody() {
                return body;
              }

              @Override
              public void onSubscribe(java.util.concurrent.Flow.Subscription subscription) {
                subscription.request(Long.MAX_VALUE);
              }

              @Override
              public void onNext(List<java.nio.ByteBuffer> item) {
                throw new IllegalStateException("the caller's subscriber failed");
              }

              @Override
              public void onError(Throwable throwable) {
                body.completeExceptionally(throwable);
              }

              @Override
              public void onComplete() {
                body.complete("complete");
              }
            };

    for (int i = 0; i < 5; i++) {
      // As the JDK's client fails a call whose subscriber throws: an IOException from send.
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> client.send(request, throwing))
          .isInstanceOf(java.io.IOException.class)
          .hasRootCauseMessage("the caller's subscriber failed");
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () -> client.sendAsync(request, throwing).get(5, TimeUnit.SECONDS))
          .isInstanceOf(java.util.concurrent.ExecutionException.class)
          .hasRootCauseMessage("the caller's subscriber failed");
    }
    assertThat(openIn(dir)).as("files of the cache still open").isEmpty();
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  /** The files under {@code directory} this process holds open. */
  private static List<Path> openIn(Path directory) throws Exception {
    Path real = directory.toRealPath();
    List<Path> open = new ArrayList<>();
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      for (Path fd : fds.toList()) {
        try {
          Path target = Files.readSymbolicLink(fd);
          if (target.startsWith(real)) {
            open.add(target);
          }
        } catch (java.io.IOException e) {
          // closed meanwhile
        }
      }
    }
    return open;
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
