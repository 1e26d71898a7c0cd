package dev.httpjson.bench;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Decides a few-percent question on a shared, noisy machine: every variant runs in this one JVM,
 * against the same server, in short alternating slices (A B C, then C B A, ...), and each variant's
 * rate is divided by the first variant's rate in the same pass. Neighbouring slices see the same
 * machine, so the drift that makes separate runs differ by ±30% mostly cancels; the median of the
 * paired ratios, with its order-statistics 95% interval, says where a variant stands.
 *
 * <p>Then, for httpjson ÷ jackson-static and each codec's pair ({@link Codecs}) that ran, the
 * paired ratio httpjson ÷ hand-written with its interval, whichever variant came first.
 *
 * <p>Usage: {@code AbBench --port P [--variants a,b,c] [--scenario get.collection] [--slice-ms 300]
 * [--passes 60] [--warmup 8]}. Run by {@code ./bench --ab}.
 */
public final class AbBench {
  private AbBench() {}

  public static void main(String[] args) throws Exception {
    int port = -1;
    List<String> names = List.of("jackson-static", "httpjson", "httpjson-async");
    String scenarioName = "get.collection";
    long sliceMillis = 300;
    int passes = 60;
    int warmupSeconds = 8;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--port":
          port = Integer.parseInt(args[++i]);
          break;
        case "--variants":
          names = Client.expand(List.of(args[++i].split(",")));
          break;
        case "--scenario":
          scenarioName = args[++i];
          break;
        case "--slice-ms":
          sliceMillis = Long.parseLong(args[++i]);
          break;
        case "--passes":
          passes = Integer.parseInt(args[++i]);
          break;
        case "--warmup":
          warmupSeconds = Integer.parseInt(args[++i]);
          break;
        default:
          throw new IllegalArgumentException("unknown flag: " + args[i]);
      }
    }
    if (port < 0) {
      throw new IllegalArgumentException("--port is required");
    }
    Scenario scenario = Scenario.of(scenarioName);
    URI base = URI.create("http://127.0.0.1:" + port + "/");
    int n = names.size();
    Variant[] variants = new Variant[n];
    Variant.Op[] ops = new Variant.Op[n];
    for (int v = 0; v < n; v++) {
      Client.parseVariant(names.get(v));
      Supplier<Variant> factory =
          Client.VARIANTS.getOrDefault(names.get(v), Client.DIAGNOSTICS.get(names.get(v)));
      variants[v] = factory.get();
      ops[v] = variants[v].op(scenario, base);
    }
    long warmupEnd = System.nanoTime() + warmupSeconds * 1_000_000_000L;
    while (System.nanoTime() < warmupEnd) {
      for (Variant.Op op : ops) {
        slice(op, 100);
      }
    }
    double[][] rates = new double[n][passes];
    for (int p = 0; p < passes; p++) {
      for (int k = 0; k < n; k++) {
        int v = p % 2 == 0 ? k : n - 1 - k;
        rates[v][p] = slice(ops[v], sliceMillis);
      }
    }
    for (Variant variant : variants) {
      variant.close();
    }

    System.out.printf(
        Locale.ROOT,
        "%n%s, %d passes of %d ms slices per variant, one JVM (java %s), ratios paired per pass%n%n",
        scenario.id(),
        passes,
        sliceMillis,
        Runtime.version());
    System.out.println(
        "| variant | median it/s | ÷ " + names.get(0) + ", paired median | 95% CI | quartiles |");
    System.out.println("|---|---:|---:|---|---|");
    for (int v = 0; v < n; v++) {
      double[] ratio = new double[passes];
      for (int p = 0; p < passes; p++) {
        ratio[p] = rates[v][p] / rates[0][p];
      }
      double[] sortedRatio = Stats.sorted(ratio);
      double[] ci = Stats.medianInterval(sortedRatio, 0.95);
      System.out.printf(
          Locale.ROOT,
          "| %s | %.0f | %s | %s | %s |%n",
          names.get(v),
          Stats.median(Stats.sorted(rates[v])),
          v == 0 ? "1.00" : String.format(Locale.ROOT, "%.3f", Stats.median(sortedRatio)),
          v == 0 || ci == null ? "" : String.format(Locale.ROOT, "%.3f–%.3f", ci[0], ci[1]),
          v == 0
              ? ""
              : String.format(
                  Locale.ROOT,
                  "%.3f–%.3f",
                  sortedRatio[sortedRatio.length / 4],
                  sortedRatio[3 * sortedRatio.length / 4]));
    }
    System.out.print(pairs(names, rates));
  }

  /**
   * httpjson ÷ jackson-static and each codec's {@code httpjson-<codec>} ÷ its hand-written baseline
   * ({@link Codecs}), paired per pass, for the pairs whose two variants ran; empty when none did.
   */
  static String pairs(List<String> names, double[][] rates) {
    List<String[]> pairs = new ArrayList<>();
    pairs.add(new String[] {"httpjson", "jackson-static"});
    for (Codecs.Codec c : Codecs.ALL) {
      pairs.add(new String[] {c.httpjsonVariant(), c.baseline});
    }
    StringBuilder sb = new StringBuilder();
    for (String[] pair : pairs) {
      int a = names.indexOf(pair[0]);
      int b = names.indexOf(pair[1]);
      if (a < 0 || b < 0) {
        continue;
      }
      double[] ratio = new double[rates[a].length];
      for (int p = 0; p < ratio.length; p++) {
        ratio[p] = rates[a][p] / rates[b][p];
      }
      double[] sorted = Stats.sorted(ratio);
      double median = Stats.median(sorted);
      double[] ci = Stats.medianInterval(sorted, 0.95);
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s ÷ %s | %.3f | %s | %.3f–%.3f | %s |%n",
              pair[0],
              pair[1],
              median,
              ci == null ? "n/a" : String.format(Locale.ROOT, "%.3f–%.3f", ci[0], ci[1]),
              sorted[sorted.length / 4],
              sorted[3 * sorted.length / 4],
              Report.verdict(median, ci, Report.CODEC_TARGET)));
    }
    if (sb.length() == 0) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "%nPairs: httpjson ÷ the hand-written client on the same JSON library, paired per pass"
            + " (target ≥ %.2f; met = the whole 95%% CI at or above it)%n%n"
            + "| pair | paired median | 95%% CI | quartiles | verdict |%n"
            + "|---|---:|---|---|---|%n%s",
        Report.CODEC_TARGET,
        sb);
  }

  /** Runs {@code op} for about {@code millis}; returns completed calls per second. */
  private static double slice(Variant.Op op, long millis) throws Exception {
    long start = System.nanoTime();
    long end = start + millis * 1_000_000L;
    long count = 0;
    long now;
    do {
      op.run();
      count++;
      now = System.nanoTime();
    } while (now < end);
    return count / ((now - start) / 1e9);
  }
}
