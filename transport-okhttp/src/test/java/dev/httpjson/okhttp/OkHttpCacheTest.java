package dev.httpjson.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpCache;
import dev.httpjson.contract.CacheContract;
import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import okhttp3.Cookie;
import okhttp3.CookieJar;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;

/** {@link CacheContract} over OkHttp, and what OkHttp adds beneath the cache. */
class OkHttpCacheTest extends CacheContract {
  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http1();
  }

  /** A jar that holds one session cookie. */
  private static CookieJar session(String value) {
    return new CookieJar() {
      @Override
      public void saveFromResponse(HttpUrl url, List<Cookie> cookies) {}

      @Override
      public List<Cookie> loadForRequest(HttpUrl url) {
        return List.of(
            new Cookie.Builder().name("session").value(value).domain(url.host()).build());
      }
    };
  }

  @Test
  void clientsWithDifferentCookieJarsOrAuthenticatorsNeverShareAResponse() throws Exception {
    for (String who : new String[] {"alice", "bob", "carol", "dave"}) {
      server.enqueue(
          new MockResponse.Builder()
              .code(200)
              .body(who)
              .addHeader("Cache-Control", "max-age=60")
              .build());
    }
    HttpCache cache = HttpCache.inMemory(1 << 20);
    HttpClient alice =
        cache.decorate(
            OkHttpTransport.newHttpClient(
                OkHttpClients.builder().cookieJar(session("alice")).build()));
    HttpClient bob =
        cache.decorate(
            OkHttpTransport.newHttpClient(
                OkHttpClients.builder().cookieJar(session("bob")).build()));
    HttpClient carol =
        cache.decorate(
            OkHttpTransport.newHttpClient(
                OkHttpClients.builder().authenticator((route, response) -> null).build()));
    HttpClient dave =
        cache.decorate(
            OkHttpTransport.newHttpClient(
                OkHttpClients.builder().authenticator((route, response) -> null).build()));
    HttpRequest request =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/me"))
            .timeout(Duration.ofSeconds(5))
            .build();

    assertThat(alice.send(request, BodyHandlers.ofString()).body()).isEqualTo("alice");
    assertThat(bob.send(request, BodyHandlers.ofString()).body()).isEqualTo("bob");
    assertThat(carol.send(request, BodyHandlers.ofString()).body()).isEqualTo("carol");
    assertThat(dave.send(request, BodyHandlers.ofString()).body()).isEqualTo("dave");
    assertThat(alice.send(request, BodyHandlers.ofString()).body()).isEqualTo("alice");
    assertThat(carol.send(request, BodyHandlers.ofString()).body()).isEqualTo("carol");
    assertThat(server.getRequestCount()).isEqualTo(4);
  }

  /**
   * A stale-while-revalidate validation runs in the background, but OkHttp's interceptors (like its
   * cookie jar and authenticator, code of the caller's) run on OkHttp's own threads, as for any
   * asynchronous call, never on the cache's.
   */
  @Test
  void aBackgroundValidationRunsTheCallersOkHttpCodeOnOkHttpsThreadsNotTheCaches()
      throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .body("one")
            .addHeader("ETag", "\"1\"")
            .addHeader("Cache-Control", "max-age=0, stale-while-revalidate=60")
            .build());
    server.enqueue(new MockResponse.Builder().code(304).addHeader("ETag", "\"1\"").build());
    BlockingQueue<String> threads = new LinkedBlockingQueue<>();
    HttpClient client =
        HttpCache.inMemory(1 << 20)
            .decorate(
                OkHttpTransport.newHttpClient(
                    OkHttpClients.builder()
                        .addInterceptor(
                            chain -> {
                              threads.add(Thread.currentThread().getName());
                              return chain.proceed(chain.request());
                            })
                        .build()));
    HttpRequest request =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/swr"))
            .timeout(Duration.ofSeconds(5))
            .build();

    assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("one");
    assertThat(threads.poll(5, TimeUnit.SECONDS)).isNotNull();
    assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("one"); // stale
    String validating = threads.poll(5, TimeUnit.SECONDS);

    assertThat(validating).as("the background validation's interceptor ran").isNotNull();
    assertThat(validating).doesNotStartWith("httpjson-");
  }
}
