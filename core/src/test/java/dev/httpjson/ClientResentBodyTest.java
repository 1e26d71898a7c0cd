package dev.httpjson;

import static dev.httpjson.contract.LoopbackServer.json;
import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.contract.LoopbackServer;
import java.io.ByteArrayInputStream;
import java.net.Authenticator;
import java.net.PasswordAuthentication;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A request body the JDK client sends again by itself, on a client without interceptors: a 307
 * redirect it follows ({@code followRedirects(NORMAL)}), a 401 its {@link Authenticator} answers.
 * The body must publish the bytes it published the first time, as through an interceptor chain; one
 * that publishes other bytes, or fewer, fails the call with an {@link HttpJsonException} instead of
 * reaching the server changed or cut.
 */
class ClientResentBodyTest {
  private static final int SIZE = 4096;

  private final JsonOptions options =
      JsonOptions.newBuilder().codec(new CountingCodec()).timeout(Duration.ofSeconds(10)).build();
  private final HttpClient redirecting =
      HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static byte[] payload() {
    byte[] bytes = new byte[SIZE];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) ('a' + i % 26);
    }
    return bytes;
  }

  /** A stream of {@code first} the first time, then of {@code later}. */
  private static BodyPublisher firstThen(byte[] first, byte[] later) {
    AtomicInteger opened = new AtomicInteger();
    return BodyPublishers.ofInputStream(
        () -> new ByteArrayInputStream(opened.getAndIncrement() == 0 ? first : later));
  }

  private static byte[] changed() {
    byte[] b = payload();
    b[SIZE / 2] = '#'; // the same length: only the bytes tell
    return b;
  }

  private static byte[] cut() {
    return Arrays.copyOf(payload(), SIZE / 2);
  }

  private HttpRequest post(BodyPublisher body) {
    return HttpRequest.newBuilder(server.url("/first").uri()).POST(body).build();
  }

  private void redirectThenOk() {
    server.enqueue(new MockResponse.Builder().code(307).addHeader("Location", "/second").build());
    server.enqueue(json(200, "\"ok\""));
  }

  /** The first hop got the body whole; the second, if it came at all, did not get {@code other}. */
  private void assertNotSentAs(byte[] other) throws Exception {
    RecordedRequest first = LoopbackServer.take(server);
    assertThat(first.getBody().toByteArray()).isEqualTo(payload());
    RecordedRequest second = LoopbackServer.received(server).take(2, SECONDS);
    if (second != null && second.getFailure() == null) {
      assertThat(new String(second.getBody().toByteArray(), UTF_8))
          .as("the body the second hop got")
          .isNotEqualTo(new String(other, UTF_8));
    }
  }

  private static void assertRefused(Throwable thrown) {
    assertThat(thrown)
        .isInstanceOf(HttpJsonException.class)
        .hasMessageContaining("POST")
        .hasMessageContaining("the request body cannot be sent again");
  }

  @Test
  void aBodyThatPublishesOtherBytesOnARedirectTheClientFollowsFailsTheCall() throws Exception {
    redirectThenOk();

    Throwable thrown =
        catchThrowable(
            () ->
                HttpJson.exchange(
                    redirecting,
                    post(firstThen(payload(), changed())),
                    JsonType.of(String.class, options)));

    assertNotSentAs(changed());
    assertRefused(thrown);
  }

  @Test
  void aBodyThatPublishesFewerBytesOnARedirectTheClientFollowsFailsTheCall() throws Exception {
    redirectThenOk();

    Throwable thrown =
        catchThrowable(
            () ->
                HttpJson.exchange(
                    redirecting,
                    post(firstThen(payload(), cut())),
                    JsonType.of(String.class, options)));

    assertNotSentAs(cut());
    assertRefused(thrown);
  }

  @Test
  void anAsynchronousCallChecksTheBodyTheClientSendsAgain() throws Exception {
    redirectThenOk();

    Throwable thrown =
        catchThrowable(
            () ->
                HttpJson.exchangeAsync(
                        redirecting,
                        post(firstThen(payload(), changed())),
                        JsonType.of(String.class, options))
                    .get(10, SECONDS));

    assertNotSentAs(changed());
    assertThat(thrown).isInstanceOf(ExecutionException.class);
    assertRefused(thrown.getCause());
  }

  @Test
  void anHttpJsonClientWithoutInterceptorsChecksTheBodyTheClientSendsAgain() throws Exception {
    redirectThenOk();
    HttpJsonClient api =
        HttpJsonClient.newBuilder(redirecting)
            .baseUri(server.url("/").uri())
            .options(options)
            .build();

    Throwable thrown =
        catchThrowable(() -> api.exchange(post(firstThen(payload(), changed())), String.class));

    assertNotSentAs(changed());
    assertRefused(thrown);
  }

  @Test
  void aBodyThatChangesForTheAuthenticatorsSecondRoundFailsTheCall() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(401)
            .addHeader("WWW-Authenticate", "Basic realm=\"r\"")
            .build());
    server.enqueue(json(200, "\"ok\""));
    HttpClient authenticating =
        HttpClient.newBuilder()
            .authenticator(
                new Authenticator() {
                  @Override
                  protected PasswordAuthentication getPasswordAuthentication() {
                    return new PasswordAuthentication("u", "p".toCharArray());
                  }
                })
            .build();

    Throwable thrown =
        catchThrowable(
            () ->
                HttpJson.exchange(
                    authenticating,
                    post(firstThen(payload(), changed())),
                    JsonType.of(String.class, options)));

    assertNotSentAs(changed());
    assertRefused(thrown);
  }

  @Test
  void aBodyThatPublishesTheSameBytesAgainFollowsTheRedirect() throws Exception {
    redirectThenOk();

    var response =
        HttpJson.exchange(
            redirecting,
            post(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(payload()))),
            JsonType.of(String.class, options));

    assertThat(response.body()).isEqualTo("ok");
    assertThat(LoopbackServer.take(server).getBody().toByteArray()).isEqualTo(payload());
    RecordedRequest second = LoopbackServer.take(server);
    assertThat(second.getTarget()).isEqualTo("/second");
    assertThat(second.getBody().toByteArray()).isEqualTo(payload());
  }
}
