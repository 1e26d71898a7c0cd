package dev.httpjson.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Cold start: the time from launching a fresh JVM to its first decoded response, per variant. The
 * runner starts the seed's server once (its own JVM, as {@link Bench} does), then, round after
 * round, one {@link ColdStart} child per variant; rounds alternate in direction (A B C, C B A, ...)
 * after one unmeasured pass (page cache, the server's JIT).
 *
 * <p><b>What is timed.</b> The runner takes the wall clock ({@link Instant#now()}) just before
 * {@link ProcessBuilder#start()}; the child prints the wall clock when its {@code main} began and
 * when the decoded, validated value was in hand. Start-to-first-value is the child's second stamp
 * minus the runner's launch stamp: it covers the fork and exec, the JVM's start, class loading, the
 * connection, the exchange and the decode, and nothing after the value (not the child's printing,
 * not the runner's reading of the pipe, not the JVM's exit). Both clocks are the same system clock
 * with microsecond resolution. The alternative, {@code ProcessHandle.current().info()
 * .startInstant()} in the child, is read on Linux from {@code /proc} in 10 ms clock ticks counted
 * from a boot time rounded to the second, so it is both coarse and offset by up to a second; the
 * runner's own launch stamp has neither flaw. As a check, the runner also notes when it read the
 * child's line (its own monotonic clock): a child stamp later than that fails the run.
 *
 * <p><b>Class path.</b> By default ({@code --classpath minimal}) each child gets only what its
 * variant needs, as a one-codec application would: the benchmarks' own classes (the unshaded {@code
 * target/httpjson-benchmarks-<version>.jar}) plus the variant's jars from {@code target/cold-lib}
 * (copied there by {@code mvn package}): nothing more for {@code noop} and {@code jdk-bytes}, the
 * library for a hand-written client, and httpjson-core, the codec module, the library and jspecify
 * for httpjson (see {@link Codecs}). {@code --classpath jar} gives every child the shaded jar
 * (every codec and peer, 14,000+ entries) and {@link Codecs#DEFAULT_CODEC_FLAG}, to show what a fat
 * class path costs. Each child selects its codec explicitly ({@code JsonOptions.newBuilder()
 * .codec(...)}), except {@code httpjson}, which keeps the default options and lets core's {@link
 * java.util.ServiceLoader} find the one codec on its path: the plain user's path.
 *
 * <pre>
 * ColdBench [--rounds N] [--variants a,b,...] [--java PATH] [--classpath minimal|jar]
 *           [--jvm-args "..."] [--warmup-passes N] [--results DIR] [--command "..."]
 * </pre>
 */
public final class ColdBench {
  private static final Pattern LINE =
      Pattern.compile("^cold main=(\\d+) value=(\\d+) java=(\\S+)$");

  private ColdBench() {}

  /** One way of getting the first value, with what it needs on its class path. */
  static final class ColdVariant {
    final String name;
    final String what;
    final List<String> args;
    final List<String> artifacts;

    /** The hand-written baseline of an httpjson-on-a-codec variant, else null. */
    final String baseline;

    ColdVariant(
        String name, String what, List<String> args, List<String> artifacts, String baseline) {
      this.name = name;
      this.what = what;
      this.args = args;
      this.artifacts = artifacts;
      this.baseline = baseline;
    }
  }

  /** Every cold-start variant, in table order: the floor, the transport, then each codec. */
  static Map<String, ColdVariant> variants() {
    Map<String, ColdVariant> m = new LinkedHashMap<>();
    m.put(
        "noop",
        new ColdVariant(
            "noop", "the JVM alone: main returns at once", List.of("noop"), List.of(), null));
    m.put(
        "jdk-bytes",
        new ColdVariant(
            "jdk-bytes",
            "HttpClient.send(..., ofByteArray()), no JSON",
            List.of("jdk-bytes"),
            List.of(),
            null));
    Codecs.Codec jackson = Codecs.named("jackson");
    m.put(
        "httpjson",
        new ColdVariant(
            "httpjson",
            "getFromJson, default options: ServiceLoader finds the one codec (Jackson 3)",
            List.of("httpjson", "default"),
            jackson.httpjsonArtifacts(),
            jackson.baseline));
    m.put(
        "httpjson-interface",
        new ColdVariant(
            "httpjson-interface",
            "HttpJsonClient.create(Api.class): the implementation generated at compile time",
            List.of("interface"),
            jackson.httpjsonArtifacts(),
            null));
    m.put(
        "retrofit",
        new ColdVariant(
            "retrofit",
            "Retrofit's proxy of the same interface, on OkHttp, converter-jackson (Jackson 2)",
            List.of("retrofit"),
            List.of(
                "com.squareup.retrofit2:retrofit",
                "com.squareup.retrofit2:converter-jackson",
                "com.squareup.okhttp3:okhttp-jvm",
                "com.squareup.okio:okio-jvm",
                "org.jetbrains.kotlin:kotlin-stdlib",
                "com.fasterxml.jackson.core:jackson-databind",
                "com.fasterxml.jackson.core:jackson-core",
                "com.fasterxml.jackson.core:jackson-annotations",
                "com.fasterxml.jackson.datatype:jackson-datatype-jsr310"),
            null));
    for (Codecs.Codec c : Codecs.ALL) {
      m.put(
          c.httpjsonVariant(),
          new ColdVariant(
              c.httpjsonVariant(),
              "getFromJson, options with "
                  + c.codecClass.substring(c.codecClass.lastIndexOf('.') + 1),
              List.of("httpjson", c.codecClass),
              c.httpjsonArtifacts(),
              c.baseline));
      m.put(
          c.baseline,
          new ColdVariant(
              c.baseline,
              "ofByteArray() + static "
                  + c.handWrittenClass.substring(c.handWrittenClass.lastIndexOf('.') + 1),
              List.of("hand-written", c.handWrittenClass),
              c.libraryArtifacts,
              null));
    }
    return m;
  }

  static final class Options extends Harness.Options {
    int rounds = 10;
    int warmupPasses = 1;
    List<String> variants = defaults();
    boolean fatJar;

    /**
     * Every variant but the API-interface pair, run by name: {@code --variants
     * retrofit,httpjson-interface}.
     */
    private static List<String> defaults() {
      List<String> names = new ArrayList<>(variants().keySet());
      names.removeAll(List.of("httpjson-interface", "retrofit"));
      return names;
    }
  }

  static Options parse(String[] args) {
    Options o = new Options();
    Map<String, ColdVariant> all = variants();
    for (Harness.Flags f = new Harness.Flags(args); f.next(); ) {
      switch (f.flag()) {
        case "--rounds" -> o.rounds = f.intValue();
        case "--warmup-passes" -> o.warmupPasses = f.intValue();
        case "--variants" -> o.variants = new ArrayList<>(new LinkedHashSet<>(f.list()));
        case "--classpath" -> {
          String mode = f.value();
          if (!mode.equals("minimal") && !mode.equals("jar")) {
            throw new IllegalArgumentException("--classpath minimal|jar: " + mode);
          }
          o.fatJar = mode.equals("jar");
        }
        case "-h", "--help" -> {
          System.out.println(
              "ColdBench [--rounds N] [--variants a,b,...] [--java PATH] [--classpath minimal|jar]"
                  + " [--jvm-args \"...\"] [--warmup-passes N] [--results DIR]");
          for (ColdVariant cv : all.values()) {
            System.out.println("  " + cv.name + ": " + cv.what);
          }
          System.exit(0);
        }
        default -> o.parseShared(f);
      }
    }
    for (String name : o.variants) {
      if (!all.containsKey(name)) {
        throw new IllegalArgumentException(
            "unknown cold-start variant: " + name + " (" + String.join(", ", all.keySet()) + ")");
      }
    }
    if (o.rounds < 1 || o.warmupPasses < 0) {
      throw new IllegalArgumentException("rounds >= 1 and warmup-passes >= 0 required");
    }
    return o;
  }

  /** Where the jars are: the shaded jar (this JVM's class path), the unshaded one, cold-lib. */
  static final class Jars {
    final Path shaded;
    final Path app;
    final Path lib;

    Jars(Path shaded) throws IOException {
      this.shaded = shaded;
      Path target = shaded.toAbsolutePath().getParent();
      this.lib = target.resolve("cold-lib");
      Path found = null;
      try (DirectoryStream<Path> dir =
          Files.newDirectoryStream(target, "httpjson-benchmarks-*.jar")) {
        for (Path p : dir) {
          found = p;
        }
      }
      this.app = found;
    }

    /** The child's class path entries for {@code v}; throws when a jar is missing. */
    List<Path> classPath(ColdVariant v, boolean fatJar) {
      if (fatJar) {
        return List.of(shaded);
      }
      if (app == null || !Files.isDirectory(lib)) {
        throw new IllegalStateException(
            "no "
                + shaded.resolveSibling("httpjson-benchmarks-<version>.jar")
                + " or "
                + lib
                + ": build with mvn -DskipTests package -pl benchmarks -am (./bench does)");
      }
      List<Path> cp = new ArrayList<>();
      cp.add(app);
      for (String artifact : v.artifacts) {
        Path jar = lib.resolve(artifact.replace(':', '.') + ".jar");
        if (!Files.isRegularFile(jar)) {
          throw new IllegalStateException(
              "missing " + jar + " (" + artifact + ", a dependency of the benchmarks module?)");
        }
        cp.add(jar);
      }
      return cp;
    }
  }

  /** One child's times, in milliseconds from the runner's launch stamp. */
  static final class Run {
    final double toMain;
    final double toValue;
    final double seen;

    Run(double toMain, double toValue, double seen) {
      this.toMain = toMain;
      this.toValue = toValue;
      this.seen = seen;
    }
  }

  public static void main(String[] args) throws Exception {
    Options o = Harness.parseOrExit(args, ColdBench::parse);
    if (o.command == null) {
      o.command = "ColdBench " + String.join(" ", args);
    }
    Harness.stopOnExit();
    Map<String, ColdVariant> all = variants();
    String clientJava = o.childJava();
    Jars jars = new Jars(Paths.get(Harness.CLASS_PATH.split(File.pathSeparator)[0]));
    Map<String, List<Path>> classPaths = new LinkedHashMap<>();
    for (String name : o.variants) {
      classPaths.put(name, jars.classPath(all.get(name), o.fatJar));
    }
    int port = Harness.startServer(Harness.JAVA, Harness.DEFAULT_SERVER, 0);
    String url = "http://127.0.0.1:" + port + Scenario.GET_COLLECTION.path();
    System.out.printf(
        Locale.ROOT,
        "server on port %d; %d variants x %d rounds (+%d unmeasured pass), class path %s; child JVM"
            + " %s%n",
        port,
        o.variants.size(),
        o.rounds,
        o.warmupPasses,
        o.fatJar ? "jar" : "minimal",
        clientJava);

    Map<String, Run[]> runs = new LinkedHashMap<>();
    for (String v : o.variants) {
      runs.put(v, new Run[o.rounds]);
    }
    List<String> raw = new ArrayList<>();
    Set<String> childJdks = new LinkedHashSet<>();
    int failed = 0;
    for (int pass = -o.warmupPasses + 1; pass <= o.rounds; pass++) {
      List<String> order = new ArrayList<>(o.variants);
      if (pass % 2 == 0) {
        Collections.reverse(order);
      }
      for (String name : order) {
        List<String> childArgs = new ArrayList<>(all.get(name).args);
        if (!name.equals("noop")) {
          childArgs.add(url);
        }
        List<String> cmd =
            Harness.command(
                clientJava,
                childFlags(o),
                classPaths.get(name).stream()
                    .map(Path::toString)
                    .collect(Collectors.joining(File.pathSeparator)),
                ColdStart.class.getName(),
                childArgs);
        String prefix =
            pass < 1
                ? String.format(Locale.ROOT, "warm-up %s", name)
                : String.format(Locale.ROOT, "round %d/%d %s", pass, o.rounds, name);
        Run run = runChild(cmd, prefix, raw, childJdks);
        if (pass >= 1) {
          runs.get(name)[pass - 1] = run;
          if (run == null) {
            failed++;
          }
        }
      }
    }
    Harness.stopServer();

    String report = markdown(o, all, runs, classPaths, Harness.stamp(), raw, childJdks, clientJava);
    System.out.println();
    System.out.println(report);
    Harness.append(o.results, "cold", report);
    if (failed > 0) {
      System.out.println(failed + " run(s) FAILED");
    }
    System.exit(failed > 0 ? 1 : 0);
  }

  /** The child's JVM flags: the codec property with the shaded jar, then --jvm-args. */
  static List<String> childFlags(Options o) {
    List<String> flags = new ArrayList<>();
    if (o.fatJar) {
      flags.add(Codecs.DEFAULT_CODEC_FLAG);
    }
    flags.addAll(o.jvmArgs);
    return flags;
  }

  /** Runs one child; its times, or null when it failed. */
  private static Run runChild(
      List<String> cmd, String prefix, List<String> raw, Set<String> childJdks)
      throws IOException, InterruptedException {
    Harness.Child child = Harness.launch(cmd);
    Process p = child.process();
    Instant launch = child.launched();
    long launchNanos = child.launchedNanos();
    long launchMicros = launch.getEpochSecond() * 1_000_000L + launch.getNano() / 1000;
    Run run = null;
    String error = null;
    try (BufferedReader out = child.stdout()) {
      String line;
      while ((line = out.readLine()) != null) {
        Matcher m = LINE.matcher(line);
        if (m.matches() && run == null) {
          double seen = (System.nanoTime() - launchNanos) / 1e6;
          double toMain = (Long.parseLong(m.group(1)) - launchMicros) / 1e3;
          double toValue = (Long.parseLong(m.group(2)) - launchMicros) / 1e3;
          childJdks.add(m.group(3));
          if (toMain < 0 || toValue < toMain || toValue > seen + 1) {
            error =
                String.format(
                    Locale.ROOT,
                    "clocks disagree: main %.1f ms, value %.1f ms, line read at %.1f ms",
                    toMain,
                    toValue,
                    seen);
          } else {
            run = new Run(toMain, toValue, seen);
          }
        } else {
          System.out.println(prefix + ": " + line);
        }
      }
    }
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      error = "did not exit within 120 s";
    }
    int exit = p.exitValue();
    if (exit != 0 || run == null || error != null) {
      String msg = prefix + ": FAILED (exit " + exit + (error == null ? "" : ", " + error) + ")";
      System.out.println(msg);
      raw.add(msg);
      return null;
    }
    String line =
        String.format(
            Locale.ROOT,
            "%s: first value %.1f ms (main %.1f ms, line read %.1f ms)",
            prefix,
            run.toValue,
            run.toMain,
            run.seen);
    System.out.println(line);
    raw.add(line);
    return run;
  }

  private static double[] values(Run[] rounds, boolean main) {
    double[] out = new double[rounds.length];
    for (int i = 0; i < rounds.length; i++) {
      out[i] = rounds[i] == null ? Double.NaN : main ? rounds[i].toMain : rounds[i].toValue;
    }
    return out;
  }

  /** Per round, a's time ÷ b's (or minus b's), NaN where either failed. */
  private static double[] paired(Run[] a, Run[] b, boolean difference) {
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] =
          a[i] == null || b[i] == null
              ? Double.NaN
              : difference ? a[i].toValue - b[i].toValue : a[i].toValue / b[i].toValue;
    }
    return out;
  }

  /** {median, CI, min–max} of per-round values as cells, with {@code format} for each number. */
  private static String[] cells(double[] perRound, String format) {
    double[] sorted = Stats.sorted(perRound);
    if (sorted.length == 0) {
      return new String[] {"–", "", ""};
    }
    double[] ci = Stats.medianInterval(sorted, Report.LEVEL);
    return new String[] {
      String.format(Locale.ROOT, format, Stats.median(sorted)),
      ci == null ? "n<6" : String.format(Locale.ROOT, format + "–" + format, ci[0], ci[1]),
      String.format(Locale.ROOT, format + "–" + format, sorted[0], sorted[sorted.length - 1])
    };
  }

  static String markdown(
      Options o,
      Map<String, ColdVariant> all,
      Map<String, Run[]> runs,
      Map<String, List<Path>> classPaths,
      String stamp,
      List<String> raw,
      Set<String> childJdks,
      String clientJava) {
    StringBuilder sb = new StringBuilder();
    sb.append("## ")
        .append(stamp)
        .append(" — cold start: fresh JVM to the first decoded get.collection\n\n");
    sb.append("- command: `").append(o.command).append("`\n");
    sb.append("- runner and server JDK: ")
        .append(System.getProperty("java.vm.name"))
        .append(' ')
        .append(System.getProperty("java.runtime.version"))
        .append('\n');
    sb.append("- child JDK: ")
        .append(String.join(", ", childJdks))
        .append(" (")
        .append(clientJava)
        .append("); child JVM flags: ")
        .append(
            childFlags(o).isEmpty() ? "none (the JVM's defaults)" : String.join(" ", childFlags(o)))
        .append('\n');
    sb.append(Harness.machine())
        .append(", load average at the end: ")
        .append(Harness.load())
        .append('\n');
    sb.append("- ")
        .append(o.rounds)
        .append(o.rounds == 1 ? " round" : " rounds")
        .append(", variants interleaved (odd rounds forward, even backward), after ")
        .append(o.warmupPasses)
        .append(" unmeasured pass(es); class path: ")
        .append(o.fatJar ? "the shaded benchmarks jar for every child" : "minimal (below)")
        .append("; server `jdk` in its own JVM, started once\n\n");
    sb.append(
        "Time from the runner's launch stamp (just before `ProcessBuilder.start()`) to the"
            + " child's stamp when the decoded, validated value was in hand (wall clock, µs"
            + " resolution). Paired: per round, the variant's time ÷ (or minus) the other's in the"
            + " same round; median, distribution-free 95% CI (6+ rounds), min–max. Lower is"
            + " better; `noop` is the JVM's own start, the floor under every row.\n\n");
    Run[] bytes = runs.get("jdk-bytes");
    Run[] noop = runs.get("noop");
    sb.append(
        "| variant | median ms | min–max ms | ÷ jdk-bytes, paired median | 95% CI | above the"
            + " floor (− noop), median ms | main() reached, median ms |\n");
    sb.append("|---|---:|---:|---:|---|---:|---:|\n");
    for (Map.Entry<String, Run[]> e : runs.entrySet()) {
      String[] t = cells(values(e.getValue(), false), "%.0f");
      String[] vsBytes =
          bytes == null || e.getKey().equals("jdk-bytes")
              ? new String[] {bytes == null ? "–" : "1.00", "", ""}
              : cells(paired(e.getValue(), bytes, false), "%.2f");
      String above =
          noop == null || e.getKey().equals("noop")
              ? "–"
              : cells(paired(e.getValue(), noop, true), "%.0f")[0];
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %s | %s | %s | %s |%n",
              e.getKey(),
              t[0],
              t[2],
              vsBytes[0],
              vsBytes[1],
              above,
              cells(values(e.getValue(), true), "%.0f")[0]));
    }
    StringBuilder pairs = new StringBuilder();
    for (Map.Entry<String, Run[]> e : runs.entrySet()) {
      ColdVariant v = all.get(e.getKey());
      Run[] baseline = v.baseline == null ? null : runs.get(v.baseline);
      if (baseline == null) {
        continue;
      }
      String[] ratio = cells(paired(e.getValue(), baseline, false), "%.2f");
      String[] diff = cells(paired(e.getValue(), baseline, true), "%.0f");
      pairs.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %s | %s | %s |%n",
              e.getKey(),
              v.baseline,
              ratio[0],
              ratio[1],
              ratio[2],
              diff[0]));
    }
    if (pairs.length() > 0) {
      sb.append(
              "\nhttpjson ÷ the hand-written client on the same library (time; below 1 is"
                  + " faster):\n\n")
          .append(
              "| variant | hand-written | ÷ hand-written, paired median | 95% CI | min–max |"
                  + " difference, median ms |\n")
          .append("|---|---|---:|---|---|---:|\n")
          .append(pairs);
    }
    sb.append("\nWhat each child does and its class path:\n\n");
    for (String name : runs.keySet()) {
      List<String> files = new ArrayList<>();
      for (Path p : classPaths.get(name)) {
        files.add(p.getFileName().toString());
      }
      sb.append("- `")
          .append(name)
          .append("`: ")
          .append(all.get(name).what)
          .append("; `")
          .append(String.join(":", files))
          .append("`\n");
    }
    return sb.append('\n').append(Harness.rawRuns(raw)).toString();
  }
}
