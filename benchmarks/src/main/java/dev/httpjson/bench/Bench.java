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
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runner: starts the server in its own JVM, then one client JVM per (variant, scenario, round),
 * rounds interleaved (A B C A B C), and ends with a markdown table of medians and ratios, appended
 * to {@code benchmarks/results/<date>-<scenarios>.md}, and a bar chart in {@code
 * benchmarks/results/latest.svg}.
 *
 * <pre>
 * Bench [--warmup S] [--duration S] [--rounds N] [--variants a,b,...] [--scenarios a,b,...|all]
 *       [--server jdk|jetty|undertow] [--jvm-args "..."] [--results DIR] [--jfr DIR]
 *       [--command "how this was started"]
 * </pre>
 */
public final class Bench {
  /** The same flags for every client JVM. */
  static final List<String> CLIENT_JVM = List.of("-Xms512m", "-Xmx512m", "-XX:+UseG1GC");

  static final List<String> SERVER_JVM = List.of("-Xms256m", "-Xmx256m", "-XX:+UseParallelGC");

  static final String DEFAULT_SERVER = "jdk";

  private static final Pattern RESULT =
      Pattern.compile("^(\\S+) (\\S+) (\\d+) iterations in ([0-9.]+)s$");

  private static volatile Process server;
  private static volatile Process current;

  private Bench() {}

  static final class Options {
    double warmup = 15;
    double duration = 15;
    int rounds = 3;
    List<String> variants = new ArrayList<>(Client.VARIANTS.keySet());
    List<String> scenarios = Scenario.ids();
    String serverKind = DEFAULT_SERVER;
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
          o.variants = split(need(a, v));
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
              "Bench [--warmup S] [--duration S] [--rounds N] [--variants a,b] [--scenarios a,b|all]"
                  + " [--server jdk|jetty|undertow] [--jvm-args \"...\"] [--results DIR] [--jfr DIR]");
          System.out.println("variants: " + String.join(", ", Client.VARIANTS.keySet()));
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
    String cp = System.getProperty("java.class.path");
    int port = startServer(java, cp, o.serverKind);
    String base = "http://127.0.0.1:" + port;
    System.out.printf(
        Locale.ROOT,
        "server %s on %s; %d variants x %d scenarios x %d rounds, warm-up %ss, measured %ss%n",
        o.serverKind,
        base,
        o.variants.size(),
        o.scenarios.size(),
        o.rounds,
        fmt(o.warmup),
        fmt(o.duration));

    Map<String, Map<String, List<Double>>> rates = new LinkedHashMap<>(); // scenario -> variant
    List<String> raw = new ArrayList<>();
    for (String s : o.scenarios) {
      Map<String, List<Double>> m = new LinkedHashMap<>();
      for (String v : o.variants) {
        m.put(v, new ArrayList<>());
      }
      rates.put(s, m);
    }
    int total = o.rounds * o.scenarios.size() * o.variants.size();
    int done = 0;
    for (int round = 1; round <= o.rounds; round++) {
      for (String scenario : o.scenarios) {
        for (String variant : o.variants) {
          done++;
          List<String> cmd = new ArrayList<>();
          cmd.add(java);
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
          double rate = runClient(cmd, prefix, raw);
          if (rate >= 0) {
            rates.get(scenario).get(variant).add(rate);
          }
        }
      }
    }
    stopServer();

    String stamp =
        ZonedDateTime.now(ZoneOffset.UTC)
            .truncatedTo(ChronoUnit.SECONDS)
            .format(DateTimeFormatter.ISO_INSTANT);
    String report = Report.markdown(o, rates, stamp, raw);
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
    Files.writeString(svg, Report.svg(o, rates, stamp), StandardCharsets.UTF_8);
    System.out.println("results appended to " + log);
    System.out.println("chart written to " + svg);
    System.exit(0);
  }

  private static int startServer(String java, String cp, String kind)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(java);
    cmd.addAll(SERVER_JVM);
    cmd.addAll(List.of("-cp", cp, "dev.httpjson.bench.server.BenchServer", kind, "0"));
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

  private static void stopServer() throws InterruptedException {
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

  /** Runs one client JVM; returns iterations per second, or -1 when it failed. */
  private static double runClient(List<String> cmd, String prefix, List<String> raw)
      throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    current = p;
    double rate = -1;
    String result = null;
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        Matcher m = RESULT.matcher(line);
        if (m.matches()) {
          result = line;
          rate = Long.parseLong(m.group(3)) / Double.parseDouble(m.group(4));
        } else if (line.startsWith("ERROR")) {
          System.out.println(prefix + ": " + line);
        }
      }
    }
    int exit = p.waitFor();
    current = null;
    if (exit != 0 || result == null) {
      System.out.println(prefix + ": FAILED (exit " + exit + ")");
      raw.add(prefix + ": FAILED (exit " + exit + ")");
      return -1;
    }
    System.out.printf(Locale.ROOT, "%s: %s (%.0f/s)%n", prefix, result, rate);
    raw.add(result);
    return rate;
  }

  static String fmt(double seconds) {
    return seconds == Math.rint(seconds)
        ? Long.toString((long) seconds)
        : String.format(Locale.ROOT, "%.1f", seconds);
  }

  static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double[] a = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(a);
    int n = a.length;
    return n % 2 == 1 ? a[n / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
  }
}
