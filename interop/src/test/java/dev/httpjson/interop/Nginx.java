package dev.httpjson.interop;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;

/**
 * An nginx of the test's own on loopback: a configuration written to a temporary directory, which
 * also holds its logs, temporary files and a certificate made for the run, and one foreground
 * process ({@code daemon off}, {@code master_process off}) stopped by {@link #close()}. Three
 * servers, each on a free port:
 *
 * <ul>
 *   <li>{@link #plain}, HTTP/1.1: {@code /data.json} (gzipped for a client that asks), {@code
 *       /orders} (a POST, answered {@code {"ok":true}}), {@code /go} (a 302 to {@link #other}).
 *       Idle keep-alive connections it closes after {@code keepalive} seconds.
 *   <li>{@link #tls}, HTTP/2 (and HTTP/1.1) over TLS with a self-signed certificate ({@link
 *       #trust()}): the same locations, and a connection closed (HTTP/2: a GOAWAY) after three
 *       requests.
 *   <li>{@link #other}, another origin: {@code /who} answers the {@code X-Api-Key} it received.
 *   <li>{@link #narrow}, HTTP/2 over TLS allowing two concurrent streams per connection ({@code
 *       http2_max_concurrent_streams 2}): {@code /slow.json} ({@link #SLOW_ITEMS} items, sent at
 *       100 KB/s, so that a stream stays open about half a second), and {@code /limited}, which
 *       takes a body of up to 1 KB ({@code client_max_body_size}) and answers 413 to a larger one,
 *       from the request's head.
 * </ul>
 *
 * <p>Every request is logged to {@link #requests()}: port, method, request URI, gzip ratio, the
 * {@code X-Api-Key} received and the body of a POST to {@code /orders}.
 */
final class Nginx implements AutoCloseable {
  /** The JSON file served at {@code /data.json}: long enough for gzip to apply. */
  static final String DATA;

  static {
    StringBuilder json = new StringBuilder("{\"items\":[");
    for (int i = 0; i < 50; i++) {
      json.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"item\"}");
    }
    DATA = json.append("]}").toString();
  }

  /** How many items {@code /slow.json} has. */
  static final int SLOW_ITEMS = 2000;

  /** The file served slowly at {@code /slow.json}: {@link #SLOW_ITEMS} items of {@link #DATA}'s. */
  static final String SLOW;

  static {
    StringBuilder json = new StringBuilder("{\"items\":[");
    for (int i = 0; i < SLOW_ITEMS; i++) {
      json.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"item\"}");
    }
    SLOW = json.append("]}").toString();
  }

  private final Process process;
  private final Path dir;
  private final HandshakeCertificates trust;
  final int plain;
  final int tls;
  final int other;
  final int narrow;

  private Nginx(Process process, Path dir, HandshakeCertificates trust, int[] ports) {
    this.process = process;
    this.dir = dir;
    this.trust = trust;
    this.plain = ports[0];
    this.tls = ports[1];
    this.other = ports[2];
    this.narrow = ports[3];
  }

  /**
   * The nginx binary: {@code -Dhttpjson.interop.nginx=<path>}, else {@code nginx} on the {@code
   * PATH} or {@code /usr/sbin/nginx}; null when there is none (the tests are then skipped).
   */
  static Path binary() {
    String given = System.getProperty("httpjson.interop.nginx");
    if (given != null) {
      return Files.isExecutable(Path.of(given)) ? Path.of(given) : null;
    }
    List<Path> candidates = new ArrayList<>();
    String path = System.getenv("PATH");
    if (path != null) {
      for (String entry : path.split(java.io.File.pathSeparator)) {
        candidates.add(Path.of(entry, "nginx"));
      }
    }
    candidates.add(Path.of("/usr/sbin/nginx"));
    for (Path candidate : candidates) {
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  /**
   * Starts nginx in {@code dir}; there must be a {@link #binary()} ({@code .ci/run} installs
   * Debian's {@code nginx-light}).
   */
  static Nginx start(Path dir, int keepaliveSeconds) throws Exception {
    Path nginx = binary();
    if (nginx == null) {
      throw new IllegalStateException("no nginx binary (apt-get install nginx-light)");
    }
    HeldCertificate certificate =
        new HeldCertificate.Builder()
            .commonName("localhost")
            .addSubjectAlternativeName("localhost")
            .addSubjectAlternativeName("127.0.0.1")
            .build();
    Files.writeString(dir.resolve("cert.pem"), certificate.certificatePem());
    Files.writeString(dir.resolve("key.pem"), certificate.privateKeyPkcs8Pem());
    Files.writeString(dir.resolve("data.json"), DATA);
    Files.writeString(dir.resolve("slow.json"), SLOW);
    Files.createDirectories(dir.resolve("logs"));
    int[] ports = freePorts(4);
    Files.writeString(dir.resolve("nginx.conf"), config(dir, ports, keepaliveSeconds));
    Process process =
        new ProcessBuilder(
                nginx.toString(),
                "-p",
                dir + "/",
                "-c",
                dir.resolve("nginx.conf").toString(),
                "-e",
                dir.resolve("logs/error.log").toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("logs/stdout.log").toFile())
            .start();
    Nginx started =
        new Nginx(
            process,
            dir,
            new HandshakeCertificates.Builder()
                .addTrustedCertificate(certificate.certificate())
                .build(),
            ports);
    try {
      started.awaitListening();
    } catch (Exception | Error e) {
      started.close();
      throw e;
    }
    return started;
  }

  private static String config(Path dir, int[] ports, int keepaliveSeconds) {
    String d = dir.toString();
    String locations =
        String.join(
            "\n",
            "    root " + d + ";",
            "    gzip on;",
            "    gzip_types application/json;",
            "    gzip_min_length 1;",
            "    location = /data.json { }",
            "    location = /orders {",
            "      proxy_pass http://127.0.0.1:" + ports[2] + "/accepted;",
            "    }",
            "    location = /go { return 302 http://127.0.0.1:" + ports[2] + "/who; }");
    return String.join(
        "\n",
        "daemon off;",
        "master_process off;",
        "worker_processes 1;",
        "pid " + d + "/nginx.pid;",
        "error_log " + d + "/logs/error.log warn;",
        "events { worker_connections 128; }",
        "http {",
        "  types { application/json json; }",
        "  default_type application/octet-stream;",
        "  client_body_temp_path " + d + "/client_body;",
        "  proxy_temp_path " + d + "/proxy;",
        "  fastcgi_temp_path " + d + "/fastcgi;",
        "  uwsgi_temp_path " + d + "/uwsgi;",
        "  scgi_temp_path " + d + "/scgi;",
        "  log_format requests '$server_port $request_method $request_uri $gzip_ratio"
            + " \"$http_x_api_key\" \"$request_body\"';",
        "  access_log " + d + "/logs/requests.log requests;",
        "  server {",
        "    listen 127.0.0.1:" + ports[0] + ";",
        "    keepalive_timeout " + keepaliveSeconds + "s;",
        locations,
        "  }",
        "  server {",
        "    listen 127.0.0.1:" + ports[1] + " ssl http2;",
        "    ssl_certificate " + d + "/cert.pem;",
        "    ssl_certificate_key " + d + "/key.pem;",
        "    keepalive_requests 3;",
        locations,
        "  }",
        "  server {",
        "    listen 127.0.0.1:" + ports[2] + ";",
        "    default_type application/json;",
        "    location = /who { return 200 '{\"key\":\"$http_x_api_key\"}'; }",
        "    location = /accepted { return 200 '{\"ok\":true}'; }",
        "  }",
        "  server {",
        "    listen 127.0.0.1:" + ports[3] + " ssl http2;",
        "    ssl_certificate " + d + "/cert.pem;",
        "    ssl_certificate_key " + d + "/key.pem;",
        "    http2_max_concurrent_streams 2;",
        "    root " + d + ";",
        "    location = /slow.json { limit_rate 100k; }",
        "    location = /limited { client_max_body_size 1k; return 200 'taken'; }",
        "  }",
        "}",
        "");
  }

  private static int[] freePorts(int n) throws IOException {
    ServerSocket[] sockets = new ServerSocket[n];
    int[] ports = new int[n];
    try {
      for (int i = 0; i < n; i++) {
        sockets[i] = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        ports[i] = sockets[i].getLocalPort();
      }
    } finally {
      for (ServerSocket s : sockets) {
        if (s != null) {
          s.close();
        }
      }
    }
    return ports;
  }

  private void awaitListening() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    for (int port : new int[] {plain, tls, other, narrow}) {
      while (true) {
        if (!process.isAlive()) {
          throw new IllegalStateException(
              "nginx exited with " + process.exitValue() + ": " + log());
        }
        try (Socket s = new Socket()) {
          s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
          break;
        } catch (IOException notYet) {
          if (System.nanoTime() > deadline) {
            throw new IllegalStateException("nginx is not listening on " + port + ": " + log());
          }
          Thread.sleep(20);
        }
      }
    }
  }

  private String log() throws IOException {
    StringBuilder b = new StringBuilder();
    for (String name : new String[] {"logs/stdout.log", "logs/error.log"}) {
      Path file = dir.resolve(name);
      if (Files.exists(file)) {
        b.append(Files.readString(file, StandardCharsets.UTF_8));
      }
    }
    return b.toString();
  }

  /** {@code http://127.0.0.1:port/path} on {@link #plain} or {@link #other}. */
  String http(int port, String path) {
    return "http://127.0.0.1:" + port + path;
  }

  /** {@code https://localhost:port/path} on {@link #tls}. */
  String https(String path) {
    return "https://localhost:" + tls + path;
  }

  /** {@code https://localhost:port/path} on {@link #narrow}. */
  String narrowHttps(String path) {
    return "https://localhost:" + narrow + path;
  }

  /** The client side's certificates, trusting this nginx's. */
  HandshakeCertificates trust() {
    return trust;
  }

  /**
   * The request log's lines that contain {@code marker} (in its URI or its body: nginx escapes a
   * body's quotes, so a marker is letters and digits).
   */
  List<String> requests(String marker) throws IOException {
    List<String> lines = new ArrayList<>();
    for (String line : requests()) {
      if (line.contains(marker)) {
        lines.add(line);
      }
    }
    return lines;
  }

  /**
   * The request log's lines naming {@code marker} once there are {@code expected} of them (nginx
   * writes a line after it has sent the response, so a client may have read it first), waiting at
   * most 10 s, and then 200 ms more for any line beyond them.
   */
  List<String> requests(String marker, int expected) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (requests(marker).size() < expected && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    Thread.sleep(200);
    return requests(marker);
  }

  /** Every line of the request log so far. */
  List<String> requests() throws IOException {
    Path file = dir.resolve("logs/requests.log");
    return Files.exists(file) ? Files.readAllLines(file) : List.of();
  }

  @Override
  public void close() throws Exception {
    process.destroy(); // SIGTERM: nginx's fast shutdown
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
