package dev.httpjson.jackson.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonException;
import dev.httpjson.HttpJsonStatusException;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Soak: {@value #FAILING} failing calls of four kinds (truncated body, RST mid-body, 500, a server
 * that never answers cut off by a {@value #SHORT_TIMEOUT_MS} ms timeout), interleaved and {@value
 * #IN_FLIGHT} in flight, then {@value #GOOD} good calls on the same client. Every failing call must
 * fail with its kind's exception, every good call must succeed, and live threads and open file
 * descriptors must come back to the baseline within {@link ResourceCounts}' slack.
 *
 * <p>Runs in the default build (about 20-30 s on two cores), in the surefire execution {@code
 * soak}: a JVM of its own with the JVM's default JIT. Alone: {@code mvn -B -pl core,codec-jackson
 * test -Dtest=SoakTest -Dsurefire.failIfNoSpecifiedTests=false}. The figures are printed as one
 * "soak:" line.
 */
@Tag("soak")
public class SoakTest {
  static final int FAILING = 10_000;
  static final int GOOD = 1_000;
  static final int IN_FLIGHT = 16;
  static final long SHORT_TIMEOUT_MS = 50;
  private static final String JSON = "{\"displayName\":\"ok\"}";
  private static final String[] KINDS = {"/truncated", "/rst", "/500", "/silent"};

  /** The client under test, running its work on {@code executor} (whose threads are counted). */
  protected HttpClient newClient(ExecutorService executor) {
    return HttpClient.newBuilder().executor(executor).build();
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void tenThousandMixedFailuresLeakNothingAndTheClientStaysHealthy() throws Exception {
    java.util.concurrent.atomic.AtomicInteger workers =
        new java.util.concurrent.atomic.AtomicInteger();
    ExecutorService executor =
        Executors.newFixedThreadPool(
            4, r -> new Thread(r, "HttpClient-soak-worker-" + workers.incrementAndGet()));
    HttpClient client = newClient(executor);
    JsonOptions options =
        JsonOptions.newBuilder().codec(new JacksonCodec()).timeout(Duration.ofSeconds(10)).build();
    JsonOptions shortTimeout =
        options.toBuilder().timeout(Duration.ofMillis(SHORT_TIMEOUT_MS)).build();
    try (RawServer server = new RawServer(SoakTest::serve)) {
      // Warm up: every kind once, so client threads, the timeout timer and classes exist.
      for (int i = 0; i < 40; i++) {
        String kind = KINDS[i % KINDS.length];
        call(client, server, kind, kind.equals("/silent") ? shortTimeout : options)
            .handle((v, e) -> null)
            .get(30, TimeUnit.SECONDS);
      }
      good(client, server, options);
      ResourceCounts baseline = ResourceCounts.settled(); // before the load
      long start = System.nanoTime();

      Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
      List<String> wrong = java.util.Collections.synchronizedList(new ArrayList<>());
      Semaphore slots = new Semaphore(IN_FLIGHT);
      List<CompletableFuture<?>> pending = new ArrayList<>();
      int peakThreads = 0;
      for (int i = 0; i < FAILING; i++) {
        String kind = KINDS[i % KINDS.length];
        assertThat(slots.tryAcquire(60, TimeUnit.SECONDS)).as("a free slot within 60 s").isTrue();
        CompletableFuture<?> f =
            call(client, server, kind, kind.equals("/silent") ? shortTimeout : options)
                .handle(
                    (value, failure) -> {
                      slots.release();
                      String outcome = classify(kind, value, failure);
                      outcomes.computeIfAbsent(outcome, k -> new AtomicLong()).incrementAndGet();
                      if (!outcome.startsWith("expected")) {
                        wrong.add(kind + " -> " + outcome + ": " + failure);
                      }
                      return null;
                    });
        pending.add(f);
        if (i % 500 == 0) {
          peakThreads = Math.max(peakThreads, Thread.activeCount());
        }
      }
      CompletableFuture.allOf(pending.toArray(new CompletableFuture<?>[0]))
          .get(2, TimeUnit.MINUTES);
      long failingMillis = (System.nanoTime() - start) / 1_000_000;

      for (int i = 0; i < GOOD; i++) {
        good(client, server, options);
      }
      long totalMillis = (System.nanoTime() - start) / 1_000_000;

      ResourceCounts.assertBackTo(baseline);
      ResourceCounts after = ResourceCounts.now();
      System.out.printf(
          "soak: %d failing calls in %d ms, then %d good calls; %d s in all; client threads %d"
              + " -> %d (all live threads, sampled peak %d), fds %d -> %d; outcomes %s%n",
          FAILING,
          failingMillis,
          GOOD,
          totalMillis / 1000,
          baseline.threads(),
          after.threads(),
          peakThreads,
          baseline.fileDescriptors(),
          after.fileDescriptors(),
          new java.util.TreeMap<>(outcomes));
      assertThat(wrong).as("calls that ended otherwise than their kind requires").isEmpty();
      assertThat(server.handlerFailures()).isEmpty();
    } finally {
      executor.shutdownNow();
    }
  }

  private static CompletableFuture<Named> call(
      HttpClient client, RawServer server, String kind, JsonOptions options) {
    return HttpJson.getFromJsonAsync(client, server.uri(kind), JsonType.of(Named.class, options));
  }

  private static void good(HttpClient client, RawServer server, JsonOptions options)
      throws Exception {
    assertThat(HttpJson.getFromJson(client, server.uri("/ok"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("ok"));
  }

  private static String classify(String kind, Object value, Throwable failure) {
    Throwable cause =
        failure instanceof java.util.concurrent.CompletionException ? failure.getCause() : failure;
    if (cause == null) {
      return "unexpected value " + value;
    }
    boolean expected;
    switch (kind) {
      case "/500":
        expected =
            cause instanceof HttpJsonStatusException
                && ((HttpJsonStatusException) cause).statusCode() == 500;
        break;
      case "/silent":
        expected = cause instanceof CallTimeoutException;
        break;
      default: // truncated or reset: the JDK's transport IOException
        expected =
            cause instanceof IOException
                && !(cause instanceof HttpJsonException)
                && !(cause instanceof CallTimeoutException);
    }
    return (expected ? "expected " : "unexpected ") + kind + " " + cause.getClass().getSimpleName();
  }

  private static void serve(Socket socket, String head) throws Exception {
    try {
      if (head.isEmpty()) {
        return; // a short timeout fired before the client wrote its request
      }
      String path = head.substring(head.indexOf(' ') + 1, head.indexOf(' ', head.indexOf(' ') + 1));
      switch (path) {
        case "/truncated":
          RawServer.write(
              socket,
              "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                  + "{\"displayName\":\"o");
          break;
        case "/rst":
          RawServer.write(
              socket,
              "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                  + "{\"displayName\":\"o");
          socket.setSoLinger(true, 0);
          break;
        case "/500":
          RawServer.write(
              socket,
              "HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/html\r\n"
                  + "Content-Length: 17\r\nConnection: close\r\n\r\n<html>oops</html>");
          break;
        case "/silent":
          try {
            while (socket.getInputStream().read() >= 0) {
              // never answer; wait for the client to give up
            }
          } catch (IOException gone) {
            // the client aborted the exchange
          }
          break;
        default:
          RawServer.write(
              socket,
              "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                  + JSON.length()
                  + "\r\nConnection: close\r\n\r\n"
                  + JSON);
      }
    } finally {
      socket.close();
    }
  }
}
