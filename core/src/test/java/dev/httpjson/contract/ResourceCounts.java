package dev.httpjson.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Live threads and open file descriptors, to prove a failing call leaked neither. Where descriptors
 * cannot be counted (neither {@code /proc/self/fd} nor {@code /dev/fd}), {@link #assertBackTo}
 * checks the threads and then aborts the test, so it is reported as skipped rather than passed.
 */
public record ResourceCounts(int threads, long fileDescriptors) {
  /** Threads the JDK client may add to its executor under load, and a kept-alive connection. */
  public static final int THREAD_SLACK = 2;

  public static final int FD_SLACK = 2;

  /** A descriptor count this platform cannot give. */
  public static final long UNKNOWN = -1;

  private static final Path PROC_SELF_FD = Path.of("/proc/self/fd");

  public static ResourceCounts now() {
    return new ResourceCounts(clientThreads(), openFileDescriptors());
  }

  /**
   * Live threads of HTTP clients and of httpjson ({@code HttpClient-*}, {@code httpjson-*}): the
   * test servers' own threads run in the same JVM and are not the client's to leak.
   */
  public static int clientThreads() {
    int n = 0;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      String name = t.getName();
      if (t.isAlive() && (name.startsWith("HttpClient-") || name.startsWith("httpjson-"))) {
        n++;
      }
    }
    return n;
  }

  /**
   * Open descriptors of this process: {@code /proc/self/fd} on Linux (its absence there is an
   * error, not an unknown), {@code /dev/fd} elsewhere (macOS, the BSDs), or {@link #UNKNOWN}.
   */
  public static long openFileDescriptors() {
    return openFileDescriptors(PROC_SELF_FD, System.getProperty("os.name", ""));
  }

  static long openFileDescriptors(Path procSelfFd, String osName) {
    if (Files.isDirectory(procSelfFd)) {
      return count(procSelfFd);
    }
    if (osName.startsWith("Linux")) {
      throw new AssertionError(
          "cannot count file descriptors: " + procSelfFd + " is missing on " + osName);
    }
    Path devFd = Path.of("/dev/fd");
    return Files.isDirectory(devFd) ? count(devFd) : UNKNOWN;
  }

  private static long count(Path fdDirectory) {
    try (Stream<Path> list = Files.list(fdDirectory)) {
      return list.count();
    } catch (IOException e) {
      throw new AssertionError("cannot count file descriptors in " + fdDirectory, e);
    }
  }

  /**
   * The counts once warm-up work has wound down: waits (up to 10 s) until two samples 200 ms apart
   * agree, and fails if they never do. Take a baseline with it before the load under test.
   */
  public static ResourceCounts settled() throws InterruptedException {
    ResourceCounts previous = now();
    for (int i = 0; i < 50; i++) {
      Thread.sleep(200);
      ResourceCounts current = now();
      if (current.equals(previous)) {
        return current;
      }
      previous = current;
    }
    throw new AssertionError("thread and descriptor counts did not settle in 10 s: " + previous);
  }

  /** Waits up to 10 s for the counts to come back within the slack of {@code baseline}. */
  public static void assertBackTo(ResourceCounts baseline) throws InterruptedException {
    assertBackTo(baseline, ResourceCounts::now, 100);
  }

  static void assertBackTo(ResourceCounts baseline, Supplier<ResourceCounts> sampler, int attempts)
      throws InterruptedException {
    ResourceCounts current = sampler.get();
    for (int i = 0; i < attempts && !within(baseline, current); i++) {
      Thread.sleep(100);
      current = sampler.get();
    }
    assertThat(current.threads())
        .as("live client threads vs baseline %s", baseline)
        .isLessThanOrEqualTo(baseline.threads() + THREAD_SLACK);
    if (baseline.fileDescriptors() == UNKNOWN || current.fileDescriptors() == UNKNOWN) {
      Assumptions.abort(
          "open file descriptors cannot be counted on "
              + System.getProperty("os.name")
              + "; threads were checked, descriptors were not");
    }
    assertThat(current.fileDescriptors())
        .as("open file descriptors vs baseline %s", baseline)
        .isLessThanOrEqualTo(baseline.fileDescriptors() + FD_SLACK);
  }

  private static boolean within(ResourceCounts baseline, ResourceCounts current) {
    return current.threads() <= baseline.threads() + THREAD_SLACK
        && current.fileDescriptors() <= baseline.fileDescriptors() + FD_SLACK;
  }
}
