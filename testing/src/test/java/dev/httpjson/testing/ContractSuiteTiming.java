package dev.httpjson.testing;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.httpjson.contract.EventStreamContract;
import dev.httpjson.contract.HttpJsonContract;
import dev.httpjson.contract.InterceptorContract;
import dev.httpjson.contract.ListenerContract;
import dev.httpjson.contract.ResponseContract;
import dev.httpjson.contract.StreamingContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Core's call contracts on the stub and on loopback (the JDK client against the contracts' own
 * mockwebserver3 servers), in one JVM: the same six classes with the same rows (the rows the stub
 * skips are skipped on loopback too), one warm-up pass of each, then {@code passes} alternating
 * passes (argument 1, default 5). A program, not a test: run it with the test class path (see the
 * module's README).
 */
public final class ContractSuiteTiming {
  private ContractSuiteTiming() {}

  private static final List<Class<?>> STUB =
      List.of(
          StubHttpJsonContractTest.class,
          StubStreamingContractTest.class,
          StubResponseContractTest.class,
          StubInterceptorContractTest.class,
          StubListenerContractTest.class,
          StubEventStreamContractTest.class);

  private static final List<Class<?>> LOOPBACK =
      List.of(
          LoopbackHttpJson.class,
          LoopbackStreaming.class,
          LoopbackResponse.class,
          LoopbackInterceptor.class,
          LoopbackListener.class,
          LoopbackEventStream.class);

  public static void main(String[] args) {
    int passes = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    Launcher launcher = LauncherFactory.create();
    if (args.length > 1 && args[1].equals("rows")) {
      rows(launcher, passes);
      return;
    }
    long[] stubWarm = run(launcher, STUB);
    long[] loopbackWarm = run(launcher, LOOPBACK);
    System.out.printf(
        Locale.ROOT,
        "warm-up: stub %d ms (%d rows passed), loopback %d ms (%d rows passed)%n",
        stubWarm[0],
        stubWarm[1],
        loopbackWarm[0],
        loopbackWarm[1]);
    for (int i = 1; i <= passes; i++) {
      long stub = run(launcher, STUB)[0];
      long loopback = run(launcher, LOOPBACK)[0];
      System.out.printf(
          Locale.ROOT,
          "pass %d: stub %d ms, loopback %d ms, loopback/stub %.2f%n",
          i,
          stub,
          loopback,
          (double) loopback / stub);
    }
  }

  /**
   * Each row's time on both, after a warm-up pass: the rows taking longest on the stub, and the
   * rows slower on the stub than on loopback (best of {@code passes} runs each).
   */
  private static void rows(Launcher launcher, int passes) {
    run(launcher, STUB);
    run(launcher, LOOPBACK);
    Map<String, Long> stub = new TreeMap<>();
    Map<String, Long> loopback = new TreeMap<>();
    for (int i = 0; i < passes; i++) {
      best(stub, rowTimes(launcher, STUB));
      best(loopback, rowTimes(launcher, LOOPBACK));
    }
    long stubTotal = stub.values().stream().mapToLong(Long::longValue).sum();
    long loopbackTotal = loopback.values().stream().mapToLong(Long::longValue).sum();
    System.out.printf(
        Locale.ROOT,
        "sum of best row times: stub %d ms, loopback %d ms (%d rows)%n",
        stubTotal,
        loopbackTotal,
        stub.size());
    long stubQuick = 0;
    long loopbackQuick = 0;
    int quick = 0;
    for (Map.Entry<String, Long> row : stub.entrySet()) {
      Long other = loopback.get(row.getKey());
      if (other != null && row.getValue() < QUICK_MS && other < QUICK_MS) {
        stubQuick += row.getValue();
        loopbackQuick += other;
        quick++;
      }
    }
    System.out.printf(
        Locale.ROOT,
        "rows under %d ms on both (no timeout or backoff of their own): stub %d ms, loopback %d ms"
            + " (%d rows), loopback/stub %.2f%n",
        QUICK_MS,
        stubQuick,
        loopbackQuick,
        quick,
        (double) loopbackQuick / stubQuick);
    System.out.println("longest on the stub (stub ms, loopback ms):");
    stub.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(15)
        .forEach(
            e ->
                System.out.printf(
                    "  %6d %6d %s%n", e.getValue(), loopback.get(e.getKey()), e.getKey()));
    System.out.println("slower on the stub by more than 20 ms:");
    stub.forEach(
        (row, ms) -> {
          Long other = loopback.get(row);
          if (other != null && ms > other + 20) {
            System.out.printf("  %6d %6d %s%n", ms, other, row);
          }
        });
  }

  /**
   * Rows quicker than this on both transports wait on no timeout, pause or backoff of their own.
   */
  private static final long QUICK_MS = 250;

  private static void best(Map<String, Long> into, Map<String, Long> times) {
    times.forEach((row, ms) -> into.merge(row, ms, Math::min));
  }

  private static Map<String, Long> rowTimes(Launcher launcher, List<Class<?>> suite) {
    Map<String, Long> started = new ConcurrentHashMap<>();
    Map<String, Long> times = new ConcurrentHashMap<>();
    TestExecutionListener timer =
        new TestExecutionListener() {
          @Override
          public void executionStarted(TestIdentifier id) {
            if (id.isTest()) {
              started.put(id.getUniqueId(), System.nanoTime());
            }
          }

          @Override
          public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            Long start = started.get(id.getUniqueId());
            if (id.isTest() && start != null) {
              String row = rowName(id);
              times.put(row, (System.nanoTime() - start) / 1_000_000);
            }
          }
        };
    launcher.execute(
        LauncherDiscoveryRequestBuilder.request()
            .selectors(suite.stream().map(c -> (DiscoverySelector) selectClass(c)).toList())
            .build(),
        timer);
    return times;
  }

  /** The contract's name and the row, the same for the stub's class and the loopback one. */
  private static String rowName(TestIdentifier id) {
    String uid = id.getUniqueId();
    String contract = "?";
    for (String name :
        List.of("HttpJson", "Streaming", "Response", "Interceptor", "Listener", "EventStream")) {
      if (uid.contains("Stub" + name + "ContractTest") || uid.contains("Loopback" + name + "]")) {
        contract = name;
      }
    }
    return contract + " " + id.getLegacyReportingName();
  }

  /** The suite's wall time in milliseconds and how many rows passed. */
  private static long[] run(Launcher launcher, List<Class<?>> suite) {
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    long start = System.nanoTime();
    launcher.execute(
        LauncherDiscoveryRequestBuilder.request()
            .selectors(suite.stream().map(c -> (DiscoverySelector) selectClass(c)).toList())
            .build(),
        listener);
    long millis = (System.nanoTime() - start) / 1_000_000;
    TestExecutionSummary summary = listener.getSummary();
    if (summary.getTotalFailureCount() > 0 || summary.getTestsSucceededCount() == 0) {
      StringBuilder failures = new StringBuilder();
      summary
          .getFailures()
          .forEach(
              f ->
                  failures
                      .append("\n  ")
                      .append(f.getTestIdentifier().getDisplayName())
                      .append(": ")
                      .append(f.getException()));
      throw new IllegalStateException(suite + " failed:" + failures);
    }
    return new long[] {millis, summary.getTestsSucceededCount()};
  }

  static final class LoopbackHttpJson extends HttpJsonContract {
    @RegisterExtension static final SkippedRows SKIPPED = StubHttpJsonContractTest.SKIPPED;

    @Override
    protected JsonCodec codec() {
      return new JacksonCodec();
    }
  }

  static final class LoopbackStreaming extends StreamingContract {
    @RegisterExtension static final SkippedRows SKIPPED = StubStreamingContractTest.SKIPPED;

    @Override
    protected JsonCodec codec() {
      return new JacksonCodec();
    }
  }

  static final class LoopbackResponse extends ResponseContract {
    @RegisterExtension static final SkippedRows SKIPPED = StubResponseContractTest.SKIPPED;

    @Override
    protected JsonCodec codec() {
      return new JacksonCodec();
    }
  }

  static final class LoopbackInterceptor extends InterceptorContract {
    @RegisterExtension static final SkippedRows SKIPPED = StubInterceptorContractTest.SKIPPED;

    @Override
    protected JsonCodec codec() {
      return new JacksonCodec();
    }

    @Override
    protected HttpClient newRedirectingClient() {
      return HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
    }
  }

  static final class LoopbackListener extends ListenerContract {
    @RegisterExtension static final SkippedRows SKIPPED = StubListenerContractTest.SKIPPED;

    @Override
    protected JsonCodec codec() {
      return new JacksonCodec();
    }
  }

  static final class LoopbackEventStream extends EventStreamContract {
    @RegisterExtension static final SkippedRows SKIPPED = StubEventStreamContractTest.SKIPPED;

    @Override
    protected JsonCodec codec() {
      return new JacksonCodec();
    }
  }
}
