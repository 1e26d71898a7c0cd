package dev.httpjson.oauth2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.Interceptor;
import dev.httpjson.contract.LoopbackServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpClient.Redirect;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The OAuth2 interceptor against a loopback token endpoint and a loopback API: tokens fetched once,
 * cached, refreshed once for every caller, a 401 retried once, never sent to another origin.
 */
@Timeout(60)
class OAuth2Test {
  private static final String SECRET = "s3cr3t-Value";
  private static final long WAIT = 10;

  private MockWebServer auth;
  private MockWebServer api;
  private MockWebServer other;
  private final BlockingQueue<RecordedRequest> tokenRequests = new LinkedBlockingQueue<>();
  private final AtomicInteger tokenCount = new AtomicInteger();
  private volatile IntFunction<MockResponse> tokenAnswer =
      n -> token("{\"access_token\":\"t" + n + "\",\"token_type\":\"Bearer\",\"expires_in\":3600}");
  private volatile long tokenDelayMillis;
  private final BlockingQueue<RecordedRequest> apiRequests = new LinkedBlockingQueue<>();
  private final List<MockResponse> apiScript = new ArrayList<>();
  private volatile @Nullable String revoked;
  private final BlockingQueue<RecordedRequest> otherRequests = new LinkedBlockingQueue<>();
  private final Clock clock = new Clock();
  private final HttpClient http = newClient();

  /** The client under the API calls and the token requests: the JDK's here. */
  HttpClient newClient() {
    return HttpClient.newHttpClient();
  }

  /** A clock the tests move. */
  static final class Clock implements InstantSource {
    volatile Instant now = Instant.parse("2026-12-06T12:00:00Z");

    @Override
    public Instant instant() {
      return now;
    }

    void advance(Duration d) {
      now = now.plus(d);
    }
  }

  @BeforeEach
  void start() throws Exception {
    auth = LoopbackServer.newServer();
    auth.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
            tokenRequests.add(request);
            int n = tokenCount.incrementAndGet();
            long delay = tokenDelayMillis;
            if (delay > 0) {
              Thread.sleep(delay);
            }
            return tokenAnswer.apply(n);
          }
        });
    auth.start(java.net.InetAddress.getLoopbackAddress(), 0);
    api = LoopbackServer.newServer();
    api.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            apiRequests.add(request);
            if (("Bearer " + revoked).equals(request.getHeaders().get("Authorization"))) {
              return invalidToken();
            }
            synchronized (apiScript) {
              if (!apiScript.isEmpty()) {
                return apiScript.remove(0);
              }
            }
            return LoopbackServer.json(200, "\"ok\"");
          }
        });
    api.start(java.net.InetAddress.getLoopbackAddress(), 0);
    other = LoopbackServer.newServer();
    other.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            otherRequests.add(request);
            return LoopbackServer.json(200, "\"elsewhere\"");
          }
        });
    other.start(java.net.InetAddress.getLoopbackAddress(), 0);
  }

  @AfterEach
  void stop() throws Exception {
    auth.close();
    api.close();
    other.close();
  }

  private static MockResponse token(String json) {
    return LoopbackServer.json(200, json);
  }

  private void script(MockResponse... responses) {
    synchronized (apiScript) {
      apiScript.addAll(List.of(responses));
    }
  }

  private static MockResponse invalidToken() {
    return new MockResponse.Builder()
        .code(401)
        .addHeader("WWW-Authenticate", "Bearer error=\"invalid_token\"")
        .addHeader("Content-Type", "application/json")
        .body("{\"message\":\"expired\"}")
        .build();
  }

  private URI tokenUri() {
    return LoopbackServer.uri(auth, "/oauth/token");
  }

  private URI apiBase() {
    return LoopbackServer.uri(api, "/v1/");
  }

  private OAuth2.Builder credentials() {
    return OAuth2.clientCredentials(tokenUri(), "client-1", SECRET)
        .origin(apiBase())
        .clock(clock)
        .httpClient(http);
  }

  private HttpJsonClient client(Interceptor oauth) {
    return HttpJsonClient.newBuilder(http).baseUri(apiBase()).interceptor(oauth).build();
  }

  private List<String> apiAuthorizations(int n) throws InterruptedException {
    List<String> seen = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      RecordedRequest r = apiRequests.poll(WAIT, TimeUnit.SECONDS);
      assertThat(r).as("API request %s of %s", i + 1, n).isNotNull();
      seen.add(r.getHeaders().get("Authorization"));
    }
    return seen;
  }

  private RecordedRequest takeToken() throws InterruptedException {
    RecordedRequest r = tokenRequests.poll(WAIT, TimeUnit.SECONDS);
    assertThat(r).as("a token request").isNotNull();
    return r;
  }

  @Test
  void theTokenIsFetchedOnceWithAFormPostAndReusedByLaterCalls() throws Exception {
    HttpJsonClient client = client(credentials().scopes("read", "write").build());

    for (int i = 0; i < 3; i++) {
      assertThat(client.getFromJson("users/" + i, String.class)).isEqualTo("ok");
    }

    assertThat(apiAuthorizations(3)).containsOnly("Bearer t1");
    assertThat(tokenCount).hasValue(1);
    RecordedRequest token = takeToken();
    assertThat(token.getMethod()).isEqualTo("POST");
    assertThat(token.getHeaders().get("Content-Type"))
        .isEqualTo("application/x-www-form-urlencoded");
    assertThat(token.getBody().utf8()).isEqualTo("grant_type=client_credentials&scope=read+write");
    assertThat(token.getHeaders().get("Authorization"))
        .isEqualTo(
            "Basic "
                + Base64.getEncoder()
                    .encodeToString(("client-1:" + SECRET).getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void clientSecretPostSendsTheCredentialsInTheFormAndNoAuthorizationHeader() throws Exception {
    HttpJsonClient client =
        client(
            credentials()
                .clientAuthentication(OAuth2.ClientAuthentication.CLIENT_SECRET_POST)
                .audience("https://api.example.com")
                .build());

    assertThat(client.getFromJson("users/1", String.class)).isEqualTo("ok");

    RecordedRequest token = takeToken();
    assertThat(token.getHeaders().get("Authorization")).isNull();
    assertThat(token.getBody().utf8())
        .isEqualTo(
            "grant_type=client_credentials&audience=https%3A%2F%2Fapi.example.com"
                + "&client_id=client-1&client_secret="
                + SECRET);
  }

  @Test
  void theTokenIsRefreshedShortlyBeforeItExpires() throws Exception {
    HttpJsonClient client =
        client(credentials().refreshBeforeExpiry(Duration.ofSeconds(60)).build());

    client.getFromJson("a", String.class);
    clock.advance(Duration.ofSeconds(3600 - 61));
    client.getFromJson("b", String.class);
    assertThat(tokenCount).hasValue(1);
    clock.advance(Duration.ofSeconds(2)); // 59 s before it expires
    client.getFromJson("c", String.class);
    client.getFromJson("d", String.class);

    assertThat(tokenCount).hasValue(2);
    assertThat(apiAuthorizations(4))
        .containsExactly("Bearer t1", "Bearer t1", "Bearer t2", "Bearer t2");
  }

  @Test
  void anExpiresInWrittenAsADecimalStringStillExpiresTheToken() throws Exception {
    tokenAnswer =
        n ->
            token(
                "{\"access_token\":\"t"
                    + n
                    + "\",\"token_type\":\"Bearer\",\"expires_in\":\" 3600.0 \"}");
    HttpJsonClient client = client(credentials().refreshBeforeExpiry(Duration.ZERO).build());

    client.getFromJson("a", String.class);
    clock.advance(Duration.ofSeconds(3601)); // past its end, which the API may not yet enforce
    client.getFromJson("b", String.class);

    assertThat(tokenCount).hasValue(2);
    assertThat(apiAuthorizations(2)).containsExactly("Bearer t1", "Bearer t2");
  }

  @Test
  void fiftyConcurrentCallersWithAnExpiredTokenMakeOneTokenRequest() throws Exception {
    HttpJsonClient client = client(credentials().build());
    client.getFromJson("warm", String.class);
    clock.advance(Duration.ofHours(2));
    tokenDelayMillis = 300;

    ExecutorService pool = Executors.newFixedThreadPool(50);
    try {
      CountDownLatch go = new CountDownLatch(1);
      List<Future<String>> calls = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        int n = i;
        calls.add(
            pool.submit(
                () -> {
                  go.await(WAIT, TimeUnit.SECONDS);
                  return client.getFromJson("items/" + n, String.class);
                }));
      }
      go.countDown();
      for (Future<String> call : calls) {
        assertThat(call.get(WAIT, TimeUnit.SECONDS)).isEqualTo("ok");
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(tokenCount).hasValue(2);
    List<String> seen = apiAuthorizations(51);
    assertThat(seen.subList(1, 51)).containsOnly("Bearer t2");
  }

  @Test
  void fiftyConcurrentAsyncCallersShareOneTokenRequestWithoutHoldingTheClientsThreads()
      throws Exception {
    // One thread for each client: a caller that waited for the token on it would starve the rest.
    ExecutorService apiThread = Executors.newSingleThreadExecutor();
    ExecutorService tokenThread = Executors.newSingleThreadExecutor();
    try {
      HttpClient apiHttp = HttpClient.newBuilder().executor(apiThread).build();
      HttpClient tokenHttp = HttpClient.newBuilder().executor(tokenThread).build();
      OAuth2 oauth = credentials().httpClient(tokenHttp).build();
      HttpClient decorated = Interceptor.decorate(apiHttp, oauth);
      tokenDelayMillis = 300;

      List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        calls.add(
            decorated.sendAsync(
                HttpRequest.newBuilder(apiBase().resolve("items/" + i)).build(),
                BodyHandlers.ofString()));
      }
      for (CompletableFuture<HttpResponse<String>> call : calls) {
        assertThat(call.get(WAIT, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      }

      assertThat(tokenCount).hasValue(1);
      assertThat(apiAuthorizations(50)).containsOnly("Bearer t1");
    } finally {
      apiThread.shutdownNow();
      tokenThread.shutdownNow();
    }
  }

  @Test
  void a401RefreshesTheTokenAndRepeatsTheCallOnce() throws Exception {
    HttpJsonClient client = client(credentials().build());
    script(invalidToken());

    assertThat(client.getFromJson("users/1", String.class)).isEqualTo("ok");

    assertThat(apiAuthorizations(2)).containsExactly("Bearer t1", "Bearer t2");
    assertThat(tokenCount).hasValue(2);
  }

  @Test
  void concurrentCallsRefusedWithTheSameTokenMakeOneTokenRequest() throws Exception {
    HttpJsonClient client = client(credentials().build());
    client.getFromJson("warm", String.class);
    revoked = "t1";

    ExecutorService pool = Executors.newFixedThreadPool(20);
    try {
      CountDownLatch go = new CountDownLatch(1);
      List<Future<String>> calls = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        calls.add(
            pool.submit(
                () -> {
                  go.await(WAIT, TimeUnit.SECONDS);
                  return client.getFromJson("items", String.class);
                }));
      }
      go.countDown();
      for (Future<String> call : calls) {
        assertThat(call.get(WAIT, TimeUnit.SECONDS)).isEqualTo("ok");
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(tokenCount).hasValue(2);
  }

  @Test
  void a401RefreshesAndRepeatsAnAsyncCallOnce() throws Exception {
    HttpClient decorated = Interceptor.decorate(http, credentials().build());
    script(invalidToken());

    HttpResponse<String> response =
        decorated
            .sendAsync(
                HttpRequest.newBuilder(apiBase().resolve("users/1")).build(),
                BodyHandlers.ofString())
            .get(WAIT, TimeUnit.SECONDS);

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(apiAuthorizations(2)).containsExactly("Bearer t1", "Bearer t2");
  }

  @Test
  void a401RefreshesAndRepeatsAClientsAsyncCallOnce() throws Exception {
    HttpJsonClient client = client(credentials().build());
    script(invalidToken());

    assertThat(client.getFromJsonAsync("users/1", String.class).get(WAIT, TimeUnit.SECONDS))
        .isEqualTo("ok");

    assertThat(apiAuthorizations(2)).containsExactly("Bearer t1", "Bearer t2");
  }

  @Test
  void anAsyncCallCancelledWhileWaitingForTheTokenLeavesTheTokenRequestToTheOthers()
      throws Exception {
    HttpClient decorated = Interceptor.decorate(http, credentials().build());
    tokenDelayMillis = 2000; // time enough to cancel the first call on a loaded machine
    HttpRequest request = HttpRequest.newBuilder(apiBase().resolve("users/1")).build();

    CompletableFuture<HttpResponse<String>> cancelled =
        decorated.sendAsync(request, BodyHandlers.ofString());
    CompletableFuture<HttpResponse<String>> waiting =
        decorated.sendAsync(request, BodyHandlers.ofString());
    takeToken(); // the token request is under way
    cancelled.cancel(true);

    assertThat(waiting.get(WAIT, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    assertThat(apiAuthorizations(1)).containsExactly("Bearer t1");
    assertThat(apiRequests.poll(200, TimeUnit.MILLISECONDS)).as("the cancelled call").isNull();
    assertThat(tokenCount).hasValue(1);
  }

  @Test
  void aSecond401IsTheCallersFailureAndNotRepeatedAgain() throws Exception {
    HttpJsonClient client = client(credentials().build());
    script(invalidToken(), invalidToken());

    assertThatThrownBy(() -> client.getFromJson("users/1", String.class))
        .isInstanceOf(HttpJsonStatusException.class)
        .satisfies(e -> assertThat(((HttpJsonStatusException) e).statusCode()).isEqualTo(401));

    assertThat(apiAuthorizations(2)).containsExactly("Bearer t1", "Bearer t2");
    assertThat(apiRequests.poll(200, TimeUnit.MILLISECONDS)).isNull();
    assertThat(tokenCount).hasValue(2);
  }

  @Test
  void anApiThatRefusesEvenANewTokenGetsOneTokenRequestAHalfMinuteNotOneACall() throws Exception {
    HttpJsonClient client = client(credentials().build());
    MockResponse[] refusals = new MockResponse[12];
    java.util.Arrays.fill(refusals, invalidToken());
    script(refusals); // a wrong audience, say: the API refuses every token

    for (int i = 0; i < 5; i++) {
      assertThatThrownBy(() -> client.getFromJson("users/1", String.class))
          .isInstanceOf(HttpJsonStatusException.class)
          .satisfies(e -> assertThat(((HttpJsonStatusException) e).statusCode()).isEqualTo(401));
    }

    // The first call refreshed once; the new token was refused too, so the calls after it are
    // answered with their 401 and no token request.
    assertThat(apiAuthorizations(6))
        .containsExactly(
            "Bearer t1", "Bearer t2", "Bearer t2", "Bearer t2", "Bearer t2", "Bearer t2");
    assertThat(tokenCount).hasValue(2);
    CompletableFuture<String> async = client.getFromJsonAsync("users/1", String.class);
    assertThatThrownBy(() -> async.get(WAIT, TimeUnit.SECONDS))
        .hasCauseInstanceOf(HttpJsonStatusException.class);
    assertThat(apiAuthorizations(1)).containsExactly("Bearer t2");
    assertThat(tokenCount).hasValue(2);

    clock.advance(Duration.ofSeconds(31));
    assertThatThrownBy(() -> client.getFromJson("users/1", String.class))
        .isInstanceOf(HttpJsonStatusException.class);
    assertThat(apiAuthorizations(2)).containsExactly("Bearer t2", "Bearer t3");
    assertThat(tokenCount).hasValue(3);
  }

  @Test
  void a401ThatANewTokenCannotCureIsAnsweredAtOnce() throws Exception {
    HttpJsonClient client = client(credentials().build());
    script(
        new MockResponse.Builder()
            .code(401)
            .addHeader("WWW-Authenticate", "Bearer realm=\"api\", error=\"invalid_request\"")
            .build());

    assertThatThrownBy(() -> client.getFromJson("users/1", String.class))
        .isInstanceOf(HttpJsonStatusException.class);

    assertThat(apiAuthorizations(1)).containsExactly("Bearer t1");
    assertThat(apiRequests.poll(200, TimeUnit.MILLISECONDS)).isNull();
    assertThat(tokenCount).hasValue(1);
  }

  @Test
  void aTokenEndpointThatDoesNotAnswerFailsTheCallAfterTheTokenTimeout() throws Exception {
    tokenDelayMillis = 3000;
    HttpJsonClient client = client(credentials().timeout(Duration.ofMillis(300)).build());

    long start = System.nanoTime();
    assertThatThrownBy(() -> client.getFromJson("users/1", String.class))
        .isInstanceOf(java.io.IOException.class);

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(2500));
    assertThat(apiRequests.poll(100, TimeUnit.MILLISECONDS)).as("nothing sent to the API").isNull();
  }

  @Test
  void aPostWithAJsonBodyIsRepeatedAfterA401() throws Exception {
    HttpJsonClient client = client(credentials().build());
    script(invalidToken());

    assertThat(client.postAsJson("orders", List.of(1, 2), String.class)).isEqualTo("ok");

    RecordedRequest first = apiRequests.poll(WAIT, TimeUnit.SECONDS);
    RecordedRequest second = apiRequests.poll(WAIT, TimeUnit.SECONDS);
    assertThat(first.getBody().utf8()).isEqualTo("[1,2]");
    assertThat(second.getBody().utf8()).isEqualTo("[1,2]");
    assertThat(second.getHeaders().get("Authorization")).isEqualTo("Bearer t2");
  }

  @Test
  void aPostWhoseBodyCannotBeSentAgainIsNotRepeated() throws Exception {
    HttpJsonClient client = client(credentials().build());
    script(invalidToken());
    HttpRequest oneShot =
        HttpRequest.newBuilder(apiBase().resolve("upload"))
            .POST(
                BodyPublishers.fromPublisher(
                    BodyPublishers.ofByteArray("data".getBytes(StandardCharsets.UTF_8))))
            .build();

    assertThatThrownBy(() -> client.exchange(oneShot, String.class))
        .isInstanceOf(HttpJsonStatusException.class);

    assertThat(apiAuthorizations(1)).containsExactly("Bearer t1");
    assertThat(apiRequests.poll(200, TimeUnit.MILLISECONDS)).isNull();
  }

  private HttpRequest upload() {
    return HttpRequest.newBuilder(apiBase().resolve("upload"))
        .POST(
            BodyPublishers.fromPublisher(
                BodyPublishers.ofByteArray("data".getBytes(StandardCharsets.UTF_8))))
        .build();
  }

  @Test
  void aTokenRefusedOnACallThatCannotBeRepeatedIsNotSentAgain() throws Exception {
    HttpJsonClient client = client(credentials().build());
    assertThat(client.getFromJson("first", String.class)).isEqualTo("ok");
    revoked = "t1"; // the server no longer takes it, long before it expires

    assertThatThrownBy(() -> client.exchange(upload(), String.class))
        .isInstanceOf(HttpJsonStatusException.class)
        .hasMessageContaining("401");
    assertThat(client.exchange(upload(), String.class).body()).isEqualTo("ok");

    revoked = "t2";
    CompletableFuture<HttpResponse<String>> refused = client.exchangeAsync(upload(), String.class);
    assertThatThrownBy(() -> refused.get(WAIT, TimeUnit.SECONDS))
        .hasCauseInstanceOf(HttpJsonStatusException.class);
    assertThat(client.exchangeAsync(upload(), String.class).get(WAIT, TimeUnit.SECONDS).body())
        .isEqualTo("ok");

    assertThat(apiAuthorizations(5))
        .containsExactly("Bearer t1", "Bearer t1", "Bearer t2", "Bearer t2", "Bearer t3");
    assertThat(tokenCount).hasValue(3);
  }

  @Test
  void theTokenIsNeverSentToAnotherOrigin() throws Exception {
    HttpJsonClient client =
        HttpJsonClient.newBuilder(http)
            .baseUri(apiBase())
            .followRedirects(Redirect.NORMAL)
            .interceptor(credentials().build())
            .build();
    script(
        new MockResponse.Builder()
            .code(302)
            .addHeader("Location", LoopbackServer.uri(other, "/moved").toString())
            .build());

    assertThat(client.getFromJson("redirected", String.class)).isEqualTo("elsewhere");
    assertThat(client.getFromJson(LoopbackServer.uri(other, "/abs").toString(), String.class))
        .isEqualTo("elsewhere");
    // the same host on another port is another origin
    assertThat(
            client.getFromJson(
                "//" + other.getHostName() + ":" + other.getPort() + "/x", String.class))
        .isEqualTo("elsewhere");

    assertThat(apiAuthorizations(1)).containsExactly("Bearer t1");
    for (int i = 0; i < 3; i++) {
      RecordedRequest r = otherRequests.poll(WAIT, TimeUnit.SECONDS);
      assertThat(r).isNotNull();
      assertThat(r.getHeaders().get("Authorization")).as(r.getTarget()).isNull();
    }
    assertThat(takeToken().getHeaders().get("Authorization")).startsWith("Basic ");
  }

  /**
   * An HttpClient that follows redirects itself would copy the token to the hop before this
   * interceptor sees it: JDK 17 keeps {@code Authorization} on the same host's other port. The call
   * fails before anything is sent to the API, and the other origin never sees the token.
   */
  @Test
  void aClientThatFollowsRedirectsItselfNeverCarriesTheTokenToAnotherOrigin() throws Exception {
    HttpJsonClient client =
        HttpJsonClient.newBuilder(HttpClient.newBuilder().followRedirects(Redirect.NORMAL).build())
            .baseUri(apiBase())
            .interceptor(credentials().build())
            .build();
    script(
        new MockResponse.Builder()
            .code(302)
            .addHeader("Location", LoopbackServer.uri(other, "/moved").toString())
            .build());

    assertThatThrownBy(() -> client.getFromJson("redirected", String.class))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Authorization")
        .hasMessageContaining("followRedirects(Redirect.NEVER)")
        .hasMessageNotContaining("Bearer");

    RecordedRequest hop = otherRequests.poll(200, TimeUnit.MILLISECONDS);
    assertThat(hop == null ? null : hop.getHeaders().get("Authorization")).isNull();
    assertThat(apiRequests.poll(200, TimeUnit.MILLISECONDS)).isNull();
  }

  /**
   * A token client that follows redirects would carry the client's credentials (its Basic header,
   * or its secret in a form a 307 sends again) to whatever origin the token endpoint names: JDK 17
   * keeps {@code Authorization} on the same host's other port. Such a client is refused when given,
   * and nothing reaches the other origin.
   */
  @Test
  void aTokenClientThatFollowsRedirectsIsRefusedAndTheSecretGoesNowhereElse() throws Exception {
    URI moved = LoopbackServer.uri(other, "/token");
    tokenAnswer =
        n -> new MockResponse.Builder().code(307).addHeader("Location", moved.toString()).build();
    HttpClient following = HttpClient.newBuilder().followRedirects(Redirect.NORMAL).build();
    for (OAuth2.ClientAuthentication how : OAuth2.ClientAuthentication.values()) {
      Throwable failure =
          org.assertj.core.api.Assertions.catchThrowable(
              () ->
                  client(
                          OAuth2.clientCredentials(tokenUri(), "client-1", SECRET)
                              .origin(apiBase())
                              .clientAuthentication(how)
                              .httpClient(following)
                              .build())
                      .getFromJson("x", String.class));
      assertThat(failure)
          .as(how.name())
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("followRedirects");
    }
    RecordedRequest hop = otherRequests.poll(200, TimeUnit.MILLISECONDS);
    assertThat(hop).as("a request to the other origin").isNull();
  }

  @Test
  void theTokenRequestNeverCarriesTheBearerTokenEvenOnTheApisOrigin() throws Exception {
    URI sameOriginToken = LoopbackServer.uri(api, "/oauth/token");
    script(token("{\"access_token\":\"t1\",\"token_type\":\"bearer\",\"expires_in\":60}"));
    HttpClient decorated =
        Interceptor.decorate(
            http,
            OAuth2.clientCredentials(sameOriginToken, "client-1", SECRET)
                .origin(apiBase())
                .clock(clock)
                .build());
    // the token client is the decorated one: the token request passes through the interceptor
    HttpResponse<String> r =
        decorated.send(
            HttpRequest.newBuilder(sameOriginToken).POST(BodyPublishers.noBody()).build(),
            BodyHandlers.ofString());

    assertThat(r.statusCode()).isEqualTo(200);
    RecordedRequest sent = apiRequests.poll(WAIT, TimeUnit.SECONDS);
    assertThat(sent.getHeaders().get("Authorization")).isNull();
  }

  @Test
  void aTokenEndpointErrorNamesTheEndpointAndTheOAuthErrorAndNeverTheSecret() throws Exception {
    tokenAnswer =
        n ->
            LoopbackServer.json(
                400,
                "{\"error\":\"invalid_client\",\"error_description\":\"Client authentication"
                    + " failed\"}");
    OAuth2 oauth = credentials().build();
    HttpJsonClient client = client(oauth);

    Throwable thrown = null;
    try {
      client.getFromJson("users/1", String.class);
    } catch (Exception e) {
      thrown = e;
    }

    assertThat(thrown).isInstanceOf(OAuth2Exception.class);
    OAuth2Exception e = (OAuth2Exception) thrown;
    assertThat(e.getMessage())
        .contains(tokenUri().toString())
        .contains("invalid_client")
        .contains("Client authentication failed")
        .contains("400");
    assertThat(e.error()).isEqualTo("invalid_client");
    assertThat(e.errorDescription()).isEqualTo("Client authentication failed");
    assertThat(e.statusCode()).isEqualTo(400);
    assertThat(e.tokenUri()).isEqualTo(tokenUri());
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    assertThat(trace.toString()).doesNotContain(SECRET);
    assertThat(oauth.toString()).doesNotContain(SECRET).contains(tokenUri().toString());
    assertThat(apiRequests.poll(200, TimeUnit.MILLISECONDS)).as("nothing sent to the API").isNull();
  }

  @Test
  void aSecretSentInTheFormIsNotInTheFailureEither() throws Exception {
    tokenAnswer = n -> LoopbackServer.json(401, "{\"error\":\"invalid_client\"}");
    OAuth2 oauth =
        credentials().clientAuthentication(OAuth2.ClientAuthentication.CLIENT_SECRET_POST).build();
    HttpClient decorated = Interceptor.decorate(http, oauth);

    CompletableFuture<HttpResponse<String>> call =
        decorated.sendAsync(
            HttpRequest.newBuilder(apiBase().resolve("users/1")).build(), BodyHandlers.ofString());

    Throwable failure = null;
    try {
      call.get(WAIT, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      failure = e.getCause();
    }
    assertThat(failure)
        .isInstanceOf(OAuth2Exception.class)
        .hasMessage("OAuth2 token request to " + tokenUri() + " failed: HTTP 401, invalid_client");
    StringWriter trace = new StringWriter();
    failure.printStackTrace(new PrintWriter(trace));
    assertThat(trace.toString()).doesNotContain(SECRET);
    assertThat(takeToken().getBody().utf8()).contains("client_secret=" + SECRET);
  }

  @Test
  void aTokenResponseWithoutAnAccessTokenIsAClearError() throws Exception {
    tokenAnswer = n -> token("{\"token_type\":\"Bearer\"}");
    HttpJsonClient client = client(credentials().build());

    assertThatThrownBy(() -> client.getFromJson("users/1", String.class))
        .isInstanceOf(OAuth2Exception.class)
        .hasMessageContaining(tokenUri().toString())
        .hasMessageContaining("access_token");
  }

  @Test
  void anAccessTokenNoHeaderCanCarryIsAClearErrorThatNeverQuotesIt() throws Exception {
    tokenAnswer =
        n ->
            token(
                "{\"access_token\":\"leaked-"
                    + n
                    + "\\r\\nX-Injected: 1\",\"token_type\":\"Bearer\",\"expires_in\":3600}");
    HttpJsonClient client = client(credentials().build());

    for (int call = 1; call <= 2; call++) {
      Throwable thrown = catchThrowable(() -> client.getFromJson("users/1", String.class));
      StringWriter trace = new StringWriter();
      thrown.printStackTrace(new PrintWriter(trace));
      assertThat(thrown)
          .as("call %s", call)
          .isInstanceOf(OAuth2Exception.class)
          .hasMessageContaining(tokenUri().toString())
          .hasMessageContaining("access_token");
      assertThat(trace.toString()).doesNotContain("leaked-");
    }
    assertThat(tokenCount).as("a token no header can carry is not kept").hasValue(2);
    assertThat(apiRequests).isEmpty();
  }

  @Test
  void aTokenThatExpiresBeyondAnyClockIsKeptUntilRefused() throws Exception {
    tokenAnswer =
        n ->
            token(
                "{\"access_token\":\"t"
                    + n
                    + "\",\"token_type\":\"Bearer\",\"expires_in\":9223372036854775807}");
    HttpJsonClient client = client(credentials().build());

    assertThat(client.getFromJsonAsync("a", String.class).get(WAIT, TimeUnit.SECONDS))
        .isEqualTo("ok");
    clock.advance(Duration.ofDays(365 * 50));
    assertThat(client.getFromJsonAsync("b", String.class).get(WAIT, TimeUnit.SECONDS))
        .isEqualTo("ok");

    assertThat(tokenCount).hasValue(1);
    assertThat(apiAuthorizations(2)).containsOnly("Bearer t1");
  }

  @Test
  void theRefreshTokenGrantUsesTheRotatedRefreshToken() throws Exception {
    tokenAnswer =
        n ->
            token(
                "{\"access_token\":\"t"
                    + n
                    + "\",\"token_type\":\"Bearer\",\"expires_in\":3600,\"refresh_token\":\"r"
                    + (n + 1)
                    + "\"}");
    OAuth2 oauth =
        OAuth2.refreshToken(tokenUri(), "client-1", SECRET, "r1")
            .origin(apiBase())
            .clock(clock)
            .httpClient(http)
            .build();
    HttpJsonClient client = client(oauth);

    client.getFromJson("a", String.class);
    clock.advance(Duration.ofHours(2));
    client.getFromJson("b", String.class);

    assertThat(takeToken().getBody().utf8()).isEqualTo("grant_type=refresh_token&refresh_token=r1");
    assertThat(takeToken().getBody().utf8()).isEqualTo("grant_type=refresh_token&refresh_token=r2");
    assertThat(apiAuthorizations(2)).containsExactly("Bearer t1", "Bearer t2");
    assertThat(oauth.toString()).doesNotContain("r1").doesNotContain("r2");
  }

  @Test
  void anErrorDescriptionIsShownOnOneLineBoundedAndWithoutTheCredentialsItEchoes()
      throws Exception {
    String refresh = "rt-9f8e7d6c5b4a";
    String description =
        "refresh token "
            + refresh
            + " of client secret "
            + SECRET
            + " expired\r\n2026-12-06 INFO forged log line"
            + "x".repeat(6_000);
    tokenAnswer =
        n ->
            LoopbackServer.json(
                400,
                "{\"error\":\"invalid_grant\\u2028\",\"error_description\":\""
                    + description.replace("\r", "\\r").replace("\n", "\\n")
                    + "\"}");
    HttpJsonClient client =
        client(
            OAuth2.refreshToken(tokenUri(), "client-1", SECRET, refresh)
                .origin(apiBase())
                .clock(clock)
                .httpClient(http)
                .build());

    Throwable thrown = catchThrowable(() -> client.getFromJson("users/1", String.class));

    assertThat(thrown).isInstanceOf(OAuth2Exception.class);
    OAuth2Exception e = (OAuth2Exception) thrown;
    assertThat(e.getMessage())
        .startsWith("OAuth2 token request to " + tokenUri() + " failed: HTTP 400, invalid_grant")
        .contains("expired\\r\\n2026-12-06 INFO forged log line")
        .doesNotContain("\n")
        .doesNotContain("\r")
        .doesNotContain("\u2028")
        .hasSizeLessThan(1_000);
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    assertThat(trace.toString()).doesNotContain(refresh).doesNotContain(SECRET);
    assertThat(e.error()).isEqualTo("invalid_grant\u2028");
    assertThat(e.errorDescription()).isEqualTo(description);
  }

  @Test
  void aPublicClientSendsItsIdInTheRefreshForm() throws Exception {
    HttpJsonClient client =
        client(
            OAuth2.refreshToken(tokenUri(), "client-1", null, "r1")
                .origin(apiBase())
                .httpClient(http)
                .build());

    client.getFromJson("a", String.class);

    RecordedRequest token = takeToken();
    assertThat(token.getHeaders().get("Authorization")).isNull();
    assertThat(token.getBody().utf8())
        .isEqualTo("grant_type=refresh_token&refresh_token=r1&client_id=client-1");
  }

  @Test
  void aRefusedUriIsEchoedWithoutItsSecrets() {
    assertThatThrownBy(
            () ->
                OAuth2.clientCredentials(
                    URI.create("oauth/token?client_secret=" + SECRET), "c", SECRET))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("oauth/token?client_secret=***")
        .hasMessageNotContaining(SECRET);
    assertThatThrownBy(
            () -> credentials().origin(URI.create("ftp://user:" + SECRET + "@api.example.com/x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ftp://api.example.com/x")
        .hasMessageNotContaining(SECRET);
  }

  @Test
  void buildingWithoutAnOriginSaysWhereTheTokenMayGo() {
    assertThatThrownBy(() -> OAuth2.clientCredentials(tokenUri(), "c", SECRET).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("origin(");
  }
}
