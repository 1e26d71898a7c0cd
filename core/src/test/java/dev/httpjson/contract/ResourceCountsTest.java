package dev.httpjson.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FileInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

/** The leak checks every hostile-input row relies on must be able to fail. */
class ResourceCountsTest {
  private static final int OPENED = 50;
  private static final int SLACK = 10;
  private static final int ROUNDS = 5;

  @Test
  @EnabledOnOs(OS.LINUX)
  void countsDescriptorsThisProcessOpensAndCloses(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("f"), "x");
    // The count is the whole process's: connections and selectors of earlier tests that the JDK
    // closes on its own threads meanwhile lower it (a garbage collection may close dozens at once).
    // Such closes only ever lower the count, so the experiment is repeated: a count that does not
    // see what this thread opens fails every round, a close elsewhere spoils one round at most.
    List<String> rounds = new ArrayList<>();
    for (int round = 0; round < ROUNDS; round++) {
      List<FileInputStream> streams = new ArrayList<>();
      long before = ResourceCounts.openFileDescriptors();
      long open;
      try {
        for (int i = 0; i < OPENED; i++) {
          streams.add(new FileInputStream(file.toFile()));
        }
        open = ResourceCounts.openFileDescriptors();
      } finally {
        for (FileInputStream in : streams) {
          in.close();
        }
      }
      long after = ResourceCounts.openFileDescriptors();

      assertThat(before).isPositive();
      assertThat(after).isLessThanOrEqualTo(open - OPENED);
      rounds.add(before + " -> " + open + " -> " + after);
      if (open >= before + OPENED - SLACK) {
        return;
      }
    }
    throw new AssertionError(
        "opening " + OPENED + " files never raised the count by them: " + rounds);
  }

  @Test
  void aMissingProcSelfFdOnLinuxFailsLoudlyInsteadOfCountingNothing(@TempDir Path dir) {
    Path missing = dir.resolve("proc/self/fd");

    assertThatThrownBy(() -> ResourceCounts.openFileDescriptors(missing, "Linux"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(missing.toString());
  }

  @Test
  void descriptorsThatCannotBeCountedAbortTheCheckInsteadOfPassingIt() {
    ResourceCounts unknown = new ResourceCounts(3, -1);

    assertThatThrownBy(() -> ResourceCounts.assertBackTo(unknown, () -> unknown, 0))
        .isInstanceOf(TestAbortedException.class)
        .hasMessageContaining("file descriptors");
  }

  @Test
  void leakedDescriptorsFailTheCheck() {
    ResourceCounts baseline = new ResourceCounts(3, 40);
    ResourceCounts leaked = new ResourceCounts(3, 40 + ResourceCounts.FD_SLACK + 1);

    assertThatThrownBy(() -> ResourceCounts.assertBackTo(baseline, () -> leaked, 0))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("open file descriptors");
    assertThatCode(
            () ->
                ResourceCounts.assertBackTo(
                    baseline, () -> new ResourceCounts(3, 40 + ResourceCounts.FD_SLACK), 0))
        .doesNotThrowAnyException();
  }

  @Test
  void leakedThreadsFailTheCheckEvenWhereDescriptorsCannotBeCounted() {
    ResourceCounts baseline = new ResourceCounts(3, -1);
    ResourceCounts leaked = new ResourceCounts(3 + ResourceCounts.THREAD_SLACK + 1, -1);

    assertThatThrownBy(() -> ResourceCounts.assertBackTo(baseline, () -> leaked, 0))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("live client threads");
  }
}
