package dev.httpjson.bench;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * One measured run in this JVM: {@code Client <variant>[@config] <scenario> <base-uri> <warmup-s>
 * <duration-s> [callers]}. Each caller is a closed loop, one request in flight, every response
 * validated: one caller (the seed's loop) runs on the main thread; more run on virtual threads on
 * JDK 21+ and on platform threads on JDK 17. Completions inside the measured window are counted and
 * their latencies kept.
 *
 * <p>Prints {@code <variant> <scenario> <N> iterations in <D>s}, then {@code stats key=value ...}
 * (callers, thread kind, latency percentiles, errors, sockets the run opened that are still open
 * and their bound, the JDK). Exits 2 on the first wrong response or failed call, 3 when more
 * sockets are open at the end than the callers could hold (a leaked connection: a response that is
 * never released keeps its connection, and the next call opens another), 4 when no call completed
 * inside the measured window.
 */
public final class Client {
  /** Every variant, in table order. */
  static final Map<String, Supplier<Variant>> VARIANTS = new LinkedHashMap<>();

  static {
    VARIANTS.put("httpjson", JdkVariants.HttpJsonDefault::new);
    VARIANTS.put("httpjson-percall", JdkVariants.HttpJsonPerCall::new);
    VARIANTS.put("httpjson-inline", JdkVariants.HttpJsonInline::new);
    VARIANTS.put("httpjson-percall-timeout", JdkVariants.HttpJsonPerCallTimeout::new);
    VARIANTS.put("httpjson-async", JdkVariants.HttpJsonAsync::new);
    VARIANTS.put("jackson-static", () -> new JdkVariants.HandWritten(false));
    VARIANTS.put("jackson-percall", () -> new JdkVariants.HandWritten(true));
    VARIANTS.put("jackson-async", () -> new JdkVariants.HandWritten(false, true));
    VARIANTS.put("jackson-gzip-request", () -> new JdkVariants.HandWritten(false, false, true));
    VARIANTS.put("jdk-bytes", JdkVariants.JdkBytes::new);
    VARIANTS.put("methanol", Peers.MethanolJackson::new);
    VARIANTS.put("avaje", Peers.Avaje::new);
    VARIANTS.put("feign", Peers.FeignJackson::new);
    VARIANTS.put("spring", Peers.SpringRestClient::new);
    VARIANTS.put("retrofit", Peers.RetrofitJackson::new);
    VARIANTS.put("retrofit-web", () -> new Peers.RetrofitJackson(Jackson2Static.MAPPER));
    VARIANTS.put("okhttp-bytes", Peers.OkHttpBytes::new);
    VARIANTS.put("httpjson-okhttp", JdkVariants.HttpJsonOkHttp::new);
    VARIANTS.put("httpjson-apache5", Apache5Variants.HttpJsonApache5::new);
    VARIANTS.put("apache5-bytes", Apache5Variants.Apache5Bytes::new);
    VARIANTS.put("apache5-jackson", Apache5Variants.Apache5Jackson::new);
    VARIANTS.put("raw-socket-bytes", Apache5Variants.RawSocketBytes::new);
    VARIANTS.put("httpjson-chain-empty", () -> new JdkVariants.HttpJsonChain(false));
    VARIANTS.put("httpjson-chain-one", () -> new JdkVariants.HttpJsonChain(true));
    VARIANTS.put("httpjson-listener-noop", () -> new JdkVariants.HttpJsonChain(false, true));
    VARIANTS.put("httpjson-observed", () -> JdkVariants.observed(false));
    VARIANTS.put("httpjson-observed-noop", () -> JdkVariants.observed(true));
    VARIANTS.put("httpjson-compression-off", JdkVariants.HttpJsonCompressionOff::new);
    VARIANTS.put("httpjson-exact", JdkVariants.HttpJsonExact::new);
    VARIANTS.put("httpjson-no-timeout", JdkVariants.HttpJsonNoTimeout::new);
    VARIANTS.put("httpjson-bare", JdkVariants.HttpJsonBare::new);
    VARIANTS.put("httpjson-gzip", JdkVariants.HttpJsonGzip::new);
    VARIANTS.put("jackson-gzip", JdkVariants.HandWrittenGzip::new);
    VARIANTS.put("httpjson-gzip-request", JdkVariants.HttpJsonGzipRequest::new);
    VARIANTS.put("httpjson-limit", JdkVariants.HttpJsonLimit::new);
    VARIANTS.put("httpjson-client-nolimit", JdkVariants.HttpJsonClientNoLimit::new);
    VARIANTS.put("httpjson-client", InterfaceVariants.ClientOneLiner::new);
    VARIANTS.put("httpjson-interface", InterfaceVariants.Generated::new);
    VARIANTS.put("httpjson-interface-okhttp", InterfaceVariants.GeneratedOkHttp::new);
    // Per codec: httpjson with the codec chosen explicitly, and its hand-written baseline
    // (jackson-static, above, is Jackson 3's).
    for (Codecs.Codec codec : Codecs.ALL) {
      VARIANTS.putIfAbsent(
          codec.httpjsonVariant(), () -> new JdkVariants.HttpJsonCodec(codec.newCodec()));
      VARIANTS.putIfAbsent(
          codec.baseline, () -> new JdkVariants.HandWrittenCodec(codec.newHandWritten()));
    }
  }

  /** Diagnostic variants: accepted by name, not run by default. */
  static final Map<String, Supplier<Variant>> DIAGNOSTICS = new LinkedHashMap<>();

  static {
    DIAGNOSTICS.put("diag-handler", Diagnostics.Handler::new);
    DIAGNOSTICS.put("diag-okhttp-plain-sockets", JdkVariants.HttpJsonOkHttpPlain::new);
    DIAGNOSTICS.put("diag-async", Diagnostics.Async::new);
    DIAGNOSTICS.put("diag-okhttp-jackson3", Peers.OkHttpJackson3::new);
    DIAGNOSTICS.put(
        "diag-okhttp-jackson2",
        () -> new JdkVariants.HttpJsonOkHttpWith(JdkVariants.HttpJsonOkHttpWith.JACKSON2));
    DIAGNOSTICS.put(
        "diag-okhttp-exact-names",
        () -> new JdkVariants.HttpJsonOkHttpWith(JdkVariants.HttpJsonOkHttpWith.EXACT_NAMES));
    DIAGNOSTICS.put("diag-leak", Diagnostics.Leak::new);
    DIAGNOSTICS.put("diag-codec-direct", Diagnostics.CodecDirect::new);
    DIAGNOSTICS.put("diag-codec-direct-okhttp", Diagnostics.CodecDirectOkHttp::new);
    DIAGNOSTICS.put("diag-codec-direct-apache5", Diagnostics.CodecDirectApache5::new);
    DIAGNOSTICS.put("diag-transport-okhttp", Diagnostics.TransportDirect::okhttp);
    DIAGNOSTICS.put("diag-transport-apache5", Diagnostics.TransportDirect::apache5);
    DIAGNOSTICS.put("diag-notimeout-apache5", Diagnostics.NoTimeoutApache5::new);
    DIAGNOSTICS.put(
        "diag-transport-apache5-headers", Diagnostics.TransportDirect::apache5WithHttpJsonHeaders);
    DIAGNOSTICS.put("jackson-parse-only", ParseOnly::new);
    DIAGNOSTICS.put("httpjson-parse-only", ParseOnly.HttpJson::new);
    DIAGNOSTICS.put("jackson2-parse-only", ParseOnly.Jackson2Reader::new);
    // ./bench --cache: fixed endpoints of their own, whatever the scenario.
    CacheVariants.register(DIAGNOSTICS);
  }

  /**
   * Named variant sets for {@code --variants}. {@code quick} (the default) leaves out feign,
   * spring, retrofit and okhttp-bytes so that {@code ./bench} fits in about 10 minutes on 2 cores;
   * {@code peers} adds them and httpjson-okhttp; {@code codecs} is each codec's pair ({@link
   * Codecs}) and jdk-bytes; {@code all} is every non-diagnostic variant.
   */
  static final Map<String, List<String>> SETS = new LinkedHashMap<>();

  static {
    SETS.put(
        "quick",
        List.of(
            "httpjson",
            "httpjson-percall",
            "httpjson-percall-timeout",
            "httpjson-async",
            "jackson-static",
            "jackson-percall",
            "jackson-async",
            "jdk-bytes",
            "methanol",
            "avaje"));
    SETS.put(
        "large",
        List.of(
            "httpjson",
            "jackson-static",
            "jdk-bytes",
            "httpjson-parse-only",
            "jackson-parse-only"));
    SETS.put(
        "precise",
        List.of("jackson-static", "httpjson", "httpjson-async", "httpjson-percall-timeout"));
    SETS.put(
        "load",
        List.of(
            "httpjson",
            "httpjson-percall-timeout",
            "httpjson-async",
            "jackson-static",
            "jackson-async",
            "jdk-bytes",
            "methanol",
            "avaje",
            "feign",
            "spring",
            "retrofit",
            "okhttp-bytes",
            "httpjson-okhttp"));
    List<String> peers = new ArrayList<>(SETS.get("quick"));
    peers.addAll(List.of("feign", "spring", "retrofit", "okhttp-bytes", "httpjson-okhttp"));
    SETS.put("peers", List.copyOf(peers));
    List<String> codecs = new ArrayList<>(Codecs.pairVariants());
    codecs.add("jdk-bytes");
    SETS.put("codecs", List.copyOf(codecs));
    SETS.put("cache", CacheVariants.SET);
    SETS.put("compression", List.of("httpjson", "httpjson-compression-off"));
    // The first app a user writes: httpjson on the README's HttpClient.newHttpClient(), on the
    // JDK client tuned (HTTP/1.1, a direct executor), on each transport, and Retrofit beside.
    SETS.put(
        "first-app",
        List.of(
            "httpjson",
            "httpjson@h1",
            "httpjson@direct",
            "httpjson@h1+direct",
            "httpjson-okhttp",
            "httpjson-apache5",
            "retrofit"));
    SETS.put("gzip", List.of("jackson-gzip", "httpjson-gzip"));
    SETS.put(
        "listener",
        List.of("jackson-static", "httpjson", "httpjson-chain-empty", "httpjson-listener-noop"));
    SETS.put(
        "micrometer",
        List.of(
            "httpjson-chain-empty",
            "httpjson-chain-one",
            "httpjson-observed-noop",
            "httpjson-observed"));
    SETS.put("all", List.copyOf(VARIANTS.keySet()));
  }

  /** Peers that send through the JDK HttpClient (for the "best JDK peer" target). */
  static final List<String> JDK_PEERS = List.of("methanol", "avaje", "feign", "spring");

  /**
   * The most connections a run may leave open: a caller holds one in use, and one more may still be
   * on its way back to the pool when the caller's next call opens another (a pool may overshoot by
   * that much and keep the extra idle); a leak holds one per call and passes this within seconds.
   */
  static int socketBound(int callers) {
    return 2 * callers + 1;
  }

  /** How long the leak check waits for connections being closed to go. */
  static final long SETTLE_MILLIS = 2000;

  private Client() {}

  /** Splits {@code name@config}, checking both parts. */
  static String[] parseVariant(String spec) {
    int at = spec.indexOf('@');
    String name = at < 0 ? spec : spec.substring(0, at);
    String config = at < 0 ? "" : spec.substring(at + 1);
    if (!VARIANTS.containsKey(name) && !DIAGNOSTICS.containsKey(name)) {
      throw new IllegalArgumentException(
          "unknown variant: "
              + name
              + " ("
              + String.join(", ", VARIANTS.keySet())
              + "; sets: "
              + String.join(", ", SETS.keySet())
              + ")");
    }
    return new String[] {name, config};
  }

  /** Expands set names in a variant list ({@code quick,feign} is the quick set plus feign). */
  static List<String> expand(List<String> names) {
    List<String> out = new ArrayList<>();
    for (String n : names) {
      for (String v : SETS.getOrDefault(n, List.of(n))) {
        if (!out.contains(v)) {
          out.add(v);
        }
      }
    }
    return out;
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 5 && args.length != 6) {
      System.err.println(
          "usage: Client <variant>[@config] <scenario> <base-uri> <warmup-s> <duration-s>"
              + " [callers]");
      System.exit(64);
    }
    String spec = args[0];
    String[] parts = parseVariant(spec);
    Clients.configure(parts[1]);
    Scenario scenario = Scenario.of(args[1]);
    URI base = URI.create(args[2]);
    long warmupNanos = (long) (Double.parseDouble(args[3]) * 1e9);
    long durationNanos = (long) (Double.parseDouble(args[4]) * 1e9);
    int callers = args.length == 6 ? Integer.parseInt(args[5]) : 1;
    if (callers < 1) {
      throw new IllegalArgumentException("callers < 1: " + callers);
    }

    Supplier<Variant> factory = VARIANTS.getOrDefault(parts[0], DIAGNOSTICS.get(parts[0]));
    int socketsBefore = openSockets();
    try (Variant variant = factory.get()) {
      Variant.Op op = variant.op(scenario, base);
      long measureStart = System.nanoTime() + warmupNanos;
      long measureEnd = measureStart + durationNanos;
      Caller[] loops = new Caller[callers];
      AtomicInteger errors = new AtomicInteger();
      AtomicReference<Throwable> firstError = new AtomicReference<>();
      for (int i = 0; i < callers; i++) {
        loops[i] = new Caller(op, measureStart, measureEnd, errors, firstError);
      }
      String threads;
      if (callers == 1) {
        threads = "main";
        loops[0].run();
      } else {
        ThreadFactory threadFactory = virtualThreads();
        threads = threadFactory != null ? "virtual" : "platform";
        if (threadFactory == null) {
          threadFactory = Thread::new;
        }
        Thread[] started = new Thread[callers];
        for (int i = 0; i < callers; i++) {
          started[i] = threadFactory.newThread(loops[i]);
          started[i].start();
        }
        for (Thread t : started) {
          t.join();
        }
      }

      long warm = 0;
      int total = 0;
      for (Caller c : loops) {
        warm += c.warm;
        total += c.count;
      }
      long[] latencies = new long[total];
      int at = 0;
      for (Caller c : loops) {
        System.arraycopy(c.latencies, 0, latencies, at, c.count);
        at += c.count;
      }
      Arrays.sort(latencies);
      int bound = socketBound(callers);
      // Connections that a client closes asynchronously (after a cancelled body, say) may still be
      // open for a moment; a leaked one stays open. Give the former up to SETTLE_MILLIS.
      int sockets = -1;
      long settleEnd = System.nanoTime() + SETTLE_MILLIS * 1_000_000L;
      while (socketsBefore >= 0) {
        int after = openSockets();
        sockets = after < 0 ? -1 : after - socketsBefore;
        if (sockets <= bound || System.nanoTime() > settleEnd) {
          break;
        }
        Thread.sleep(50);
      }
      double seconds = durationNanos / 1e9;
      if (errors.get() > 0) {
        Throwable e = firstError.get();
        System.out.println(
            "ERROR "
                + spec
                + " "
                + scenario.id()
                + ": "
                + errors.get()
                + " failed calls, first: "
                + e);
        e.printStackTrace();
        System.out.flush();
        System.exit(2);
      }
      if (total == 0) {
        // A call begun in the warm-up that ends after the window measures nothing: no rate.
        System.out.println(
            "ERROR "
                + spec
                + " "
                + scenario.id()
                + ": no call completed inside the measured window (warm-up calls: "
                + warm
                + "); lengthen --warmup or --duration");
        System.out.flush();
        System.exit(4);
      }
      System.out.printf(
          Locale.ROOT, "%s %s %d iterations in %.2fs%n", spec, scenario.id(), total, seconds);
      System.out.printf(
          Locale.ROOT,
          "stats callers=%d threads=%s p50us=%.1f p99us=%.1f maxus=%.1f errors=%d sockets=%d"
              + " socketBound=%d java=%s%n",
          callers,
          threads,
          percentile(latencies, 0.50) / 1e3,
          percentile(latencies, 0.99) / 1e3,
          total == 0 ? Double.NaN : latencies[total - 1] / 1e3,
          errors.get(),
          sockets,
          bound,
          Runtime.version());
      System.out.printf(Locale.ROOT, "(warm-up: %d iterations)%n", warm);
      if (sockets > bound) {
        System.out.println(
            "ERROR "
                + spec
                + " "
                + scenario.id()
                + ": leaked connections: "
                + sockets
                + " sockets opened by the run are still open, more than "
                + bound
                + " (2 x "
                + callers
                + " callers + 1)");
        System.out.flush();
        System.exit(3);
      }
    }
    System.exit(0);
  }

  /** One closed loop; counts completions inside [start, end) and keeps their latencies. */
  private static final class Caller implements Runnable {
    private final Variant.Op op;
    private final long start;
    private final long end;
    private final AtomicInteger errors;
    private final AtomicReference<Throwable> firstError;
    long[] latencies = new long[1 << 14];
    int count;
    long warm;

    Caller(
        Variant.Op op,
        long start,
        long end,
        AtomicInteger errors,
        AtomicReference<Throwable> firstError) {
      this.op = op;
      this.start = start;
      this.end = end;
      this.errors = errors;
      this.firstError = firstError;
    }

    @Override
    public void run() {
      try {
        while (errors.get() == 0) {
          long a = System.nanoTime();
          op.run();
          long b = System.nanoTime();
          if (b < start) {
            warm++;
          } else if (b < end) {
            if (count == latencies.length) {
              latencies = Arrays.copyOf(latencies, count * 2);
            }
            latencies[count++] = b - a;
          } else {
            return;
          }
        }
      } catch (Exception | Error e) {
        errors.incrementAndGet();
        firstError.compareAndSet(null, e);
      }
    }
  }

  /** Nearest-rank percentile of sorted values, or NaN when there are none. */
  static double percentile(long[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(p * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  /**
   * {@code Thread.ofVirtual().factory()} on JDK 21+, looked up reflectively because this module
   * compiles with {@code --release 17}; {@code null} on older JDKs.
   */
  static ThreadFactory virtualThreads() {
    if (Runtime.version().feature() < 21) {
      return null;
    }
    try {
      Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
      Method factory = Class.forName("java.lang.Thread$Builder").getMethod("factory");
      return (ThreadFactory) factory.invoke(builder);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("JDK " + Runtime.version() + " without virtual threads", e);
    }
  }

  /**
   * TCP sockets this process holds open (Linux: {@code /proc/self/fd} links matched against the
   * inodes in {@code /proc/self/net/tcp} and {@code tcp6}), or -1 where that is unknown. Other
   * sockets (the JDK's own Unix-domain pairs) are not connections and are not counted.
   */
  static int openSockets() {
    Path fds = Paths.get("/proc/self/fd");
    if (!Files.isDirectory(fds)) {
      return -1;
    }
    Set<String> tcp = new HashSet<>();
    for (String table : List.of("/proc/self/net/tcp", "/proc/self/net/tcp6")) {
      try {
        List<String> lines = Files.readAllLines(Paths.get(table));
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
          String[] cols = line.trim().split("\\s+");
          if (cols.length > 9) {
            tcp.add("socket:[" + cols[9] + "]");
          }
        }
      } catch (IOException e) {
        // no IPv6, or not Linux
      }
    }
    int sockets = 0;
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(fds)) {
      for (Path fd : dir) {
        try {
          if (tcp.contains(Files.readSymbolicLink(fd).toString())) {
            sockets++;
          }
        } catch (IOException e) {
          // closed while listing (the directory stream's own fd among them)
        }
      }
    } catch (IOException e) {
      return -1;
    }
    return sockets;
  }
}
