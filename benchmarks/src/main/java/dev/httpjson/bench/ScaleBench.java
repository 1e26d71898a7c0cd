package dev.httpjson.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * The scale benchmark ({@code ./bench --scale}): httpjson beside the same transport driven by hand
 * (the {@code diag-codec-direct} twins: the same client configuration and httpjson's own reader, so
 * that only the layer differs), at 1, 16 and 256 concurrent callers (virtual threads on JDK 21+,
 * platform threads before), on the JDK client, the OkHttp transport and the Apache 5 transport,
 * over HTTP/1.1 and HTTP/2 in clear text (h2c where the transport has it) and over TLS with ALPN,
 * with Retrofit on the same OkHttp configuration beside the OkHttp points.
 *
 * <p>Each point runs its variants in one JVM, in alternating slices whose order rotates from pass
 * to pass as {@link AbBench} does, and reports calls per second, the paired ratio to the by-hand
 * twin with its 95% interval, p50 and p99 latency (a sorted sample of every call), errors, bytes
 * allocated in the whole JVM per call, {@code jdk.VirtualThreadPinned} events on the callers (JFR,
 * threshold 0, JDK 21+), and the server's own ceiling at the same protocol and concurrency measured
 * by {@code wrk} (HTTP/1.1) or {@code h2load} (HTTP/2, one connection with that many streams). The
 * server is Undertow in a JVM of its own ({@code BenchServer undertow-h2}), its TLS key a
 * self-signed certificate made by {@code keytool} for the run.
 *
 * <p>Usage: {@code ScaleBench [--callers 1,16,256] [--transports jdk,okhttp,apache5] [--protocols
 * h1,h2c,h1-tls,h2-tls] [--passes 10] [--slice-ms 300] [--warmup 3] [--ceiling-seconds 3]
 * [--no-ceiling] [--results dir] [--server-java PATH] [--command text]}.
 */
public final class ScaleBench {
  private ScaleBench() {}

  /** The wire protocols of the grid. */
  enum Protocol {
    H1("h1"),
    H2C("h2c"),
    H1_TLS("h1-tls"),
    H2_TLS("h2-tls");

    final String id;

    Protocol(String id) {
      this.id = id;
    }

    boolean tls() {
      return this == H1_TLS || this == H2_TLS;
    }

    boolean h2() {
      return this == H2C || this == H2_TLS;
    }

    static Protocol of(String id) {
      for (Protocol p : values()) {
        if (p.id.equals(id)) {
          return p;
        }
      }
      throw new IllegalArgumentException("unknown protocol: " + id + " (h1, h2c, h1-tls, h2-tls)");
    }
  }

  /** The transports of the grid. */
  enum Transport {
    JDK("jdk"),
    OKHTTP("okhttp"),
    APACHE5("apache5");

    final String id;

    Transport(String id) {
      this.id = id;
    }

    /** Null when this transport speaks {@code p}; else why not. */
    String unsupported(Protocol p) {
      if (this == APACHE5 && p.h2()) {
        return "the Apache 5 transport runs on the classic (blocking) client: HTTP/1.1 only";
      }
      return null;
    }

    static Transport of(String id) {
      for (Transport t : values()) {
        if (t.id.equals(id)) {
          return t;
        }
      }
      throw new IllegalArgumentException("unknown transport: " + id + " (jdk, okhttp, apache5)");
    }
  }

  static final class Options {
    List<Integer> callers = List.of(1, 16, 256);
    List<Transport> transports = List.of(Transport.values());
    List<Protocol> protocols = List.of(Protocol.values());
    int passes = 10;
    long sliceMillis = 300;
    int warmupSeconds = 3;
    int ceilingSeconds = 3;
    boolean ceiling = true;
    Path results = Harness.defaultResults();
    String serverJava = Harness.JAVA;
    String command = "ScaleBench";
  }

  static Options parse(String[] args) {
    Options o = new Options();
    for (Harness.Flags f = new Harness.Flags(args); f.next(); ) {
      switch (f.flag()) {
        case "--callers" -> {
          List<Integer> c = new ArrayList<>();
          for (String s : f.list()) {
            int n = Integer.parseInt(s);
            if (n < 1) {
              throw new IllegalArgumentException("--callers " + n + ": at least 1");
            }
            c.add(n);
          }
          o.callers = c;
        }
        case "--transports" -> o.transports = f.list().stream().map(Transport::of).toList();
        case "--protocols" -> o.protocols = f.list().stream().map(Protocol::of).toList();
        case "--passes" -> o.passes = f.intValue();
        case "--slice-ms" -> o.sliceMillis = Long.parseLong(f.value());
        case "--warmup" -> o.warmupSeconds = f.intValue();
        case "--ceiling-seconds" -> o.ceilingSeconds = f.intValue();
        case "--no-ceiling" -> o.ceiling = false;
        case "--results" -> o.results = Paths.get(f.value());
        case "--server-java" -> o.serverJava = f.value();
        case "--command" -> o.command = f.value();
        default -> throw new IllegalArgumentException("unknown flag: " + f.flag());
      }
    }
    if (o.passes < 2) {
      throw new IllegalArgumentException("--passes " + o.passes + ": at least 2");
    }
    return o;
  }

  public static void main(String[] args) throws Exception {
    Options o = Harness.parseOrExit(args, ScaleBench::parse);
    Path dir = Files.createTempDirectory("httpjson-scale");
    Path keystore = selfSigned(dir);
    Harness.stopOnExit();
    int port =
        Harness.startServer(
            o.serverJava, "undertow-h2", 0, List.of("-Dbench.keystore=" + keystore));
    int tlsPort = Integer.parseInt(Harness.serverReady[3]);
    KeyStore trusted = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keystore)) {
      trusted.load(in, "changeit".toCharArray());
    }
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trusted);
    X509TrustManager tm = (X509TrustManager) tmf.getTrustManagers()[0];
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(null, tmf.getTrustManagers(), null);
    Clients clients = new Clients(tls, tm);

    String loadBefore = Harness.load();
    Instant started = Instant.now();
    ThreadFactory virtual = Client.virtualThreads();
    Pins pins = Pins.start(virtual != null);
    if (virtual != null) {
      // The check of the check: a virtual thread that blocks in a class initializer is pinned.
      Thread probe = virtual.newThread(PinProbe::touch);
      probe.setName(Pins.PROBE + "-0");
      probe.start();
      probe.join();
    }
    List<Run> runs = new ArrayList<>();
    Map<String, double[]> ceilings = new HashMap<>();
    Map<String, String> ceilingTools = new HashMap<>();
    for (Protocol protocol : o.protocols) {
      URI base =
          URI.create(
              (protocol.tls() ? "https://127.0.0.1:" + tlsPort : "http://127.0.0.1:" + port) + "/");
      for (int callers : o.callers) {
        String key = protocol.id + "/" + callers;
        String[] tool = new String[1];
        double c =
            o.ceiling
                ? ceiling(protocol, callers, base.resolve(Scenario.GET_COLLECTION.path()), o, tool)
                : Double.NaN;
        ceilings.put(key, new double[] {c});
        ceilingTools.put(key, o.ceiling ? tool[0] : "not measured (--no-ceiling)");
        System.out.printf(
            Locale.ROOT,
            "ceiling %s, %d callers: %.0f calls/s (%s)%n",
            protocol.id,
            callers,
            c,
            ceilingTools.get(key));
      }
      for (Transport transport : o.transports) {
        String why = transport.unsupported(protocol);
        if (why != null) {
          System.out.println("(" + transport.id + " left out of " + protocol.id + ": " + why + ")");
          continue;
        }
        for (int callers : o.callers) {
          Run run = new Run(runs.size(), protocol, transport, callers);
          run.measure(clients, base, o, virtual);
          runs.add(run);
        }
      }
    }
    Harness.stopServer();
    Map<String, Long> pinned = pins.stop();
    String loadAfter = Harness.load();
    long seconds = ChronoUnit.SECONDS.between(started, Instant.now());

    List<ScaleReport.Point> clear = new ArrayList<>();
    List<ScaleReport.Point> secure = new ArrayList<>();
    for (Run run : runs) {
      String key = run.protocol.id + "/" + run.callers;
      ScaleReport.Point p =
          run.point(pinned, virtual != null, ceilings.get(key)[0], ceilingTools.get(key));
      (run.protocol.tls() ? secure : clear).add(p);
    }
    String machine =
        String.format(
            Locale.ROOT,
            "Client JVM java %s, callers on %s threads; %d CPUs (%s); load average (1/5/15 min)"
                + " before %s, after %s; %d passes of %d ms slices per variant per point, %d s"
                + " warm-up per point; %d s in all.",
            Runtime.version(),
            virtual != null ? "virtual" : "platform",
            Runtime.getRuntime().availableProcessors(),
            Harness.cpuModel(),
            loadBefore,
            loadAfter,
            o.passes,
            o.sliceMillis,
            o.warmupSeconds,
            seconds);
    StringBuilder report = new StringBuilder();
    report.append("\n## ").append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append(" `");
    report.append(o.command).append("`\n\n").append(machine).append("\n\n");
    report.append(
        "httpjson ÷ the same transport driven by hand (same client configuration, httpjson's own"
            + " reader), paired per pass: bar ≥ "
            + ScaleReport.RATE_BAR
            + " (whole 95% CI), p99 ≤ "
            + ScaleReport.P99_BAR
            + "× theirs, 0 errors, no pinned carrier. Allocation: bytes allocated in the whole"
            + " client JVM per completed call. Ceiling: the server alone under a load generator at"
            + " the same concurrency (wrk for HTTP/1.1, h2load with one connection for HTTP/2).\n");
    report.append(
        pinned == null
            ? "\nPinned carriers: not recorded (platform-thread callers).\n"
            : "\nPinned carriers: JFR jdk.VirtualThreadPinned, threshold 0; the recording's own"
                + " check, a virtual thread blocked in a class initializer, gave "
                + pinned.getOrDefault(Pins.PROBE, 0L)
                + " event(s) (expected ≥ 1).\n");
    if (!clear.isEmpty()) {
      report.append("\n### Clear text (HTTP/1.1, h2c)\n\n").append(ScaleReport.table(clear));
    }
    if (!secure.isEmpty()) {
      report.append("\n### TLS with ALPN (self-signed certificate made for the run)\n\n");
      report.append(ScaleReport.table(secure));
    }
    StringBuilder stacks = new StringBuilder();
    for (Run run : runs) {
      for (int v = 0; v < run.names.size(); v++) {
        for (String group : List.of(run.threadPrefix(v), run.warmupPrefix(v))) {
          String stack = pins.stacks.get(group);
          if (stack != null) {
            boolean warmup = group.equals(run.warmupPrefix(v));
            stacks.append(
                String.format(
                    Locale.ROOT,
                    "- %s %s %d callers, %s%s:%n%n```%n%s```%n",
                    run.protocol.id,
                    run.transport.id,
                    run.callers,
                    run.names.get(v),
                    warmup
                        ? ", in the warm-up (" + pinned.getOrDefault(group, 0L) + " events)"
                        : "",
                    stack));
          }
        }
      }
    }
    if (stacks.length() > 0) {
      report.append(
          "\nFirst pinned stack per variant that pinned a carrier (the table counts the measured"
              + " passes; pins in the warm-up are listed here only):\n\n");
      report.append(stacks);
    }
    String errors = ScaleReport.errors(runs.stream().map(r -> r.last).toList());
    if (!errors.isEmpty()) {
      report.append("\nFirst error per point:\n\n").append(errors);
    }
    System.out.print(report);
    Harness.append(o.results, "scale", report.toString());
    List<ScaleReport.Point> all = new ArrayList<>(clear);
    all.addAll(secure);
    Path chart = o.results.resolve("scale.svg");
    Files.writeString(
        chart,
        ScaleReport.svg(
            all,
            "httpjson ÷ the same transport by hand, paired (median, 95% CI)",
            machine.length() > 150 ? machine.substring(0, 150) + "…" : machine),
        StandardCharsets.UTF_8);
    System.out.println("chart written to " + chart);
  }

  /** One point's measurement, kept mutable until the pinned counts are known. */
  static final class Run {
    final int index;
    final Protocol protocol;
    final Transport transport;
    final int callers;
    List<String> names;
    double[][] rates;
    double[][] p99s;
    long[] errors;
    long[] calls;
    long[] allocated;
    long[][] samples;
    int[] sampleCount;
    String negotiated = "?";
    String firstError;
    ScaleReport.Point last;

    Run(int index, Protocol protocol, Transport transport, int callers) {
      this.index = index;
      this.protocol = protocol;
      this.transport = transport;
      this.callers = callers;
    }

    String threadPrefix(int v) {
      return "scale-" + index + "-" + v;
    }

    /**
     * The warm-up's callers: counted apart, since a first concurrent call may wait for another
     * thread's class initialization, which pins a virtual thread once per class.
     */
    String warmupPrefix(int v) {
      return "scale-warmup-" + index + "-" + v;
    }

    void measure(Clients clients, URI base, Options o, ThreadFactory virtual) throws Exception {
      Clients.Built built = clients.build(protocol, transport, base);
      names = built.names();
      int n = names.size();
      Variant.Op[] ops = built.ops().toArray(new Variant.Op[0]);
      rates = new double[n][o.passes];
      p99s = new double[n][o.passes];
      errors = new long[n];
      calls = new long[n];
      allocated = new long[n];
      samples = new long[n][1024];
      sampleCount = new int[n];
      try {
        long warmupEnd = System.nanoTime() + o.warmupSeconds * 1_000_000_000L;
        while (System.nanoTime() < warmupEnd) {
          for (int v = 0; v < n; v++) {
            slice(ops[v], 100, virtual, warmupPrefix(v), callers);
          }
        }
        for (int p = 0; p < o.passes; p++) {
          for (int k = 0; k < n; k++) {
            int shifted = (k + p / 2) % n;
            int v = p % 2 == 0 ? shifted : n - 1 - shifted;
            Slice s = slice(ops[v], o.sliceMillis, virtual, threadPrefix(v), callers);
            rates[v][p] = s.calls / s.seconds;
            p99s[v][p] = ScaleReport.percentile(s.latencies, s.latencies.length, 0.99) / 1e3;
            errors[v] += s.errors;
            calls[v] += s.calls;
            allocated[v] = s.allocated < 0 || allocated[v] < 0 ? -1 : allocated[v] + s.allocated;
            if (s.firstError != null && firstError == null) {
              firstError = names.get(v) + ": " + s.firstError;
            }
            if (sampleCount[v] + s.latencies.length > samples[v].length) {
              samples[v] =
                  Arrays.copyOf(
                      samples[v],
                      Math.max(2 * samples[v].length, sampleCount[v] + s.latencies.length));
            }
            System.arraycopy(s.latencies, 0, samples[v], sampleCount[v], s.latencies.length);
            sampleCount[v] += s.latencies.length;
          }
        }
        negotiated = built.negotiated().get();
      } finally {
        built.close();
      }
      System.out.printf(
          Locale.ROOT,
          "%s %s %d callers (%s): %s%n",
          protocol.id,
          transport.id,
          callers,
          negotiated,
          describeRates());
    }

    private String describeRates() {
      StringBuilder sb = new StringBuilder();
      for (int v = 0; v < names.size(); v++) {
        sb.append(v == 0 ? "" : ", ")
            .append(names.get(v))
            .append(String.format(Locale.ROOT, " %.0f/s", Stats.median(Stats.sorted(rates[v]))));
        if (errors[v] > 0) {
          sb.append(" (").append(errors[v]).append(" errors)");
        }
      }
      sb.append("; httpjson ÷ by hand ")
          .append(ScaleReport.ratio(ScaleReport.Point.paired(rates, 0, 1)));
      return sb.toString();
    }

    ScaleReport.Point point(
        Map<String, Long> pinned, boolean virtual, double ceiling, String ceilingTool) {
      int n = names.size();
      double[] p50 = new double[n];
      double[] p99 = new double[n];
      double[] alloc = new double[n];
      long[] pins = new long[n];
      for (int v = 0; v < n; v++) {
        long[] sorted = Arrays.copyOf(samples[v], sampleCount[v]);
        Arrays.sort(sorted);
        p50[v] = ScaleReport.percentile(sorted, sorted.length, 0.50) / 1e3;
        p99[v] = ScaleReport.percentile(sorted, sorted.length, 0.99) / 1e3;
        alloc[v] =
            allocated[v] < 0 || calls[v] == 0 ? Double.NaN : (double) allocated[v] / calls[v];
        pins[v] = virtual && pinned != null ? pinned.getOrDefault(threadPrefix(v), 0L) : -1;
      }
      last =
          new ScaleReport.Point(
              protocol.id,
              transport.id,
              callers,
              negotiated,
              names,
              rates,
              p99s,
              p50,
              p99,
              errors,
              alloc,
              pins,
              ceiling,
              ceilingTool,
              firstError);
      return last;
    }
  }

  /** One slice's outcome. */
  record Slice(
      long calls,
      double seconds,
      long[] latencies,
      long errors,
      String firstError,
      long allocated) {}

  /** One caller's loop: calls until the deadline, each timed, failures counted. */
  static final class Caller implements Runnable {
    final Variant.Op op;
    final CountDownLatch go;
    final long[] deadline;
    long[] latencies = new long[256];
    int count;
    long errors;
    String firstError;
    long finished;
    long selfAllocated = -1;

    Caller(Variant.Op op, CountDownLatch go, long[] deadline) {
      this.op = op;
      this.go = go;
      this.deadline = deadline;
    }

    @Override
    public void run() {
      try {
        go.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      long before = Alloc.TOTAL == null ? Alloc.currentThread() : -1;
      long end = deadline[0];
      long now = System.nanoTime();
      while (now < end) {
        long start = now;
        try {
          op.run();
          now = System.nanoTime();
          if (count == latencies.length) {
            latencies = Arrays.copyOf(latencies, 2 * count);
          }
          latencies[count++] = now - start;
        } catch (Exception | AssertionError e) {
          now = System.nanoTime();
          errors++;
          if (firstError == null) {
            firstError = e.toString();
          }
        }
      }
      finished = now;
      if (before >= 0) {
        selfAllocated = Alloc.currentThread() - before;
      }
    }
  }

  /**
   * Runs {@code op} on {@code callers} threads (virtual when {@code virtual} is given) named {@code
   * prefix-i} for about {@code millis}.
   */
  static Slice slice(Variant.Op op, long millis, ThreadFactory virtual, String prefix, int callers)
      throws InterruptedException {
    CountDownLatch go = new CountDownLatch(1);
    long[] deadline = new long[1];
    Caller[] loops = new Caller[callers];
    Thread[] threads = new Thread[callers];
    for (int i = 0; i < callers; i++) {
      loops[i] = new Caller(op, go, deadline);
      threads[i] = virtual != null ? virtual.newThread(loops[i]) : new Thread(loops[i]);
      threads[i].setName(prefix + "-" + i);
      threads[i].setDaemon(true);
      threads[i].start();
    }
    Alloc.Mark mark = Alloc.mark();
    long start = System.nanoTime();
    deadline[0] = start + millis * 1_000_000L;
    go.countDown();
    long last = start;
    long calls = 0;
    long errors = 0;
    String firstError = null;
    long self = 0;
    int total = 0;
    for (int i = 0; i < callers; i++) {
      threads[i].join();
      Caller c = loops[i];
      last = Math.max(last, c.finished);
      calls += c.count;
      errors += c.errors;
      total += c.count;
      if (firstError == null) {
        firstError = c.firstError;
      }
      self = c.selfAllocated < 0 || self < 0 ? -1 : self + c.selfAllocated;
    }
    long allocated = mark.since(self);
    long[] latencies = new long[total];
    int at = 0;
    for (Caller c : loops) {
      System.arraycopy(c.latencies, 0, latencies, at, c.count);
      at += c.count;
    }
    Arrays.sort(latencies);
    return new Slice(calls, (last - start) / 1e9, latencies, errors, firstError, allocated);
  }

  /**
   * Bytes allocated in the whole JVM: {@code getTotalThreadAllocatedBytes} (JDK 21+: every thread,
   * those that ended too, virtual threads counted on their carriers); before it, the live threads'
   * counters plus what the callers (which end within the slice) counted themselves.
   */
  static final class Alloc {
    static final com.sun.management.ThreadMXBean BEAN =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    static final Method TOTAL = total();

    private static Method total() {
      try {
        return com.sun.management.ThreadMXBean.class.getMethod("getTotalThreadAllocatedBytes");
      } catch (NoSuchMethodException e) {
        return null;
      }
    }

    static long currentThread() {
      return BEAN.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    static long totalOrMinusOne() {
      try {
        return (long) TOTAL.invoke(BEAN);
      } catch (ReflectiveOperationException e) {
        return -1;
      }
    }

    /** A starting point. */
    interface Mark {
      /** Bytes since; {@code callers} is what ended threads counted themselves. */
      long since(long callers);
    }

    static Mark mark() {
      if (TOTAL != null) {
        long start = totalOrMinusOne();
        return callers -> {
          long now = totalOrMinusOne();
          return start < 0 || now < 0 ? -1 : now - start;
        };
      }
      long[] ids = BEAN.getAllThreadIds();
      long[] before = BEAN.getThreadAllocatedBytes(ids);
      Map<Long, Long> start = new HashMap<>();
      for (int i = 0; i < ids.length; i++) {
        start.put(ids[i], before[i]);
      }
      return callers -> {
        if (callers < 0) {
          return -1;
        }
        long[] now = BEAN.getAllThreadIds();
        long[] bytes = BEAN.getThreadAllocatedBytes(now);
        long sum = callers;
        for (int i = 0; i < now.length; i++) {
          if (bytes[i] >= 0) {
            sum += bytes[i] - start.getOrDefault(now[i], 0L);
          }
        }
        return sum;
      };
    }
  }

  /** Blocks for 20 ms in its class initializer: a virtual thread that loads it is pinned. */
  static final class PinProbe {
    static {
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    private PinProbe() {}

    static void touch() {}
  }

  /**
   * {@code jdk.VirtualThreadPinned} events (threshold 0) counted per caller group by thread name,
   * from a JFR {@code RecordingStream} over the whole run; nothing on a JDK without virtual
   * threads.
   */
  static final class Pins {
    /** The thread group name of the pinning probe, whose events show the recording works. */
    static final String PROBE = "scale-probe";

    private final jdk.jfr.consumer.RecordingStream stream;
    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

    /** The first pinned event's stack per group, so that a pin can be traced. */
    final Map<String, String> stacks = new ConcurrentHashMap<>();

    private static String stack(jdk.jfr.consumer.RecordedEvent e) {
      jdk.jfr.consumer.RecordedStackTrace trace = e.getStackTrace();
      if (trace == null) {
        return "(no stack trace)";
      }
      StringBuilder sb = new StringBuilder();
      int n = 0;
      for (jdk.jfr.consumer.RecordedFrame f : trace.getFrames()) {
        if (n++ == 24) {
          sb.append("    ...\n");
          break;
        }
        sb.append("    ")
            .append(f.getMethod().getType().getName())
            .append('.')
            .append(f.getMethod().getName())
            .append(':')
            .append(f.getLineNumber())
            .append('\n');
      }
      return sb.toString();
    }

    private Pins(jdk.jfr.consumer.RecordingStream stream) {
      this.stream = stream;
    }

    static Pins start(boolean virtual) {
      if (!virtual) {
        return new Pins(null);
      }
      jdk.jfr.consumer.RecordingStream rs = new jdk.jfr.consumer.RecordingStream();
      Pins pins = new Pins(rs);
      rs.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
      // httpjson's own call event is on in every recording unless turned off: it would time
      // httpjson with a JFR event per call that its twin does not have.
      rs.disable("dev.httpjson.Call");
      rs.onEvent(
          "jdk.VirtualThreadPinned",
          e -> {
            jdk.jfr.consumer.RecordedThread t = e.getThread();
            String name = t == null ? null : t.getJavaName();
            if (name != null && name.lastIndexOf('-') > 0) {
              String group = name.substring(0, name.lastIndexOf('-'));
              pins.counts.computeIfAbsent(group, k -> new LongAdder()).increment();
              pins.stacks.computeIfAbsent(group, k -> stack(e));
            }
          });
      rs.startAsync();
      return pins;
    }

    /** Stops the recording once every event is delivered; the counts per group, or null. */
    Map<String, Long> stop() throws InterruptedException {
      if (stream == null) {
        return null;
      }
      try {
        // RecordingStream.stop() (JDK 20+) returns once every recorded event was delivered.
        jdk.jfr.consumer.RecordingStream.class.getMethod("stop").invoke(stream);
      } catch (ReflectiveOperationException e) {
        Thread.sleep(2000);
      }
      stream.close();
      Map<String, Long> out = new LinkedHashMap<>();
      counts.forEach((k, v) -> out.put(k, v.sum()));
      return out;
    }
  }

  /**
   * The server's own ceiling at {@code callers}: {@code wrk} with that many connections for
   * HTTP/1.1, {@code h2load} with one connection and that many concurrent streams for HTTP/2; NaN
   * and how to install the tool when it is absent.
   */
  static double ceiling(Protocol p, int callers, URI uri, Options o, String[] tool) {
    // Over TLS the generator's connections shake hands first, all at once; on a busy 2-CPU
    // machine that took seconds at 64 connections or more, so a TLS ceiling runs at least 10 s.
    int seconds = p.tls() ? Math.max(10, o.ceilingSeconds) : o.ceilingSeconds;
    List<String> cmd;
    Pattern rate;
    if (p.h2()) {
      cmd =
          List.of(
              "h2load",
              "-c",
              "1",
              "-m",
              Integer.toString(callers),
              "-D",
              Integer.toString(seconds),
              uri.toString());
      rate = Pattern.compile("finished in [^,]+, ([0-9.]+) req/s");
      tool[0] = "h2load -c 1 -m " + callers + ", " + seconds + " s";
    } else {
      cmd =
          List.of(
              "wrk",
              "--timeout",
              "10s",
              "-t",
              Integer.toString(Math.min(2, callers)),
              "-c",
              Integer.toString(callers),
              "-d",
              seconds + "s",
              uri.toString());
      rate = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
      tool[0] = "wrk -c " + callers + ", " + seconds + " s";
    }
    try {
      Process proc = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      StringBuilder out = new StringBuilder();
      try (BufferedReader r =
          new BufferedReader(
              new InputStreamReader(proc.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          out.append(line).append('\n');
        }
      }
      if (!proc.waitFor(seconds + 30L, TimeUnit.SECONDS)) {
        proc.destroyForcibly();
      }
      Matcher m = rate.matcher(out);
      if (!m.find()) {
        tool[0] = tool[0] + ": no rate in its output";
        System.out.println(out);
        return Double.NaN;
      }
      Matcher socketErrors = Pattern.compile("Socket errors: [^\n]*").matcher(out);
      if (socketErrors.find()) {
        tool[0] = tool[0] + ", " + socketErrors.group();
      }
      if (out.indexOf("Non-2xx") >= 0 || out.indexOf("errored") >= 0 && !errorFree(out)) {
        tool[0] = tool[0] + ", with errors";
      }
      if (Double.parseDouble(m.group(1)) == 0) {
        System.out.println(out);
        return Double.NaN;
      }
      return Double.parseDouble(m.group(1));
    } catch (IOException e) {
      tool[0] =
          (p.h2()
              ? "h2load absent (apt-get install nghttp2-client)"
              : "wrk absent (apt-get install wrk)");
      return Double.NaN;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Double.NaN;
    }
  }

  private static boolean errorFree(CharSequence h2loadOutput) {
    return Pattern.compile("\\b0 failed, 0 errored").matcher(h2loadOutput).find();
  }

  /**
   * A PKCS#12 key store (password {@code changeit}) with a self-signed EC certificate for {@code
   * 127.0.0.1} and {@code localhost}, made with this JDK's {@code keytool}.
   */
  public static Path selfSigned(Path dir) throws IOException, InterruptedException {
    Path keystore = dir.resolve("scale.p12");
    String keytool = Paths.get(System.getProperty("java.home"), "bin", "keytool").toString();
    Process p =
        new ProcessBuilder(
                keytool,
                "-genkeypair",
                "-alias",
                "server",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=localhost",
                "-ext",
                "san=ip:127.0.0.1,dns:localhost",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                keystore.toString(),
                "-storepass",
                "changeit",
                "-keypass",
                "changeit")
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IOException("keytool failed: " + out);
    }
    dir.toFile().deleteOnExit(); // deleted after the file: the last registered goes first
    keystore.toFile().deleteOnExit();
    return keystore;
  }

  /** The clients of one point, built alike for httpjson and its twin. */
  static final class Clients {
    private final SSLContext tls;
    private final X509TrustManager trust;

    Clients(SSLContext tls, X509TrustManager trust) {
      this.tls = tls;
      this.trust = trust;
    }

    /** The point's variants: httpjson, the twin by hand, and any reference. */
    record Built(
        List<String> names,
        List<Variant.Op> ops,
        List<AutoCloseable> closers,
        java.util.function.Supplier<String> negotiated)
        implements AutoCloseable {
      @Override
      public void close() {
        for (AutoCloseable c : closers) {
          try {
            c.close();
          } catch (Exception e) {
            // closing a client that ran is best effort
          }
        }
      }
    }

    HttpClient jdk(Protocol p) {
      HttpClient.Builder b =
          HttpClient.newBuilder()
              .version(p.h2() ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1);
      if (p.tls()) {
        b.sslContext(tls);
      }
      return b.build();
    }

    okhttp3.OkHttpClient okhttp(Protocol p) {
      okhttp3.OkHttpClient.Builder b =
          new okhttp3.OkHttpClient.Builder()
              .connectionPool(new okhttp3.ConnectionPool(256, 5, TimeUnit.MINUTES));
      b.protocols(
          switch (p) {
            case H1, H1_TLS -> List.of(okhttp3.Protocol.HTTP_1_1);
            case H2C -> List.of(okhttp3.Protocol.H2_PRIOR_KNOWLEDGE);
            case H2_TLS -> List.of(okhttp3.Protocol.HTTP_2, okhttp3.Protocol.HTTP_1_1);
          });
      if (p.tls()) {
        b.sslSocketFactory(tls.getSocketFactory(), trust);
      }
      return b.build();
    }

    org.apache.hc.client5.http.impl.classic.CloseableHttpClient apache5(Protocol p) {
      org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder pool =
          org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder.create()
              .setMaxConnTotal(512)
              .setMaxConnPerRoute(512);
      if (p.tls()) {
        pool.setTlsSocketStrategy(
            org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder.create()
                .setSslContext(tls)
                .buildClassic());
      }
      return org.apache.hc.client5.http.impl.classic.HttpClients.custom()
          .setConnectionManager(pool.build())
          .disableContentCompression()
          .disableCookieManagement()
          .disableRedirectHandling()
          .disableAuthCaching()
          .build();
    }

    Built build(Protocol p, Transport t, URI base) throws Exception {
      List<String> names = new ArrayList<>();
      List<Variant.Op> ops = new ArrayList<>();
      List<AutoCloseable> closers = new ArrayList<>();
      String[] protocol = {"?"};
      Scenario s = Scenario.GET_COLLECTION;
      switch (t) {
        case JDK -> {
          HttpClient a = jdk(p);
          HttpClient b = jdk(p);
          names.add("httpjson");
          ops.add(new JdkVariants.HttpJsonDefault(a).op(s, base));
          names.add("jdk by hand");
          ops.add(
              new Diagnostics.CodecDirectModel() {
                @Override
                byte[] body(URI uri) throws Exception {
                  HttpRequest request =
                      HttpRequest.newBuilder(uri).header("Accept", "application/json").build();
                  HttpResponse<byte[]> r = b.send(request, HttpResponse.BodyHandlers.ofByteArray());
                  Forecasts.checkStatus(r.statusCode());
                  protocol[0] = r.version().toString();
                  return r.body();
                }
              }.op(s, base));
          for (HttpClient c : List.of(a, b)) {
            if (c instanceof AutoCloseable closeable) {
              closers.add(closeable); // JDK 21+
            }
          }
        }
        case OKHTTP -> {
          okhttp3.OkHttpClient a = okhttp(p);
          okhttp3.OkHttpClient b = okhttp(p);
          okhttp3.OkHttpClient c = okhttp(p);
          names.add("httpjson");
          ops.add(
              new JdkVariants.HttpJsonDefault(dev.httpjson.okhttp.OkHttpTransport.newHttpClient(a))
                  .op(s, base));
          names.add("okhttp by hand");
          ops.add(
              new Diagnostics.CodecDirectModel() {
                @Override
                byte[] body(URI uri) throws Exception {
                  okhttp3.Request request =
                      new okhttp3.Request.Builder()
                          .url(uri.toString())
                          .header("Accept", "application/json")
                          .build();
                  try (okhttp3.Response response = b.newCall(request).execute()) {
                    Forecasts.checkStatus(response.code());
                    protocol[0] = response.protocol().toString();
                    return response.body().bytes();
                  }
                }
              }.op(s, base));
          names.add("retrofit");
          ops.add(new Peers.RetrofitJackson(Jackson2.newMapper(), c).op(s, base));
          for (okhttp3.OkHttpClient client : List.of(a, b, c)) {
            closers.add(
                () -> {
                  client.dispatcher().executorService().shutdown();
                  client.connectionPool().evictAll();
                });
          }
        }
        case APACHE5 -> {
          org.apache.hc.client5.http.impl.classic.CloseableHttpClient a = apache5(p);
          org.apache.hc.client5.http.impl.classic.CloseableHttpClient b = apache5(p);
          names.add("httpjson");
          ops.add(
              new JdkVariants.HttpJsonDefault(
                      dev.httpjson.apache5.Apache5Transport.newHttpClient(a))
                  .op(s, base));
          names.add("apache5 by hand");
          ops.add(
              new Diagnostics.CodecDirectModel() {
                @Override
                byte[] body(URI uri) throws Exception {
                  org.apache.hc.client5.http.classic.methods.HttpGet get =
                      new org.apache.hc.client5.http.classic.methods.HttpGet(uri);
                  get.setHeader("Accept", "application/json");
                  return b.execute(
                      get,
                      response -> {
                        Forecasts.checkStatus(response.getCode());
                        protocol[0] = String.valueOf(response.getVersion());
                        return org.apache.hc.core5.http.io.entity.EntityUtils.toByteArray(
                            response.getEntity());
                      });
                }
              }.op(s, base));
          for (org.apache.hc.client5.http.impl.classic.CloseableHttpClient client : List.of(a, b)) {
            closers.add(() -> client.close(org.apache.hc.core5.io.CloseMode.GRACEFUL));
          }
        }
      }
      return new Built(names, ops, closers, () -> protocol[0]);
    }
  }
}
