package dev.httpjson.bench;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Two builds of httpjson in one JVM, each behind a class loader of its own, running the same
 * in-memory calls of {@link CallOverheadBench} in alternating rounds, so that the machine's noise
 * (which moves one JVM to the next by up to ±25% here) falls on both alike: per variant, the paired
 * median of new ÷ base with quartiles and a 95% interval of the median (binomial order statistics).
 *
 * <pre>
 * java -cp benchmarks/target/httpjson-benchmarks.jar dev.httpjson.bench.PairedBuilds \
 *     base/benchmarks/target/httpjson-benchmarks.jar benchmarks/target/httpjson-benchmarks.jar
 * </pre>
 *
 * Each jar must be a benchmarks jar with {@code CallOverheadBench.calls(List)}. {@code
 * -Dvariants=a,b} picks the variants (default static, client-empty-chain, client-interceptor),
 * {@code -Drounds=N} (default 60) and {@code -Dcalls=N} per round (default 20,000).
 */
public final class PairedBuilds {
  private PairedBuilds() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: PairedBuilds <base jar> <new jar>");
    }
    List<String> names =
        Arrays.asList(
            System.getProperty("variants", "static,client-empty-chain,client-interceptor")
                .split(","));
    int rounds = Integer.getInteger("rounds", 60);
    int n = Integer.getInteger("calls", 20_000);
    List<Callable<Object>> base = load(Path.of(args[0]), names);
    List<Callable<Object>> next = load(Path.of(args[1]), names);
    int v = names.size();
    List<Callable<Object>> all = new ArrayList<>(base);
    all.addAll(next);
    long sink = 0;
    long warm = System.nanoTime() + TimeUnit.SECONDS.toNanos(Integer.getInteger("warmup", 15));
    while (System.nanoTime() < warm) {
      for (Callable<Object> c : all) {
        sink += CallOverheadBench.run(c, 1000);
      }
    }
    double[][] ns = new double[2 * v][rounds];
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < 2 * v; k++) {
        int i = (r + k) % (2 * v);
        long t0 = System.nanoTime();
        sink += CallOverheadBench.run(all.get(i), n);
        ns[i][r] = (System.nanoTime() - t0) / (double) n;
      }
    }
    System.out.printf(
        "Two builds in one JVM, in-memory getObject, %d rounds of %d calls per variant and build,"
            + " JDK %s, %d CPUs, load %s%n",
        rounds,
        n,
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        CallOverheadBench.load());
    System.out.println(
        "| variant | base ns/call | new ns/call | new ÷ base, paired median | quartiles | 95% CI |");
    System.out.println("|---|---:|---:|---:|---|---|");
    for (int i = 0; i < v; i++) {
      double[] ratio = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        ratio[r] = ns[v + i][r] / ns[i][r];
      }
      Arrays.sort(ratio);
      double[] b = ns[i].clone();
      double[] x = ns[v + i].clone();
      Arrays.sort(b);
      Arrays.sort(x);
      // Ranks of the median's 95% interval: n/2 ± 0.98·sqrt(n).
      int half = (int) Math.ceil(0.98 * Math.sqrt(rounds));
      int lo = Math.max(0, rounds / 2 - half);
      int hi = Math.min(rounds - 1, rounds / 2 + half);
      System.out.printf(
          "| %s | %.0f | %.0f | %.3f | %.3f–%.3f | [%.3f–%.3f] |%n",
          names.get(i),
          b[rounds / 2],
          x[rounds / 2],
          ratio[rounds / 2],
          ratio[rounds / 4],
          ratio[3 * rounds / 4],
          ratio[lo],
          ratio[hi]);
    }
    System.out.println("(sink " + sink + ")");
  }

  @SuppressWarnings("unchecked")
  private static List<Callable<Object>> load(Path jar, List<String> names) throws Exception {
    URLClassLoader loader =
        new URLClassLoader(
            "build " + jar, new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    Thread current = Thread.currentThread();
    ClassLoader before = current.getContextClassLoader();
    current.setContextClassLoader(loader);
    try {
      Class<?> bench = Class.forName("dev.httpjson.bench.CallOverheadBench", true, loader);
      return (List<Callable<Object>>) bench.getMethod("calls", List.class).invoke(null, names);
    } finally {
      current.setContextClassLoader(before);
    }
  }
}
