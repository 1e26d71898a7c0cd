package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.contract.RawServer;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The {@code Stream} source of a {@link JsonSequenceContent} is closed when the call fails, also
 * when it fails before the client ever asked for the body (the connection was refused, or the
 * server refused the body before it was sent): a stream over a database cursor must not stay open
 * because nothing was sent.
 */
class SequenceSourceClosedTest {
  private final JsonOptions options = JsonOptions.newBuilder().codec(new CountingCodec()).build();

  /** A loopback URI where nothing listens. */
  private static URI refusing() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    return URI.create("http://127.0.0.1:" + port + "/bulk");
  }

  private static Stream<String> source(AtomicInteger pulled, CountDownLatch closed) {
    return Stream.generate(
            () -> {
              pulled.incrementAndGet();
              return "row";
            })
        .limit(3)
        .onClose(closed::countDown);
  }

  @Test
  void aStreamSourceIsClosedWhenTheConnectionIsRefused() throws Exception {
    AtomicInteger pulled = new AtomicInteger();
    CountDownLatch closed = new CountDownLatch(1);
    JsonSequenceContent body =
        JsonSequenceContent.ofArray(source(pulled, closed), JsonType.of(String.class, options));

    Throwable thrown =
        catchThrowable(
            () ->
                HttpJson.postAsJson(
                    HttpClient.newHttpClient(),
                    refusing(),
                    body,
                    JsonType.of(String.class, options)));

    assertThat(thrown).isInstanceOf(java.net.ConnectException.class);
    assertThat(pulled).hasValue(0);
    assertThat(closed.await(5, TimeUnit.SECONDS)).as("the stream source was closed").isTrue();
  }

  @Test
  void aStreamSourceIsClosedWhenAnAsyncCallFailsBeforeSendingIt() throws Exception {
    AtomicInteger pulled = new AtomicInteger();
    CountDownLatch closed = new CountDownLatch(1);
    JsonSequenceContent body =
        JsonSequenceContent.ofNdjson(source(pulled, closed), JsonType.of(String.class, options));

    Throwable thrown =
        catchThrowable(
            () ->
                HttpJson.postAsJsonAsync(
                        HttpClient.newHttpClient(),
                        refusing(),
                        body,
                        JsonType.of(String.class, options))
                    .get(20, TimeUnit.SECONDS));

    assertThat(thrown).hasCauseInstanceOf(java.net.ConnectException.class);
    assertThat(pulled).hasValue(0);
    assertThat(closed.await(5, TimeUnit.SECONDS)).as("the stream source was closed").isTrue();
  }

  @Test
  void aStreamSourceIsClosedWhenTheServerRefusesTheBodyBeforeItIsSent() throws Exception {
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              assertThat(head).containsIgnoringCase("Expect: 100-continue");
              RawServer.write(
                  socket,
                  "HTTP/1.1 413 Content Too Large\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
              socket.close();
            })) {
      AtomicInteger pulled = new AtomicInteger();
      CountDownLatch closed = new CountDownLatch(1);
      HttpRequest request =
          JsonSequenceContent.ofArray(source(pulled, closed), JsonType.of(String.class, options))
              .requestBuilder("POST", server.uri("/bulk"))
              .expectContinue(true)
              .build();

      Throwable thrown =
          catchThrowable(
              () ->
                  HttpJson.exchange(
                      HttpClient.newHttpClient(), request, JsonType.of(String.class, options)));

      assertThat(thrown)
          .isInstanceOfSatisfying(
              HttpJsonStatusException.class, e -> assertThat(e.statusCode()).isEqualTo(413));
      assertThat(pulled).hasValue(0);
      assertThat(closed.await(5, TimeUnit.SECONDS)).as("the stream source was closed").isTrue();
      assertThat(server.handlerFailures()).isEmpty();
    }
  }
}
