package dev.httpjson.bench;

import java.net.http.HttpClient;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * How the JDK {@link HttpClient} is configured for a run. A variant name may carry a configuration
 * after {@code @}, e.g. {@code httpjson@h1+direct}:
 *
 * <ul>
 *   <li>(none) {@code HttpClient.newHttpClient()}: HTTP/2 preferred, default executor (a cached
 *       pool; every response hops to it).
 *   <li>{@code h1}: {@code version(HTTP_1_1)}.
 *   <li>{@code direct}: {@code executor(Runnable::run)}: completions run on the client's selector
 *       thread.
 *   <li>{@code pool}: a fixed pool of 2 daemon threads.
 * </ul>
 */
final class Clients {
  private static volatile String config = "";

  private Clients() {}

  static void configure(String value) {
    for (String part : value.split("\\+")) {
      if (!part.isEmpty() && !part.equals("h1") && !part.equals("direct") && !part.equals("pool")) {
        throw new IllegalArgumentException("unknown client configuration: " + part);
      }
    }
    config = value;
  }

  static boolean has(String part) {
    for (String p : config.split("\\+")) {
      if (p.equals(part)) {
        return true;
      }
    }
    return false;
  }

  /** Applies the configuration to a builder (Methanol's builder is one too). */
  static <B extends HttpClient.Builder> B apply(B builder) {
    if (has("h1")) {
      builder.version(HttpClient.Version.HTTP_1_1);
    }
    Executor executor = executor();
    if (executor != null) {
      builder.executor(executor);
    }
    return builder;
  }

  static Executor executor() {
    if (has("direct")) {
      return Runnable::run;
    }
    if (has("pool")) {
      return Executors.newFixedThreadPool(
          2,
          r -> {
            Thread t = new Thread(r, "bench-client-pool");
            t.setDaemon(true);
            return t;
          });
    }
    return null;
  }

  /** The JDK client every JDK-based variant shares (one per JVM). */
  static HttpClient jdk() {
    return config.isEmpty() ? HttpClient.newHttpClient() : apply(HttpClient.newBuilder()).build();
  }
}
