package dev.httpjson.bench;

import dev.httpjson.HttpCache;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonType;
import dev.httpjson.bench.server.BenchServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;

/**
 * The variants of {@code ./bench --cache}: an {@link HttpJsonClient} with an in-memory {@link
 * HttpCache} beside the same client without one, on one transport and one endpoint each, so that
 * each pair differs only in the cache. They ignore the scenario: each reads its own endpoint (the
 * JDK bench server's {@code /cache/...}, or the plain collection). {@link #op} checks, before any
 * slice, that the cache does what the pair is about (hits, revalidates, or never hits), so a figure
 * can never come from a cache that silently did something else.
 */
final class CacheVariants {
  private CacheVariants() {}

  private static final JsonType<List<WeatherForecast>> LIST =
      JsonType.listOf(WeatherForecast.class);

  /** What the cache must do on the variant's endpoint, checked before the run. */
  enum Expect {
    /** No cache: every call goes to the server. */
    NONE,
    /** Every call after the first is a fresh hit. */
    HIT,
    /** Every call after the first is a 304 revalidation. */
    REVALIDATED,
    /** The cache is there but never answers. */
    NEVER
  }

  /** The variant set of {@code ./bench --cache}, each cached variant before its uncached twin. */
  static final List<String> SET =
      List.of(
          "cache-hit",
          "cache-network",
          "cache-hit-okhttp",
          "cache-network-okhttp",
          "cache-hit-apache5",
          "cache-network-apache5",
          "cache-304",
          "cache-200",
          "cache-304-bytes",
          "cache-200-bytes",
          "cache-plain-on",
          "cache-plain-off",
          "cache-nostore-on",
          "cache-nostore-off");

  /**
   * The bars of the issue, as (cached, uncached, target) pairs: a fresh hit ≥ 10× a loopback call
   * on each transport, a 304 of the ~50 KB body ≥ 1.3× its full 200, a cache that never hits ≥ 0.98
   * of no cache (a response stored on every call but never reused, and one never stored).
   */
  static final List<String[]> BARS =
      List.of(
          new String[] {"cache-hit", "cache-network", "10"},
          new String[] {"cache-hit-okhttp", "cache-network-okhttp", "10"},
          new String[] {"cache-hit-apache5", "cache-network-apache5", "10"},
          new String[] {"cache-304", "cache-200", "1.3"},
          new String[] {"cache-304-bytes", "cache-200-bytes", "1.3"},
          new String[] {"cache-plain-on", "cache-plain-off", "0.98"},
          new String[] {"cache-nostore-on", "cache-nostore-off", "0.98"});

  static void register(java.util.Map<String, java.util.function.Supplier<Variant>> variants) {
    String fresh = BenchServer.Endpoints.CACHE_FRESH;
    String etag = BenchServer.Endpoints.CACHE_ETAG;
    String plain = BenchServer.Endpoints.CACHE_CHURN;
    String noStore = BenchServer.Endpoints.CACHE_NO_STORE;
    int small = Forecasts.COLLECTION_SIZE;
    int big = Forecasts.CACHE_BODY_SIZE;
    variants.put("cache-hit", () -> new Call("jdk", fresh, small, Expect.HIT));
    variants.put("cache-network", () -> new Call("jdk", fresh, small, Expect.NONE));
    variants.put("cache-hit-okhttp", () -> new Call("okhttp", fresh, small, Expect.HIT));
    variants.put("cache-network-okhttp", () -> new Call("okhttp", fresh, small, Expect.NONE));
    variants.put("cache-hit-apache5", () -> new Call("apache5", fresh, small, Expect.HIT));
    variants.put("cache-network-apache5", () -> new Call("apache5", fresh, small, Expect.NONE));
    variants.put("cache-304", () -> new Call("jdk", etag, big, Expect.REVALIDATED));
    variants.put("cache-200", () -> new Call("jdk", etag, big, Expect.NONE));
    variants.put("cache-304-bytes", () -> new Bytes(etag, big, true, false));
    variants.put("cache-200-bytes", () -> new Bytes(etag, big, false, false));
    variants.put("cache-304-bytes-count", () -> new Bytes(etag, big, true, true));
    variants.put("cache-304-wire", () -> new Wire304(etag, big));
    variants.put("cache-plain-on", () -> new Call("jdk", plain, small, Expect.NEVER));
    variants.put("cache-plain-off", () -> new Call("jdk", plain, small, Expect.NONE));
    variants.put("cache-nostore-on", () -> new Call("jdk", noStore, small, Expect.NEVER));
    variants.put("cache-nostore-off", () -> new Call("jdk", noStore, small, Expect.NONE));
  }

  /** The transport's client, following no redirects (a cache stores nothing for one that does). */
  static HttpClient transport(String transport) {
    switch (transport) {
      case "jdk":
        return Clients.jdk();
      case "okhttp":
        return dev.httpjson.okhttp.OkHttpTransport.newHttpClient(
            new okhttp3.OkHttpClient.Builder().followRedirects(false).build());
      case "apache5":
        return dev.httpjson.apache5.Apache5Transport.newHttpClient();
      default:
        throw new IllegalArgumentException(transport);
    }
  }

  /** One GET of a fixed path through an {@link HttpJsonClient}, with a cache or without. */
  static final class Call implements Variant {
    private final String transport;
    private final String path;
    private final int items;
    private final Expect expect;

    Call(String transport, String path, int items, Expect expect) {
      this.transport = transport;
      this.path = path;
      this.items = items;
      this.expect = expect;
    }

    @Override
    public Op op(Scenario scenario, URI base) throws Exception {
      HttpJsonClient.Builder b = HttpJsonClient.newBuilder(transport(transport)).baseUri(base);
      HttpCache cache = expect == Expect.NONE ? null : HttpCache.inMemory(64L << 20);
      if (cache != null) {
        b.cache(cache);
      }
      HttpJsonClient api = b.build();
      Op op = () -> Forecasts.check(api.getFromJson(path, LIST), items);
      for (int i = 0; i < 3; i++) {
        op.run();
      }
      if (cache != null) {
        long hits = cache.hitCount();
        long revalidations = cache.revalidationCount();
        boolean ok =
            switch (expect) {
              case HIT -> hits == 2 && revalidations == 0;
              case REVALIDATED -> hits == 0 && revalidations == 2;
              case NEVER -> hits == 0 && revalidations == 0;
              case NONE -> true;
            };
        if (!ok) {
          throw new IllegalStateException(
              "cache on "
                  + transport
                  + " "
                  + path
                  + ": expected "
                  + expect
                  + " after 3 calls, got "
                  + hits
                  + " hits, "
                  + revalidations
                  + " revalidations, size "
                  + cache.size());
        }
      }
      return op;
    }
  }

  /**
   * The same exchange through {@link HttpCache#decorate} on the JDK client, the body read as bytes
   * and not decoded: what the cache saves on the wire, the decoding that both sides do left out.
   * The first body is checked for its item count; every later one must be the same bytes (a full
   * comparison, a few microseconds for 50 KB). With {@code count}, every body's items are counted
   * instead, as before: a byte scan that costs more than the exchange it checks.
   */
  static final class Bytes implements Variant {
    private final String path;
    private final int items;
    private final boolean cached;
    private final boolean count;

    Bytes(String path, int items, boolean cached, boolean count) {
      this.path = path;
      this.items = items;
      this.cached = cached;
      this.count = count;
    }

    @Override
    public Op op(Scenario scenario, URI base) throws Exception {
      HttpCache cache = cached ? HttpCache.inMemory(64L << 20) : null;
      HttpClient client = cache == null ? Clients.jdk() : cache.decorate(Clients.jdk());
      java.net.http.HttpRequest request =
          java.net.http.HttpRequest.newBuilder(base.resolve(path))
              .header("Accept", "application/json")
              .build();
      // Without the count: the first body, which every later call must repeat byte for byte.
      byte[][] first = {null};
      Op op =
          () -> {
            java.net.http.HttpResponse<byte[]> r =
                client.send(request, java.net.http.HttpResponse.BodyHandlers.ofByteArray());
            Forecasts.checkStatus(r.statusCode());
            if (count) {
              Forecasts.checkJson(r.body(), items);
            } else if (first[0] == null) {
              first[0] = Forecasts.checkJson(r.body(), items);
            } else if (!java.util.Arrays.equals(r.body(), first[0])) {
              throw new IllegalStateException(
                  "a body of "
                      + r.body().length
                      + " bytes unlike the first ("
                      + first[0].length
                      + ")");
            }
          };
      for (int i = 0; i < 3; i++) {
        op.run();
      }
      if (cache != null && cache.revalidationCount() != 2) {
        throw new IllegalStateException(
            "cache on " + path + ": expected 2 revalidations, got " + cache.revalidationCount());
      }
      return op;
    }
  }

  /**
   * The 304 exchange of {@code cache-304-bytes} made by hand, without a cache: the JDK client sends
   * the ETag of the body and gets the empty 304. Beside {@code cache-304-bytes}: what the cache
   * adds to the network exchange of a revalidation.
   */
  static final class Wire304 implements Variant {
    private final String path;
    private final int items;

    Wire304(String path, int items) {
      this.path = path;
      this.items = items;
    }

    @Override
    public Op op(Scenario scenario, URI base) throws Exception {
      HttpClient client = Clients.jdk();
      java.net.URI uri = base.resolve(path);
      java.net.http.HttpResponse<byte[]> first =
          client.send(
              java.net.http.HttpRequest.newBuilder(uri)
                  .header("Accept", "application/json")
                  .build(),
              java.net.http.HttpResponse.BodyHandlers.ofByteArray());
      Forecasts.checkJson(first.body(), items);
      String etag =
          first
              .headers()
              .firstValue("ETag")
              .orElseThrow(() -> new IllegalStateException("no ETag on " + path));
      java.net.http.HttpRequest request =
          java.net.http.HttpRequest.newBuilder(uri)
              .header("Accept", "application/json")
              .header("If-None-Match", etag)
              .build();
      return () -> {
        int status =
            client.send(request, java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode();
        if (status != 304) {
          throw new IllegalStateException("status " + status + ", not 304");
        }
      };
    }
  }
}
