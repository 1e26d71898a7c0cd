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
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import okhttp3.Cookie;
import okhttp3.CookieJar;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Tag;
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

  /** A server that answers every request with the {@code Authorization} it saw, fresh for 60 s. */
  private void answerWithTheAuthorizationSeen() {
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest recorded) {
            String seen = recorded.getHeaders().get("Authorization");
            return new MockResponse.Builder()
                .code(200)
                .body(seen == null ? "nobody" : seen)
                .addHeader("Cache-Control", "max-age=60")
                .build();
          }
        });
  }

  /** A client over OkHttp whose interceptor adds the {@code Authorization} of {@code user}'s. */
  private static HttpClient addingTheAuthorizationOf(HttpCache cache, ThreadLocal<String> user) {
    return cache.decorate(
        OkHttpTransport.newHttpClient(
            OkHttpClients.builder()
                .addInterceptor(
                    chain -> {
                      String who = user.get();
                      return chain.proceed(
                          who == null
                              ? chain.request()
                              : chain
                                  .request()
                                  .newBuilder()
                                  .header("Authorization", "Bearer " + who)
                                  .build());
                    })
                .build()));
  }

  /**
   * An OkHttp interceptor that adds each user's {@code Authorization} (here from a thread-local)
   * adds it beneath the cache, which keys the request it was given: a response to one user's
   * request is neither served to another user nor stored as if it answered everyone.
   */
  @Test
  void anAuthorizationAnOkHttpInterceptorAddsKeepsEachUsersResponseToThemselves() throws Exception {
    answerWithTheAuthorizationSeen();
    ThreadLocal<String> user = new ThreadLocal<>();
    HttpClient client = addingTheAuthorizationOf(HttpCache.inMemory(1 << 20), user);
    HttpRequest request =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/me"))
            .timeout(Duration.ofSeconds(5))
            .build();

    user.set("alice");
    assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("Bearer alice");
    user.set("bob");
    assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("Bearer bob");
    user.set("alice");
    assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("Bearer alice");
    user.remove();
    assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("nobody");
    assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("nobody");
    assertThat(server.getRequestCount()).isEqualTo(4); // the last one stored: no one's
  }

  /**
   * Fails: a response stored for a request the interceptor added nothing to is served, fresh, to a
   * later request it would add credentials to; the cache serves it without a call, so the transport
   * never sees what the interceptor would add. No other user's response is served.
   */
  @Test
  @Tag("tofix")
  void aResponseStoredForNoOneIsNotServedToARequestAnOkHttpInterceptorAddsCredentialsTo()
      throws Exception {
    answerWithTheAuthorizationSeen();
    ThreadLocal<String> user = new ThreadLocal<>();
    HttpClient client = addingTheAuthorizationOf(HttpCache.inMemory(1 << 20), user);
    HttpRequest request =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/me"))
            .timeout(Duration.ofSeconds(5))
            .build();

    assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("nobody");
    user.set("alice");
    assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("Bearer alice");
  }

  /**
   * The same beneath an asynchronous call, with credentials a network interceptor adds (here from a
   * field of the request the cache does not key by): each user gets their own response.
   */
  @Test
  void credentialsAnOkHttpNetworkInterceptorAddsKeepEachUsersResponseToThemselves()
      throws Exception {
    answerWithTheAuthorizationSeen();
    HttpClient client =
        HttpCache.inMemory(1 << 20)
            .decorate(
                OkHttpTransport.newHttpClient(
                    OkHttpClients.builder()
                        .addNetworkInterceptor(
                            chain ->
                                chain.proceed(
                                    chain
                                        .request()
                                        .newBuilder()
                                        .header(
                                            "Authorization",
                                            "Bearer " + chain.request().header("X-User"))
                                        .build()))
                        .build()));

    for (String who : new String[] {"alice", "bob", "alice"}) {
      HttpRequest request =
          HttpRequest.newBuilder(LoopbackServer.uri(server, "/me"))
              .header("X-User", who)
              .timeout(Duration.ofSeconds(5))
              .build();
      assertThat(client.sendAsync(request, BodyHandlers.ofString()).get(5, TimeUnit.SECONDS).body())
          .isEqualTo("Bearer " + who);
    }
    assertThat(server.getRequestCount()).isEqualTo(3);
  }

  /** An interceptor that adds no credential leaves the cache at work. */
  @Test
  void anOkHttpInterceptorThatAddsNoCredentialLeavesResponsesStored() throws Exception {
    answerWithTheAuthorizationSeen();
    HttpClient client =
        HttpCache.inMemory(1 << 20)
            .decorate(
                OkHttpTransport.newHttpClient(
                    OkHttpClients.builder()
                        .addInterceptor(
                            chain ->
                                chain.proceed(
                                    chain
                                        .request()
                                        .newBuilder()
                                        .header("User-Agent", "app/1")
                                        .build()))
                        .addNetworkInterceptor(
                            chain ->
                                chain.proceed(
                                    chain.request().newBuilder().header("X-Trace", "1").build()))
                        .build()));
    HttpRequest request =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/public"))
            .header("Authorization", "Bearer visible")
            .timeout(Duration.ofSeconds(5))
            .build();

    assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("Bearer visible");
    assertThat(client.send(request, BodyHandlers.ofString()).body()).isEqualTo("Bearer visible");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }
}
