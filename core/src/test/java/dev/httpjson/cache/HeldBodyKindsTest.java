package dev.httpjson.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.CountingCodec;
import dev.httpjson.FormContent;
import dev.httpjson.HttpCache;
import dev.httpjson.HttpJson;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonOptions;
import dev.httpjson.MultipartContent;
import dev.httpjson.contract.LoopbackServer;
import java.io.ByteArrayInputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of request body, as the two places that ask whether its content is held in memory show
 * their answer: printed as {@code curl} (shown inline, or left to pipe in), and keyed by the cache
 * for an asynchronous QUERY (read at once, or on the client's executor). They agree, and agree with
 * the list.
 */
class HeldBodyKindsTest {
  private static final byte[] TEXT = "{\"q\":\"select held\"}".getBytes(StandardCharsets.UTF_8);

  private final JsonOptions options = JsonOptions.newBuilder().codec(new CountingCodec()).build();
  private final AtomicInteger hops = new AtomicInteger();
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final Executor counting =
      task -> {
        hops.incrementAndGet();
        threads.execute(task);
      };
  private MockWebServer server;

  @TempDir Path dir;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
    threads.shutdownNow();
  }

  /** A publisher of the caller's own, publishing {@link #TEXT} to each subscriber. */
  private static BodyPublisher own() {
    return new BodyPublisher() {
      @Override
      public long contentLength() {
        return TEXT.length;
      }

      @Override
      public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
        BodyPublishers.ofByteArray(TEXT).subscribe(subscriber);
      }
    };
  }

  private Map<String, Supplier<BodyPublisher>> kinds(Path file) {
    Map<String, Supplier<BodyPublisher>> kinds = new LinkedHashMap<>();
    kinds.put("ofString", () -> BodyPublishers.ofString(new String(TEXT, StandardCharsets.UTF_8)));
    kinds.put("ofByteArray", () -> BodyPublishers.ofByteArray(TEXT));
    kinds.put("ofByteArrays", () -> BodyPublishers.ofByteArrays(List.of(TEXT)));
    kinds.put("noBody", BodyPublishers::noBody);
    kinds.put(
        "JsonContent",
        () -> {
          try {
            return JsonContent.of(Map.of("q", "select held"), options);
          } catch (dev.httpjson.JsonWriteException e) {
            throw new AssertionError(e);
          }
        });
    kinds.put("FormContent", () -> FormContent.newBuilder().add("q", "select held").build());
    kinds.put(
        "MultipartContent", () -> MultipartContent.newBuilder().field("q", "select held").build());
    kinds.put(
        "ofFile",
        () -> {
          try {
            return BodyPublishers.ofFile(file);
          } catch (java.io.FileNotFoundException e) {
            throw new AssertionError(e);
          }
        });
    kinds.put(
        "ofInputStream", () -> BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(TEXT)));
    kinds.put("own", HeldBodyKindsTest::own);
    return kinds;
  }

  private static final List<String> HELD =
      List.of("ofString", "ofByteArray", "noBody", "JsonContent", "FormContent");

  @Test
  void curlAndTheCacheAgreeOnWhichBodiesAreHeldInMemory() throws Exception {
    Path file = Files.write(dir.resolve("body.json"), TEXT);
    HttpCache cache = HttpCache.inMemory(1 << 20);
    HttpClient client = cache.decorate(HttpClient.newBuilder().executor(counting).build());
    for (Map.Entry<String, Supplier<BodyPublisher>> kind : kinds(file).entrySet()) {
      String name = kind.getKey();
      boolean held = HELD.contains(name);

      HttpRequest printed =
          HttpRequest.newBuilder(LoopbackServer.uri(server, "/p"))
              .header("Content-Type", "application/json")
              .POST(kind.getValue().get())
              .build();
      String curl = HttpJson.toCurl(printed);
      if (!name.equals("noBody")) { // no data to show: curl sends an empty body's length
        assertThat(curl.contains("--data-raw"))
            .as("%s shown inline by curl: %s", name, curl)
            .isEqualTo(held);
      }

      server.enqueue(
          new MockResponse.Builder()
              .code(200)
              .body("for " + name)
              .addHeader("Cache-Control", "max-age=60")
              .build());
      String path = "/q/" + name;
      // One body for both queries: a MultipartContent built twice has two boundaries, so two
      // contents, and the second query would rightly miss.
      BodyPublisher body = kind.getValue().get();
      assertThat(query(client, path, body).body()).isEqualTo("for " + name);
      settled(); // the first exchange's own tasks that trail its response are not the second's
      hops.set(0);
      HttpResponse<String> again = query(client, path, body);
      assertThat(again.body()).isEqualTo("for " + name);
      assertThat(HttpCache.outcome(again)).as(name).contains(HttpCache.Outcome.HIT);
      assertThat(hops.get() == 0)
          .as("%s read at once by the cache, on the calling thread", name)
          .isEqualTo(held);
    }
  }

  /** Waits, at most 2 s, until no task went to the executor for 100 ms. */
  private void settled() throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    int last;
    do {
      last = hops.get();
      Thread.sleep(100);
    } while (hops.get() != last && System.nanoTime() < until);
  }

  private HttpResponse<String> query(HttpClient client, String path, BodyPublisher body)
      throws Exception {
    return client
        .sendAsync(
            HttpRequest.newBuilder(LoopbackServer.uri(server, path))
                .timeout(Duration.ofSeconds(5))
                .header("Content-Type", "application/json")
                .method("QUERY", body)
                .build(),
            BodyHandlers.ofString())
        .get(10, TimeUnit.SECONDS);
  }
}
