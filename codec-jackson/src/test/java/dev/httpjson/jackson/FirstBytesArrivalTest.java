package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.contract.RawServer;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A streamed body whose first element comes in fewer than four bytes, and then nothing for a while
 * (an NDJSON feed whose first line is {@code 1\n}, an array that starts {@code [1,}).
 */
class FirstBytesArrivalTest {
  private final HttpClient client = HttpClient.newHttpClient();
  private final JsonOptions options =
      JsonOptions.newBuilder().codec(new JacksonCodec()).timeout(Duration.ZERO).build();

  /**
   * Jackson's parser reads four bytes before it starts, to tell UTF-8 from UTF-16 and UTF-32
   * ({@code ByteSourceJsonBootstrapper}), however long they take to come: the element that arrived
   * was delivered only with the bytes after it (here 3 s later). httpjson has already checked that
   * the body starts as UTF-8, and gives the parser the body behind line breaks it starts on at
   * once.
   */
  @Test
  void anElementInTheFirstThreeBytesIsDeliveredBeforeMoreArrive() throws Exception {
    CountDownLatch delivered = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              OutputStream out = socket.getOutputStream();
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n");
              RawServer.writeChunk(out, "1\n");
              delivered.await(3, TimeUnit.SECONDS); // the pause, unless the element came
              RawServer.writeChunk(out, "2\n");
              RawServer.write(socket, "0\r\n\r\n");
              socket.close();
            })) {
      try (Stream<Integer> s =
          HttpJson.getFromJsonAsStream(
              client, raw.uri("/feed"), JsonType.of(Integer.class, options))) {
        Iterator<Integer> it = s.iterator();
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(it::next);
        Integer value;
        try {
          value = first.get(1, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
          value = null;
        }
        delivered.countDown();
        assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(value).as("the first element, within 1 s of its arrival").isEqualTo(1);
      }
    }
  }

  /**
   * With an idle timeout shorter than the pause after such an element, the element is read and the
   * timeout fails the pull after it; the stream failed at once, with the element unread, before.
   */
  @Test
  void anElementInTheFirstBytesIsReadBeforeAnIdleTimeoutShorterThanThePauseAfterIt()
      throws Exception {
    CountDownLatch done = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              OutputStream out = socket.getOutputStream();
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n");
              RawServer.writeChunk(out, "1\n");
              done.await(10, TimeUnit.SECONDS); // the pause, past the idle timeout
              socket.close();
            })) {
      JsonOptions idle = options.toBuilder().idleTimeout(Duration.ofMillis(500)).build();
      try (Stream<Integer> s =
          HttpJson.getFromJsonAsStream(
              client, raw.uri("/feed"), JsonType.of(Integer.class, idle))) {
        Iterator<Integer> it = s.iterator();
        assertThat(it.next()).isEqualTo(1);
        assertThatThrownBy(it::hasNext)
            .isInstanceOf(UncheckedHttpJsonException.class)
            .cause()
            .isInstanceOfSatisfying(
                CallTimeoutException.class,
                e -> assertThat(e.timeout()).isEqualTo(Duration.ofMillis(500)));
      } finally {
        done.countDown();
      }
    }
  }
}
