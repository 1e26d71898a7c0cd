package dev.httpjson.cache;

import static dev.httpjson.cache.HttpCacheTest.response;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.CallListener;
import dev.httpjson.CountingCodec;
import dev.httpjson.HttpCache;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonOptions;
import dev.httpjson.contract.LoopbackServer;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okio.Buffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The cache under {@link HttpJsonClient}: typed calls, compressed bodies, listeners, threads. */
class HttpCacheClientTest {
  private final HttpClient jdk = HttpClient.newHttpClient();
  private final JsonOptions options =
      JsonOptions.newBuilder().codec(new CountingCodec()).timeout(Duration.ofSeconds(5)).build();
  private final HttpCache cache = HttpCache.inMemory(1 << 20);
  private final List<HttpCache.Outcome> outcomes = new CopyOnWriteArrayList<>();
  private MockWebServer server;
  private HttpJsonClient api;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    api =
        HttpJsonClient.newBuilder(jdk)
            .baseUri(LoopbackServer.uri(server, "/"))
            .options(options)
            .cache(cache)
            .listener(
                new CallListener() {
                  @Override
                  public void cache(Call call, HttpCache.Outcome outcome, long nanoTime) {
                    outcomes.add(outcome);
                  }
                })
            .build();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aFreshHitGivesTheTypedValueWithoutARequestAndTheListenerSeesIt() throws Exception {
    server.enqueue(
        response(200, "\"a\"", "Content-Type", "application/json", "Cache-Control", "max-age=60"));

    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
    assertThat(api.getFromJsonAsync("x", String.class).get(10, TimeUnit.SECONDS)).isEqualTo("a");

    assertThat(server.getRequestCount()).isEqualTo(1);
    assertThat(outcomes)
        .containsExactly(HttpCache.Outcome.MISS, HttpCache.Outcome.HIT, HttpCache.Outcome.HIT);
  }

  @Test
  void theJfrEventOfACallNamesTheCacheOutcome(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    server.enqueue(
        response(200, "\"a\"", "Content-Type", "application/json", "Cache-Control", "max-age=60"));
    java.nio.file.Path file = dir.resolve("calls.jfr");
    try (Recording recording = new Recording()) {
      recording.enable("dev.httpjson.Call").withThreshold(Duration.ZERO);
      recording.start();
      api.getFromJson("x", String.class);
      api.getFromJson("x", String.class);
      recording.stop();
      recording.dump(file);
    }

    List<String> cached =
        RecordingFile.readAllEvents(file).stream()
            .filter(e -> e.getEventType().getName().equals("dev.httpjson.Call"))
            .sorted(java.util.Comparator.comparing(RecordedEvent::getStartTime))
            .map(e -> e.getString("cache"))
            .toList();
    assertThat(cached).containsExactly("MISS", "HIT");
  }

  @Test
  void aCompressedBodyIsStoredAsReceivedAndVariesByAcceptEncoding() throws Exception {
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write("\"a\"".getBytes(StandardCharsets.UTF_8));
    }
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .body(new Buffer().write(gz.toByteArray()))
            .addHeader("Content-Type", "application/json")
            .addHeader("Content-Encoding", "gzip")
            .addHeader("Vary", "Accept-Encoding")
            .addHeader("Cache-Control", "max-age=60")
            .build());
    server.enqueue(
        response(200, "plain", "Cache-Control", "max-age=60", "Vary", "Accept-Encoding"));

    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
    String plain =
        cache
            .decorate(jdk)
            .send(
                HttpRequest.newBuilder(LoopbackServer.uri(server, "/x"))
                    .timeout(Duration.ofSeconds(5))
                    .build(),
                BodyHandlers.ofString())
            .body();

    assertThat(plain).isEqualTo("plain");
    assertThat(LoopbackServer.take(server).getHeaders().get("Accept-Encoding")).contains("gzip");
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void theBackgroundValidationThreadEndsWhenIdle() throws Exception {
    server.enqueue(
        response(
            200,
            "\"a\"",
            "ETag",
            "\"v1\"",
            "Cache-Control",
            "max-age=1, stale-while-revalidate=600",
            "Age",
            "2"));
    server.enqueue(response(304, "", "ETag", "\"v1\""));

    api.getFromJson("x", String.class);
    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
    LoopbackServer.take(server);
    assertThat(LoopbackServer.take(server).getHeaders().get("If-None-Match")).isEqualTo("\"v1\"");

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (cacheThreads() > 0 && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(cacheThreads()).isZero();
  }

  private static long cacheThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("httpjson-cache-"))
        .count();
  }
}
