package dev.httpjson.testing;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Locale;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The parity suite's time on the stub and on loopback, in one JVM: one warm-up pass of each, then
 * {@code passes} alternating passes (argument 1, default 5). A program, not a test: run it with the
 * test class path (see the module's README).
 */
public final class ParitySuiteTiming {
  private ParitySuiteTiming() {}

  public static void main(String[] args) {
    int passes = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    Launcher launcher = LauncherFactory.create();
    run(launcher, StubCallParityTest.class);
    run(launcher, LoopbackCallParityTest.class);
    for (int i = 1; i <= passes; i++) {
      long stub = run(launcher, StubCallParityTest.class);
      long loopback = run(launcher, LoopbackCallParityTest.class);
      System.out.printf(
          Locale.ROOT,
          "pass %d: stub %d ms, loopback %d ms, loopback/stub %.1f%n",
          i,
          stub,
          loopback,
          (double) loopback / stub);
    }
  }

  private static long run(Launcher launcher, Class<?> suite) {
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    long start = System.nanoTime();
    launcher.execute(
        LauncherDiscoveryRequestBuilder.request().selectors(selectClass(suite)).build(), listener);
    long millis = (System.nanoTime() - start) / 1_000_000;
    TestExecutionSummary summary = listener.getSummary();
    if (summary.getTotalFailureCount() > 0 || summary.getTestsSucceededCount() == 0) {
      throw new IllegalStateException(suite.getSimpleName() + " failed: " + summary.getFailures());
    }
    return millis;
  }
}
