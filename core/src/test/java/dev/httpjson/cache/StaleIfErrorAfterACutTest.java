package dev.httpjson.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.HttpCache;
import dev.httpjson.contract.RawServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code stale-if-error} answers a request whose exchange failed with the stale entry. When the
 * failure cut a response's body that the caller's own handler was already reading (a consumer, a
 * subscriber), the stale body must not follow it into the same handler: the call would return the
 * cut bytes and the stale ones as one whole body.
 */
class StaleIfErrorAfterACutTest {
  /** The first request gets a stale-if-error entry; any later one 5 of 10 bytes, then a close. */
  private static RawServer staleThenCut(AtomicInteger requests) throws IOException {
    return new RawServer(
        (socket, head) -> {
          if (requests.incrementAndGet() == 1) {
            RawServer.write(
                socket,
                "HTTP/1.1 200 OK\r\nCache-Control: max-age=0, stale-if-error=600\r\n"
                    + "Content-Length: 3\r\nConnection: close\r\n\r\nOLD");
          } else {
            RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nABCDE");
          }
          socket.close();
        });
  }

  private static BodyHandler<Void> into(ByteArrayOutputStream out) {
    return HttpResponse.BodyHandlers.ofByteArrayConsumer(
        bytes -> bytes.ifPresent(b -> out.write(b, 0, b.length)));
  }

  @Test
  void aBodyCutInTheCallersHandlerFailsTheSendInsteadOfHavingTheStaleBodyFollowIt()
      throws Exception {
    AtomicInteger requests = new AtomicInteger();
    try (RawServer raw = staleThenCut(requests)) {
      HttpClient cached = HttpCache.inMemory(1 << 20).decorate(HttpClient.newHttpClient());
      HttpRequest get = HttpRequest.newBuilder(raw.uri("/a")).build();
      assertThat(cached.send(get, HttpResponse.BodyHandlers.ofString()).body()).isEqualTo("OLD");

      ByteArrayOutputStream got = new ByteArrayOutputStream();
      Throwable failure =
          catchThrowable(
              () -> cached.sendAsync(get, into(got)).get(20, TimeUnit.SECONDS).statusCode());
      assertThat(failure).isInstanceOf(ExecutionException.class);
      assertThat(failure.getCause()).isInstanceOf(IOException.class);
      assertThat(got.toString(StandardCharsets.US_ASCII)).isEqualTo("ABCDE");

      ByteArrayOutputStream blocking = new ByteArrayOutputStream();
      assertThat(catchThrowable(() -> cached.send(get, into(blocking))))
          .isInstanceOf(IOException.class);
      assertThat(blocking.toString(StandardCharsets.US_ASCII)).isEqualTo("ABCDE");
      assertThat(requests).hasValue(3);
    }
  }

  @Test
  void aFailureBeforeTheResponseStillGetsTheStaleEntry() throws Exception {
    AtomicInteger requests = new AtomicInteger();
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              if (requests.incrementAndGet() == 1) {
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nCache-Control: max-age=0, stale-if-error=600\r\n"
                        + "Content-Length: 3\r\nConnection: close\r\n\r\nOLD");
              }
              socket.close(); // later: no response at all
            })) {
      HttpClient cached = HttpCache.inMemory(1 << 20).decorate(HttpClient.newHttpClient());
      HttpRequest get = HttpRequest.newBuilder(raw.uri("/a")).build();
      assertThat(cached.send(get, HttpResponse.BodyHandlers.ofString()).body()).isEqualTo("OLD");
      ByteArrayOutputStream got = new ByteArrayOutputStream();
      assertThat(cached.send(get, into(got)).statusCode()).isEqualTo(200);
      assertThat(got.toString(StandardCharsets.US_ASCII)).isEqualTo("OLD");
      ByteArrayOutputStream async = new ByteArrayOutputStream();
      assertThat(cached.sendAsync(get, into(async)).get(20, TimeUnit.SECONDS).statusCode())
          .isEqualTo(200);
      assertThat(async.toString(StandardCharsets.US_ASCII)).isEqualTo("OLD");
    }
  }
}
