package dev.httpjson.bench;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The paired runner, and the main job: every variant runs in this one JVM, against the same server,
 * in short slices whose order rotates from pass to pass (A B C, then C B A shifted by one, ...),
 * and each variant's rate is divided by the baseline's rate in the same pass. Neighbouring slices
 * see the same machine, so the drift that makes separate runs differ by ±30% mostly cancels; the
 * median of the paired ratios, with its order-statistics 95% interval, says where a variant stands.
 *
 * <p>It states the machine's load before and after, and flags what it cannot trust instead of
 * drawing it as fact: a variant that decodes JSON yet runs faster than the bytes-only client on the
 * same transport (physically impossible: it does the same exchange and more), and a ratio whose
 * interval is wider than ±10% of its median.
 *
 * <p>Usage: {@code AbBench [--port P | --server-java PATH] [--variants a,b,c] [--scenarios
 * get.collection,...|all|large] [--baseline httpjson] [--slice-ms 300] [--passes 60] [--warmup 8]
 * [--chart file.svg] [--command text]}. Without {@code --port} it starts the server in a JVM of its
 * own ({@link Harness#startServer}, on {@code --server-java}, by default this JVM's {@code java}).
 * Run by {@code ./bench} (all four scenarios, the quick set, ratios to httpjson) and {@code ./bench
 * --ab} (one scenario, ratios to the first variant).
 */
public final class AbBench {
  /**
   * A ratio whose 95% interval is wider than this fraction of its median, either way, is flagged.
   */
  static final double WIDE = 0.10;

  private AbBench() {}

  /** One scenario's result: rates[variant][pass]. */
  record Result(Scenario scenario, List<String> names, double[][] rates, int base) {
    double[] ratios(int v, int base) {
      double[] r = new double[rates[v].length];
      for (int p = 0; p < r.length; p++) {
        r[p] = rates[v][p] / rates[base][p];
      }
      return Stats.sorted(r);
    }

    double medianRate(int v) {
      return Stats.median(Stats.sorted(rates[v]));
    }
  }

  static final class Options {
    int port = -1;
    String serverJava = Harness.JAVA;
    List<String> variants = List.of("jackson-static", "httpjson", "httpjson-async");
    List<String> scenarios = List.of("get.collection");
    String baseline;
    long sliceMillis = 300;
    int passes = 60;
    int warmupSeconds = 8;
    Path chart;
    String command = "AbBench";
  }

  static Options parse(String[] args) {
    Options o = new Options();
    for (Harness.Flags f = new Harness.Flags(args); f.next(); ) {
      switch (f.flag()) {
        case "--port" -> o.port = f.intValue();
        case "--server-java" -> o.serverJava = f.value();
        case "--variants" -> o.variants = Client.expand(f.list());
        case "--scenario", "--scenarios" -> o.scenarios = f.scenarios();
        case "--baseline" -> o.baseline = f.value();
        case "--slice-ms" -> o.sliceMillis = Long.parseLong(f.value());
        case "--passes" -> o.passes = f.intValue();
        case "--warmup" -> o.warmupSeconds = f.intValue();
        case "--chart" -> o.chart = Paths.get(f.value());
        case "--command" -> o.command = f.value();
        default -> throw new IllegalArgumentException("unknown flag: " + f.flag());
      }
    }
    if (o.baseline != null && !o.variants.contains(o.baseline)) {
      throw new IllegalArgumentException(
          "--baseline " + o.baseline + " is not among " + o.variants);
    }
    return o;
  }

  public static void main(String[] args) throws Exception {
    Options o = Harness.parseOrExit(args, AbBench::parse);
    int port = o.port;
    if (port < 0) {
      Harness.stopOnExit();
      port = Harness.startServer(o.serverJava, Harness.DEFAULT_SERVER, 0);
    }
    List<String> names = o.variants;
    URI uri = URI.create("http://127.0.0.1:" + port + "/");
    String loadBefore = Harness.load();
    Instant started = Instant.now();
    Variant[] variants = new Variant[names.size()];
    for (int v = 0; v < variants.length; v++) {
      // name@config (httpjson@h1+direct): the JDK client that variant builds is configured so,
      // and the next variant's is not unless it says so too.
      String[] parts = Client.parseVariant(names.get(v));
      Supplier<Variant> factory =
          Client.VARIANTS.getOrDefault(parts[0], Client.DIAGNOSTICS.get(parts[0]));
      Clients.configure(parts[1]);
      try {
        variants[v] = factory.get();
      } finally {
        Clients.configure("");
      }
    }
    List<Result> results = new ArrayList<>();
    for (String id : o.scenarios) {
      Scenario scenario = Scenario.of(id);
      List<String> running = new ArrayList<>();
      List<Variant.Op> opList = new ArrayList<>();
      for (int v = 0; v < variants.length; v++) {
        try {
          opList.add(variants[v].op(scenario, uri));
          running.add(names.get(v));
        } catch (UnsupportedOperationException e) {
          System.out.println(
              "(" + names.get(v) + " left out of " + id + ": " + e.getMessage() + ")");
        }
      }
      int n = running.size();
      Variant.Op[] ops = opList.toArray(new Variant.Op[0]);
      long warmupEnd = System.nanoTime() + o.warmupSeconds * 1_000_000_000L;
      while (System.nanoTime() < warmupEnd) {
        for (Variant.Op op : ops) {
          slice(op, 100);
        }
      }
      double[][] rates = new double[n][o.passes];
      for (int p = 0; p < o.passes; p++) {
        for (int k = 0; k < n; k++) {
          // Rotate the start and alternate the direction, so no variant always follows another.
          int shifted = (k + p / 2) % n;
          int v = p % 2 == 0 ? shifted : n - 1 - shifted;
          rates[v][p] = slice(ops[v], o.sliceMillis);
        }
      }
      int base = o.baseline == null ? 0 : Math.max(0, running.indexOf(o.baseline));
      Result result = new Result(scenario, running, rates, base);
      results.add(result);
      System.out.print(table(result, o.sliceMillis));
      System.out.flush();
    }
    for (Variant variant : variants) {
      variant.close();
    }
    Harness.stopServer();
    String loadAfter = Harness.load();
    long seconds = ChronoUnit.SECONDS.between(started, Instant.now());
    System.out.printf(
        Locale.ROOT,
        "%nMachine: %d CPUs (%s), load average (1/5/15 min) before %s, after %s; %d s of slices.%n",
        Runtime.getRuntime().availableProcessors(),
        Harness.cpuModel(),
        loadBefore,
        loadAfter,
        seconds);
    String headline = headline(results);
    System.out.print(headline);
    for (Result r : results) {
      System.out.print(pairs(r.scenario(), r.names(), r.rates()));
      System.out.print(cacheBars(r.names(), r.rates()));
    }
    String flags = flags(results);
    System.out.print(flags);
    if (o.chart != null) {
      Files.createDirectories(o.chart.toAbsolutePath().getParent());
      Files.writeString(
          o.chart,
          PairedChart.svg(
              results,
              o.command,
              String.format(
                  Locale.ROOT,
                  "%d passes of %d ms slices per variant per scenario, one client JVM (java %s),"
                      + " %d CPUs, load %s → %s",
                  o.passes,
                  o.sliceMillis,
                  Runtime.version(),
                  Runtime.getRuntime().availableProcessors(),
                  loadBefore,
                  loadAfter)),
          StandardCharsets.UTF_8);
      System.out.println("\nchart written to " + o.chart);
    }
  }

  /** The scenario's table: rate and the paired ratio to the baseline, with its interval. */
  static String table(Result r, long sliceMillis) {
    List<String> names = r.names();
    int base = r.base();
    boolean large = r.scenario().isLarge();
    int passes = r.rates()[0].length;
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "%n%s, %d passes of %d ms slices per variant, one JVM (java %s), ratios paired per"
                + " pass%n%n",
            r.scenario().id(),
            passes,
            sliceMillis,
            Runtime.version()));
    if (large) {
      sb.append(
          String.format(
              Locale.ROOT,
              "Body: %d forecasts, %.2f MB; MB/s = iterations/s × body size.%n%n",
              Forecasts.LARGE_SIZE,
              Forecasts.largeListJson().length / 1e6));
    }
    sb.append("| variant | median it/s |")
        .append(large ? " MB/s |" : "")
        .append(" ÷ ")
        .append(names.get(base))
        .append(", paired median | 95% CI | quartiles | check |\n");
    sb.append(large ? "|---|---:|---:|---:|---|---|---|\n" : "|---|---:|---:|---|---|---|\n");
    for (int v = 0; v < names.size(); v++) {
      double[] sorted = r.ratios(v, base);
      double[] ci = Stats.medianInterval(sorted, 0.95);
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %s | %s | %s |%n",
              names.get(v),
              large
                  ? String.format(
                      Locale.ROOT,
                      "%.1f | %.1f",
                      r.medianRate(v),
                      r.medianRate(v) * Forecasts.largeListJson().length / 1e6)
                  : String.format(Locale.ROOT, "%.0f", r.medianRate(v)),
              v == base ? "1.00" : String.format(Locale.ROOT, "%.3f", Stats.median(sorted)),
              v == base || ci == null ? "" : String.format(Locale.ROOT, "%.3f–%.3f", ci[0], ci[1]),
              v == base
                  ? ""
                  : String.format(
                      Locale.ROOT,
                      "%.3f–%.3f",
                      sorted[sorted.length / 4],
                      sorted[3 * sorted.length / 4]),
              String.join("; ", checks(r, v))));
    }
    return sb.toString();
  }

  /** What is wrong with a variant's figure in this run; empty when nothing is. */
  static List<String> checks(Result r, int v) {
    int base = r.base();
    List<String> out = new ArrayList<>();
    if (v != base) {
      double[] sorted = r.ratios(v, base);
      double median = Stats.median(sorted);
      double[] ci = Stats.medianInterval(sorted, 0.95);
      if (ci == null) {
        out.add("too few passes for a 95% CI");
      } else if (ci[1] - median > WIDE * median || median - ci[0] > WIDE * median) {
        out.add("CI wider than ±10%: undecided");
      }
    }
    String bytes = bytesOnlyOf(r.names().get(v));
    int b = bytes == null ? -1 : r.names().indexOf(bytes);
    if (b >= 0 && b != v) {
      double[] sorted = r.ratios(v, b);
      double[] ci = Stats.medianInterval(sorted, 0.95);
      if (ci != null && ci[0] > 1.0) {
        out.add(
            String.format(
                Locale.ROOT,
                "faster than %s (%.2f×) on the same transport: contradicts physics, disturbed run",
                bytes,
                Stats.median(sorted)));
      }
    }
    return out;
  }

  /** The bytes-only client on the transport a variant uses, or null for a bytes-only one. */
  static String bytesOnlyOf(String variant) {
    if (variant.endsWith("-bytes") || variant.endsWith("-parse-only")) {
      return null; // jackson-parse-only does no HTTP: it may well beat the bytes-only client
    }
    if (variant.contains("okhttp") || variant.equals("retrofit")) {
      return "okhttp-bytes";
    }
    if (variant.contains("apache5")) {
      return "apache5-bytes";
    }
    if (variant.equals("feign") || variant.equals("spring")) {
      return null; // their transports differ from either bytes-only client
    }
    return "jdk-bytes";
  }

  /**
   * The seed's headline per scenario: the regression (a new mapper per call ÷ a static one;
   * httpjson with options built per call ÷ its static default) and httpjson ÷ the hand-written
   * client, each paired per pass.
   */
  static String headline(List<Result> results) {
    String[][] rows = {
      {"jackson-percall", "jackson-static", "the seed's bug in Java: a new mapper per call"},
      {"httpjson-percall", "httpjson", "options built per call (the fix: nothing rebuilt)"},
      {"httpjson", "jackson-static", "httpjson ÷ the hand-written client"},
      {"httpjson", "jdk-bytes", "httpjson ÷ bytes only (the transport's ceiling)"},
      {"httpjson", "httpjson-parse-only", "httpjson ÷ its own decoder without HTTP"},
      {"jackson-static", "jackson-parse-only", "hand-written ÷ Jackson without HTTP"},
    };
    StringBuilder sb = new StringBuilder();
    for (Result r : results) {
      for (String[] row : rows) {
        int a = r.names().indexOf(row[0]);
        int b = r.names().indexOf(row[1]);
        if (a < 0 || b < 0) {
          continue;
        }
        double[] sorted = r.ratios(a, b);
        double[] ci = Stats.medianInterval(sorted, 0.95);
        sb.append(
            String.format(
                Locale.ROOT,
                "| %s | %s ÷ %s | %.3f | %s | %s |%n",
                r.scenario().id(),
                row[0],
                row[1],
                Stats.median(sorted),
                ci == null ? "n/a" : String.format(Locale.ROOT, "%.3f–%.3f", ci[0], ci[1]),
                row[2]));
      }
    }
    if (sb.length() == 0) {
      return "";
    }
    return "\nHeadline, paired per pass:\n\n"
        + "| scenario | ratio | paired median | 95% CI | what it shows |\n"
        + "|---|---|---:|---|---|\n"
        + sb;
  }

  /** Every flagged figure of the run, or a line saying there was none. */
  static String flags(List<Result> results) {
    StringBuilder sb = new StringBuilder();
    for (Result r : results) {
      for (int v = 0; v < r.names().size(); v++) {
        for (String check : checks(r, v)) {
          sb.append("- ")
              .append(r.scenario().id())
              .append(' ')
              .append(r.names().get(v))
              .append(": ")
              .append(check)
              .append('\n');
        }
      }
    }
    return sb.length() == 0
        ? "\nSelf-checks: every ratio's 95% CI is within ±10%, and no variant beats its bytes-only"
            + " client.\n"
        : "\nSelf-checks flagged (do not quote these figures as fact):\n\n" + sb;
  }

  /**
   * httpjson ÷ jackson-static and each codec's {@code httpjson-<codec>} ÷ its hand-written baseline
   * ({@link Codecs}), paired per pass, for the pairs whose two variants ran in {@code scenario};
   * empty when none did. The table's heading names the scenario, since the report prints one such
   * table per scenario.
   */
  static String pairs(Scenario scenario, List<String> names, double[][] rates) {
    String codec = String.valueOf(Report.CODEC_TARGET);
    List<String[]> pairs = new ArrayList<>();
    for (Codecs.Codec c : Codecs.ALL) {
      pairs.add(new String[] {c.httpjsonVariant(), c.baseline, codec});
    }
    // The layer alone, the decoder held equal: httpjson ÷ the same transport driven by hand,
    // feeding its bytes to httpjson's own reader, ≥ 0.99 on each transport.
    pairs.add(new String[] {"httpjson", "diag-codec-direct", "0.99"});
    pairs.add(new String[] {"httpjson-okhttp", "diag-codec-direct-okhttp", "0.99"});
    pairs.add(new String[] {"httpjson-apache5", "diag-codec-direct-apache5", "0.99"});
    // Compression: asking for it costs ≤ 5% when the server does not compress; decoding gzip is
    // within 10% of a hand-written GZIPInputStream client.
    pairs.add(new String[] {"httpjson", "httpjson-compression-off", "0.95"});
    pairs.add(new String[] {"httpjson-gzip", "jackson-gzip", "0.90"});
    // Interceptors and listeners: an empty chain costs ≤ 2%, a no-op listener ≤ 3%.
    pairs.add(new String[] {"httpjson-chain-empty", "httpjson", "0.98"});
    pairs.add(new String[] {"httpjson-listener-noop", "httpjson-chain-empty", "0.97"});
    // Micrometer: an observed call (its timer updated) ≥ 0.97 of the same call unobserved.
    pairs.add(new String[] {"httpjson-observed", "httpjson-chain-empty", "0.97"});
    // With no handler, the interceptor costs what a chain of one forwarding interceptor costs.
    pairs.add(new String[] {"httpjson-observed-noop", "httpjson-chain-one", "0.99"});
    // One type form: a type written inline per call (a super type token, or options rebuilt per
    // call) costs a cache lookup, never a new reader: ≥ 0.97 of the hoisted constant.
    pairs.add(new String[] {"httpjson-inline", "httpjson", "0.97"});
    pairs.add(new String[] {"httpjson-percall", "httpjson", "0.97"});
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
      double target = Double.parseDouble(pair[2]);
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s ÷ %s | %.2f | %.3f | %s | %.3f–%.3f | %s |%n",
              pair[0],
              pair[1],
              target,
              median,
              ci == null ? "n/a" : String.format(Locale.ROOT, "%.3f–%.3f", ci[0], ci[1]),
              sorted[sorted.length / 4],
              sorted[3 * sorted.length / 4],
              Report.verdict(median, ci, target)));
    }
    if (sb.length() == 0) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "%nPairs, %s: httpjson ÷ the hand-written client on the same JSON library (and compression on"
            + " ÷ off, gzip ÷ hand-written gzip), paired per pass (met = the whole 95%% CI at or"
            + " above the target)%n%n"
            + "| pair | target ≥ | paired median | 95%% CI | quartiles | verdict |%n"
            + "|---|---:|---:|---|---|---|%n%s",
        scenario.id(),
        sb);
  }

  /**
   * The cache's bars ({@link CacheVariants#BARS}): a client with a cache ÷ the same client without
   * one, on the same transport and endpoint, paired per pass; empty when no pair ran.
   */
  static String cacheBars(List<String> names, double[][] rates) {
    StringBuilder sb = new StringBuilder();
    for (String[] bar : CacheVariants.BARS) {
      int a = names.indexOf(bar[0]);
      int b = names.indexOf(bar[1]);
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
      double target = Double.parseDouble(bar[2]);
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s ÷ %s | %s | %.0f ÷ %.0f | %.3f | %s | %.3f–%.3f | %s |%n",
              bar[0],
              bar[1],
              bar[2],
              Stats.median(Stats.sorted(rates[a])),
              Stats.median(Stats.sorted(rates[b])),
              median,
              ci == null ? "n/a" : String.format(Locale.ROOT, "%.3f–%.3f", ci[0], ci[1]),
              sorted[sorted.length / 4],
              sorted[3 * sorted.length / 4],
              Report.verdict(median, ci, target)));
    }
    if (sb.length() == 0) {
      return "";
    }
    return "\nCache bars: with a cache ÷ the same client without, paired per pass (met = the whole"
        + " 95% CI at or above the target)\n\n"
        + "| pair | target ≥ | median it/s | paired median | 95% CI | quartiles | verdict |\n"
        + "|---|---:|---:|---:|---|---|---|\n"
        + sb;
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
