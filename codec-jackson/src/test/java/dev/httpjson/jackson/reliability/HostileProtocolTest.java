package dev.httpjson.jackson.reliability;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonException;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.contract.HostileServerHarness;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.contract.RawServer;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Protocol violations only a raw socket can produce (the "Protocol" rows of docs/RELIABILITY.md).
 * Broken framing surfaces as the JDK client's own {@link IOException} (passed through unwrapped,
 * never an {@link HttpJsonException} and never a value); a server that stalls is cut off by {@link
 * JsonOptions#timeout()}. Every row ends in seconds.
 */
public class HostileProtocolTest extends HostileServerHarness {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  private static final String JSON = "{\"displayName\":\"a\"}";
  private static final Duration BOUND = Duration.ofSeconds(20);

  // ---- EOF ----

  @Test
  void closeBeforeAnyResponseByteFails() throws Exception {
    try (RawServer raw = closing((socket, head) -> {})) {
      assertTransportFailure(get(raw));
    }
  }

  @Test
  void eofInTheStatusLineFails() throws Exception {
    try (RawServer raw = closing((socket, head) -> RawServer.write(socket, "HTTP/1.1 20"))) {
      assertTransportFailure(get(raw));
    }
  }

  @Test
  void eofInTheHeadersFails() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) -> RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Type: applic"))) {
      assertTransportFailure(get(raw));
    }
  }

  /**
   * A head cut anywhere before its blank line ends, the last line's CR and LF included, is a
   * failure, never a response: the status line alone, a header line cut short, a last header line
   * without its LF, the blank line's CR without its LF.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "HTTP/1.1 200 OK",
        "HTTP/1.1 200 OK\r\n",
        "HTTP/1.1 200 OK\r\nContent-Type: appl",
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r",
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n",
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r",
        "HTTP/1.1 200 OK\nContent-Type: application/json\n",
        "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: appl"
      })
  void eofAnywhereBeforeTheEndOfTheHeadFails(String head) throws Exception {
    try (RawServer raw = closing((socket, request) -> RawServer.write(socket, head))) {
      assertTransportFailure(get(raw));
    }
  }

  @Test
  void eofInsideAChunkFails() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) ->
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n14\r\n{\"displayName\":"))) {
      assertTransportFailure(get(raw));
    }
  }

  @Test
  void eofAfterACompleteValueButBeforeTheLastChunkFails() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) ->
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n13\r\n"
                        + JSON
                        + "\r\n"))) {
      assertTransportFailure(get(raw));
    }
  }

  @Test
  void eofInsideAFixedLengthBodyFails() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) ->
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 19\r\n\r\n{\"displayName"))) {
      assertTransportFailure(get(raw));
    }
  }

  @Test
  void contentLengthLargerThanACompleteValueFailsInsteadOfReturningIt() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) ->
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 100\r\n\r\n"
                        + JSON))) {
      assertTransportFailure(get(raw));
    }
  }

  @Test
  void eofInsideAStreamedBodyFailsTheIteration() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) ->
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 1000\r\n\r\n["
                        + JSON
                        + ","
                        + JSON))) {
      Throwable failure =
          timed(
              () -> {
                try (Stream<Named> stream =
                    HttpJson.getFromJsonAsStream(
                        client, raw.uri("/s"), JsonType.of(Named.class, options))) {
                  stream.count();
                }
              });
      assertThat(failure).isInstanceOf(UncheckedIOException.class);
      assertTransportFailure(failure.getCause());
    }
  }

  // ---- resets ----

  @Test
  void resetMidFixedLengthBodyFails() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) -> {
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                      + "Content-Length: 1000\r\n\r\n[{\"displayName\":\"a\"},");
              Thread.sleep(200); // the client has the head and part of the body
              reset(socket);
            })) {
      assertTransportFailure(get(raw));
    }
  }

  @Test
  void resetMidChunkedBodyFails() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) -> {
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n5\r\n[1,2,\r\n");
              Thread.sleep(200);
              reset(socket);
            })) {
      assertTransportFailure(catchThrowable(() -> timed(raw, "/r", java.util.List.class)));
    }
  }

  @Test
  void resetMidStreamFailsTheIteration() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) -> {
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                      + "Content-Length: 100000\r\n\r\n["
                      + JSON);
              Thread.sleep(200);
              reset(socket);
            })) {
      Throwable failure =
          timed(
              () -> {
                try (Stream<Named> stream =
                    HttpJson.getFromJsonAsStream(
                        client, raw.uri("/s"), JsonType.of(Named.class, options))) {
                  stream.count();
                }
              });
      assertThat(failure).isInstanceOf(UncheckedIOException.class);
      assertTransportFailure(failure.getCause());
    }
  }

  @Test
  void resetDuringAnErrorBodyStillFailsTheCall() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) -> {
              RawServer.write(
                  socket,
                  "HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/html\r\n"
                      + "Content-Length: 5000\r\n\r\n<html><body>Whoops");
              Thread.sleep(200);
              reset(socket);
            })) {
      Throwable failure = get(raw);
      assertThat(failure).isInstanceOf(IOException.class);
      assertThat(failure.getMessage()).isNotBlank();
    }
  }

  /**
   * The server answered with an error status and the connection then broke inside its body: the
   * status is the failure, as when the body is longer than the prefix kept; what arrived is its
   * body, cut, and the transport's failure is kept with it.
   */
  @Test
  void anErrorBodyCutShortStillFailsWithTheStatus() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) ->
                RawServer.write(
                    socket,
                    "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/html\r\n"
                        + "Content-Length: 5000\r\n\r\n<html><body>Whoops"))) {
      Throwable blocking = get(raw);
      Throwable async =
          timed(
                  () ->
                      HttpJson.getFromJsonAsync(
                              client, raw.uri("/x"), JsonType.of(Named.class, options))
                          .get(BOUND.toSeconds(), TimeUnit.SECONDS))
              .getCause();
      for (Throwable failure : List.of(blocking, async)) {
        assertThat(failure)
            .isInstanceOfSatisfying(
                HttpJsonStatusException.class,
                e -> {
                  assertThat(e.statusCode()).isEqualTo(503);
                  assertThat(e.body()).isEqualTo("<html><body>Whoops");
                  assertThat(e.bodyTruncated()).isTrue();
                  assertThat(e.getMessage()).contains("HTTP 503 from GET ").endsWith("Whoops…");
                  assertThat(e.getSuppressed()).singleElement().isInstanceOf(IOException.class);
                });
      }
    }
  }

  // ---- malformed heads ----

  @Test
  void garbageStatusLineFails() throws Exception {
    try (RawServer raw = closing((socket, head) -> RawServer.write(socket, "SPDY/9 OK\r\n\r\n"))) {
      assertTransportFailure(get(raw));
    }
  }

  @Test
  void invalidChunkSizeFails() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) ->
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"))) {
      assertTransportFailure(get(raw));
    }
  }

  @Test
  void malformedContentLengthFailsAsAProtocolError() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) ->
                RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 1x9\r\n\r\n" + JSON))) {
      Throwable failure = get(raw);
      assertTransportFailure(failure);
      assertThat(failure).isInstanceOf(java.net.ProtocolException.class);
      assertThat(failure.getMessage()).contains("Content-Length").contains("1x9");
    }
  }

  @Test
  void malformedContentLengthFailsTheAsyncFutureAsAProtocolError() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) ->
                RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 1x9\r\n\r\n" + JSON))) {
      CompletableFuture<Named> future =
          HttpJson.getFromJsonAsync(client, raw.uri("/x"), JsonType.of(Named.class, options));

      Throwable failure = catchThrowable(() -> future.get(BOUND.toSeconds(), TimeUnit.SECONDS));
      assertThat(failure).isInstanceOf(ExecutionException.class);
      assertTransportFailure(failure.getCause());
      assertThat(failure.getCause()).isInstanceOf(java.net.ProtocolException.class);
    }
  }

  @Test
  void headersOverTheJdkLimitFail() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) -> {
              OutputStream out = socket.getOutputStream();
              out.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n".getBytes(UTF_8));
              String filler = "X-Filler: " + "f".repeat(8000) + "\r\n";
              try {
                for (int i = 0; i < 256; i++) { // 2 MiB of headers
                  out.write(filler.getBytes(UTF_8));
                }
                out.write(("Content-Length: 19\r\n\r\n" + JSON).getBytes(UTF_8));
                out.flush();
              } catch (IOException clientGaveUp) {
                // expected once the client rejects the head
              }
            })) {
      Throwable failure = get(raw);
      assertTransportFailure(failure);
      if (transportNamesOversizedHeaders()) {
        assertThat(failure.getMessage()).containsIgnoringCase("header");
      }
    }
  }

  // ---- stalls (need JsonOptions.timeout) ----

  @Test
  void serverThatAcceptsAndNeverAnswersHitsTheTimeout() throws Exception {
    try (RawServer raw = closing((socket, head) -> drain(socket))) {
      assertTimeout(get(raw, timed(Duration.ofMillis(800))), "PT0.8S");
    }
  }

  @Test
  void statusLineAtOneBytePerSecondHitsTheTimeout() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) ->
                trickle(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 19\r\n\r\n"
                        + JSON))) {
      assertTimeout(get(raw, timed(Duration.ofMillis(1500))), "PT1.5S");
    }
  }

  @Test
  void bodyAtOneBytePerSecondHitsTheTimeout() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) -> {
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                      + "Content-Length: 19\r\n\r\n");
              trickle(socket, JSON);
            })) {
      assertTimeout(get(raw, timed(Duration.ofMillis(1500))), "PT1.5S");
    }
  }

  @Test
  void contentLengthLargerThanTheBodyOnAnOpenConnectionHitsTheTimeout() throws Exception {
    try (RawServer raw =
        closing(
            (socket, head) -> {
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                      + "Content-Length: 100\r\n\r\n"
                      + JSON);
              drain(socket);
            })) {
      assertTimeout(get(raw, timed(Duration.ofMillis(800))), "PT0.8S");
    }
  }

  @Test
  void asyncCallToAServerThatNeverAnswersFailsItsFutureWithTheTimeout() throws Exception {
    try (RawServer raw = closing((socket, head) -> drain(socket))) {
      CompletableFuture<Named> future =
          HttpJson.getFromJsonAsync(
              client, raw.uri("/a"), JsonType.of(Named.class, timed(Duration.ofMillis(500))));

      Throwable failure = catchThrowable(() -> future.get(BOUND.toSeconds(), TimeUnit.SECONDS));
      assertThat(failure).isInstanceOf(ExecutionException.class);
      assertTimeout(failure.getCause(), "PT0.5S");
    }
  }

  // ---- helpers ----

  private JsonOptions timed(Duration timeout) {
    return options.toBuilder().timeout(timeout).build();
  }

  private Throwable get(RawServer raw) {
    return get(raw, options);
  }

  private Throwable get(RawServer raw, JsonOptions opts) {
    return timed(() -> HttpJson.getFromJson(client, raw.uri("/x"), JsonType.of(Named.class, opts)));
  }

  private Object timed(RawServer raw, String path, Class<?> type) throws Exception {
    long start = System.nanoTime();
    try {
      return HttpJson.getFromJson(client, raw.uri(path), JsonType.of(type, options));
    } finally {
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(BOUND);
    }
  }

  /** The call's failure (there must be one), which must come within {@link #BOUND}. */
  private static Throwable timed(ThrowingCallable call) {
    long start = System.nanoTime();
    Throwable failure = catchThrowable(call);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(BOUND);
    assertThat(failure).as("the call must fail, not return a value").isNotNull();
    return failure;
  }

  /** Broken framing: the JDK client's IOException, with a message, not a JSON error. */
  private static void assertTransportFailure(Throwable failure) {
    assertThat(failure)
        .isInstanceOf(IOException.class)
        .isNotInstanceOf(HttpJsonException.class)
        .isNotInstanceOf(CallTimeoutException.class);
    assertThat(failure.getMessage()).isNotBlank();
  }

  private static void assertTimeout(Throwable failure, String timeout) {
    assertThat(failure)
        .isInstanceOf(CallTimeoutException.class)
        .hasMessageContaining("JsonOptions.timeout " + timeout);
  }

  /** A raw server whose connections are always closed when the handler returns. */
  private static RawServer closing(RawServer.Handler handler) throws IOException {
    return new RawServer(
        (socket, head) -> {
          try {
            handler.handle(socket, head);
          } finally {
            socket.close();
          }
        });
  }

  /** Closes with an RST instead of a FIN. */
  private static void reset(Socket socket) throws IOException {
    socket.setSoLinger(true, 0);
    socket.close();
  }

  /** Reads until the client goes away, never answering. */
  private static void drain(Socket socket) throws IOException {
    try {
      while (socket.getInputStream().read() >= 0) {
        // ignore
      }
    } catch (IOException gone) {
      // the client aborted the exchange
    }
  }

  /** Writes one byte per second until done or the client goes away. */
  private static void trickle(Socket socket, String text) throws InterruptedException {
    try {
      for (byte b : text.getBytes(UTF_8)) {
        socket.getOutputStream().write(b);
        socket.getOutputStream().flush();
        Thread.sleep(1000);
      }
    } catch (IOException gone) {
      // the client aborted the exchange
    }
  }
}
