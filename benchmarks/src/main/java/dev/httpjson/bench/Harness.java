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
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * What the runners share: their flags, the server JVM (start, {@code READY} handshake, stop), the
 * child JVMs' command lines and launch, the machine's description and the result files. {@link
 * Bench} (separate JVMs, load), {@link AbBench} (paired) and {@link ColdBench} (cold start) differ
 * only in what they run between {@link #startServer} and {@link #append}.
 */
final class Harness {
  /** The runner's own {@code java}: the server's, and the children's unless {@code --java}. */
  static final String JAVA = Paths.get(System.getProperty("java.home"), "bin", "java").toString();

  /** The runner's class path; the server and the separate-JVM clients run from it. */
  static final String CLASS_PATH = System.getProperty("java.class.path");

  static final List<String> SERVER_JVM = List.of("-Xms256m", "-Xmx256m", "-XX:+UseParallelGC");

  static final String DEFAULT_SERVER = "jdk";

  private static volatile Process server;
  private static volatile Process child;

  private Harness() {}

  /** The flags Bench and ColdBench take alike; a runner's options extend these. */
  static class Options {
    String clientJava;
    List<String> jvmArgs = List.of();
    Path results = defaultResults();
    String command;

    /** Reads the current flag if it is one of these; else it is unknown. */
    void parseShared(Flags f) {
      switch (f.flag()) {
        case "--java" -> {
          clientJava = f.value();
          if (!Files.isExecutable(Paths.get(clientJava))) {
            throw new IllegalArgumentException("--java is not an executable: " + clientJava);
          }
        }
        case "--jvm-args" -> jvmArgs = words(f.value());
        case "--results" -> results = Paths.get(f.value());
        case "--command" -> command = f.value();
        default -> throw new IllegalArgumentException("unknown argument: " + f.flag());
      }
    }

    /** The children's {@code java}: {@code --java}, else the runner's. */
    String childJava() {
      return clientJava != null ? clientJava : JAVA;
    }
  }

  /** A cursor over the command line: a flag, then its value. */
  static final class Flags {
    private final String[] args;
    private int i = -1;

    Flags(String[] args) {
      this.args = args;
    }

    /** Moves to the next flag; false at the end. */
    boolean next() {
      return ++i < args.length;
    }

    String flag() {
      return args[i];
    }

    String value() {
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(args[i] + " needs a value");
      }
      return args[++i];
    }

    int intValue() {
      return Integer.parseInt(value());
    }

    double doubleValue() {
      return Double.parseDouble(value());
    }

    /** A comma-separated value, blanks dropped. */
    List<String> list() {
      return Arrays.stream(value().split(",")).map(String::trim).filter(w -> !w.isEmpty()).toList();
    }

    /** Scenario ids: a list, {@code all} or {@code large}. */
    List<String> scenarios() {
      List<String> ids = list();
      if (ids.equals(List.of("all"))) {
        return Scenario.ids();
      }
      return ids.equals(List.of("large")) ? Scenario.largeIds() : ids;
    }
  }

  /**
   * Parses with {@code parse}; on a bad flag prints its message and exits 64 (EX_USAGE), as {@code
   * ./bench} does.
   */
  static <T> T parseOrExit(String[] args, Function<String[], T> parse) {
    try {
      return parse.apply(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(64);
      throw e;
    }
  }

  static List<String> words(String s) {
    return Arrays.stream(s.trim().split("\\s+")).filter(w -> !w.isEmpty()).toList();
  }

  /** {@code benchmarks/results} from the repository's root, else {@code results}. */
  static Path defaultResults() {
    Path inRepo = Paths.get("benchmarks");
    return Files.isDirectory(inRepo) ? inRepo.resolve("results") : Paths.get("results");
  }

  /** On exit (Ctrl-C included): kills the running child and stops the server. */
  static void stopOnExit() {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  Process c = child;
                  if (c != null) {
                    c.destroyForcibly();
                  }
                  try {
                    stopServer();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                }));
  }

  /** {@code java flags -cp classPath main args}. */
  static List<String> command(
      String java, List<String> flags, String classPath, String main, List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(java);
    cmd.addAll(flags);
    cmd.addAll(List.of("-cp", classPath, main));
    cmd.addAll(args);
    return cmd;
  }

  /** A started child JVM and the wall and monotonic clocks just before its start. */
  record Child(Process process, Instant launched, long launchedNanos) {
    BufferedReader stdout() {
      return lines(process);
    }
  }

  /** Starts a child JVM (stderr to ours); the shutdown hook kills it if the runner is stopped. */
  static Child launch(List<String> cmd) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
    Instant launched = Instant.now();
    long nanos = System.nanoTime();
    Process p = pb.start();
    child = p;
    return new Child(p, launched, nanos);
  }

  private static BufferedReader lines(Process p) {
    return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
  }

  /**
   * Starts {@code BenchServer kind} on an ephemeral loopback port in its own JVM and returns the
   * port from its {@code READY <port> <kind>} line. It stops when its stdin closes: {@link
   * #stopServer}, or this JVM's exit.
   */
  static int startServer(String java, String kind, int threads)
      throws IOException, InterruptedException {
    return startServer(java, kind, threads, List.of());
  }

  /** The tokens of the running server's {@code READY} line (a TLS port may follow the kind). */
  static volatile String[] serverReady = new String[0];

  /** {@link #startServer(String, String, int)} with more JVM options for the server. */
  static int startServer(String java, String kind, int threads, List<String> jvmArgs)
      throws IOException, InterruptedException {
    List<String> serverJvm = new ArrayList<>(SERVER_JVM);
    serverJvm.addAll(jvmArgs);
    List<String> cmd =
        command(
            java,
            serverJvm,
            CLASS_PATH,
            "dev.httpjson.bench.server.BenchServer",
            List.of(kind, "0", Integer.toString(threads)));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    server = p;
    BufferedReader out = lines(p);
    String line;
    while ((line = out.readLine()) != null) {
      if (line.startsWith("READY ")) {
        serverReady = line.split(" ");
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
    throw new IOException("server exited before it was ready: exit " + p.waitFor());
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

  /** The 1, 5 and 15 minute load averages, or "unknown" off Linux. */
  static String load() {
    try {
      String[] f = Files.readString(Paths.get("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Paths.get("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return System.getProperty("os.arch");
  }

  /** A report's machine line, to be continued: {@code - machine: nproc=2, CPU: <model>}. */
  static String machine() {
    return "- machine: nproc="
        + Runtime.getRuntime().availableProcessors()
        + ", CPU: "
        + cpuModel();
  }

  /** Now, to the second, as a report's heading: {@code 2026-01-31T12:00:00Z}. */
  static String stamp() {
    return ZonedDateTime.now(ZoneOffset.UTC)
        .truncatedTo(ChronoUnit.SECONDS)
        .format(DateTimeFormatter.ISO_INSTANT);
  }

  /** A report's closing block: every run's line, folded away. */
  static String rawRuns(List<String> raw) {
    StringBuilder sb = new StringBuilder("<details><summary>raw runs</summary>\n\n```\n");
    for (String line : raw) {
      sb.append(line).append('\n');
    }
    return sb.append("```\n</details>\n").toString();
  }

  /**
   * Appends {@code report} to {@code <results>/<date>-<name>.md}, the runners' append-only log, and
   * says so.
   */
  static Path append(Path results, String name, String report) throws IOException {
    Files.createDirectories(results);
    Path log = results.resolve(LocalDate.now(ZoneOffset.UTC) + "-" + name + ".md");
    Files.writeString(
        log,
        report + "\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
    System.out.println("results appended to " + log);
    return log;
  }
}
