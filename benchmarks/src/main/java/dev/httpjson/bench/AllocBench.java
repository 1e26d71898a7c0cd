package dev.httpjson.bench;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * What a call costs that timing cannot tell apart on a busy machine: bytes allocated per call (by
 * every thread of this JVM, the client's own included), threads started and context switches per
 * call, counted over warm calls; deterministic to a few bytes whatever the load. Beside them, the
 * CPU time per call of this JVM (its GC and compiler threads included) and of the calling thread:
 * less disturbed by other work on the machine than elapsed time, though not deterministic.
 *
 * <p>Usage: {@code AllocBench [--port P] [--variants a,b] [--scenario get.collection] [--warmup N]
 * [--calls N] [--rounds N]}; run by {@code ./bench --alloc}. Variants run one after another, the
 * set repeated {@code --rounds} times; each line is one variant's count in one round.
 */
public final class AllocBench {
  private AllocBench() {}

  public static void main(String[] args) throws Exception {
    int port = -1;
    List<String> names = List.of("diag-codec-direct", "httpjson");
    Scenario scenario = Scenario.of("get.collection");
    int warmup = 20_000;
    int calls = 20_000;
    int rounds = 2;
    for (Harness.Flags f = new Harness.Flags(args); f.next(); ) {
      switch (f.flag()) {
        case "--port" -> port = f.intValue();
        case "--variants" -> names = Client.expand(f.list());
        case "--scenario" -> scenario = Scenario.of(f.value());
        case "--warmup" -> warmup = f.intValue();
        case "--calls" -> calls = f.intValue();
        case "--rounds" -> rounds = f.intValue();
        default -> throw new IllegalArgumentException("unknown flag: " + f.flag());
      }
    }
    if (port < 0) {
      Harness.stopOnExit();
      port = Harness.startServer(Harness.JAVA, Harness.DEFAULT_SERVER, 0);
    }
    URI base = URI.create("http://127.0.0.1:" + port + "/");
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    Variant.Op[] ops = new Variant.Op[names.size()];
    Variant[] variants = new Variant[names.size()];
    for (int v = 0; v < ops.length; v++) {
      // name@config (httpjson@h1+direct) configures the JDK client that variant builds.
      String[] parts = Client.parseVariant(names.get(v));
      Supplier<Variant> factory =
          Client.VARIANTS.getOrDefault(parts[0], Client.DIAGNOSTICS.get(parts[0]));
      Clients.configure(parts[1]);
      try {
        variants[v] = factory.get();
      } finally {
        Clients.configure("");
      }
      ops[v] = variants[v].op(scenario, base);
      for (int i = 0; i < warmup; i++) {
        ops[v].run();
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%s, %d warm calls per variant and round (after %d), all threads counted%n%n"
            + "| round | variant | bytes/call | of which the caller's | threads started/call |"
            + " context switches/call | CPU µs/call | of which the caller's |%n"
            + "|---:|---|---:|---:|---:|---:|---:|---:|%n",
        scenario.id(),
        calls,
        warmup);
    for (int r = 1; r <= rounds; r++) {
      for (int v = 0; v < ops.length; v++) {
        long started = threads.getTotalStartedThreadCount();
        long switches = contextSwitches();
        long mine = threads.getCurrentThreadAllocatedBytes();
        long all = allocated(threads);
        long cpu = os.getProcessCpuTime();
        long callerCpu = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < calls; i++) {
          ops[v].run();
        }
        long callerCpuAfter = threads.getCurrentThreadCpuTime();
        long cpuAfter = os.getProcessCpuTime();
        long allAfter = allocated(threads);
        long mineAfter = threads.getCurrentThreadAllocatedBytes();
        long startedAfter = threads.getTotalStartedThreadCount();
        long switchesAfter = contextSwitches();
        System.out.printf(
            Locale.ROOT,
            "| %d | %s | %.0f | %.0f | %.4f | %.2f | %.2f | %.2f |%n",
            r,
            names.get(v),
            (allAfter - all) / (double) calls,
            (mineAfter - mine) / (double) calls,
            (startedAfter - started) / (double) calls,
            (switchesAfter - switches) / (double) calls,
            (cpuAfter - cpu) / 1e3 / calls,
            (callerCpuAfter - callerCpu) / 1e3 / calls);
      }
    }
    for (Variant v : variants) {
      v.close();
    }
  }

  /**
   * Context switches so far of this JVM's threads alive now (Linux, {@code /proc/self/task}), or 0
   * where there is no such file: a call that hands its work to another thread and waits for it
   * switches at least twice more than one that runs on the caller's thread.
   */
  private static long contextSwitches() {
    long sum = 0;
    java.io.File[] tasks = new java.io.File("/proc/self/task").listFiles();
    if (tasks == null) {
      return 0;
    }
    for (java.io.File task : tasks) {
      try {
        for (String line : java.nio.file.Files.readAllLines(task.toPath().resolve("status"))) {
          if (line.contains("ctxt_switches:")) {
            sum += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
          }
        }
      } catch (java.io.IOException e) {
        // the thread ended meanwhile
      }
    }
    return sum;
  }

  /**
   * Bytes allocated so far by the threads alive now (a thread that ended takes its count along).
   */
  private static long allocated(com.sun.management.ThreadMXBean threads) {
    long sum = 0;
    for (long n : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
      if (n > 0) {
        sum += n;
      }
    }
    return sum;
  }
}
