package dev.httpjson.interop;

import dev.httpjson.HttpCache;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The reverse proxy through which the public HTTP cache test suite (http-tests/cache-tests) reaches
 * its origin server: every request it receives on loopback goes through {@code
 * HttpCache.inMemory(...).decorate(HttpClient.newHttpClient())} to the origin, and the response
 * (status, headers, body) is written back as received. Run by {@code interop/cache-suite/run}; not
 * a test.
 *
 * <p>Arguments: the origin's base URI ({@code http://127.0.0.1:PORT}), a file to write the port it
 * listens on to, and the most seconds it may live (it exits by itself after them, so a lost run
 * never leaves it behind).
 *
 * <p>What it does not forward: the request's hop-by-hop fields ({@code Connection} and those it
 * lists, {@code Keep-Alive}, {@code TE}, {@code Transfer-Encoding}, {@code Upgrade}, {@code
 * Proxy-Connection}) and the fields the JDK client sets itself or refuses ({@code Host}, {@code
 * Content-Length}, {@code Expect}); any other field the JDK client refuses is logged ({@code not
 * forwarded}). The suite's command-line client adds {@code Pragma: foo} and {@code Cache-Control:
 * nothing-to-see-here} to every request (so that Node's fetch adds no {@code no-cache} of its own);
 * those two members are removed, so that the cache sees the request a browser's cache sees. In
 * responses it writes its own framing ({@code Content-Length}), never the origin's {@code
 * Transfer-Encoding}, {@code Connection} or {@code Keep-Alive}; interim (1xx) responses are not
 * forwarded (the JDK client does not expose them).
 */
final class CacheSuiteProxy {
  private static final Set<String> HOP_BY_HOP =
      Set.of(
          "connection",
          "keep-alive",
          "te",
          "transfer-encoding",
          "upgrade",
          "proxy-connection",
          "host",
          "content-length",
          "expect",
          "trailer");
  private static final Set<String> RESPONSE_FRAMING =
      Set.of("content-length", "transfer-encoding", "connection", "keep-alive");

  private final URI origin;
  private final HttpClient client;
  private final PrintStream log;
  private final Map<String, String> refused = new ConcurrentHashMap<>();

  private CacheSuiteProxy(URI origin, HttpClient client, PrintStream log) {
    this.origin = origin;
    this.client = client;
    this.log = log;
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: CacheSuiteProxy <origin base URI> <port file> <max seconds>");
      System.exit(2);
    }
    URI origin = URI.create(args[0]);
    Path portFile = Path.of(args[1]);
    long maxSeconds = Long.parseLong(args[2]);
    Thread deadline =
        new Thread(
            () -> {
              try {
                Thread.sleep(TimeUnit.SECONDS.toMillis(maxSeconds));
                System.err.println("cache-suite proxy: " + maxSeconds + " s elapsed, exiting");
                System.exit(3);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "cache-suite-deadline");
    deadline.setDaemon(true);
    deadline.start();

    HttpClient client = HttpCache.inMemory(256L << 20).decorate(HttpClient.newHttpClient());
    CacheSuiteProxy proxy = new CacheSuiteProxy(origin, client, System.err);
    ExecutorService connections =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "cache-suite-connection");
              t.setDaemon(true);
              return t;
            });
    try (ServerSocket server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress())) {
      Path tmp = portFile.resolveSibling(portFile.getFileName() + ".tmp");
      Files.writeString(tmp, Integer.toString(server.getLocalPort()));
      Files.move(tmp, portFile, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
      System.err.println(
          "cache-suite proxy: http://127.0.0.1:" + server.getLocalPort() + "/ -> " + origin);
      while (true) {
        Socket socket = server.accept();
        connections.execute(() -> proxy.serve(socket));
      }
    }
  }

  private void serve(Socket socket) {
    try (socket) {
      socket.setSoTimeout(60_000);
      InputStream in = new BufferedInputStream(socket.getInputStream());
      OutputStream out = new BufferedOutputStream(socket.getOutputStream());
      while (true) {
        Request request = Request.read(in);
        if (request == null) {
          return;
        }
        boolean close = request.wantsClose();
        exchange(request, out);
        out.flush();
        if (close) {
          return;
        }
      }
    } catch (IOException | RuntimeException e) {
      log.println("cache-suite proxy: connection ended: " + e);
    }
  }

  private void exchange(Request request, OutputStream out) throws IOException {
    long start = System.nanoTime();
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(origin.resolve(request.target)).timeout(Duration.ofSeconds(20));
    if (request.method.equals("GET") && !request.hasBody) {
      builder.GET();
    } else {
      builder.method(
          request.method,
          request.hasBody
              ? HttpRequest.BodyPublishers.ofByteArray(request.body)
              : HttpRequest.BodyPublishers.noBody());
    }
    Set<String> listed = request.connectionListed();
    for (String[] field : request.headers) {
      String name = field[0].toLowerCase(Locale.ROOT);
      if (HOP_BY_HOP.contains(name) || listed.contains(name)) {
        continue;
      }
      String value = withoutSuiteNoise(name, field[1]);
      if (value == null) {
        continue;
      }
      try {
        builder.header(field[0], value);
      } catch (IllegalArgumentException e) {
        if (refused.putIfAbsent(name, e.getMessage()) == null) {
          log.println("cache-suite proxy: not forwarded (JDK client refuses it): " + field[0]);
        }
      }
    }
    HttpResponse<byte[]> response;
    try {
      response = client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (HttpTimeoutException e) {
      writeError(out, 504, "Gateway Timeout", e);
      return;
    } catch (IOException e) {
      writeError(out, 502, "Bad Gateway", e);
      return;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
    int status = response.statusCode();
    boolean noBody =
        request.method.equals("HEAD") || status == 204 || status == 304 || status < 200;
    StringBuilder head = new StringBuilder();
    head.append("HTTP/1.1 ").append(status).append(' ').append(reason(status)).append("\r\n");
    for (Map.Entry<String, List<String>> field : response.headers().map().entrySet()) {
      String name = field.getKey();
      String lower = name.toLowerCase(Locale.ROOT);
      if (name.startsWith(":") || (RESPONSE_FRAMING.contains(lower) && !noBody)) {
        continue;
      }
      if (lower.equals("transfer-encoding")
          || lower.equals("connection")
          || lower.equals("keep-alive")) {
        continue;
      }
      for (String value : field.getValue()) {
        head.append(name).append(": ").append(value).append("\r\n");
      }
    }
    byte[] body = response.body() == null ? new byte[0] : response.body();
    if (!noBody) {
      head.append("Content-Length: ").append(body.length).append("\r\n");
    }
    head.append("\r\n");
    out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
    if (!noBody) {
      out.write(body);
    }
    log.printf(
        "%s %s -> %d %s %d ms%n",
        request.method,
        request.target,
        status,
        HttpCache.outcome(response).map(Enum::name).orElse("-"),
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
  }

  /**
   * The value to forward: the suite's {@code Pragma: foo} and {@code Cache-Control:
   * nothing-to-see-here} members removed; null when nothing is left.
   */
  static String withoutSuiteNoise(String lowerName, String value) {
    String noise;
    if (lowerName.equals("pragma")) {
      noise = "foo";
    } else if (lowerName.equals("cache-control")) {
      noise = "nothing-to-see-here";
    } else {
      return value;
    }
    List<String> kept = new ArrayList<>();
    for (String member : value.split(",", -1)) {
      if (!member.trim().equals(noise)) {
        kept.add(member.trim());
      }
    }
    return kept.isEmpty() ? null : String.join(", ", kept);
  }

  private void writeError(OutputStream out, int status, String reason, Exception e)
      throws IOException {
    byte[] body = ("cache-suite proxy: " + e).getBytes(StandardCharsets.UTF_8);
    String head =
        "HTTP/1.1 "
            + status
            + " "
            + reason
            + "\r\nContent-Type: text/plain\r\nContent-Length: "
            + body.length
            + "\r\n\r\n";
    out.write(head.getBytes(StandardCharsets.ISO_8859_1));
    out.write(body);
    log.println("cache-suite proxy: " + status + " for " + e);
  }

  private static String reason(int status) {
    switch (status) {
      case 200:
        return "OK";
      case 203:
        return "Non-Authoritative Information";
      case 204:
        return "No Content";
      case 206:
        return "Partial Content";
      case 299:
        return "Whatever";
      case 301:
        return "Moved Permanently";
      case 302:
        return "Found";
      case 303:
        return "See Other";
      case 304:
        return "Not Modified";
      case 307:
        return "Temporary Redirect";
      case 308:
        return "Permanent Redirect";
      case 400:
        return "Bad Request";
      case 404:
        return "Not Found";
      case 410:
        return "Gone";
      case 500:
        return "Internal Server Error";
      case 502:
        return "Bad Gateway";
      case 503:
        return "Service Unavailable";
      case 504:
        return "Gateway Timeout";
      default:
        return "Status";
    }
  }

  /** One HTTP/1.1 request as read from the suite's client. */
  private static final class Request {
    final String method;
    final String target;
    final List<String[]> headers;
    final byte[] body;
    final boolean hasBody;

    private Request(
        String method, String target, List<String[]> headers, byte[] body, boolean hasBody) {
      this.method = method;
      this.target = target;
      this.headers = headers;
      this.body = body;
      this.hasBody = hasBody;
    }

    /** The next request on the connection, or null at its clean end. */
    static Request read(InputStream in) throws IOException {
      String line = readLine(in);
      while (line != null && line.isEmpty()) {
        line = readLine(in);
      }
      if (line == null) {
        return null;
      }
      String[] parts = line.split(" ");
      if (parts.length != 3) {
        throw new IOException("bad request line: " + line);
      }
      List<String[]> headers = new ArrayList<>();
      String field;
      while ((field = readLine(in)) != null && !field.isEmpty()) {
        int colon = field.indexOf(':');
        if (colon <= 0) {
          throw new IOException("bad header line: " + field);
        }
        headers.add(new String[] {field.substring(0, colon), field.substring(colon + 1).trim()});
      }
      String length = null;
      boolean chunked = false;
      for (String[] h : headers) {
        if (h[0].equalsIgnoreCase("content-length")) {
          length = h[1];
        } else if (h[0].equalsIgnoreCase("transfer-encoding")
            && h[1].toLowerCase(Locale.ROOT).contains("chunked")) {
          chunked = true;
        }
      }
      byte[] body;
      if (chunked) {
        body = readChunked(in);
      } else if (length != null) {
        body = in.readNBytes(Integer.parseInt(length));
      } else {
        body = new byte[0];
      }
      return new Request(parts[0], parts[1], headers, body, chunked || length != null);
    }

    boolean wantsClose() {
      for (String[] h : headers) {
        if (h[0].equalsIgnoreCase("connection")
            && h[1].toLowerCase(Locale.ROOT).contains("close")) {
          return true;
        }
      }
      return false;
    }

    Set<String> connectionListed() {
      Set<String> listed = new java.util.HashSet<>();
      for (String[] h : headers) {
        if (h[0].equalsIgnoreCase("connection")) {
          for (String member : h[1].split(",")) {
            listed.add(member.trim().toLowerCase(Locale.ROOT));
          }
        }
      }
      return listed;
    }

    private static byte[] readChunked(InputStream in) throws IOException {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      while (true) {
        String size = readLine(in);
        if (size == null) {
          throw new IOException("end of stream in a chunked body");
        }
        int semicolon = size.indexOf(';');
        int n = Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
        if (n == 0) {
          String trailer;
          while ((trailer = readLine(in)) != null && !trailer.isEmpty()) {
            // trailers are dropped
          }
          return body.toByteArray();
        }
        body.write(in.readNBytes(n));
        readLine(in);
      }
    }

    private static String readLine(InputStream in) throws IOException {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      int b;
      while ((b = in.read()) != -1) {
        if (b == '\n') {
          byte[] bytes = line.toByteArray();
          int n =
              bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
          return new String(bytes, 0, n, StandardCharsets.ISO_8859_1);
        }
        if (line.size() > 65_536) {
          throw new IOException("line longer than 64 KiB");
        }
        line.write(b);
      }
      return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }
  }
}
