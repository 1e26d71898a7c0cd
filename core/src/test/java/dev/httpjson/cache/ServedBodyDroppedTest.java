package dev.httpjson.cache;

import static dev.httpjson.cache.HttpCacheTest.response;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpCache;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonOptions;
import dev.httpjson.contract.LoopbackServer;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A body the disk cache serves from its file, read as a stream and dropped half read and unclosed,
 * gives its file back once the stream is unreachable: at the next call the cache stores or serves,
 * or sooner. Counted from {@code /proc/self/fd} (Linux); skipped where it is absent.
 */
class ServedBodyDroppedTest {
  /** Large enough to be kept in a file of its own, and read from it as it is served. */
  private static final String BODY = ("\"" + "d".repeat(97) + "\"\n").repeat(12_000);

  private final HttpClient jdk = HttpClient.newHttpClient();
  private MockWebServer server;
  @TempDir Path dir;

  @BeforeEach
  void start() throws Exception {
    Assumptions.assumeTrue(
        Files.isDirectory(Path.of("/proc/self/fd")), "counts open files from /proc/self/fd");
    server = LoopbackServer.start();
    for (String path : new String[] {"/big", "/other"}) {
      server.enqueue(
          response(
              200, BODY, "Cache-Control", "max-age=60", "Content-Type", "application/x-ndjson"));
    }
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private HttpRequest request(String path) {
    return HttpRequest.newBuilder(LoopbackServer.uri(server, path))
        .timeout(Duration.ofSeconds(5))
        .build();
  }

  /** The descriptors of this process open on the files of the cache's directory. */
  private long openFiles() throws Exception {
    Path real = dir.toRealPath();
    long n = 0;
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      for (Path fd : fds.toList()) {
        try {
          if (Files.readSymbolicLink(fd).startsWith(real)) {
            n++;
          }
        } catch (java.io.IOException e) {
          // closed meanwhile
        }
      }
    }
    return n;
  }

  /** Stores {@code path}'s response in the cache, read whole. */
  private void store(HttpClient client, String path) throws Exception {
    HttpResponse<String> r = client.send(request(path), BodyHandlers.ofString());
    assertThat(r.body()).isEqualTo(BODY);
  }

  /**
   * Collects garbage and has the cache serve a stored body (read whole, so closed), up to 10 s,
   * until no file of the directory is open. Fails at the deadline.
   */
  private void awaitFilesClosed(HttpClient client) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (openFiles() > 0) {
      assertThat(System.nanoTime())
          .as("the file of the body dropped unclosed is closed within 10 s")
          .isLessThan(deadline);
      System.gc();
      HttpResponse<String> served = client.send(request("/other"), BodyHandlers.ofString());
      assertThat(HttpCache.outcome(served)).contains(HttpCache.Outcome.HIT);
      Thread.sleep(50); // no signal tells a collection: poll
    }
  }

  /**
   * The JDK's stream over a served body: nothing but the caller holds it, so its file is
   * unreachable with it and the JDK closes it at the collection; the cache's watch must not hold it
   * open until its next call.
   */
  @Test
  void aServedStreamDroppedHalfReadGivesItsFileBack() throws Exception {
    HttpClient client = HttpCache.onDisk(dir, 20_000_000).decorate(jdk);
    store(client, "/big");
    store(client, "/other");
    assertThat(openFiles()).isZero();
    dropHalfRead(client);
    awaitFilesClosed(client);
  }

  private void dropHalfRead(HttpClient client) throws Exception {
    HttpResponse<InputStream> r = client.send(request("/big"), BodyHandlers.ofInputStream());
    assertThat(HttpCache.outcome(r)).contains(HttpCache.Outcome.HIT);
    assertThat(r.body().readNBytes(10)).hasSize(10);
    assertThat(openFiles()).as("the stored body's file, open while read").isEqualTo(1);
  }

  /**
   * A call's stream over a served body: the watch of the call's dropped streams holds its exchange
   * (and so the file) until a stream call of its client polls it; the cache's next call closes it.
   */
  @Test
  void aServedJsonStreamDroppedHalfReadGivesItsFileBack() throws Exception {
    HttpCache cache = HttpCache.onDisk(dir, 20_000_000);
    HttpClient client = cache.decorate(jdk);
    store(client, "/big");
    store(client, "/other");
    HttpJsonClient api =
        HttpJsonClient.newBuilder(jdk)
            .baseUri(LoopbackServer.uri(server, "/"))
            .options(
                JsonOptions.newBuilder()
                    .codec(new StreamRoomTest.LineCodec())
                    .timeout(Duration.ofSeconds(5))
                    .build())
            .cache(cache)
            .build();
    dropHalfReadJson(api);
    awaitFilesClosed(client);
  }

  private void dropHalfReadJson(HttpJsonClient api) throws Exception {
    Stream<String> elements = api.getFromJsonAsStream("big", String.class);
    assertThat(elements.iterator().next()).startsWith("ddd");
    assertThat(openFiles()).as("the stored body's file, open while read").isEqualTo(1);
  }
}
