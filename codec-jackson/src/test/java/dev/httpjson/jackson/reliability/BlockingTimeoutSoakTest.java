package dev.httpjson.jackson.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.contract.RawServer;
import dev.httpjson.contract.ResourceCounts;
import dev.httpjson.jackson.JacksonCodec;
import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Soak of the blocking whole-call timeout, which interrupts the calling thread: {@value #CALLS}
 * blocking {@code getFromJson} calls from {@value #CALLERS} threads, half to a path that answers at
 * once, a quarter to a path that never answers (cut off by a {@value #SHORT_TIMEOUT_MS} ms timeout)
 * and a quarter to a path that answers just as that timeout elapses (so the timer and the response
 * race). After every call, returned or thrown, the calling thread must not be interrupted; after
 * every {@value #SLEEP_EVERY}th call it sleeps past the timeout and must not be woken by a late
 * interrupt. Then no client thread or file descriptor may have leaked.
 *
 * <p>Alone: {@code mvn -B -pl codec-jackson test -Dtest=BlockingTimeoutSoakTest}. The figures are
 * printed as one "blocking-timeout soak:" line.
 */
@Tag("soak")
public class BlockingTimeoutSoakTest {
  static final int CALLS = 10_000;
  static final int CALLERS = 16;
  static final long SHORT_TIMEOUT_MS = 25;
  static final int SLEEP_EVERY = 25;
  private static final String JSON = "{\"displayName\":\"ok\"}";

  /** The client under test, running its work on {@code executor} (whose threads are counted). */
  protected HttpClient newClient(ExecutorService executor) {
    return HttpClient.newBuilder().executor(executor).build();
  }

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void tenThousandMixedBlockingCallsLeaveNoStrayInterruptAndLeakNothing() throws Exception {
    AtomicInteger workers = new AtomicInteger();
    ExecutorService clientExecutor =
        Executors.newFixedThreadPool(
            4, r -> new Thread(r, "HttpClient-timeout-soak-worker-" + workers.incrementAndGet()));
    AtomicInteger callerIds = new AtomicInteger();
    ExecutorService callers =
        Executors.newFixedThreadPool(
            CALLERS, r -> new Thread(r, "timeout-soak-caller-" + callerIds.incrementAndGet()));
    HttpClient client = newClient(clientExecutor);
    JsonOptions base = JsonOptions.newBuilder().codec(new JacksonCodec()).build();
    // The fast path gets a timeout too (armed and cancelled on every call), long enough that a
    // loaded machine cannot make it fire.
    JsonOptions fast = base.toBuilder().timeout(Duration.ofSeconds(10)).build();
    JsonOptions shortTimeout =
        base.toBuilder().timeout(Duration.ofMillis(SHORT_TIMEOUT_MS)).build();
    try (RawServer server = new RawServer(BlockingTimeoutSoakTest::serve)) {
      for (int i = 0; i < 40; i++) { // warm up every path, the timer thread and the client
        call(client, server, i, fast, shortTimeout);
        Thread.interrupted();
      }
      ResourceCounts baseline = ResourceCounts.settled(); // before the load
      Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
      List<String> wrong = Collections.synchronizedList(new ArrayList<>());
      AtomicLong sleeps = new AtomicLong();
      long start = System.nanoTime();

      List<Future<?>> done = new ArrayList<>();
      for (int c = 0; c < CALLERS; c++) {
        int caller = c;
        done.add(
            callers.submit(
                () -> {
                  for (int i = caller; i < CALLS; i += CALLERS) {
                    Outcome outcome = call(client, server, i, fast, shortTimeout);
                    outcomes.computeIfAbsent(outcome.kind, k -> new AtomicLong()).incrementAndGet();
                    if (!outcome.kind.startsWith("expected")) {
                      wrong.add("call " + i + ": " + outcome.kind + " " + outcome.failure);
                    }
                    if (Thread.interrupted()) {
                      wrong.add("call " + i + " (" + path(i) + ") left its thread interrupted");
                    }
                    if (i % SLEEP_EVERY == 0) {
                      try {
                        Thread.sleep(SHORT_TIMEOUT_MS + 10);
                        sleeps.incrementAndGet();
                      } catch (InterruptedException e) {
                        wrong.add("a sleep after call " + i + " (" + path(i) + ") was interrupted");
                      }
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get(2, TimeUnit.MINUTES);
      }
      long millis = (System.nanoTime() - start) / 1_000_000;

      ResourceCounts.assertBackTo(baseline);
      ResourceCounts after = ResourceCounts.now();
      System.out.printf(
          "blocking-timeout soak: %d blocking calls from %d threads in %d ms (%d quiet sleeps);"
              + " client threads %d -> %d, fds %d -> %d; outcomes %s%n",
          CALLS,
          CALLERS,
          millis,
          sleeps.get(),
          baseline.threads(),
          after.threads(),
          baseline.fileDescriptors(),
          after.fileDescriptors(),
          new TreeMap<>(outcomes));
      assertThat(wrong).as("calls that ended wrongly or left an interrupt behind").isEmpty();
      assertThat(sleeps).hasValue((CALLS + SLEEP_EVERY - 1) / SLEEP_EVERY);
      assertThat(outcomes.get("expected /ok value")).hasValue(CALLS / 2);
      assertThat(outcomes.get("expected /stall CallTimeoutException")).hasValue(CALLS / 4);
      assertThat(server.handlerFailures()).isEmpty();
    } finally {
      callers.shutdownNow();
      clientExecutor.shutdownNow();
    }
  }

  private static String path(int i) {
    switch (i % 4) {
      case 2:
        return "/stall";
      case 3:
        return "/late";
      default:
        return "/ok";
    }
  }

  /** How a call ended: "expected|unexpected path value|ExceptionClass", and the exception. */
  private static final class Outcome {
    final String kind;
    final @Nullable Exception failure;

    Outcome(String kind, @Nullable Exception failure) {
      this.kind = kind;
      this.failure = failure;
    }
  }

  /** One blocking call; its outcome, classified. */
  private static Outcome call(
      HttpClient client, RawServer server, int i, JsonOptions fast, JsonOptions shortTimeout) {
    String path = path(i);
    JsonOptions options = path.equals("/ok") ? fast : shortTimeout;
    try {
      Named value =
          HttpJson.getFromJson(client, server.uri(path), JsonType.of(Named.class, options));
      boolean expected = !path.equals("/stall") && new Named("ok").equals(value);
      return new Outcome((expected ? "expected " : "unexpected ") + path + " value", null);
    } catch (Exception e) {
      boolean expected = !path.equals("/ok") && e instanceof CallTimeoutException;
      String kind =
          (expected ? "expected " : "unexpected ") + path + " " + e.getClass().getSimpleName();
      return new Outcome(kind, e);
    }
  }

  private static void serve(Socket socket, String head) throws Exception {
    try {
      if (head.isEmpty()) {
        return; // the timeout fired before the client wrote its request
      }
      String path = head.substring(head.indexOf(' ') + 1, head.indexOf(' ', head.indexOf(' ') + 1));
      switch (path) {
        case "/stall":
          while (socket.getInputStream().read() >= 0) {
            // never answer; wait for the client to give up
          }
          break;
        case "/late": // about when the client's timeout elapses, counting its connect and send
          Thread.sleep(SHORT_TIMEOUT_MS - 5);
          ok(socket);
          break;
        default:
          ok(socket);
      }
    } catch (IOException gone) {
      // the client aborted the exchange
    } finally {
      socket.close();
    }
  }

  private static void ok(Socket socket) throws IOException {
    RawServer.write(
        socket,
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + JSON.length()
            + "\r\nConnection: close\r\n\r\n"
            + JSON);
  }
}
