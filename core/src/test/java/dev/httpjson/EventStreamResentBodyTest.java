package dev.httpjson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.contract.LoopbackServer;
import java.net.Authenticator;
import java.net.PasswordAuthentication;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A POST that opens an event stream sends its body again when the client follows a 307 or answers a
 * 401 with its authenticator, as any call does: a body that publishes other bytes the second time
 * (here a file part rewritten between the two sends) fails the call with the error a one-call
 * exchange gives, before the changed bytes reach the server.
 */
class EventStreamResentBodyTest {
  private static final int SIZE = 4096;

  private final JsonOptions options =
      JsonOptions.newBuilder().codec(new CountingCodec()).timeout(Duration.ofSeconds(10)).build();
  private MockWebServer server;
  @TempDir Path dir;
  private Path file;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    file = dir.resolve("part.txt");
    Files.write(file, payload('a'));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static byte[] payload(char first) {
    byte[] bytes = new byte[SIZE];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (first + i % 26);
    }
    return bytes;
  }

  /**
   * Answers the first request with {@code first}, after rewriting the file part (the same length,
   * other bytes), and any later one with an event stream.
   */
  private void firstThenEvents(MockResponse first) {
    AtomicInteger seen = new AtomicInteger();
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
            if (seen.getAndIncrement() == 0) {
              try {
                Files.write(file, payload('A'));
              } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
              }
              return first;
            }
            return new MockResponse.Builder()
                .code(200)
                .addHeader("Content-Type", "text/event-stream")
                .body("data: sent\n\n")
                .build();
          }
        });
  }

  private HttpJsonClient api(HttpClient client) {
    return HttpJsonClient.newBuilder(client)
        .baseUri(LoopbackServer.uri(server, "/"))
        .options(options)
        .build();
  }

  private Throwable postForEvents(HttpClient client) {
    return catchThrowable(
        () -> {
          MultipartContent body = MultipartContent.newBuilder().file("part", file).build();
          try (Stream<ServerSentEvent<String>> events =
              api(client).postAsJsonForEvents("first", body, String.class)) {
            List<ServerSentEvent<String>> all = events.toList();
            throw new AssertionError("the stream opened, with " + all);
          }
        });
  }

  /** The first request got the file as it was; a second one, if any, not as rewritten. */
  private void assertNotSentChanged() throws Exception {
    RecordedRequest first = LoopbackServer.take(server);
    assertThat(new String(first.getBody().toByteArray(), UTF_8))
        .contains(new String(payload('a'), UTF_8));
    RecordedRequest second = LoopbackServer.received(server).take(2, SECONDS);
    if (second != null && second.getFailure() == null) {
      assertThat(new String(second.getBody().toByteArray(), UTF_8))
          .as("the body the second request got")
          .doesNotContain(new String(payload('A'), UTF_8));
    }
  }

  private static void assertRefused(Throwable thrown) {
    assertThat(thrown)
        .isInstanceOf(HttpJsonException.class)
        .hasMessageContaining("POST")
        .hasMessageContaining("the request body cannot be sent again");
  }

  @Test
  void aBodyThatChangesOnARedirectTheClientFollowsFailsTheEventStream() throws Exception {
    firstThenEvents(new MockResponse.Builder().code(307).addHeader("Location", "/second").build());
    HttpClient redirecting =
        HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();

    Throwable thrown = postForEvents(redirecting);

    assertNotSentChanged();
    assertRefused(thrown);
  }

  @Test
  void aBodyThatChangesForTheAuthenticatorsSecondRoundFailsTheEventStream() throws Exception {
    firstThenEvents(
        new MockResponse.Builder()
            .code(401)
            .addHeader("WWW-Authenticate", "Basic realm=\"r\"")
            .build());
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

    Throwable thrown = postForEvents(authenticating);

    assertNotSentChanged();
    assertRefused(thrown);
  }
}
