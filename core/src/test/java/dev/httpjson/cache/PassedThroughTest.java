package dev.httpjson.cache;

import static dev.httpjson.cache.HttpCacheTest.response;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.CountingCodec;
import dev.httpjson.HttpCache;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonOptions;
import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A response the cache does not store, and a 304 that revalidates a stored one, are read on the
 * JDK's client with no more hand-offs to the client's executor than a call without the cache.
 */
class PassedThroughTest {
  private final JsonOptions options =
      JsonOptions.newBuilder().codec(new CountingCodec()).timeout(Duration.ofSeconds(5)).build();
  private final ExecutorService pool = Executors.newFixedThreadPool(2);
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
    pool.shutdownNow();
    assertThat(pool.awaitTermination(5, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aResponseNotStoredTakesNoMoreExecutorTasksThanWithoutTheCache() throws Exception {
    int calls = 40;
    // The JDK's own tasks vary with the machine's load, never below what the calls need: the fewest
    // of up to three rounds each. A hand-off per call is 40 more in every round.
    int without = tasks(null, calls);
    int with = tasks(HttpCache.inMemory(1 << 20), calls);
    for (int round = 1; round < 3 && with > without + calls / 2; round++) {
      without = Math.min(without, tasks(null, calls));
      with = Math.min(with, tasks(HttpCache.inMemory(1 << 20), calls));
    }
    assertThat(with)
        .as("executor tasks with a cache, %s without", without)
        .isLessThanOrEqualTo(without + calls / 2);
  }

  @Test
  void aRevalidationTakesNoMoreExecutorTasksThanAPlainCall() throws Exception {
    int calls = 40;
    int without = tasks(null, calls);
    AtomicInteger tasks = new AtomicInteger();
    HttpCache cache = HttpCache.inMemory(1 << 20);
    HttpJsonClient api =
        HttpJsonClient.newBuilder(counted(tasks))
            .baseUri(LoopbackServer.uri(server, "/"))
            .options(options)
            .cache(cache)
            .build();
    server.enqueue(
        response(
            200,
            "\"abc\"",
            "Content-Type",
            "application/json",
            "Cache-Control",
            "no-cache",
            "ETag",
            "\"v1\""));
    for (int i = 0; i < calls; i++) {
      server.enqueue(response(304, "", "ETag", "\"v1\""));
    }
    assertThat(api.getFromJson("r", String.class)).isEqualTo("abc");
    int before = tasks.get();
    for (int i = 0; i < calls; i++) {
      assertThat(api.getFromJson("r", String.class)).isEqualTo("abc");
    }
    int with = tasks.get() - before;
    assertThat(cache.revalidationCount()).isEqualTo(calls);
    // A hand-off per revalidation would be 40 more; the JDK's own tasks vary by up to ten.
    assertThat(with)
        .as("executor tasks of revalidations, %s of plain calls", without)
        .isLessThanOrEqualTo(without + calls / 2);
  }

  private HttpClient counted(AtomicInteger tasks) {
    return HttpClient.newBuilder()
        .executor(
            task -> {
              tasks.incrementAndGet();
              pool.execute(task);
            })
        .build();
  }

  /** The client executor's tasks for {@code calls} GETs of a response marked no-store. */
  private int tasks(HttpCache cache, int calls) throws Exception {
    AtomicInteger tasks = new AtomicInteger();
    HttpClient jdk = counted(tasks);
    HttpJsonClient.Builder b =
        HttpJsonClient.newBuilder(jdk).baseUri(LoopbackServer.uri(server, "/")).options(options);
    if (cache != null) {
      b.cache(cache);
    }
    HttpJsonClient api = b.build();
    for (int i = 0; i <= calls; i++) {
      server.enqueue(
          response(
              200, "\"abc\"", "Content-Type", "application/json", "Cache-Control", "no-store"));
    }
    api.getFromJson("first", String.class); // the connection opened
    int before = tasks.get();
    for (int i = 0; i < calls; i++) {
      assertThat(api.getFromJson("n", String.class)).isEqualTo("abc");
    }
    return tasks.get() - before;
  }
}
