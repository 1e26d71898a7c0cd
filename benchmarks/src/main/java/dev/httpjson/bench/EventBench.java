package dev.httpjson.bench;

import dev.httpjson.HttpJson;
import dev.httpjson.ServerSentEvent;
import dev.httpjson.okhttp.OkHttpTransport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Iterator;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.sse.EventSource;
import okhttp3.sse.EventSourceListener;
import okhttp3.sse.EventSources;

/**
 * Server-Sent Events per second: an endless {@code text/event-stream} of WeatherForecast objects,
 * one per event ({@code data: {json}}), from a raw-socket server in this JVM on loopback. Four
 * clients, paired in one JVM as {@code --ab} pairs them — every pass runs each for one slice, the
 * order rotating, and the ratios are taken within the pass:
 *
 * <ul>
 *   <li>{@code httpjson}: {@code HttpJson.getFromJsonAsEvents} on the JDK client;
 *   <li>{@code hand-written}: the same JDK client, {@code BodyHandlers.ofInputStream()}, a {@code
 *       BufferedReader} line loop and Jackson 3 ({@link Jackson3#MAPPER}) per event;
 *   <li>{@code httpjson-okhttp}: {@code getFromJsonAsEvents} on {@code OkHttpTransport};
 *   <li>{@code okhttp-sse}: OkHttp's own {@code okhttp-sse} {@code EventSource} with Jackson 3 in
 *       {@code onEvent}.
 * </ul>
 *
 * <p>Every event is decoded and checked. Reported: each client's median events/s and the median of
 * the per-pass ratios {@code httpjson ÷ hand-written} and {@code httpjson-okhttp ÷ okhttp-sse} with
 * their distribution-free 95% intervals.
 *
 * <pre>
 *   ./bench --events [--passes 20] [--slice 400]
 * </pre>
 */
public final class EventBench {
  private EventBench() {}

  interface Client {
    long run(URI uri, long nanos) throws Exception;
  }

  public static void main(String[] args) throws Exception {
    int passes = 20;
    long sliceMillis = 400;
    int warmupPasses = 4;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--passes" -> passes = Integer.parseInt(args[++i]);
        case "--slice" -> sliceMillis = Long.parseLong(args[++i]);
        case "--warmup" -> warmupPasses = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("unknown flag: " + args[i]);
      }
    }
    byte[][] chunks = chunks();
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread acceptor = new Thread(() -> accept(server, chunks), "sse-server");
      acceptor.setDaemon(true);
      acceptor.start();
      URI uri = URI.create("http://127.0.0.1:" + server.getLocalPort() + "/events");

      HttpClient jdk = HttpClient.newHttpClient();
      OkHttpClient ok = new OkHttpClient.Builder().readTimeout(Duration.ZERO).build();
      HttpClient okTransport = OkHttpTransport.newHttpClient(ok);
      String[] names = {"httpjson", "hand-written", "httpjson-okhttp", "okhttp-sse"};
      Client[] clients = {
        (u, n) -> httpjson(jdk, u, n),
        (u, n) -> handWritten(jdk, u, n),
        (u, n) -> httpjson(okTransport, u, n),
        (u, n) -> okhttpSse(ok, u, n)
      };
      long slice = TimeUnit.MILLISECONDS.toNanos(sliceMillis);
      System.out.printf(
          Locale.ROOT,
          "EventBench: %s, %d cpus, load %s; %d warm-up + %d passes of %d ms slices%n",
          Runtime.version(),
          Runtime.getRuntime().availableProcessors(),
          Harness.load(),
          warmupPasses,
          passes,
          sliceMillis);
      double[][] rates = new double[clients.length][passes];
      for (int pass = -warmupPasses; pass < passes; pass++) {
        for (int k = 0; k < clients.length; k++) {
          int v = Math.floorMod(k + pass, clients.length);
          if (Math.floorMod(pass, 2) == 1) {
            v = clients.length - 1 - v;
          }
          long start = System.nanoTime();
          long events = clients[v].run(uri, slice);
          double rate = events / ((System.nanoTime() - start) / 1e9);
          if (pass >= 0) {
            rates[v][pass] = rate;
          }
        }
      }
      for (int v = 0; v < clients.length; v++) {
        System.out.printf(
            Locale.ROOT,
            "  %-16s %,10.0f events/s (median of %d slices)%n",
            names[v],
            Stats.median(Stats.sorted(rates[v])),
            passes);
      }
      ratio("httpjson ÷ hand-written (JDK client)", rates[0], rates[1]);
      ratio("httpjson-okhttp ÷ okhttp-sse", rates[2], rates[3]);
      System.out.printf(Locale.ROOT, "load after: %s%n", Harness.load());
    }
  }

  private static void ratio(String what, double[] a, double[] b) {
    double[] r = new double[a.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = a[i] / b[i];
    }
    double[] sorted = Stats.sorted(r);
    double[] ci = Stats.medianInterval(sorted, 0.95);
    System.out.printf(
        Locale.ROOT,
        "  %-40s %.3f  95%% CI [%.3f, %.3f]%n",
        what,
        Stats.median(sorted),
        ci[0],
        ci[1]);
  }

  static long httpjson(HttpClient client, URI uri, long nanos) throws Exception {
    long end = System.nanoTime() + nanos;
    long n = 0;
    try (Stream<ServerSentEvent<WeatherForecast>> events =
        HttpJson.getFromJsonAsEvents(client, uri, WeatherForecast.class)) {
      Iterator<ServerSentEvent<WeatherForecast>> it = events.iterator();
      do {
        for (int i = 0; i < 64; i++) {
          Forecasts.check(it.next().data());
        }
        n += 64;
      } while (System.nanoTime() - end < 0);
    }
    return n;
  }

  /** What a user writes without httpjson: a line loop, Jackson per event. */
  static long handWritten(HttpClient client, URI uri, long nanos) throws Exception {
    long end = System.nanoTime() + nanos;
    long n = 0;
    HttpRequest request = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream").build();
    HttpResponse<InputStream> response =
        client.send(request, HttpResponse.BodyHandlers.ofInputStream());
    try (BufferedReader lines =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      StringBuilder data = new StringBuilder();
      do {
        for (int i = 0; i < 64; ) {
          String line = lines.readLine();
          if (line == null) {
            throw new IOException("stream ended");
          }
          if (line.isEmpty()) {
            if (data.length() > 0) {
              Forecasts.check(Jackson3.MAPPER.readValue(data.toString(), WeatherForecast.class));
              data.setLength(0);
              i++;
            }
          } else if (line.startsWith("data:")) {
            if (data.length() > 0) {
              data.append('\n');
            }
            data.append(line, line.startsWith("data: ") ? 6 : 5, line.length());
          }
        }
        n += 64;
      } while (System.nanoTime() - end < 0);
    }
    return n;
  }

  static long okhttpSse(OkHttpClient client, URI uri, long nanos) throws Exception {
    AtomicLong count = new AtomicLong();
    CountDownLatch failed = new CountDownLatch(1);
    Throwable[] failure = new Throwable[1];
    EventSource source =
        EventSources.createFactory(client)
            .newEventSource(
                new Request.Builder().url(uri.toString()).build(),
                new EventSourceListener() {
                  @Override
                  public void onEvent(EventSource s, String id, String type, String data) {
                    Forecasts.check(Jackson3.MAPPER.readValue(data, WeatherForecast.class));
                    count.incrementAndGet();
                  }

                  @Override
                  public void onFailure(EventSource s, Throwable t, okhttp3.Response response) {
                    failure[0] = t;
                    failed.countDown();
                  }
                });
    boolean broke = failed.await(nanos, TimeUnit.NANOSECONDS);
    long n = count.get();
    source.cancel();
    if (broke && failure[0] != null) {
      throw new IOException("okhttp-sse failed", failure[0]);
    }
    return n;
  }

  /** 64 chunks of 64 events each, cycled by the server. */
  private static byte[][] chunks() {
    OffsetDateTime now = OffsetDateTime.now();
    byte[][] chunks = new byte[64][];
    for (int c = 0; c < chunks.length; c++) {
      StringBuilder events = new StringBuilder(8192);
      for (int e = 0; e < 64; e++) {
        events.append("data: ");
        Forecasts.appendRandomJson(events, now.plusDays(c * 64L + e));
        events.append("\n\n");
      }
      byte[] body = events.toString().getBytes(StandardCharsets.UTF_8);
      byte[] head = (Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.UTF_8);
      byte[] chunk = new byte[head.length + body.length + 2];
      System.arraycopy(head, 0, chunk, 0, head.length);
      System.arraycopy(body, 0, chunk, head.length, body.length);
      chunk[chunk.length - 2] = '\r';
      chunk[chunk.length - 1] = '\n';
      chunks[c] = chunk;
    }
    return chunks;
  }

  private static void accept(ServerSocket server, byte[][] chunks) {
    while (!server.isClosed()) {
      Socket socket;
      try {
        socket = server.accept();
      } catch (IOException e) {
        return;
      }
      Thread t = new Thread(() -> serve(socket, chunks), "sse-connection");
      t.setDaemon(true);
      t.start();
    }
  }

  /** Answers one request with an endless event stream, until the client goes away. */
  private static void serve(Socket socket, byte[][] chunks) {
    try (socket) {
      InputStream in = socket.getInputStream();
      int state = 0;
      for (int b; state < 4 && (b = in.read()) >= 0; ) {
        state = (b == '\r' || b == '\n') ? state + 1 : 0;
      }
      OutputStream out = socket.getOutputStream();
      out.write(
          ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                  + "Transfer-Encoding: chunked\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      for (int i = 0; ; i++) {
        out.write(chunks[i & (chunks.length - 1)]);
      }
    } catch (IOException e) {
      // The client closed the stream: the slice is over.
    }
  }
}
