package dev.httpjson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.RawServer;
import java.io.IOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A request of the caller's own whose body publisher gives more bytes than its length says: the
 * call fails, and the server never reads a whole body of that length, whatever buffer the extra
 * bytes come in (the JDK client writes each buffer as it comes).
 */
class CallersBodyLengthTest {
  private final HttpClient client = HttpClient.newHttpClient();
  private final JsonOptions options = JsonOptions.newBuilder().codec(new CountingCodec()).build();

  @Test
  void aPublisherThatGivesMoreThanItsLengthLaterNeverReachesTheServerAsAWholeBody()
      throws Exception {
    CountDownLatch wholeBody = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              socket.setSoTimeout(3000);
              byte[] body = new byte[6];
              int n = 0;
              try {
                for (int read;
                    n < body.length
                        && (read = socket.getInputStream().read(body, n, body.length - n)) > 0; ) {
                  n += read;
                }
              } catch (SocketTimeoutException | SocketException e) {
                // cut short
              }
              if (n == body.length) {
                wholeBody.countDown();
                RawServer.write(
                    socket,
                    "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 4\r\n\r\n\"ok\"");
              }
              socket.close();
            })) {
      HttpRequest request =
          HttpRequest.newBuilder(raw.uri("/upload")).POST(new MoreLater(wholeBody)).build();

      Throwable thrown =
          catchThrowable(
              () ->
                  assertTimeoutPreemptively(
                      Duration.ofSeconds(10),
                      () ->
                          HttpJson.exchange(client, request, JsonType.of(String.class, options))));

      assertThat(wholeBody.await(1, TimeUnit.SECONDS))
          .as("the server read a whole body of the declared length")
          .isFalse();
      assertThat(thrown).isInstanceOf(IOException.class);
      StringBuilder messages = new StringBuilder();
      for (Throwable t = thrown; t != null; t = t.getCause()) {
        messages.append(t).append('\n');
      }
      assertThat(messages.toString()).contains("Too many bytes in request body");
    }
  }

  @Test
  void aBodyOfItsLengthIsSentWholeAndAgainOnARedirect() throws Exception {
    try (mockwebserver3.MockWebServer server = dev.httpjson.contract.LoopbackServer.start()) {
      server.enqueue(
          new mockwebserver3.MockResponse.Builder()
              .code(307)
              .setHeader("Location", "/second")
              .build());
      server.enqueue(dev.httpjson.contract.LoopbackServer.json(200, "\"ok\""));
      HttpClient following =
          HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
      String body = "x".repeat(40_000);
      HttpRequest request =
          HttpRequest.newBuilder(server.url("/first").uri())
              .POST(HttpRequest.BodyPublishers.ofString(body))
              .build();

      String answer =
          HttpJson.exchange(following, request, JsonType.of(String.class, options)).body();

      assertThat(answer).isEqualTo("ok");
      for (int i = 0; i < 2; i++) {
        mockwebserver3.RecordedRequest r = dev.httpjson.contract.LoopbackServer.take(server);
        assertThat(r.getHeaders().get("Content-Length")).isEqualTo("40000");
        assertThat(r.getBody().utf8()).isEqualTo(body);
      }
    }
  }

  /**
   * Says 6 bytes, gives them at once in two buffers, and a seventh later: once the server has the
   * six, or after a second.
   */
  private static final class MoreLater implements HttpRequest.BodyPublisher {
    private final CountDownLatch wholeBody;

    MoreLater(CountDownLatch wholeBody) {
      this.wholeBody = wholeBody;
    }

    @Override
    public long contentLength() {
      return 6;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      subscriber.onSubscribe(
          new Flow.Subscription() {
            private long asked;
            private int sent;
            private boolean late;

            @Override
            public synchronized void request(long n) {
              asked += n;
              while (asked > 0 && sent < 2) {
                asked--;
                subscriber.onNext(ByteBuffer.wrap((sent++ == 0 ? "abc" : "def").getBytes(UTF_8)));
              }
              if (asked > 0 && !late) {
                late = true;
                Thread producer =
                    new Thread(
                        () -> {
                          try {
                            wholeBody.await(1, TimeUnit.SECONDS);
                            subscriber.onNext(ByteBuffer.wrap("g".getBytes(UTF_8)));
                            subscriber.onComplete();
                          } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                          }
                        });
                producer.setDaemon(true);
                producer.start();
              }
            }

            @Override
            public void cancel() {}
          });
    }
  }
}
