package dev.httpjson.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The skipped contract rows are skipped by name with their reason, and a stale name is an error.
 */
class SkippedRowsTest {
  @Test
  void aNamedRowIsSkippedWithItsReasonAndTheOthersRun() {
    TestExecutionSummary summary = run(Named.class);

    assertThat(summary.getTestsSkippedCount()).isEqualTo(1);
    assertThat(summary.getTestsSucceededCount()).isEqualTo(1);
    assertThat(summary.getTotalFailureCount()).isZero();
  }

  @Test
  void aNameThatIsNoRowOfTheClassFailsTheClass() {
    TestExecutionSummary summary = run(Stale.class);

    assertThat(summary.getTestsStartedCount()).isZero();
    assertThat(summary.getFailures())
        .singleElement()
        .satisfies(
            f ->
                assertThat(f.getException())
                    .hasMessageContaining("skipped rows that are no method of")
                    .hasMessageContaining("[renamedRow]"));
  }

  private static TestExecutionSummary run(Class<?> c) {
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create()
        .execute(
            LauncherDiscoveryRequestBuilder.request().selectors(selectClass(c)).build(), listener);
    return listener.getSummary();
  }

  // Nested, so surefire does not run them on their own.
  static class Named {
    @RegisterExtension
    static final SkippedRows SKIPPED = SkippedRows.none().skip("no socket", "needsASocket");

    @Test
    void needsASocket() {
      throw new AssertionError("a skipped row ran");
    }

    @Test
    void runs() {}
  }

  static class Stale {
    @RegisterExtension
    static final SkippedRows SKIPPED = SkippedRows.none().skip("no socket", "renamedRow");

    @Test
    void runs() {}
  }
}
