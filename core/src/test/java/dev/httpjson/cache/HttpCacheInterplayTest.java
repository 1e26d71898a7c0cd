package dev.httpjson.cache;

import static dev.httpjson.cache.HttpCacheTest.response;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.CallListener;
import dev.httpjson.CountingCodec;
import dev.httpjson.HttpCache;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonOptions;
import dev.httpjson.RetryInterceptor;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.RawServer;
import java.net.CookieManager;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The cache with the rest of {@link HttpJsonClient}: listeners, retries, redirects, timeouts. */
class HttpCacheInterplayTest {
  private final HttpClient jdk = HttpClient.newHttpClient();
  private final HttpCache cache = HttpCache.inMemory(1 << 20);
  private final List<String> events = new CopyOnWriteArrayList<>();
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private HttpJsonClient.Builder api(HttpClient client) {
    return HttpJsonClient.newBuilder(client)
        .baseUri(LoopbackServer.uri(server, "/"))
        .options(
            JsonOptions.newBuilder()
                .codec(new CountingCodec())
                .timeout(Duration.ofSeconds(5))
                .build())
        .cache(cache)
        .listener(
            new CallListener() {
              @Override
              public void cache(Call call, HttpCache.Outcome outcome, long nanoTime) {
                events.add("cache " + outcome);
              }

              @Override
              public void responseHeaders(Call call, int statusCode, long nanoTime) {
                events.add("status " + statusCode);
              }

              @Override
              public void retry(Call call, int attempt, long nanoTime) {
                events.add("retry");
              }

              @Override
              public void callFailed(Call call, Throwable failure, long nanoTime) {
                events.add("failed");
              }
            });
  }

  @Test
  void blockingAndAsyncCallsReportMissHitAndRevalidated() throws Exception {
    server.enqueue(
        response(
            200,
            "\"a\"",
            "Content-Type",
            "application/json",
            "ETag",
            "\"1\"",
            "Cache-Control",
            "max-age=0"));
    server.enqueue(response(304, "", "ETag", "\"1\"", "Cache-Control", "max-age=0"));
    server.enqueue(response(304, "", "ETag", "\"1\"", "Cache-Control", "max-age=60"));
    HttpJsonClient api = api(jdk).build();

    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
    assertThat(api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS)).isEqualTo("a");
    assertThat(api.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS)).isEqualTo("a");

    assertThat(events)
        .containsExactly(
            "status 200", "cache MISS",
            "status 200", "cache REVALIDATED",
            "status 200", "cache REVALIDATED",
            "status 200", "cache HIT");
  }

  @Test
  void aStaleResponseAnsweringA503IsNeverRetriedAndA304NeverFails() throws Exception {
    server.enqueue(
        response(
            200,
            "\"a\"",
            "Content-Type",
            "application/json",
            "ETag",
            "\"1\"",
            "Cache-Control",
            "max-age=0, stale-if-error=60"));
    server.enqueue(response(503, "down"));
    server.enqueue(response(304, "", "ETag", "\"1\"", "Cache-Control", "max-age=0"));
    HttpJsonClient api =
        api(jdk)
            .interceptor(
                RetryInterceptor.newBuilder()
                    .maxAttempts(3)
                    .backoff(Duration.ofMillis(1), Duration.ofMillis(1))
                    .build())
            .build();

    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");

    assertThat(events).doesNotContain("retry", "failed");
    assertThat(server.getRequestCount()).isEqualTo(3);
  }

  @Test
  void aFreshHitNeedsNoServerAndARevalidationIsBoundByTheTimeout() throws Exception {
    AtomicInteger connections = new AtomicInteger();
    CountDownLatch held = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              if (connections.incrementAndGet() == 1) {
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 3\r\n"
                        + "ETag: \"1\"\r\nCache-Control: max-age=1\r\nConnection: close\r\n\r\n\"a\"");
                socket.close();
                return;
              }
              held.await(10, TimeUnit.SECONDS); // never answers the validation
            })) {
      HttpJsonClient api =
          HttpJsonClient.newBuilder(jdk)
              .baseUri(raw.uri("/"))
              .options(
                  JsonOptions.newBuilder()
                      .codec(new CountingCodec())
                      .timeout(Duration.ofMillis(500))
                      .build())
              .cache(cache)
              .build();
      assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
      assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
      Thread.sleep(1100);
      long start = System.nanoTime();
      assertThatThrownBy(() -> api.getFromJson("x", String.class))
          .isInstanceOf(dev.httpjson.CallTimeoutException.class);
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4));
      held.countDown();
    }
  }

  @Test
  void clientsWithDifferentCookiesInTheirCookieHandlerNeverShareAResponse() throws Exception {
    server.enqueue(
        response(
            200, "\"alice\"", "Content-Type", "application/json", "Cache-Control", "max-age=60"));
    server.enqueue(
        response(
            200, "\"bob\"", "Content-Type", "application/json", "Cache-Control", "max-age=60"));
    CookieManager alice = new CookieManager();
    CookieManager bob = new CookieManager();
    java.net.URI uri = LoopbackServer.uri(server, "/");
    alice.put(uri, java.util.Map.of("Set-Cookie", List.of("session=alice; Path=/")));
    bob.put(uri, java.util.Map.of("Set-Cookie", List.of("session=bob; Path=/")));
    HttpJsonClient a = api(HttpClient.newBuilder().cookieHandler(alice).build()).build();
    HttpJsonClient b = api(HttpClient.newBuilder().cookieHandler(bob).build()).build();

    assertThat(a.getFromJson("x", String.class)).isEqualTo("alice");
    assertThat(b.getFromJson("x", String.class)).isEqualTo("bob");
    assertThat(a.getFromJson("x", String.class)).isEqualTo("alice");
    assertThat(b.getFromJsonAsync("x", String.class).get(5, TimeUnit.SECONDS)).isEqualTo("bob");
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void a304NamingAnotherContentEncodingNeverRelabelsTheStoredBody() throws Exception {
    server.enqueue(
        response(
            200,
            "\"a\"",
            "Content-Type",
            "application/json",
            "ETag",
            "W/\"1\"",
            "Cache-Control",
            "max-age=0"));
    server.enqueue(
        response(
            304,
            "",
            "ETag",
            "W/\"1\"",
            "Content-Encoding",
            "gzip",
            "Cache-Control",
            "max-age=60",
            "X-Version",
            "2"));
    HttpJsonClient api = api(jdk).build();

    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
    assertThat(api.getFromJson("x", String.class)).isEqualTo("a");
    HttpResponse<String> hit =
        cache
            .decorate(jdk)
            .send(
                java.net.http.HttpRequest.newBuilder(LoopbackServer.uri(server, "/x"))
                    .timeout(Duration.ofSeconds(5))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());

    assertThat(hit.body()).isEqualTo("\"a\"");
    assertThat(hit.headers().firstValue("X-Version")).contains("2");
    assertThat(hit.headers().firstValue("Content-Encoding")).isEmpty();
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void aRedirectIsStoredOnlyWhenExplicitlyFreshAndIsFollowedFromTheCache() throws Exception {
    server.enqueue(response(301, "", "Location", "/new", "Cache-Control", "max-age=60"));
    server.enqueue(
        response(
            200, "\"new\"", "Content-Type", "application/json", "Cache-Control", "max-age=60"));
    server.enqueue(response(302, "", "Location", "/new"));
    server.enqueue(response(302, "", "Location", "/new"));
    HttpJsonClient api = api(jdk).followRedirects(HttpClient.Redirect.NORMAL).build();

    assertThat(api.getFromJson("old", String.class)).isEqualTo("new");
    assertThat(api.getFromJson("old", String.class)).isEqualTo("new");
    assertThat(server.getRequestCount()).isEqualTo(2);
    assertThat(api.getFromJson("moved", String.class)).isEqualTo("new");
    assertThat(api.getFromJson("moved", String.class)).isEqualTo("new");
    assertThat(server.getRequestCount()).isEqualTo(4);
  }
}
