package dev.httpjson.bench;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One measured run in this JVM: {@code Client <variant>[@config] <scenario> <base-uri> <warmup-s>
 * <duration-s>}. One worker, one request in flight, every response validated. Prints {@code
 * <variant> <scenario> <N> iterations in <D>s}; exits 2 on the first wrong response.
 */
public final class Client {
  /** Every variant, in table order. */
  static final Map<String, Supplier<Variant>> VARIANTS = new LinkedHashMap<>();

  static {
    VARIANTS.put("httpjson", JdkVariants.HttpJsonDefault::new);
    VARIANTS.put("httpjson-percall", JdkVariants.HttpJsonPerCall::new);
    VARIANTS.put("jackson-static", () -> new JdkVariants.HandWritten(false));
    VARIANTS.put("jackson-percall", () -> new JdkVariants.HandWritten(true));
    VARIANTS.put("jdk-bytes", JdkVariants.JdkBytes::new);
    VARIANTS.put("methanol", Peers.MethanolJackson::new);
    VARIANTS.put("avaje", Peers.Avaje::new);
    VARIANTS.put("feign", Peers.FeignJackson::new);
    VARIANTS.put("spring", Peers.SpringRestClient::new);
    VARIANTS.put("retrofit", Peers.RetrofitJackson::new);
    VARIANTS.put("okhttp-bytes", Peers.OkHttpBytes::new);
  }

  /** Diagnostic variants: accepted by name, not run by default. */
  static final Map<String, Supplier<Variant>> DIAGNOSTICS = new LinkedHashMap<>();

  static {
    DIAGNOSTICS.put("diag-handler", Diagnostics.Handler::new);
    DIAGNOSTICS.put("diag-async", Diagnostics.Async::new);
  }

  /** Peers that send through the JDK HttpClient (for the "best JDK peer" target). */
  static final List<String> JDK_PEERS = List.of("methanol", "avaje", "feign", "spring");

  private Client() {}

  /** Splits {@code name@config}, checking both parts. */
  static String[] parseVariant(String spec) {
    int at = spec.indexOf('@');
    String name = at < 0 ? spec : spec.substring(0, at);
    String config = at < 0 ? "" : spec.substring(at + 1);
    if (!VARIANTS.containsKey(name) && !DIAGNOSTICS.containsKey(name)) {
      throw new IllegalArgumentException(
          "unknown variant: " + name + " (" + String.join(", ", VARIANTS.keySet()) + ")");
    }
    return new String[] {name, config};
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 5) {
      System.err.println(
          "usage: Client <variant>[@config] <scenario> <base-uri> <warmup-s> <duration-s>");
      System.exit(64);
    }
    String spec = args[0];
    String[] parts = parseVariant(spec);
    Clients.configure(parts[1]);
    Scenario scenario = Scenario.of(args[1]);
    URI base = URI.create(args[2]);
    long warmupNanos = (long) (Double.parseDouble(args[3]) * 1e9);
    long durationNanos = (long) (Double.parseDouble(args[4]) * 1e9);

    Supplier<Variant> factory = VARIANTS.getOrDefault(parts[0], DIAGNOSTICS.get(parts[0]));
    try (Variant variant = factory.get()) {
      Variant.Op op = variant.op(scenario, base);
      long warmupEnd = System.nanoTime() + warmupNanos;
      long warm = 0;
      try {
        do {
          op.run();
          warm++;
        } while (System.nanoTime() < warmupEnd);
        long start = System.nanoTime();
        long end = start + durationNanos;
        long n = 0;
        long now;
        do {
          op.run();
          n++;
          now = System.nanoTime();
        } while (now < end);
        double seconds = (now - start) / 1e9;
        System.out.printf(
            Locale.ROOT, "%s %s %d iterations in %.2fs%n", spec, scenario.id(), n, seconds);
        System.out.printf(Locale.ROOT, "(warm-up: %d iterations)%n", warm);
      } catch (Exception | Error e) {
        System.out.println("ERROR " + spec + " " + scenario.id() + ": " + e);
        e.printStackTrace();
        System.out.flush();
        System.exit(2);
      }
    }
    System.exit(0);
  }
}
