package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.internal.CachedBinding;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The seed's regression, made impossible: equal options built per call share one cache. */
class ReaderCacheTest {
  private final CountingCodec codec = new CountingCodec();
  private MockWebServer server;
  private final HttpClient client = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void optionsBuiltAnewForEveryCallCreateNoNewBindingReaderOrWriter() throws Exception {
    URI uri = LoopbackServer.uri(server, "/s");
    for (int i = 0; i < 3; i++) {
      server.enqueue(LoopbackServer.json(200, "\"warm\""));
      HttpJson.getFromJson(client, uri, JsonType.of(String.class, freshOptions()));
      server.enqueue(LoopbackServer.json(200, "\"warm\""));
      HttpJson.postAsJson(client, uri, "w", freshOptions());
    }
    int binds = codec.binds.get();
    int readers = codec.readers.get();
    int writers = codec.writers.get();

    int n = 200;
    for (int i = 0; i < n; i++) {
      server.enqueue(LoopbackServer.json(200, "\"v" + i + "\""));
      assertThat(HttpJson.getFromJson(client, uri, JsonType.of(String.class, freshOptions())))
          .isEqualTo("v" + i);
      server.enqueue(LoopbackServer.json(204, ""));
      HttpJson.postAsJson(client, uri, "p" + i, freshOptions());
    }

    assertThat(codec.binds.get()).isEqualTo(binds).isEqualTo(1);
    assertThat(codec.readers.get()).isEqualTo(readers).isEqualTo(1);
    assertThat(codec.writers.get()).isEqualTo(writers).isEqualTo(1);
  }

  @Test
  void perCallTimeoutsAndSizeLimitsCreateNoBindingReaderOrWriter() throws Exception {
    URI uri = LoopbackServer.uri(server, "/s");
    server.enqueue(LoopbackServer.json(200, "\"warm\""));
    HttpJson.getFromJson(client, uri, JsonType.of(String.class, perCallOptions(0)));
    server.enqueue(LoopbackServer.json(204, ""));
    HttpJson.postAsJson(client, uri, "w", perCallOptions(0));
    int binds = codec.binds.get();
    int readers = codec.readers.get();
    int writers = codec.writers.get();

    for (int i = 1; i <= 200; i++) {
      server.enqueue(LoopbackServer.json(200, "\"v" + i + "\""));
      assertThat(HttpJson.getFromJson(client, uri, JsonType.of(String.class, perCallOptions(i))))
          .isEqualTo("v" + i);
      server.enqueue(LoopbackServer.json(204, ""));
      HttpJson.postAsJson(client, uri, "p" + i, perCallOptions(i));
      server.enqueue(LoopbackServer.json(200, "\"a" + i + "\""));
      assertThat(
              HttpJson.getFromJsonAsync(client, uri, JsonType.of(String.class, perCallOptions(i)))
                  .get(5, TimeUnit.SECONDS))
          .isEqualTo("a" + i);
    }

    assertThat(codec.binds.get()).isEqualTo(binds).isEqualTo(1);
    assertThat(codec.readers.get()).isEqualTo(readers).isEqualTo(1);
    assertThat(codec.writers.get()).isEqualTo(writers).isEqualTo(1);
  }

  @Test
  void optionsDifferingOnlyInCallSettingsShareTheBindingObject() {
    JsonOptions base = JsonOptions.newBuilder().codec(codec).build();
    JsonOptions call =
        base.toBuilder().timeout(Duration.ofMillis(1234)).maxResponseSize(99).build();
    JsonOptions web = JsonOptions.newBuilder().timeout(Duration.ofSeconds(1)).build();

    assertThat(call).isNotEqualTo(base);
    assertThat(call.binding()).isSameAs(base.binding());
    assertThat(web.settings()).isSameAs(JsonOptions.web().settings());
    assertThat(codec.binds.get()).isEqualTo(1);
  }

  @Test
  void theCodecIsBoundWithoutCallSettings() {
    JsonOptions.newBuilder()
        .codec(codec)
        .indent(true)
        .timeout(Duration.ofSeconds(7))
        .idleTimeout(Duration.ofSeconds(3))
        .maxResponseSize(5)
        .build()
        .binding();

    assertThat(codec.bound).hasSize(1);
    assertThat(codec.bound.get(0).indent()).isTrue();
    assertThat(codec.bound.get(0).timeout()).isEqualTo(JsonOptions.DEFAULT_TIMEOUT);
    assertThat(codec.bound.get(0).idleTimeout()).isNull();
    assertThat(codec.bound.get(0).maxResponseSize())
        .isEqualTo(JsonOptions.DEFAULT_MAX_RESPONSE_SIZE);
  }

  @Test
  void differentOptionsGetTheirOwnBinding() {
    JsonOptions a = JsonOptions.newBuilder().codec(codec).build();
    JsonOptions b = JsonOptions.newBuilder().codec(codec).indent(true).build();

    assertThat(a.binding()).isSameAs(JsonOptions.newBuilder().codec(codec).build().binding());
    assertThat(a.binding()).isNotSameAs(b.binding());
    assertThat(codec.binds.get()).isEqualTo(2);
  }

  @Test
  void theOptionsCacheIsBounded() {
    for (int i = 0; i < CachedBinding.MAX_ENTRIES * 3; i++) {
      JsonOptions.newBuilder().codec(codec).maxNestingDepth(1000 + i).build().binding();
    }

    assertThat(CachedBinding.size()).isLessThanOrEqualTo(CachedBinding.MAX_ENTRIES);
    assertThat(codec.binds.get()).isEqualTo(CachedBinding.MAX_ENTRIES * 3);
  }

  @Test
  void theOptionsCacheKeepsTheBindingInUseWhileOthersComeAndGo() {
    JsonOptions hot = JsonOptions.newBuilder().codec(codec).build();
    CachedBinding binding = hot.binding();
    for (int i = 0; i < CachedBinding.MAX_ENTRIES * 3; i++) {
      // Fresh options objects, so each use goes through the shared cache.
      assertThat(JsonOptions.newBuilder().codec(codec).build().settings().binding())
          .isSameAs(binding);
      JsonOptions.newBuilder().codec(codec).maxNestingDepth(2000 + i).build().binding();
    }

    assertThat(CachedBinding.forSettings(hot.settings())).isSameAs(binding);
  }

  @Test
  void theTypeCacheEvictsTheLeastRecentlyUsedType() {
    CachedBinding binding =
        JsonOptions.newBuilder().codec(codec).maxNestingDepth(8).build().binding();
    for (int i = 0; i < CachedBinding.MAX_TYPES; i++) {
      binding.reader(new IdType(i));
    }
    binding.reader(new IdType(0)); // used again: now the most recent
    int created = codec.readers.get();

    binding.reader(new IdType(-1)); // a miss in a full cache evicts one type
    binding.reader(new IdType(0));
    assertThat(codec.readers.get()).as("type 0 was kept").isEqualTo(created + 1);
    binding.reader(new IdType(1));
    assertThat(codec.readers.get()).as("type 1 was evicted").isEqualTo(created + 2);
  }

  @Test
  void concurrentMissesNeverOverflowTheTypeCacheNorCreateAReaderTwice() throws Exception {
    CachedBinding binding =
        JsonOptions.newBuilder().codec(codec).maxNestingDepth(9).build().binding();
    int threads = 8;
    int perThread = CachedBinding.MAX_TYPES;
    java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(threads);
    java.util.concurrent.atomic.AtomicInteger peak =
        new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(threads);
    try {
      java.util.List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int offset = t * perThread / 2; // half of each thread's types overlap the next one's
        done.add(
            pool.submit(
                () -> {
                  start.await(30, TimeUnit.SECONDS);
                  for (int i = 0; i < perThread; i++) {
                    binding.reader(new IdType(offset + i));
                    peak.accumulateAndGet(binding.cachedReaders(), Math::max);
                  }
                  return null;
                }));
      }
      for (java.util.concurrent.Future<?> f : done) {
        f.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(peak.get()).isLessThanOrEqualTo(CachedBinding.MAX_TYPES);
    assertThat(binding.cachedReaders()).isEqualTo(CachedBinding.MAX_TYPES);
  }

  @Test
  void theTypeCacheIsBounded() {
    CachedBinding binding =
        JsonOptions.newBuilder().codec(codec).maxNestingDepth(7).build().binding();
    for (int i = 0; i < CachedBinding.MAX_TYPES * 3; i++) {
      binding.reader(new IdType(i));
    }

    assertThat(binding.cachedReaders()).isLessThanOrEqualTo(CachedBinding.MAX_TYPES);
    assertThat(codec.readers.get()).isEqualTo(CachedBinding.MAX_TYPES * 3);
  }

  private record IdType(int id) implements java.lang.reflect.Type {}

  private JsonOptions perCallOptions(int i) {
    return JsonOptions.newBuilder()
        .codec(codec)
        .timeout(Duration.ofMillis(30_000 + i))
        .maxResponseSize(1_000_000 + i)
        .build();
  }

  private JsonOptions freshOptions() {
    return JsonOptions.newBuilder().codec(codec).build();
  }
}
