package dev.httpjson.bench.server;

import dev.httpjson.bench.Forecasts;
import java.io.IOException;

/**
 * The seed's server: four endpoints under {@code /weatherforecast}, in its own JVM. Prints {@code
 * READY <port>} on stdout once it accepts connections and stops when stdin closes (so it never
 * outlives the runner).
 *
 * <p>Usage: {@code BenchServer [jdk|jetty|undertow|undertow-h2] [port] [threads]} (default {@code
 * jdk}, port 0 = ephemeral; {@code threads} is the JDK server's handler pool, 0 = the dispatcher
 * thread).
 */
public final class BenchServer {
  private BenchServer() {}

  /** What every implementation answers; shared so that only the transport differs. */
  public static final class Endpoints {
    private Endpoints() {}

    /** The collection, gzip-compressed ({@code Content-Encoding: gzip}). */
    public static final String GZIP_COLLECTION = "/weatherforecast/getCollectionGzip";

    /**
     * {@link #handle(String, String, byte[])} for a request body in {@code contentEncoding}: a gzip
     * body (the request-compression variants send one) is decoded first, as an ingest API does.
     */
    public static Reply handle(
        String method, String path, byte[] requestBody, String contentEncoding) {
      if (contentEncoding == null || !contentEncoding.trim().equalsIgnoreCase("gzip")) {
        return handle(method, path, requestBody);
      }
      try {
        return handle(method, path, gunzip(requestBody));
      } catch (IOException | java.util.zip.DataFormatException e) {
        return Reply.status(400);
      }
    }

    /** One inflater per server thread, reset per body, as an ingest server keeps them. */
    private static final ThreadLocal<java.util.zip.Inflater> INFLATERS =
        ThreadLocal.withInitial(() -> new java.util.zip.Inflater(true));

    /**
     * A gzip body decoded with this thread's inflater into an array of the size its trailer states;
     * a member with optional header fields or more than one member goes through {@link
     * java.util.zip.GZIPInputStream}.
     */
    private static byte[] gunzip(byte[] gz) throws IOException, java.util.zip.DataFormatException {
      int n = gz.length;
      if (n < 18 || (gz[0] & 0xff) != 0x1f || (gz[1] & 0xff) != 0x8b || gz[2] != 8 || gz[3] != 0) {
        try (java.util.zip.GZIPInputStream in =
            new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(gz))) {
          return in.readAllBytes();
        }
      }
      int size =
          (gz[n - 4] & 0xff)
              | (gz[n - 3] & 0xff) << 8
              | (gz[n - 2] & 0xff) << 16
              | (gz[n - 1] & 0xff) << 24;
      if (size < 0 || size > 64 << 20) {
        throw new IOException("gzip size " + size);
      }
      java.util.zip.Inflater inflater = INFLATERS.get();
      inflater.reset();
      inflater.setInput(gz, 10, n - 18);
      byte[] out = new byte[size];
      int at = 0;
      byte[] past = new byte[1]; // the end of the stream may still be unread once out is full
      while (!inflater.finished()) {
        int k = at < size ? inflater.inflate(out, at, size - at) : inflater.inflate(past);
        if (k == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
          break;
        }
        at += k;
      }
      java.util.zip.CRC32 crc = new java.util.zip.CRC32();
      crc.update(out, 0, at);
      int expected =
          (gz[n - 8] & 0xff)
              | (gz[n - 7] & 0xff) << 8
              | (gz[n - 6] & 0xff) << 16
              | (gz[n - 5] & 0xff) << 24;
      if (at != size || !inflater.finished() || (int) crc.getValue() != expected) {
        throw new IOException("corrupt gzip body");
      }
      return out;
    }

    /** The cache benchmark's fresh collection: {@code Cache-Control: max-age=3600}. */
    public static final String CACHE_FRESH = "/cache/fresh";

    /**
     * The cache benchmark's ~50 KB body ({@link Forecasts#cacheBodyJson()}), stale at once ({@code
     * Cache-Control: no-cache}) with an {@code ETag}: a matching {@code If-None-Match} gets a 304.
     */
    public static final String CACHE_ETAG = "/cache/etag50k";

    /**
     * The cache benchmark's collection that no cache may store: {@code Cache-Control: no-store}.
     */
    public static final String CACHE_NO_STORE = "/cache/nostore";

    /**
     * The cache benchmark's collection stored on every call and never reused: {@code Cache-Control:
     * no-cache} with a new {@code ETag} each time, so a revalidation never matches.
     */
    public static final String CACHE_CHURN = "/cache/churn";

    private static final String CACHE_ETAG_VALUE = "\"v1-50k\"";

    private static final java.util.concurrent.atomic.AtomicLong CHURN =
        new java.util.concurrent.atomic.AtomicLong();

    /**
     * The cache benchmark's endpoints (under {@code /cache/}), which answer with caching headers;
     * {@code ifNoneMatch} is the request's {@code If-None-Match}, or null.
     */
    public static Reply cache(String method, String path, String ifNoneMatch) {
      if (!"GET".equals(method)) {
        return Reply.status(405);
      }
      switch (path) {
        case CACHE_FRESH:
          return Reply.json(Forecasts.randomListJson())
              .with("Cache-Control", "max-age=3600")
              .with(
                  "Date",
                  java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(
                      java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC)));
        case CACHE_ETAG:
          if (ifNoneMatch != null && ifNoneMatch.contains(CACHE_ETAG_VALUE)) {
            return Reply.status(304)
                .with("Cache-Control", "no-cache")
                .with("ETag", CACHE_ETAG_VALUE);
          }
          return Reply.json(Forecasts.cacheBodyJson())
              .with("Cache-Control", "no-cache")
              .with("ETag", CACHE_ETAG_VALUE);
        case CACHE_NO_STORE:
          return Reply.json(Forecasts.randomListJson()).with("Cache-Control", "no-store");
        case CACHE_CHURN:
          return Reply.json(Forecasts.randomListJson())
              .with("Cache-Control", "no-cache")
              .with("ETag", "\"c" + CHURN.incrementAndGet() + "\"");
        default:
          return Reply.status(404);
      }
    }

    /** 200 with this body, 204 for {@code null}; {@code status} set to 404/400 on error. */
    public static Reply handle(String method, String path, byte[] requestBody) {
      switch (path) {
        case "/weatherforecast/getCollection":
          return "GET".equals(method) ? Reply.json(Forecasts.randomListJson()) : Reply.status(405);
        case "/weatherforecast/getCollectionPlain":
          return "GET".equals(method)
              ? Reply.json(Forecasts.randomPlainListJson())
              : Reply.status(405);
        case GZIP_COLLECTION:
          // Always gzip (the compression variants ask for it): the client's decoding is priced.
          return "GET".equals(method) ? Reply.gzip(Forecasts.randomListJson()) : Reply.status(405);
        case "/weatherforecast/getObject":
          return "GET".equals(method)
              ? Reply.json(Forecasts.randomObjectJson())
              : Reply.status(405);
        case "/weatherforecast/getLarge":
          return "GET".equals(method) ? Reply.json(Forecasts.largeListJson()) : Reply.status(405);
        case "/weatherforecast/postCollection":
          return post(method, requestBody, Forecasts.COLLECTION_SIZE, '[');
        case "/weatherforecast/postObject":
          return post(method, requestBody, 1, '{');
        default:
          return Reply.status(404);
      }
    }

    private static Reply post(String method, byte[] body, int items, char open) {
      if (!"POST".equals(method)) {
        return Reply.status(405);
      }
      int i = 0;
      while (i < body.length && Character.isWhitespace(body[i])) {
        i++;
      }
      if (i == body.length || body[i] != open || Forecasts.countItems(body, body.length) != items) {
        return Reply.status(400);
      }
      return Reply.status(204);
    }
  }

  /** A status and an optional JSON body. */
  public static final class Reply {
    public final int status;
    public final byte[] body;

    /** The {@code Content-Encoding} of {@link #body}, or null. */
    public final String encoding;

    /** More response header fields, name then value (the cache benchmark's). */
    public final java.util.List<String> headers = new java.util.ArrayList<>();

    private Reply(int status, byte[] body, String encoding) {
      this.status = status;
      this.body = body;
      this.encoding = encoding;
    }

    Reply with(String name, String value) {
      headers.add(name);
      headers.add(value);
      return this;
    }

    static Reply json(byte[] body) {
      return new Reply(200, body, null);
    }

    static Reply gzip(byte[] body) {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(body.length);
      try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(out)) {
        gz.write(body);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      return new Reply(200, out.toByteArray(), "gzip");
    }

    static Reply status(int status) {
      return new Reply(status, new byte[0], null);
    }
  }

  /** A running server. */
  public interface Running {
    int port();

    void stop() throws Exception;
  }

  public static void main(String[] args) throws Exception {
    String kind = args.length > 0 ? args[0] : "jdk";
    int port = args.length > 1 ? Integer.parseInt(args[1]) : 0;
    int threads = args.length > 2 ? Integer.parseInt(args[2]) : 0;
    Running server;
    if (kind.equals("undertow-h2")) {
      // The scale benchmark's: h2c beside HTTP/1.1, and TLS with ALPN on a second port, with the
      // key in the PKCS#12 file named by -Dbench.keystore.
      int[] tlsPort = new int[1];
      server = UndertowServer.startH2(port, System.getProperty("bench.keystore"), tlsPort);
      System.out.println("READY " + server.port() + " " + kind + " " + tlsPort[0]);
    } else {
      server = start(kind, port, threads);
      System.out.println("READY " + server.port() + " " + kind);
    }
    System.out.flush();
    // Stop when the parent closes our stdin (or dies).
    try {
      while (System.in.read() >= 0) {
        // ignore input
      }
    } catch (IOException e) {
      // parent gone
    }
    server.stop();
    System.exit(0);
  }

  static Running start(String kind, int port, int threads) throws Exception {
    switch (kind) {
      case "jdk":
        return JdkServer.start(port, threads);
      case "jetty":
        return JettyServer.start(port);
      case "undertow":
        return UndertowServer.start(port);
      default:
        throw new IllegalArgumentException("unknown server: " + kind + " (jdk, jetty, undertow)");
    }
  }
}
