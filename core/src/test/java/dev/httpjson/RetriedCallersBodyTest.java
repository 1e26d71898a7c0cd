package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.RawServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A plain {@code send} through {@link Interceptor#decorate} hands the response to the caller's own
 * body handler, which may pass each byte on as it comes (a consumer, a subscriber, a file written
 * in append mode). Once part of a body reached it, a retry would hand it a second body after the
 * cut first one, and the call would return as if that were the whole body.
 */
class RetriedCallersBodyTest {
  /** The first connection sends 5 of its 12 bytes and closes; any later one sends all 12. */
  private static RawServer cutThenWhole(AtomicInteger requests) throws IOException {
    return new RawServer(
        (socket, head) -> {
          if (requests.incrementAndGet() == 1) {
            RawServer.write(
                socket,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n\"ABCD");
            socket.close();
          } else {
            RawServer.write(
                socket,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n\"ABCDEFGHIJ\"");
          }
        });
  }

  private static HttpClient retrying() {
    return Interceptor.decorate(
        HttpClient.newHttpClient(),
        RetryInterceptor.newBuilder().backoff(Duration.ZERO, Duration.ZERO).build());
  }

  private static BodyHandler<Void> into(ByteArrayOutputStream out) {
    return HttpResponse.BodyHandlers.ofByteArrayConsumer(
        bytes -> bytes.ifPresent(b -> out.write(b, 0, b.length)));
  }

  private static void assertNotRetried(Throwable failure, ByteArrayOutputStream got) {
    assertThat(failure).isInstanceOf(IOException.class);
    assertThat(Arrays.stream(failure.getSuppressed()).map(Throwable::getMessage))
        .anySatisfy(m -> assertThat(m).contains("not retried").contains("body handler"));
    assertThat(got.toString(StandardCharsets.US_ASCII))
        .as("only the bytes of the one response that was sent")
        .isEqualTo("\"ABCD");
  }

  @Test
  void aBodyCutAfterItReachedTheCallersHandlerFailsTheSendInsteadOfAddingASecondBody()
      throws Exception {
    AtomicInteger requests = new AtomicInteger();
    try (RawServer raw = cutThenWhole(requests)) {
      ByteArrayOutputStream got = new ByteArrayOutputStream();
      HttpRequest get = HttpRequest.newBuilder(raw.uri("/x")).build();
      Throwable failure =
          assertTimeoutPreemptively(
              Duration.ofSeconds(20), () -> catchThrowable(() -> retrying().send(get, into(got))));
      assertNotRetried(failure, got);
      assertThat(requests).hasValue(1);
    }
  }

  @Test
  void anAsyncBodyCutAfterItReachedTheCallersHandlerFailsTheFutureInsteadOfAddingASecondBody()
      throws Exception {
    AtomicInteger requests = new AtomicInteger();
    try (RawServer raw = cutThenWhole(requests)) {
      ByteArrayOutputStream got = new ByteArrayOutputStream();
      HttpRequest get = HttpRequest.newBuilder(raw.uri("/x")).build();
      Throwable failure =
          catchThrowable(() -> retrying().sendAsync(get, into(got)).get(20, TimeUnit.SECONDS));
      assertThat(failure).isInstanceOf(ExecutionException.class);
      assertNotRetried(failure.getCause(), got);
      assertThat(requests).hasValue(1);
    }
  }

  @Test
  void httpjsonsOwnCallIsStillRetriedAfterACutBody() throws Exception {
    AtomicInteger requests = new AtomicInteger();
    try (RawServer raw = cutThenWhole(requests)) {
      String whole =
          assertTimeoutPreemptively(
              Duration.ofSeconds(20),
              () ->
                  HttpJsonClient.newBuilder(HttpClient.newHttpClient())
                      .options(JsonOptions.newBuilder().codec(new CountingCodec()).build())
                      .interceptor(
                          RetryInterceptor.newBuilder()
                              .backoff(Duration.ZERO, Duration.ZERO)
                              .build())
                      .build()
                      .getFromJson(raw.uri("/x").toString(), String.class));
      assertThat(whole).isEqualTo("ABCDEFGHIJ");
      assertThat(requests).hasValue(2);
    }
  }
}
