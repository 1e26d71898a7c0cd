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
}
