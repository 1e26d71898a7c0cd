package dev.httpjson.avaje;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** CPU ns per scan of the body by the avaje codec's guard alone (new Guard per body, as a read). */
public class GuardScan {
  static volatile int sink;

  public static void main(String[] args) throws Exception {
    byte[] body = Files.readAllBytes(Path.of(args[0]));
    int passes = Integer.parseInt(args[1]);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long warmEnd = System.nanoTime() + 4_000_000_000L;
    while (System.nanoTime() < warmEnd) {
      slice(threads, body, 100);
    }
    double[] v = new double[passes];
    for (int p = 0; p < passes; p++) {
      v[p] = slice(threads, body, 200);
    }
    Arrays.sort(v);
    System.out.printf(
        "guard_scan_cpu_ns=%.0f q1=%.0f q3=%.0f%n",
        v[passes / 2], v[passes / 4], v[(3 * passes) / 4]);
  }

  static double slice(ThreadMXBean threads, byte[] body, long millis) {
    long cpu0 = threads.getCurrentThreadCpuTime();
    long n = 0;
    long cpu;
    do {
      for (int i = 0; i < 100; i++) {
        Guard g = new Guard(new Guard.Limits(1000, 1000, 20_000_000), true);
        sink = g.scan(body, 0, body.length);
        g.finish();
      }
      n += 100;
      cpu = threads.getCurrentThreadCpuTime() - cpu0;
    } while (cpu < millis * 1_000_000L);
    return (double) cpu / n;
  }
}
