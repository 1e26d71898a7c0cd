package dev.httpjson.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a loopback call's time goes, counted rather than timed, so that a loaded machine does not
 * move the figures: per call and per variant, the context switches of every thread of this JVM
 * (Linux {@code /proc/self/task/<tid>/status}: a thread hop is a switch), the CPU time of the
 * calling thread and of the whole process, and the bytes the calling thread allocated.
 *
 * <p>{@code java -cp httpjson-benchmarks.jar -Ddev.httpjson.codec=jackson
 * dev.httpjson.bench.WireCounts [scenario] [variant...]} (default get.plain, jackson-static and
 * httpjson), against the bench server in its own JVM. Variants run in turns of {@code -Dcalls=N}
 * (default 5,000) after a warm-up, {@code -Dturns=N} turns each (default 6); the median turn is
 * printed.
 */
public final class WireCounts {
  private WireCounts() {}

  public static void main(String[] args) throws Exception {
    Scenario scenario = Scenario.of(args.length > 0 ? args[0] : "get.plain");
    List<String> names = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      names.add(args[i]);
    }
    if (names.isEmpty()) {
      names = List.of("jackson-static", "httpjson");
    }
    int calls = Integer.getInteger("calls", 5_000);
    int turns = Integer.getInteger("turns", 6);
    int port = Harness.startServer(Harness.JAVA, Harness.DEFAULT_SERVER, 0);
    try {
      URI base = URI.create("http://127.0.0.1:" + port + "/");
      List<Variant.Op> ops = new ArrayList<>();
      for (String name : names) {
        java.util.function.Supplier<Variant> variant =
            Client.VARIANTS.getOrDefault(name, Client.DIAGNOSTICS.get(name));
        if (variant == null) {
          throw new IllegalArgumentException(
              "unknown variant: " + name + " (see Client.VARIANTS and Client.DIAGNOSTICS)");
        }
        ops.add(variant.get().op(scenario, base));
      }
      for (int w = 0; w < 4; w++) {
        for (Variant.Op op : ops) {
          run(op, calls);
        }
      }
      double[][][] all = new double[names.size()][turns][];
      for (int t = 0; t < turns; t++) {
        for (int v = 0; v < names.size(); v++) {
          all[v][t] = measure(ops.get(v), calls);
        }
      }
      System.out.printf(
          "%s, %d turns of %d calls per variant, JDK %s, %d CPUs; per call, median turn%n",
          scenario.id(),
          turns,
          calls,
          System.getProperty("java.version"),
          Runtime.getRuntime().availableProcessors());
      System.out.println(
          "| variant | voluntary context switches (all threads) | caller CPU µs | process CPU µs |"
              + " caller bytes allocated | wall µs |");
      System.out.println("|---|---:|---:|---:|---:|---:|");
      for (int v = 0; v < names.size(); v++) {
        double[] m = new double[5];
        for (int k = 0; k < 5; k++) {
          double[] column = new double[turns];
          for (int t = 0; t < turns; t++) {
            column[t] = all[v][t][k];
          }
          java.util.Arrays.sort(column);
          m[k] = column[turns / 2];
        }
        System.out.printf(
            "| %s | %.2f | %.1f | %.1f | %.0f | %.1f |%n",
            names.get(v), m[0], m[1], m[2], m[3], m[4]);
      }
    } finally {
      Harness.stopServer();
    }
  }

  private static void run(Variant.Op op, int calls) throws Exception {
    for (int i = 0; i < calls; i++) {
      op.run();
    }
  }

  /** Voluntary switches per thread group (the name without its number), for {@code -Dthreads}. */
  static java.util.Map<String, Long> byGroup() throws IOException {
    java.util.Map<String, Long> m = new java.util.TreeMap<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
      for (Path task : tasks) {
        try {
          String name = Files.readString(task.resolve("comm")).trim().replaceAll("[0-9]+", "#");
          for (String line : Files.readAllLines(task.resolve("status"))) {
            if (line.startsWith("voluntary_ctxt_switches:")) {
              m.merge(
                  name, Long.parseLong(line.substring(line.indexOf(':') + 1).trim()), Long::sum);
            }
          }
        } catch (IOException gone) {
          // a thread that ended meanwhile
        }
      }
    }
    return m;
  }

  private static double[] measure(Variant.Op op, int calls) throws Exception {
    if (Boolean.getBoolean("threads")) {
      java.util.Map<String, Long> before = byGroup();
      run(op, calls);
      java.util.Map<String, Long> after = byGroup();
      StringBuilder sb = new StringBuilder();
      for (java.util.Map.Entry<String, Long> e : after.entrySet()) {
        long d = e.getValue() - before.getOrDefault(e.getKey(), 0L);
        if (d > calls / 100) {
          sb.append(String.format(" %s=%.2f", e.getKey(), d / (double) calls));
        }
      }
      System.out.println("  switches per call by thread:" + sb);
    }
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long id = Thread.currentThread().getId();
    long switches = switches();
    long cpu = threads.getCurrentThreadCpuTime();
    long process = os.getProcessCpuTime();
    long bytes = threads.getThreadAllocatedBytes(id);
    long t0 = System.nanoTime();
    run(op, calls);
    long wall = System.nanoTime() - t0;
    long bytesAfter = threads.getThreadAllocatedBytes(id);
    long processAfter = os.getProcessCpuTime();
    long cpuAfter = threads.getCurrentThreadCpuTime();
    long switchesAfter = switches();
    return new double[] {
      (switchesAfter - switches) / (double) calls,
      (cpuAfter - cpu) / 1e3 / calls,
      (processAfter - process) / 1e3 / calls,
      (bytesAfter - bytes) / (double) calls,
      wall / 1e3 / calls
    };
  }

  /**
   * Voluntary context switches of every thread of this process: a thread that waits for another (a
   * hop); the involuntary ones are the machine's load.
   */
  private static long switches() throws IOException {
    long sum = 0;
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
      for (Path task : tasks) {
        try {
          for (String line : Files.readAllLines(task.resolve("status"))) {
            if (line.startsWith("voluntary_ctxt_switches:")) {
              sum += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
          }
        } catch (IOException gone) {
          // a thread that ended meanwhile
        }
      }
    }
    return sum;
  }
}
