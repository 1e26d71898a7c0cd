package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonCodec;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The watch that ends a stream its caller dropped unclosed ({@link ElementStream#watch}): a stream
 * closed however it ends leaves nothing registered and holds no permit, a stream whose iterator is
 * still held is never ended by a collection, and a call already waiting for a permit gets the one
 * of a stream dropped meanwhile.
 */
class DroppedStreamWatchTest {
  /** Lines in the long body: far more than one read, still streaming when it is dropped. */
  private static final int LONG = 200_000;

  private final HttpClient jdk = HttpClient.newHttpClient();
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.newServer();
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            String path = request.getUrl().encodedPath();
            String body =
                path.startsWith("/long")
                    ? "1\n".repeat(LONG)
                    : path.startsWith("/bad") ? "1\nx\n3\n" : "1\n2\n3\n";
            return LoopbackServer.bytes(
                200, "application/x-ndjson", body.getBytes(StandardCharsets.UTF_8));
          }
        });
    server.start(java.net.InetAddress.getLoopbackAddress(), 0);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private URI uri(String path) {
    return LoopbackServer.uri(server, path);
  }

  private static JsonType<Integer> ints() {
    return JsonType.of(
        Integer.class,
        JsonOptions.newBuilder().codec(new Lines()).timeout(Duration.ofSeconds(3)).build());
  }

  @Test
  void streamsClosedHoweverTheyEndLeaveNoWatchAndNoPermit() throws Exception {
    CallLimit limit = new CallLimit(2);
    HttpClient client = InterceptingClient.of(jdk, List.of(), List.of(), limit);
    int before = ElementStream.watchingUnlimited();
    // Kept reachable: a watch left registered would show, none is told by a collection.
    List<Stream<Integer>> kept = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      HttpClient on = i % 2 == 0 ? client : jdk; // under the limit, and under none
      switch (i % 3) {
        case 0 -> {
          try (Stream<Integer> s = HttpJson.getFromJsonAsStream(on, uri("/long" + i), ints())) {
            assertThat(s.iterator().next()).isOne(); // closed half read
            kept.add(s);
          }
        }
        case 1 -> {
          Stream<Integer> s = HttpJson.getFromJsonAsStream(on, uri("/short" + i), ints());
          assertThat(s.iterator()).toIterable().containsExactly(1, 2, 3); // its end closes it
          kept.add(s);
        }
        default -> {
          Stream<Integer> s = HttpJson.getFromJsonAsStream(on, uri("/bad" + i), ints());
          Iterator<Integer> it = s.iterator();
          assertThat(it.next()).isOne();
          assertThatThrownBy(it::next).isInstanceOf(NumberFormatException.class); // failing closes
          kept.add(s);
        }
      }
    }
    assertThat(limit.dropped.watching()).isZero();
    assertThat(limit.inFlight()).isZero();
    // Other tests of this JVM may have left streams unclosed; those of this one are all gone.
    assertThat(ElementStream.watchingUnlimited()).isLessThanOrEqualTo(before);
    assertThat(kept).hasSize(60);
  }

  @Test
  void aStreamWhoseIteratorIsHeldIsNotEndedByACollection() throws Exception {
    CallLimit limit = new CallLimit(2);
    HttpClient client = InterceptingClient.of(jdk, List.of(), List.of(), limit);
    // Only the iterator is kept: the stream object itself is dropped.
    Iterator<Integer> held = HttpJson.getFromJsonAsStream(client, uri("/long"), ints()).iterator();
    assertThat(held.next()).isOne();
    for (int i = 0; i < 5; i++) {
      System.gc();
      try (Stream<Integer> s = HttpJson.getFromJsonAsStream(client, uri("/short"), ints())) {
        assertThat(s.iterator().next()).isOne(); // a stream starts: the queue is polled
      }
    }
    int rest = 0;
    while (held.hasNext()) {
      assertThat(held.next()).isOne();
      rest++;
    }
    assertThat(rest).isEqualTo(LONG - 1);
    assertThat(limit.dropped.watching()).isZero();
    assertThat(limit.inFlight()).isZero();
  }

  @Test
  void aCallWaitingForAPermitGetsTheOneOfAStreamDroppedMeanwhile() throws Exception {
    CallLimit limit = new CallLimit(1);
    HttpClient client = InterceptingClient.of(jdk, List.of(), List.of(), limit);
    readOneAndDrop(client);
    CompletableFuture<List<Integer>> waiter = new CompletableFuture<>();
    Thread t =
        new Thread(
            () -> {
              try (Stream<Integer> s =
                  HttpJson.getFromJsonAsStream(client, uri("/short"), ints())) {
                waiter.complete(s.toList());
              } catch (Throwable e) {
                waiter.completeExceptionally(e);
              }
            });
    t.start();
    // Collected only once the call waits: its start found nothing to end.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    while (limit.waiting() == 0 && !waiter.isDone()) {
      assertThat(System.nanoTime()).as("the call waits for the permit").isLessThan(deadline);
      Thread.sleep(10); // no signal tells that a thread waits: poll
    }
    for (int i = 0; i < 10 && !waiter.isDone(); i++) {
      System.gc();
      Thread.sleep(50);
    }
    // Bounded by the call's 3 s timeout (it ends the wait), and by 10 s should that fail too.
    assertThat(waiter.get(10, TimeUnit.SECONDS)).containsExactly(1, 2, 3);
    t.join(10_000);
    assertThat(limit.inFlight()).isZero();
  }

  private void readOneAndDrop(HttpClient client) throws Exception {
    Stream<Integer> s = HttpJson.getFromJsonAsStream(client, uri("/long"), ints());
    assertThat(s.iterator().next()).isOne();
  }

  /** Reads one integer a line: enough of a codec for NDJSON of integers. */
  private static final class Lines implements JsonCodec {
    @Override
    public String name() {
      return "lines";
    }

    @Override
    public JsonBinding bind(JsonOptions options) {
      return new JsonBinding() {
        @Override
        public <T> JsonReader<T> reader(Type type) {
          throw new UnsupportedOperationException();
        }

        @Override
        public <T> JsonWriter<T> writer(Type type) {
          throw new UnsupportedOperationException();
        }

        @Override
        public <T> JsonSequenceReader<T> sequenceReader(Type elementType) {
          return new Cursors<>();
        }
      };
    }
  }

  private static final class Cursors<T> implements JsonSequenceReader<T> {
    @Override
    public Cursor<T> array(InputStream in) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Cursor<T> array(Reader reader) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Cursor<T> values(InputStream in) {
      return values(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    @Override
    public Cursor<T> values(Reader reader) {
      BufferedReader lines = new BufferedReader(reader);
      return new Cursor<T>() {
        private @Nullable String line;

        @Override
        public boolean next() throws IOException {
          line = lines.readLine();
          return line != null;
        }

        @Override
        @SuppressWarnings("unchecked")
        public @Nullable T value() {
          String l = line;
          return l == null ? null : (T) Integer.valueOf(l.trim());
        }

        @Override
        public void close() throws IOException {
          lines.close();
        }
      };
    }
  }
}
