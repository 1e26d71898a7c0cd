package dev.httpjson.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runner: starts the server in its own JVM, then one client JVM per (variant, scenario, round),
 * rounds interleaved and alternating in direction (A B C, C B A, A B C, ...), and ends with a
 * markdown table of medians, paired per-round ratios with confidence intervals, and latency
 * percentiles, appended to {@code benchmarks/results/<date>-<scenarios>.md}, and a bar chart in
 * {@code benchmarks/results/latest.svg}. Exits 1 when any run failed.
 *
 * <pre>
 * Bench [--warmup S] [--duration S] [--rounds N]
 *       [--variants a,b,...|quick|precise|load|peers|codecs|all]
 *       [--scenarios a,b,...|all|large] [--concurrency N] [--java PATH] [--server jdk|jetty|undertow]
 *       [--server-threads N] [--jvm-args "..."] [--results DIR] [--jfr DIR]
 *       [--command "how this was started"]
 * </pre>
 */
public final class Bench {
  /**
   * The same flags for every client JVM; the codec property because every codec is on the class
   * path and the variants with default options mean Jackson 3 ({@link Codecs#DEFAULT_CODEC_FLAG}).
   */
  static final List<String> CLIENT_JVM =
      List.of("-Xms512m", "-Xmx512m", "-XX:+UseG1GC", Codecs.DEFAULT_CODEC_FLAG);

  private static final Pattern RESULT =
      Pattern.compile("^(\\S+) (\\S+) (\\d+) iterations in ([0-9.]+)s$");

  private static final Pattern STAT = Pattern.compile("(\\w+)=(\\S+)");

  private Bench() {}

  static final class Options extends Harness.Options {
    double warmup = 15;
    double duration = 15;
    int rounds = 3;
    List<String> variants = Client.SETS.get("quick");
    List<String> scenarios = Scenario.ids();
    int concurrency = 1;
    String serverKind = Harness.DEFAULT_SERVER;
    int serverThreads;
    Path jfr;
  }

  static Options parse(String[] args) {
    Options o = new Options();
    for (Harness.Flags f = new Harness.Flags(args); f.next(); ) {
      switch (f.flag()) {
        case "--warmup" -> o.warmup = f.doubleValue();
        case "--duration" -> o.duration = f.doubleValue();
        case "--rounds" -> o.rounds = f.intValue();
        case "--variants" -> o.variants = Client.expand(f.list());
        case "--concurrency" -> o.concurrency = f.intValue();
        case "--server-threads" -> o.serverThreads = f.intValue();
        case "--scenarios" -> o.scenarios = f.scenarios();
        case "--server" -> o.serverKind = f.value();
        case "--jfr" -> o.jfr = Paths.get(f.value());
        case "-h", "--help" -> {
          System.out.println(
              "Bench [--warmup S] [--duration S] [--rounds N] [--variants a,b|SET]"
                  + " [--scenarios a,b|all|large] [--concurrency N] [--java PATH]"
                  + " [--server jdk|jetty|undertow] [--server-threads N] [--jvm-args \"...\"]"
                  + " [--results DIR] [--jfr DIR]");
          System.out.println("variants: " + String.join(", ", Client.VARIANTS.keySet()));
          System.out.println("diagnostics: " + String.join(", ", Client.DIAGNOSTICS.keySet()));
          for (Map.Entry<String, List<String>> set : Client.SETS.entrySet()) {
            System.out.println("set " + set.getKey() + ": " + String.join(",", set.getValue()));
          }
          System.out.println("  (append @h1, @direct, @pool or combinations like @h1+direct)");
          System.out.println("scenarios: " + String.join(", ", Scenario.ids()));
          System.exit(0);
        }
        default -> o.parseShared(f);
      }
    }
    for (String variant : o.variants) {
      String[] parts = Client.parseVariant(variant);
      Clients.configure(parts[1]);
    }
    Clients.configure("");
    o.scenarios.forEach(Scenario::of);
    if (o.rounds < 1 || o.duration <= 0 || o.warmup < 0) {
      throw new IllegalArgumentException("rounds >= 1, duration > 0 and warmup >= 0 required");
    }
    if (o.concurrency < 1) {
      throw new IllegalArgumentException("concurrency < 1: " + o.concurrency);
    }
    if (o.serverThreads < 0) {
      throw new IllegalArgumentException("server-threads < 0: " + o.serverThreads);
    }
    return o;
  }

  public static void main(String[] args) throws Exception {
    Options o = Harness.parseOrExit(args, Bench::parse);
    if (o.command == null) {
      o.command = "Bench " + String.join(" ", args);
    }
    Harness.stopOnExit();
    String clientJava = o.childJava();
    int port = Harness.startServer(Harness.JAVA, o.serverKind, o.serverThreads);
    String base = "http://127.0.0.1:" + port;
    System.out.printf(
        Locale.ROOT,
        "server %s on %s; %d variants x %d scenarios x %d rounds, warm-up %ss, measured %ss,"
            + " %d caller(s); client JVM %s%n",
        o.serverKind,
        base,
        o.variants.size(),
        o.scenarios.size(),
        o.rounds,
        fmt(o.warmup),
        fmt(o.duration),
        o.concurrency,
        clientJava);

    Map<String, Map<String, Run[]>> runs = new LinkedHashMap<>(); // scenario -> variant -> round
    List<String> raw = new ArrayList<>();
    for (String s : o.scenarios) {
      Map<String, Run[]> m = new LinkedHashMap<>();
      for (String v : o.variants) {
        m.put(v, new Run[o.rounds]);
      }
      runs.put(s, m);
    }
    int total = o.rounds * o.scenarios.size() * o.variants.size();
    int done = 0;
    int failed = 0;
    // An unmeasured pass first: the server's JIT, the page cache and the machine warm up on a
    // client whose numbers are dropped, not on the first measured variant (which used to lose a
    // round).
    for (String scenario : o.scenarios) {
      runClient(
          clientCommand(o, o.variants.get(0), scenario, base, List.of()),
          "[server warm-up, not measured] " + scenario,
          new ArrayList<>());
    }
    for (int round = 1; round <= o.rounds; round++) {
      // Odd rounds forward, even rounds backward: a drift over time hits both sides of a pair.
      List<String> order = new ArrayList<>(o.variants);
      if (round % 2 == 0) {
        Collections.reverse(order);
      }
      for (String scenario : o.scenarios) {
        for (String variant : order) {
          done++;
          List<String> jfr = List.of();
          if (o.jfr != null) {
            Files.createDirectories(o.jfr);
            jfr =
                List.of(
                    "-XX:StartFlightRecording=settings=profile,filename="
                        + o.jfr.resolve(variant + "-" + scenario + "-r" + round + ".jfr"));
          }
          String prefix =
              String.format(
                  Locale.ROOT,
                  "[%d/%d] round %d/%d %s %s",
                  done,
                  total,
                  round,
                  o.rounds,
                  scenario,
                  variant);
          Run run = runClient(clientCommand(o, variant, scenario, base, jfr), prefix, raw);
          runs.get(scenario).get(variant)[round - 1] = run;
          if (run == null) {
            failed++;
          }
        }
      }
    }
    Harness.stopServer();

    String stamp = Harness.stamp();
    String report = Report.markdown(o, runs, stamp, raw);
    System.out.println();
    System.out.println(report);
    String set =
        o.scenarios.size() == Scenario.ids().size() ? "all" : String.join("+", o.scenarios);
    Harness.append(o.results, set, report);
    Path svg = o.results.resolve("latest.svg");
    Files.writeString(svg, Report.svg(o, runs, stamp), StandardCharsets.UTF_8);
    System.out.println("chart written to " + svg);
    if (failed > 0) {
      System.out.println(failed + " run(s) FAILED");
    }
    System.exit(failed > 0 ? 1 : 0);
  }

  /** One client JVM: the same flags for all, then {@code --jvm-args}, then {@code extra}. */
  private static List<String> clientCommand(
      Options o, String variant, String scenario, String base, List<String> extra) {
    List<String> flags = new ArrayList<>(CLIENT_JVM);
    flags.addAll(o.jvmArgs);
    flags.addAll(extra);
    return Harness.command(
        o.childJava(),
        flags,
        Harness.CLASS_PATH,
        Client.class.getName(),
        List.of(
            variant,
            scenario,
            base,
            Double.toString(o.warmup),
            fmt(o.duration),
            Integer.toString(o.concurrency)));
  }

  /** One client JVM's result. */
  static final class Run {
    final double rate;
    final Map<String, String> stats;

    Run(double rate, Map<String, String> stats) {
      this.rate = rate;
      this.stats = stats;
    }

    /** A numeric statistic, or NaN when absent. */
    double stat(String key) {
      String v = stats.get(key);
      try {
        return v == null ? Double.NaN : Double.parseDouble(v);
      } catch (NumberFormatException e) {
        return Double.NaN;
      }
    }
  }

  /** Runs one client JVM; returns its result, or null when it failed. */
  private static Run runClient(List<String> cmd, String prefix, List<String> raw)
      throws IOException, InterruptedException {
    Harness.Child child = Harness.launch(cmd);
    double rate = -1;
    String result = null;
    String statsLine = null;
    Map<String, String> stats = new LinkedHashMap<>();
    try (BufferedReader out = child.stdout()) {
      String line;
      while ((line = out.readLine()) != null) {
        Matcher m = RESULT.matcher(line);
        if (m.matches()) {
          result = line;
          rate = Long.parseLong(m.group(3)) / Double.parseDouble(m.group(4));
        } else if (line.startsWith("stats ")) {
          statsLine = line;
          Matcher kv = STAT.matcher(line);
          while (kv.find()) {
            stats.put(kv.group(1), kv.group(2));
          }
        } else if (line.startsWith("ERROR")) {
          raw.add(prefix + ": " + line);
          System.out.println(prefix + ": " + line);
        }
      }
    }
    int exit = child.process().waitFor();
    if (exit != 0 || result == null) {
      System.out.println(prefix + ": FAILED (exit " + exit + ")");
      raw.add(prefix + ": FAILED (exit " + exit + ")");
      return null;
    }
    System.out.printf(
        Locale.ROOT,
        "%s: %s (%.0f/s, p50 %s us, p99 %s us)%n",
        prefix,
        result,
        rate,
        stats.getOrDefault("p50us", "?"),
        stats.getOrDefault("p99us", "?"));
    raw.add(result);
    if (statsLine != null) {
      raw.add("  " + statsLine);
    }
    return new Run(rate, stats);
  }

  static String fmt(double seconds) {
    return seconds == Math.rint(seconds)
        ? Long.toString((long) seconds)
        : String.format(Locale.ROOT, "%.1f", seconds);
  }
}
