package dev.httpjson.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Live threads and open file descriptors, to prove a failing call leaked neither. */
public record ResourceCounts(int threads, long fileDescriptors) {
  /** Threads the JDK client may add to its executor under load, and a kept-alive connection. */
  public static final int THREAD_SLACK = 2;

  public static final int FD_SLACK = 2;

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

  /** Open descriptors of this process (Linux: /proc/self/fd), or -1 where unknown. */
  public static long openFileDescriptors() {
    Path fds = Path.of("/proc/self/fd");
    if (!Files.isDirectory(fds)) {
      return -1;
    }
    try (Stream<Path> list = Files.list(fds)) {
      return list.count();
    } catch (IOException e) {
      return -1;
    }
  }

  /** Waits up to 10 s for the counts to come back within the slack of {@code baseline}. */
  public static void assertBackTo(ResourceCounts baseline) throws InterruptedException {
    ResourceCounts current = now();
    for (int i = 0; i < 100 && !within(baseline, current); i++) {
      Thread.sleep(100);
      current = now();
    }
    assertThat(current.threads())
        .as("live client threads vs baseline %s", baseline)
        .isLessThanOrEqualTo(baseline.threads() + THREAD_SLACK);
    assertThat(current.fileDescriptors())
        .as("open file descriptors vs baseline %s", baseline)
        .isLessThanOrEqualTo(baseline.fileDescriptors() + FD_SLACK);
  }

  private static boolean within(ResourceCounts baseline, ResourceCounts current) {
    return current.threads() <= baseline.threads() + THREAD_SLACK
        && current.fileDescriptors() <= baseline.fileDescriptors() + FD_SLACK;
  }
}
