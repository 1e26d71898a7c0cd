package dev.httpjson.oauth2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpCache;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An {@link HttpCache} under an OAuth2 client: the identity its entries are kept for is the OAuth2
 * client, not the token of the hour, so a response stored with one token is revalidated with the
 * next.
 */
@Timeout(60)
class OAuth2CacheTest {
  private MockWebServer server;
  private final AtomicInteger tokens = new AtomicInteger();
  private final BlockingQueue<RecordedRequest> apiRequests = new LinkedBlockingQueue<>();
  private volatile Instant now = Instant.parse("2026-12-06T12:00:00Z");

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.newServer();
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            if (request.getUrl().encodedPath().equals("/oauth/token")) {
              return LoopbackServer.json(
                  200,
                  "{\"access_token\":\"t"
                      + tokens.incrementAndGet()
                      + "\",\"token_type\":\"Bearer\",\"expires_in\":3600}");
            }
            apiRequests.add(request);
            if ("\"v1\"".equals(request.getHeaders().get("If-None-Match"))) {
              return new MockResponse.Builder().code(304).addHeader("ETag", "\"v1\"").build();
            }
            return new MockResponse.Builder()
                .code(200)
                .addHeader("Content-Type", "application/json")
                .addHeader("ETag", "\"v1\"")
                .body("\"hello\"")
                .build();
          }
        });
    server.start(java.net.InetAddress.getLoopbackAddress(), 0);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private OAuth2.Builder oauth(String clientId) {
    return OAuth2.clientCredentials(server.url("/oauth/token").uri(), clientId, "s3cret")
        .origin(server.url("/").uri())
        .clock((InstantSource) () -> now);
  }

  @Test
  void aResponseStoredWithOneTokenIsRevalidatedWithTheNext() throws Exception {
    HttpCache cache = HttpCache.inMemory(1 << 20);
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri(server.url("/v1/").uri())
            .cache(cache)
            .interceptor(oauth("sync").build())
            .build();

    assertThat(api.getFromJson("greeting", String.class)).isEqualTo("hello");
    now = now.plus(Duration.ofHours(2)); // the first token has expired
    assertThat(api.getFromJson("greeting", String.class)).isEqualTo("hello");

    RecordedRequest first = apiRequests.poll(10, TimeUnit.SECONDS);
    RecordedRequest second = apiRequests.poll(10, TimeUnit.SECONDS);
    assertThat(first.getHeaders().get("Authorization")).isEqualTo("Bearer t1");
    assertThat(second.getHeaders().get("Authorization")).isEqualTo("Bearer t2");
    assertThat(second.getHeaders().get("If-None-Match")).isEqualTo("\"v1\"");
    assertThat(cache.revalidationCount()).isEqualTo(1);
  }

  @Test
  void anotherOAuth2ClientNeverGetsTheEntriesOfTheFirst() throws Exception {
    HttpCache cache = HttpCache.inMemory(1 << 20);
    HttpClient http = HttpClient.newHttpClient();
    HttpJsonClient sync =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/v1/").uri())
            .cache(cache)
            .interceptor(oauth("sync").build())
            .build();
    HttpJsonClient reports =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/v1/").uri())
            .cache(cache)
            .interceptor(oauth("reports").build())
            .build();
    HttpJsonClient narrower =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/v1/").uri())
            .cache(cache)
            .interceptor(oauth("sync").scopes("read").build())
            .build();

    sync.getFromJson("greeting", String.class);
    reports.getFromJson("greeting", String.class);
    narrower.getFromJson("greeting", String.class);

    for (int i = 0; i < 3; i++) {
      RecordedRequest r = apiRequests.poll(10, TimeUnit.SECONDS);
      assertThat(r.getHeaders().get("If-None-Match")).as("request %s", i + 1).isNull();
    }
    assertThat(cache.revalidationCount()).isZero();
  }

  @Test
  void anAudienceSpeltNullIsNotTheSameIdentityAsNoAudience() throws Exception {
    HttpCache cache = HttpCache.inMemory(1 << 20);
    HttpClient http = HttpClient.newHttpClient();
    HttpJsonClient none =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/v1/").uri())
            .cache(cache)
            .interceptor(oauth("sync").build())
            .build();
    HttpJsonClient named =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/v1/").uri())
            .cache(cache)
            .interceptor(oauth("sync").audience("null").build())
            .build();

    none.getFromJson("greeting", String.class);
    named.getFromJson("greeting", String.class);

    for (int i = 0; i < 2; i++) {
      RecordedRequest r = apiRequests.poll(10, TimeUnit.SECONDS);
      assertThat(r.getHeaders().get("If-None-Match")).as("request %s", i + 1).isNull();
    }
    assertThat(cache.revalidationCount()).isZero();
  }

  @Test
  void fieldsThatRunIntoEachOtherAreNotTheSameIdentity() throws Exception {
    HttpCache cache = HttpCache.inMemory(1 << 20);
    HttpClient http = HttpClient.newHttpClient();
    // Joined with line breaks, "c" for audience "a\n[]\nb" and "c\n[]\na" for audience "b" read
    // the same; they are two clients, the second of which may see what the first may not.
    HttpJsonClient first =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/v1/").uri())
            .cache(cache)
            .interceptor(oauth("c").audience("a\n[]\nb").build())
            .build();
    HttpJsonClient second =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/v1/").uri())
            .cache(cache)
            .interceptor(oauth("c\n[]\na").audience("b").build())
            .build();

    first.getFromJson("greeting", String.class);
    second.getFromJson("greeting", String.class);

    for (int i = 0; i < 2; i++) {
      RecordedRequest r = apiRequests.poll(10, TimeUnit.SECONDS);
      assertThat(r.getHeaders().get("If-None-Match")).as("request %s", i + 1).isNull();
    }
    assertThat(cache.revalidationCount()).isZero();
  }
}
