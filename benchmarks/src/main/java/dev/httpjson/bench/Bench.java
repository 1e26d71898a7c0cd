package dev.httpjson.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
 *       [--scenarios a,b,...|all] [--concurrency N] [--java PATH] [--server jdk|jetty|undertow]
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

  static final List<String> SERVER_JVM = List.of("-Xms256m", "-Xmx256m", "-XX:+UseParallelGC");

  static final String DEFAULT_SERVER = "jdk";

  private static final Pattern RESULT =
      Pattern.compile("^(\\S+) (\\S+) (\\d+) iterations in ([0-9.]+)s$");

  private static final Pattern STAT = Pattern.compile("(\\w+)=(\\S+)");

  private static volatile Process server;
  private static volatile Process current;

  private Bench() {}

  static final class Options {
    double warmup = 15;
    double duration = 15;
    int rounds = 3;
    List<String> variants = Client.SETS.get("quick");
    List<String> scenarios = Scenario.ids();
    int concurrency = 1;
    String clientJava;
    String serverKind = DEFAULT_SERVER;
    int serverThreads;
    List<String> jvmArgs = new ArrayList<>();
    Path results = defaultResults();
    Path jfr;
    String command;

    static Path defaultResults() {
      Path inRepo = Paths.get("benchmarks");
      return Files.isDirectory(inRepo) ? inRepo.resolve("results") : Paths.get("results");
    }
  }

  static Options parse(String[] args) {
    Options o = new Options();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String v = i + 1 < args.length ? args[i + 1] : null;
      switch (a) {
        case "--warmup":
          o.warmup = Double.parseDouble(need(a, v));
          i++;
          break;
        case "--duration":
          o.duration = Double.parseDouble(need(a, v));
          i++;
          break;
        case "--rounds":
          o.rounds = Integer.parseInt(need(a, v));
          i++;
          break;
        case "--variants":
          o.variants = Client.expand(split(need(a, v)));
          i++;
          break;
        case "--concurrency":
          o.concurrency = Integer.parseInt(need(a, v));
          i++;
          break;
        case "--java":
          o.clientJava = need(a, v);
          i++;
          break;
        case "--server-threads":
          o.serverThreads = Integer.parseInt(need(a, v));
          i++;
          break;
        case "--scenarios":
          o.scenarios = need(a, v).equals("all") ? Scenario.ids() : split(v);
          i++;
          break;
        case "--server":
          o.serverKind = need(a, v);
          i++;
          break;
        case "--jvm-args":
          o.jvmArgs = split(need(a, v).trim().replace(' ', ','));
          i++;
          break;
        case "--results":
          o.results = Paths.get(need(a, v));
          i++;
          break;
        case "--jfr":
          o.jfr = Paths.get(need(a, v));
          i++;
          break;
        case "--command":
          o.command = need(a, v);
          i++;
          break;
        case "-h":
        case "--help":
          System.out.println(
              "Bench [--warmup S] [--duration S] [--rounds N] [--variants a,b|SET]"
                  + " [--scenarios a,b|all] [--concurrency N] [--java PATH]"
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
          break;
        default:
          throw new IllegalArgumentException("unknown argument: " + a);
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
    if (o.clientJava != null && !Files.isExecutable(Paths.get(o.clientJava))) {
      throw new IllegalArgumentException("--java is not an executable: " + o.clientJava);
    }
    return o;
  }

  private static String need(String flag, String value) {
    if (value == null) {
      throw new IllegalArgumentException(flag + " needs a value");
    }
    return value;
  }

  private static List<String> split(String list) {
    List<String> out = new ArrayList<>();
    for (String s : list.split(",")) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
    return out;
  }

  public static void main(String[] args) throws Exception {
    Options o;
    try {
      o = parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(64);
      return;
    }
    if (o.command == null) {
      o.command = "Bench " + String.join(" ", args);
    }
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  Process c = current;
                  if (c != null) {
                    c.destroyForcibly();
                  }
                  Process s = server;
                  if (s != null) {
                    s.destroy();
                  }
                }));

    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    String clientJava = o.clientJava != null ? o.clientJava : java;
    String cp = System.getProperty("java.class.path");
    int port = startServer(java, cp, o.serverKind, o.serverThreads);
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
    // client
    // whose numbers are dropped, not on the first measured variant (which used to lose a round).
    for (String scenario : o.scenarios) {
      List<String> cmd = new ArrayList<>();
      cmd.add(clientJava);
      cmd.addAll(CLIENT_JVM);
      cmd.addAll(o.jvmArgs);
      cmd.addAll(List.of("-cp", cp, Client.class.getName()));
      cmd.addAll(
          List.of(o.variants.get(0), scenario, base, Double.toString(o.warmup), fmt(o.duration)));
      cmd.add(Integer.toString(o.concurrency));
      runClient(cmd, "[server warm-up, not measured] " + scenario, new ArrayList<>());
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
          List<String> cmd = new ArrayList<>();
          cmd.add(clientJava);
          cmd.addAll(CLIENT_JVM);
          cmd.addAll(o.jvmArgs);
          if (o.jfr != null) {
            Files.createDirectories(o.jfr);
            cmd.add(
                "-XX:StartFlightRecording=settings=profile,filename="
                    + o.jfr.resolve(variant + "-" + scenario + "-r" + round + ".jfr"));
          }
          cmd.addAll(List.of("-cp", cp, Client.class.getName()));
          cmd.addAll(List.of(variant, scenario, base, Double.toString(o.warmup), fmt(o.duration)));
          cmd.add(Integer.toString(o.concurrency));
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
          Run run = runClient(cmd, prefix, raw);
          runs.get(scenario).get(variant)[round - 1] = run;
          if (run == null) {
            failed++;
          }
        }
      }
    }
    stopServer();

    String stamp =
        ZonedDateTime.now(ZoneOffset.UTC)
            .truncatedTo(ChronoUnit.SECONDS)
            .format(DateTimeFormatter.ISO_INSTANT);
    String report = Report.markdown(o, runs, stamp, raw);
    System.out.println();
    System.out.println(report);
    Files.createDirectories(o.results);
    String set =
        o.scenarios.size() == Scenario.ids().size() ? "all" : String.join("+", o.scenarios);
    Path log = o.results.resolve(LocalDate.now(ZoneOffset.UTC) + "-" + set + ".md");
    Files.writeString(
        log,
        report + "\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
    Path svg = o.results.resolve("latest.svg");
    Files.writeString(svg, Report.svg(o, runs, stamp), StandardCharsets.UTF_8);
    System.out.println("results appended to " + log);
    System.out.println("chart written to " + svg);
    if (failed > 0) {
      System.out.println(failed + " run(s) FAILED");
    }
    System.exit(failed > 0 ? 1 : 0);
  }

  static int startServer(String java, String cp, String kind, int threads)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(java);
    cmd.addAll(SERVER_JVM);
    cmd.addAll(
        List.of(
            "-cp",
            cp,
            "dev.httpjson.bench.server.BenchServer",
            kind,
            "0",
            Integer.toString(threads)));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    server = p;
    BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = out.readLine()) != null) {
      if (line.startsWith("READY ")) {
        int port = Integer.parseInt(line.split(" ")[1]);
        Thread drain =
            new Thread(
                () -> {
                  try {
                    while (out.readLine() != null) {
                      // discard
                    }
                  } catch (IOException e) {
                    // server gone
                  }
                },
                "server-stdout");
        drain.setDaemon(true);
        drain.start();
        return port;
      }
      System.out.println("server: " + line);
    }
    throw new IOException("server exited before it was ready: " + "exit " + p.waitFor());
  }

  static void stopServer() throws InterruptedException {
    Process p = server;
    if (p == null) {
      return;
    }
    try (OutputStream in = p.getOutputStream()) {
      // closing stdin asks it to stop
    } catch (IOException e) {
      // already gone
    }
    if (!p.waitFor(5, TimeUnit.SECONDS)) {
      p.destroyForcibly();
    }
    server = null;
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
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    current = p;
    double rate = -1;
    String result = null;
    String statsLine = null;
    Map<String, String> stats = new LinkedHashMap<>();
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
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
    int exit = p.waitFor();
    current = null;
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
