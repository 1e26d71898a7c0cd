package dev.httpjson.jackson;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.CallListener;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * A stream whose caller closes it from another thread while its reader fails (a malformed element,
 * a timeout) reports its end once, and always: one {@link CallListener#streamEnd}, then one {@code
 * callEnd} or {@code callFailed}, whichever of the two gets there first.
 */
class StreamEndOnceTest {
  private static final int ROUNDS = 400;

  record Item(int id) {}

  @Test
  void aStreamClosedWhileItsReaderFailsReportsItsEndOnce() throws Exception {
    Map<CallListener.Call, AtomicInteger> ends = new ConcurrentHashMap<>();
    AtomicInteger over = new AtomicInteger();
    CallListener listener =
        new CallListener() {
          @Override
          public void streamEnd(Call call, long elements, boolean early, long nanoTime) {
            ends.computeIfAbsent(call, c -> new AtomicInteger()).incrementAndGet();
            LockSupport.parkNanos(300_000); // time for a report racing this one to arrive
          }

          @Override
          public void callEnd(Call call, long nanoTime) {
            over.incrementAndGet();
          }

          @Override
          public void callFailed(Call call, Throwable failure, long nanoTime) {
            over.incrementAndGet();
          }
        };
    ExecutorService closer = Executors.newSingleThreadExecutor();
    try (MockWebServer server = LoopbackServer.start()) {
      HttpJsonClient api =
          HttpJsonClient.newBuilder(HttpClient.newHttpClient()).listener(listener).build();
      String uri = LoopbackServer.uri(server, "/items").toString();
      assertTimeoutPreemptively(
          Duration.ofSeconds(120),
          () -> {
            for (int i = 0; i < ROUNDS; i++) {
              server.enqueue(LoopbackServer.json(200, "[{\"id\":1},{\"id\":\"x\"}]"));
              Stream<Item> items = api.getFromJsonAsStream(uri, Item.class);
              Iterator<Item> it = items.iterator();
              it.next();
              AtomicBoolean go = new AtomicBoolean();
              long pause = (i % 100) * 2_000L; // 0 to 200 µs: the close lands all over the read
              Future<?> closed =
                  closer.submit(
                      () -> {
                        go.set(true);
                        long until = System.nanoTime() + pause;
                        while (System.nanoTime() < until) {
                          Thread.onSpinWait();
                        }
                        items.close();
                      });
              long giveUp = System.nanoTime() + SECONDS.toNanos(10);
              while (!go.get() && System.nanoTime() < giveUp) {
                Thread.onSpinWait();
              }
              try {
                it.hasNext(); // reads "x", which is no int: the stream fails
              } catch (RuntimeException expected) {
                // The malformed element, or the close that came first.
              }
              closed.get(10, SECONDS);
            }
            long giveUp = System.nanoTime() + SECONDS.toNanos(10);
            while (over.get() < ROUNDS && System.nanoTime() < giveUp) {
              Thread.sleep(10); // every call's end reported
            }
          });
    } finally {
      closer.shutdownNow();
    }

    assertThat(over.get()).as("calls whose end was reported").isEqualTo(ROUNDS);
    assertThat(ends).hasSize(ROUNDS);
    assertThat(ends.values().stream().filter(n -> n.get() != 1).count())
        .as("streams whose end was reported more than once")
        .isZero();
  }
}
