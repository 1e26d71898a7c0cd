package dev.httpjson.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpCache;
import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Many threads reading, validating, replacing and invalidating the same few URIs, in memory and
 * with two disk caches on one directory (as two processes would share it): every answer is whole
 * and its headers are those of its body.
 */
class HttpCacheConcurrencyTest {
  private final HttpClient jdk = HttpClient.newHttpClient();
  private final Map<String, AtomicInteger> versions = new ConcurrentHashMap<>();
  private MockWebServer server;
  @TempDir Path dir;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            String path = request.getUrl().encodedPath();
            AtomicInteger v = versions.computeIfAbsent(path, p -> new AtomicInteger());
            if (!request.getMethod().equals("GET")) {
              v.incrementAndGet();
              return new MockResponse.Builder().code(204).build();
            }
            int version = v.get();
            String tag = "\"" + version + "\"";
            if (tag.equals(request.getHeaders().get("If-None-Match"))) {
              return new MockResponse.Builder()
                  .code(304)
                  .addHeader("ETag", tag)
                  .addHeader("Cache-Control", "max-age=0")
                  .build();
            }
            return new MockResponse.Builder()
                .code(200)
                .addHeader("ETag", tag)
                .addHeader("Cache-Control", "max-age=0")
                .body(body(path, version))
                .build();
          }
        });
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** A body that names its version in every piece: a mixed or partial one shows. */
  private static String body(String path, int version) {
    int pieces = path.startsWith("/big") ? 380_000 : 200; // over 1 MiB: a body file of its own
    return ("v" + version + ";").repeat(pieces);
  }

  @ParameterizedTest
  @ValueSource(strings = {"memory", "disk", "evicting"})
  void everyAnswerIsWholeAndItsHeadersAreThoseOfItsBody(String where) throws Exception {
    HttpClient one;
    HttpClient two;
    if (where.equals("memory")) {
      HttpCache cache = HttpCache.inMemory(16 << 20);
      one = cache.decorate(jdk);
      two = one;
    } else {
      // "evicting": a bound the large bodies (over 1 MiB, in files of their own) keep reaching
      long bound = where.equals("disk") ? 16 << 20 : 6 << 20;
      one = HttpCache.onDisk(dir, bound).decorate(jdk);
      two = HttpCache.onDisk(dir, bound).decorate(jdk);
    }
    String[] paths = {"/a", "/b", "/big", "/big2", "/big3"};
    ExecutorService pool = Executors.newFixedThreadPool(6);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < 6; t++) {
        HttpClient client = t % 2 == 0 ? one : two;
        futures.add(
            pool.submit(
                () -> {
                  ThreadLocalRandom random = ThreadLocalRandom.current();
                  for (int i = 0; i < 25; i++) {
                    String path = paths[random.nextInt(paths.length)];
                    HttpRequest.Builder b =
                        HttpRequest.newBuilder(LoopbackServer.uri(server, path))
                            .timeout(Duration.ofSeconds(10));
                    if (random.nextInt(6) == 0) {
                      client.send(
                          b.POST(HttpRequest.BodyPublishers.ofString("x")).build(),
                          BodyHandlers.discarding());
                      continue;
                    }
                    HttpResponse<String> r =
                        random.nextBoolean()
                            ? client.send(b.build(), BodyHandlers.ofString())
                            : client
                                .sendAsync(b.build(), BodyHandlers.ofString())
                                .get(10, TimeUnit.SECONDS);
                    String tag = r.headers().firstValue("ETag").orElseThrow();
                    int version = Integer.parseInt(tag.substring(1, tag.length() - 1));
                    assertThat(r.statusCode()).isEqualTo(200);
                    assertThat(r.body().equals(body(path, version)))
                        .as("%s whole, version %s", path, version)
                        .isTrue();
                  }
                  return null;
                }));
      }
      for (Future<?> f : futures) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    if (!where.equals("memory")) {
      try (Stream<Path> s = Files.list(dir)) {
        assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
      }
    }
  }

  /**
   * A response whose body is still arriving when its URI's entries are removed ({@link
   * HttpCache#remove}, {@link HttpCache#clear}, or a successful POST to it) may describe what was
   * removed: it is not stored once whole; other URIs' removals leave it alone (on disk, those that
   * rewrite another removal mark than its URI's: one that shares it keeps it out too, see {@link
   * #aRemovalOfAnotherUriSharingTheMarkOnlyLeavesTheAwaitedResponseUnstored}).
   */
  @ParameterizedTest
  @ValueSource(strings = {"memory", "disk", "disk, over 1 MiB"})
  void aBodyArrivingWhileItsUriIsRemovedOrClearedIsNotStored(String where) throws Exception {
    int length = where.endsWith("MiB") ? 1_300_000 : 100_000;
    HttpCache cache =
        where.equals("memory") ? HttpCache.inMemory(16 << 20) : HttpCache.onDisk(dir, 16 << 20);
    HttpClient client = cache.decorate(jdk);
    java.util.concurrent.atomic.AtomicReference<java.util.concurrent.CountDownLatch> rest =
        new java.util.concurrent.atomic.AtomicReference<>();
    java.util.concurrent.atomic.AtomicInteger gets =
        new java.util.concurrent.atomic.AtomicInteger();
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              java.io.OutputStream out = socket.getOutputStream();
              if (!head.startsWith("GET")) {
                dev.httpjson.contract.RawServer.write(
                    socket, "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
                socket.close();
                return;
              }
              java.util.concurrent.CountDownLatch released = rest.get();
              byte[] body = ("v" + gets.incrementAndGet()).repeat(length / 2).getBytes();
              dev.httpjson.contract.RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nCache-Control: max-age=60\r\nContent-Length: "
                      + body.length
                      + "\r\nConnection: close\r\n\r\n");
              out.write(body, 0, body.length / 2);
              out.flush();
              if (released.await(10, TimeUnit.SECONDS)) {
                out.write(body, body.length / 2, body.length - body.length / 2);
                out.flush();
              }
              socket.close();
            })) {
      for (String removal : new String[] {"remove", "clear", "POST", "others"}) {
        java.net.URI uri = raw.uri("/" + removal);
        List<java.net.URI> others = new ArrayList<>();
        if (removal.equals("others")) {
          // Which mark each removal rewrites, found before the call.
          String mark = where.equals("memory") ? null : markRewrittenBy(cache, uri);
          for (int i = 0; i < 300; i++) {
            java.net.URI other = raw.uri("/other/" + i);
            if (mark == null || !markRewrittenBy(cache, other).equals(mark)) {
              others.add(other);
            }
          }
          assertThat(others).hasSizeGreaterThan(200);
        }
        java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);
        rest.set(released);
        HttpResponse<java.io.InputStream> arriving =
            client.send(
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                BodyHandlers.ofInputStream());
        try (java.io.InputStream in = arriving.body()) {
          assertThat(in.readNBytes(length / 2)).hasSize(length / 2);
          switch (removal) {
            case "remove":
              cache.remove(uri);
              break;
            case "clear":
              cache.clear();
              break;
            case "others":
              // Other URIs' removals keep this one's response in.
              for (java.net.URI other : others) {
                cache.remove(other);
              }
              break;
            default:
              client.send(
                  HttpRequest.newBuilder(uri)
                      .timeout(Duration.ofSeconds(10))
                      .POST(HttpRequest.BodyPublishers.ofString("changed"))
                      .build(),
                  BodyHandlers.discarding());
          }
          released.countDown();
          assertThat(in.readAllBytes()).hasSize(length - length / 2);
        }

        java.util.concurrent.CountDownLatch open = new java.util.concurrent.CountDownLatch(1);
        open.countDown();
        rest.set(open);
        HttpResponse<String> after =
            client.send(
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                BodyHandlers.ofString());
        assertThat(HttpCache.outcome(after))
            .as("after %s", removal)
            .contains(removal.equals("others") ? HttpCache.Outcome.HIT : HttpCache.Outcome.MISS);
        assertThat(after.body()).as("after %s", removal).startsWith("v" + gets.get());
      }
      assertThat(raw.handlerFailures()).isEmpty();
    }
  }

  /**
   * Two caches on one directory (as two processes sharing it): a response whose body is still
   * arriving through one when the other removes its URI's entries (remove, clear, a POST) may
   * describe what was removed, and is not stored once whole.
   */
  @ParameterizedTest
  @ValueSource(strings = {"remove", "clear", "POST"})
  void aBodyArrivingThroughOneCacheWhileAnotherOnTheDirectoryRemovesItsUriIsNotStored(
      String removal) throws Exception {
    HttpCache reading = HttpCache.onDisk(dir, 16 << 20);
    HttpCache removing = HttpCache.onDisk(dir, 16 << 20);
    int length = 100_000;
    java.util.concurrent.atomic.AtomicReference<java.util.concurrent.CountDownLatch> rest =
        new java.util.concurrent.atomic.AtomicReference<>();
    java.util.concurrent.atomic.AtomicInteger gets =
        new java.util.concurrent.atomic.AtomicInteger();
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              java.io.OutputStream out = socket.getOutputStream();
              if (!head.startsWith("GET")) {
                dev.httpjson.contract.RawServer.write(
                    socket, "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
                socket.close();
                return;
              }
              java.util.concurrent.CountDownLatch released = rest.get();
              byte[] body = ("v" + gets.incrementAndGet()).repeat(length / 2).getBytes();
              dev.httpjson.contract.RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nCache-Control: max-age=60\r\nContent-Length: "
                      + body.length
                      + "\r\nConnection: close\r\n\r\n");
              out.write(body, 0, body.length / 2);
              out.flush();
              if (released.await(10, TimeUnit.SECONDS)) {
                out.write(body, body.length / 2, body.length - body.length / 2);
                out.flush();
              }
              socket.close();
            })) {
      java.net.URI uri = raw.uri("/" + removal);
      java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);
      rest.set(released);
      HttpResponse<java.io.InputStream> arriving =
          reading
              .decorate(jdk)
              .send(
                  HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                  BodyHandlers.ofInputStream());
      try (java.io.InputStream in = arriving.body()) {
        assertThat(in.readNBytes(length / 2)).hasSize(length / 2);
        switch (removal) {
          case "remove":
            removing.remove(uri);
            break;
          case "clear":
            removing.clear();
            break;
          default:
            removing
                .decorate(jdk)
                .send(
                    HttpRequest.newBuilder(uri)
                        .timeout(Duration.ofSeconds(10))
                        .POST(HttpRequest.BodyPublishers.ofString("changed"))
                        .build(),
                    BodyHandlers.discarding());
        }
        released.countDown();
        assertThat(in.readAllBytes()).hasSize(length - length / 2);
      }

      java.util.concurrent.CountDownLatch open = new java.util.concurrent.CountDownLatch(1);
      open.countDown();
      rest.set(open);
      for (HttpCache cache : new HttpCache[] {removing, reading}) {
        HttpResponse<String> after =
            cache
                .decorate(jdk)
                .send(
                    HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                    BodyHandlers.ofString());
        assertThat(after.body().substring(0, 2)).as("after %s", removal).isNotEqualTo("v1");
      }
      assertThat(raw.handlerFailures()).isEmpty();
    }
  }

  /**
   * As above, with the other cache's removal made while the response's headers are still awaited:
   * no file of the response exists yet, so nothing on the directory tells its writer of it.
   */
  @org.junit.jupiter.api.Test
  void aResponseAwaitedThroughOneCacheWhileAnotherOnTheDirectoryRemovesItsUriIsNotStored()
      throws Exception {
    HttpCache reading = HttpCache.onDisk(dir, 16 << 20);
    HttpCache removing = HttpCache.onDisk(dir, 16 << 20);
    java.util.concurrent.CountDownLatch asked = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.atomic.AtomicInteger gets =
        new java.util.concurrent.atomic.AtomicInteger();
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              int n = gets.incrementAndGet();
              if (n == 1) {
                asked.countDown();
                if (!released.await(10, TimeUnit.SECONDS)) {
                  socket.close();
                  return;
                }
              }
              dev.httpjson.contract.RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nCache-Control: max-age=60\r\nContent-Length: 2\r\n"
                      + "Connection: close\r\n\r\nv"
                      + n);
              socket.close();
            })) {
      java.net.URI uri = raw.uri("/a");
      java.util.concurrent.CompletableFuture<HttpResponse<String>> first =
          reading
              .decorate(jdk)
              .sendAsync(
                  HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                  BodyHandlers.ofString());
      assertThat(asked.await(10, TimeUnit.SECONDS)).isTrue();
      removing.remove(uri);
      released.countDown();
      assertThat(first.get(10, TimeUnit.SECONDS).body()).isEqualTo("v1");

      HttpResponse<String> after =
          removing
              .decorate(jdk)
              .send(
                  HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                  BodyHandlers.ofString());
      assertThat(after.body()).isEqualTo("v2");
      assertThat(raw.handlerFailures()).isEmpty();
    }
  }

  /**
   * As above, with the other cache clearing itself or making a successful POST to the URI while the
   * response's headers are awaited: neither cache then answers with it.
   */
  @ParameterizedTest
  @ValueSource(strings = {"clear", "POST"})
  void aResponseAwaitedThroughOneCacheWhileAnotherOnTheDirectoryClearsOrPostsIsNotStored(
      String removal) throws Exception {
    HttpCache reading = HttpCache.onDisk(dir, 16 << 20);
    HttpCache removing = HttpCache.onDisk(dir, 16 << 20);
    java.util.concurrent.CountDownLatch asked = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);
    AtomicInteger gets = new AtomicInteger();
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              if (!head.startsWith("GET")) {
                dev.httpjson.contract.RawServer.write(
                    socket, "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
                socket.close();
                return;
              }
              int n = gets.incrementAndGet();
              if (n == 1) {
                asked.countDown();
                if (!released.await(10, TimeUnit.SECONDS)) {
                  socket.close();
                  return;
                }
              }
              dev.httpjson.contract.RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nCache-Control: max-age=60\r\nContent-Length: 2\r\n"
                      + "Connection: close\r\n\r\nv"
                      + n);
              socket.close();
            })) {
      java.net.URI uri = raw.uri("/" + removal);
      java.util.concurrent.CompletableFuture<HttpResponse<String>> first =
          reading
              .decorate(jdk)
              .sendAsync(
                  HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                  BodyHandlers.ofString());
      assertThat(asked.await(10, TimeUnit.SECONDS)).isTrue();
      if (removal.equals("clear")) {
        removing.clear();
      } else {
        HttpResponse<Void> posted =
            removing
                .decorate(jdk)
                .send(
                    HttpRequest.newBuilder(uri)
                        .timeout(Duration.ofSeconds(10))
                        .POST(HttpRequest.BodyPublishers.ofString("changed"))
                        .build(),
                    BodyHandlers.discarding());
        assertThat(posted.statusCode()).isEqualTo(204);
      }
      released.countDown();
      assertThat(first.get(10, TimeUnit.SECONDS).body()).isEqualTo("v1");

      // The origin's next response, then stored: the other cache answers with it.
      HttpCache.Outcome expected = HttpCache.Outcome.MISS;
      for (HttpCache cache : new HttpCache[] {removing, reading}) {
        HttpResponse<String> after =
            cache
                .decorate(jdk)
                .send(
                    HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                    BodyHandlers.ofString());
        assertThat(after.body()).as("after %s", removal).isEqualTo("v2");
        assertThat(HttpCache.outcome(after)).as("after %s", removal).contains(expected);
        expected = HttpCache.Outcome.HIT;
      }
      assertThat(raw.handlerFailures()).isEmpty();
    }
  }

  /**
   * The file a removal leaves on the directory for the other caches on it, damaged: a call reading
   * it is answered by the origin, never fails, and the URI's responses are stored again after.
   */
  @org.junit.jupiter.api.Test
  void aDamagedRemovalMarkIsAMissNeverAFailure() throws Exception {
    HttpCache one = HttpCache.onDisk(dir, 16 << 20);
    HttpCache other = HttpCache.onDisk(dir, 16 << 20);
    AtomicInteger gets = new AtomicInteger();
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              dev.httpjson.contract.RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nCache-Control: max-age=60\r\nContent-Length: 2\r\n"
                      + "Connection: close\r\n\r\nv"
                      + gets.incrementAndGet());
              socket.close();
            })) {
      java.net.URI uri = raw.uri("/a");
      HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build();
      assertThat(one.decorate(jdk).send(request, BodyHandlers.ofString()).body()).isEqualTo("v1");
      List<Path> before;
      try (Stream<Path> s = Files.list(dir)) {
        before = s.toList();
      }
      one.remove(uri);
      List<Path> marks;
      try (Stream<Path> s = Files.list(dir)) {
        marks = s.filter(p -> !before.contains(p)).toList();
      }
      assertThat(marks).as("the file the removal left").hasSize(1);
      for (byte[] damage :
          new byte[][] {new byte[0], "not a mark".getBytes(), new byte[16], new byte[64]}) {
        Files.write(marks.get(0), damage);
        HttpResponse<String> missed = other.decorate(jdk).send(request, BodyHandlers.ofString());
        assertThat(missed.body()).isEqualTo("v" + gets.get());
        assertThat(HttpCache.outcome(missed)).contains(HttpCache.Outcome.MISS);
        // Stored again within two calls: the damaged mark was replaced.
        HttpResponse<String> again = other.decorate(jdk).send(request, BodyHandlers.ofString());
        HttpResponse<String> hit =
            HttpCache.outcome(again).equals(java.util.Optional.of(HttpCache.Outcome.HIT))
                ? again
                : other.decorate(jdk).send(request, BodyHandlers.ofString());
        assertThat(HttpCache.outcome(hit)).contains(HttpCache.Outcome.HIT);
        assertThat(one.decorate(jdk).send(request, BodyHandlers.ofString()).body())
            .isEqualTo(hit.body());
        other.remove(uri);
      }
      assertThat(raw.handlerFailures()).isEmpty();
    }
  }

  /**
   * The removal marks are a fixed few files, so a removal of one URI may share its mark with
   * another's. A response awaited through one cache while another on the directory removes a URI
   * whose mark is the same is answered whole and not stored (the next call a miss); one whose mark
   * is another file is stored. Neither cache ever answers with a removed response.
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aRemovalOfAnotherUriSharingTheMarkOnlyLeavesTheAwaitedResponseUnstored(boolean sharing)
      throws Exception {
    HttpCache reading = HttpCache.onDisk(dir, 16 << 20);
    HttpCache removing = HttpCache.onDisk(dir, 16 << 20);
    java.util.concurrent.CountDownLatch asked = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);
    AtomicInteger gets = new AtomicInteger();
    try (dev.httpjson.contract.RawServer raw =
        new dev.httpjson.contract.RawServer(
            (socket, head) -> {
              int n = gets.incrementAndGet();
              if (n == 1) {
                asked.countDown();
                if (!released.await(10, TimeUnit.SECONDS)) {
                  socket.close();
                  return;
                }
              }
              dev.httpjson.contract.RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nCache-Control: max-age=60\r\nContent-Length: 2\r\n"
                      + "Connection: close\r\n\r\nv"
                      + n);
              socket.close();
            })) {
      java.net.URI uri = raw.uri("/a");
      // Which mark each removal rewrites, found before the call (which reads the marks as it asks).
      String mark = markRewrittenBy(removing, uri);
      java.net.URI other = null;
      for (int i = 0; other == null && i < 1_000; i++) {
        java.net.URI candidate = raw.uri("/b" + i);
        if (markRewrittenBy(removing, candidate).equals(mark) == sharing) {
          other = candidate;
        }
      }
      assertThat(other)
          .as("a URI whose removal rewrites %s the mark", sharing ? "" : "not")
          .isNotNull();

      java.util.concurrent.CompletableFuture<HttpResponse<String>> first =
          reading
              .decorate(jdk)
              .sendAsync(
                  HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                  BodyHandlers.ofString());
      assertThat(asked.await(10, TimeUnit.SECONDS)).isTrue();
      removing.remove(other);
      released.countDown();
      assertThat(first.get(10, TimeUnit.SECONDS).body()).isEqualTo("v1");

      for (HttpCache cache : new HttpCache[] {removing, reading}) {
        HttpResponse<String> after =
            cache
                .decorate(jdk)
                .send(
                    HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                    BodyHandlers.ofString());
        assertThat(after.body()).isEqualTo(sharing ? "v2" : "v1");
        assertThat(HttpCache.outcome(after))
            .contains(
                sharing && cache == removing ? HttpCache.Outcome.MISS : HttpCache.Outcome.HIT);
      }
      assertThat(gets.get()).isEqualTo(sharing ? 2 : 1);
      assertThat(raw.handlerFailures()).isEmpty();
    }
  }

  /** The name of the one removal mark on the directory that removing {@code uri} rewrote. */
  private String markRewrittenBy(HttpCache cache, java.net.URI uri) throws Exception {
    Map<String, String> before = marks();
    cache.remove(uri);
    Map<String, String> after = marks();
    List<String> rewritten =
        after.keySet().stream().filter(n -> !after.get(n).equals(before.get(n))).toList();
    assertThat(rewritten).as("the marks removing %s rewrote", uri).hasSize(1);
    return rewritten.get(0);
  }

  /** The removal marks on the directory: name to content. */
  private Map<String, String> marks() throws Exception {
    Map<String, String> marks = new java.util.HashMap<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : s.filter(p -> p.toString().endsWith(".removed")).toList()) {
        marks.put(
            p.getFileName().toString(), java.util.HexFormat.of().formatHex(Files.readAllBytes(p)));
      }
    }
    return marks;
  }
}
