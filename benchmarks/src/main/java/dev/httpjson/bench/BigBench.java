package dev.httpjson.bench;

import dev.httpjson.HttpJson;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * Big bodies ({@code ./bench --big}, in a JVM of at most 32 MiB of heap): a top-level array of 50
 * MB read as a stream by {@code HttpJson.getFromJsonAsStream} beside Jackson's own streaming parser
 * ({@code JsonParser} over {@code BodyHandlers.ofInputStream()}, one {@code readValue} per element)
 * on the same JDK client and the same bytes (bar ≥ 0.95); a 5 MB document read whole by {@code
 * HttpJson.getFromJson} beside a hand-written client ({@code ofByteArray} and a static Jackson
 * mapper; bar ≥ 0.97). Paired: the two variants of a part alternate round by round, and each
 * round's MB/s ratio gives the 95% interval of the median ratio. Also per variant: bytes allocated
 * in the whole JVM per received byte, and the heap's peak (sum of the pools' peaks).
 *
 * <p>The server runs in this JVM, on a raw socket (keep-alive, a thread per connection): it writes
 * 64 KiB chunks cycled from 4096 random elements made once, so it allocates next to nothing and
 * needs no heap for the body; the array goes out chunked, the document with its {@code
 * Content-Length}.
 *
 * <p>Usage: {@code BigBench [--array-mb 50] [--doc-mb 5] [--rounds 8] [--warmup-rounds 2]
 * [--slice-ms 500] [--results dir] [--command text]}.
 */
public final class BigBench {
  private BigBench() {}

  /** One element read off a parser that goes on (Jackson 3 fails a trailing token by default). */
  private static final tools.jackson.databind.ObjectReader ELEMENT =
      Jackson3.MAPPER
          .readerFor(WeatherForecast.class)
          .without(tools.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  static final double STREAM_BAR = 0.95;
  static final double WHOLE_BAR = 0.97;

  static final class Options {
    long arrayBytes = 50_000_000L;
    long docBytes = 5_000_000L;
    int rounds = 8;
    int warmupRounds = 2;
    long sliceMillis = 500;
    Path results = Harness.defaultResults();
    String command = "BigBench";
  }

  static Options parse(String[] args) {
    Options o = new Options();
    for (Harness.Flags f = new Harness.Flags(args); f.next(); ) {
      switch (f.flag()) {
        case "--array-mb" -> o.arrayBytes = Long.parseLong(f.value()) * 1_000_000L;
        case "--doc-mb" -> o.docBytes = Long.parseLong(f.value()) * 1_000_000L;
        case "--rounds" -> o.rounds = f.intValue();
        case "--warmup-rounds" -> o.warmupRounds = f.intValue();
        case "--slice-ms" -> o.sliceMillis = Long.parseLong(f.value());
        case "--results" -> o.results = Paths.get(f.value());
        case "--command" -> o.command = f.value();
        default -> throw new IllegalArgumentException("unknown flag: " + f.flag());
      }
    }
    return o;
  }

  /** One variant's reads: each returns the elements it checked. */
  interface Read {
    long run(URI uri) throws Exception;
  }

  /** A part's outcome per variant: MB/s per round, allocation, peak heap. */
  record Part(
      String name,
      long bodyBytes,
      List<String> names,
      double[][] mbPerSecond,
      double[] allocPerByte,
      double[] peakHeapMiB,
      double target) {}

  public static void main(String[] args) throws Exception {
    Options o = Harness.parseOrExit(args, BigBench::parse);
    byte[][] elements = elements();
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread acceptor = new Thread(() -> accept(server, elements, o), "big-server");
      acceptor.setDaemon(true);
      acceptor.start();
      String base = "http://127.0.0.1:" + server.getLocalPort();
      URI array = URI.create(base + "/big/array");
      URI doc = URI.create(base + "/big/doc");
      HttpClient client = HttpClient.newHttpClient();
      String loadBefore = Harness.load();
      Instant started = Instant.now();
      long arrayElements = count(elements, o.arrayBytes);
      long docElements = count(elements, o.docBytes);
      Read httpjsonStream =
          uri -> {
            long n = 0;
            try (Stream<WeatherForecast> s =
                HttpJson.getFromJsonAsStream(client, uri, WeatherForecast.class)) {
              for (WeatherForecast f : (Iterable<WeatherForecast>) s::iterator) {
                Forecasts.check(f);
                n++;
              }
            }
            return n;
          };
      Read jacksonStream =
          uri -> {
            HttpRequest request =
                HttpRequest.newBuilder(uri).header("Accept", "application/json").build();
            HttpResponse<InputStream> r =
                client.send(request, HttpResponse.BodyHandlers.ofInputStream());
            Forecasts.checkStatus(r.statusCode());
            long n = 0;
            try (InputStream in = r.body();
                JsonParser p = Jackson3.MAPPER.createParser(in)) {
              if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new IllegalStateException("not an array");
              }
              while (p.nextToken() == JsonToken.START_OBJECT) {
                Forecasts.check(ELEMENT.<WeatherForecast>readValue(p));
                n++;
              }
            }
            return n;
          };
      Read httpjsonWhole =
          uri ->
              Forecasts.check(
                      HttpJson.getFromJson(client, uri, JdkVariants.LIST), (int) docElements)
                  .size();
      Read byHandWhole =
          uri -> {
            HttpRequest request =
                HttpRequest.newBuilder(uri).header("Accept", "application/json").build();
            HttpResponse<byte[]> r = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            Forecasts.checkStatus(r.statusCode());
            return Forecasts.check(
                    Jackson3.MAPPER.readValue(r.body(), Jackson3.LIST), (int) docElements)
                .size();
          };
      Part stream =
          part(
              String.format(Locale.ROOT, "%.0f MB array, streamed", o.arrayBytes / 1e6),
              array,
              o.arrayBytes,
              arrayElements,
              List.of("httpjson getFromJsonAsStream", "Jackson JsonParser"),
              List.of(httpjsonStream, jacksonStream),
              0,
              o,
              STREAM_BAR);
      Part whole =
          part(
              String.format(Locale.ROOT, "%.0f MB document, read whole", o.docBytes / 1e6),
              doc,
              o.docBytes,
              docElements,
              List.of("httpjson getFromJson", "hand-written (ofByteArray + Jackson)"),
              List.of(httpjsonWhole, byHandWhole),
              o.sliceMillis,
              o,
              WHOLE_BAR);
      String loadAfter = Harness.load();
      long seconds = ChronoUnit.SECONDS.between(started, Instant.now());
      String machine =
          String.format(
              Locale.ROOT,
              "java %s, max heap %.0f MiB; %d CPUs (%s); load average (1/5/15 min) before %s,"
                  + " after %s; %d rounds after %d warm-up rounds; %d s in all.",
              Runtime.version(),
              Runtime.getRuntime().maxMemory() / 1048576.0,
              Runtime.getRuntime().availableProcessors(),
              Harness.cpuModel(),
              loadBefore,
              loadAfter,
              o.rounds,
              o.warmupRounds,
              seconds);
      String report =
          "\n## "
              + Instant.now().truncatedTo(ChronoUnit.SECONDS)
              + " `"
              + o.command
              + "`: big bodies\n\n"
              + machine
              + "\n\n"
              + table(List.of(stream, whole));
      System.out.print(report);
      Harness.append(o.results, "scale", report);
      Path chart = o.results.resolve("big.svg");
      List<String> labels = new ArrayList<>();
      List<double[]> ratios = new ArrayList<>();
      List<Boolean> met = new ArrayList<>();
      for (Part p : List.of(stream, whole)) {
        double[] r = ScaleReport.Point.paired(p.mbPerSecond(), 0, 1);
        labels.add(String.format(Locale.ROOT, "%s (bar ≥ %.2f)", p.name(), p.target()));
        ratios.add(r);
        double[] ci = Stats.medianInterval(r, 0.95);
        met.add(ci != null && ci[0] >= p.target());
      }
      Files.writeString(
          chart,
          ScaleReport.bars(
              labels,
              ratios,
              met,
              STREAM_BAR,
              "Big bodies: httpjson ÷ by hand (MB/s, paired per round; median, 95% CI)",
              machine.length() > 150 ? machine.substring(0, 150) + "…" : machine),
          StandardCharsets.UTF_8);
      System.out.println("chart written to " + chart);
    }
  }

  /** The parts' table. */
  static String table(List<Part> parts) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        "| body | variant | MB/s (median) | ÷ by hand, paired [95% CI] | target ≥ | verdict |"
            + " allocated B per received byte | heap pools' peaks, summed, MiB (an upper bound) |\n");
    sb.append("|---|---|---:|---|---:|---|---:|---:|\n");
    for (Part p : parts) {
      double[] r = ScaleReport.Point.paired(p.mbPerSecond(), 0, 1);
      for (int v = 0; v < p.names().size(); v++) {
        sb.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %.1f | %s | %s | %s | %.2f | %.1f |%n",
                p.name(),
                p.names().get(v),
                Stats.median(Stats.sorted(p.mbPerSecond()[v])),
                v == 0 ? ScaleReport.ratio(r) : "1",
                v == 0 ? String.format(Locale.ROOT, "%.2f", p.target()) : "",
                v == 0
                    ? Report.verdict(Stats.median(r), Stats.medianInterval(r, 0.95), p.target())
                    : "",
                p.allocPerByte()[v],
                p.peakHeapMiB()[v]));
      }
    }
    return sb.toString();
  }

  /**
   * Runs a part: warm-up rounds, then {@code o.rounds} rounds in which the variants alternate (the
   * order flips every round); a round of a variant is one read, or as many as fit in {@code
   * sliceMillis} when that is positive.
   */
  static Part part(
      String name,
      URI uri,
      long bodyBytes,
      long elements,
      List<String> names,
      List<Read> reads,
      long sliceMillis,
      Options o,
      double target)
      throws Exception {
    int n = reads.size();
    double[][] mbps = new double[n][o.rounds];
    long[] allocated = new long[n];
    long[] received = new long[n];
    double[] peak = new double[n];
    List<MemoryPoolMXBean> heap = new ArrayList<>();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        heap.add(pool);
      }
    }
    for (int w = 0; w < o.warmupRounds; w++) {
      for (int v = 0; v < n; v++) {
        round(reads.get(v), uri, elements, sliceMillis);
      }
    }
    for (int p = 0; p < o.rounds; p++) {
      for (int k = 0; k < n; k++) {
        int v = p % 2 == 0 ? k : n - 1 - k;
        System.gc();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        ScaleBench.Alloc.Mark mark = ScaleBench.Alloc.mark();
        double[] r = round(reads.get(v), uri, elements, sliceMillis);
        // Every live thread's bytes (this one's too); the server's connection threads live on.
        long bytes = mark.since(0);
        long count = (long) r[1];
        mbps[v][p] = count * bodyBytes / 1e6 / r[0];
        allocated[v] += bytes;
        received[v] += count * bodyBytes;
        long used = 0;
        for (MemoryPoolMXBean pool : heap) {
          used += pool.getPeakUsage().getUsed();
        }
        peak[v] = Math.max(peak[v], used / 1048576.0);
      }
      System.out.printf(
          Locale.ROOT,
          "%s round %d: %s %.1f MB/s, %s %.1f MB/s%n",
          name,
          p,
          names.get(0),
          mbps[0][p],
          names.get(1),
          mbps[1][p]);
    }
    double[] perByte = new double[n];
    for (int v = 0; v < n; v++) {
      perByte[v] = (double) allocated[v] / received[v];
    }
    return new Part(name, bodyBytes, names, mbps, perByte, peak, target);
  }

  /** {seconds, reads}: one read, or reads until {@code sliceMillis} passed. */
  private static double[] round(Read read, URI uri, long elements, long sliceMillis)
      throws Exception {
    long start = System.nanoTime();
    long end = start + sliceMillis * 1_000_000L;
    int reads = 0;
    long now;
    do {
      long n = read.run(uri);
      if (n != elements) {
        throw new IllegalStateException("read " + n + " elements, expected " + elements);
      }
      reads++;
      now = System.nanoTime();
    } while (now < end);
    return new double[] {(now - start) / 1e9, reads};
  }

  private static byte[][] elements() {
    byte[][] elements = new byte[4096][];
    OffsetDateTime now = OffsetDateTime.now();
    for (int i = 0; i < elements.length; i++) {
      StringBuilder sb = new StringBuilder(128);
      Forecasts.appendRandomJson(sb, now.plusDays(i));
      elements[i] = sb.toString().getBytes(StandardCharsets.UTF_8);
    }
    return elements;
  }

  /** How many elements a body of at most {@code size} bytes holds (as {@link #body} writes it). */
  static long count(byte[][] elements, long size) {
    long total = 2; // [ and ]
    long i = 0;
    while (true) {
      long next = elements[(int) (i % elements.length)].length + (i > 0 ? 1 : 0);
      if (total + next > size) {
        return i;
      }
      total += next;
      i++;
    }
  }

  /** The exact length of the body of {@code count} elements. */
  static long length(byte[][] elements, long count) {
    long total = 2;
    for (long i = 0; i < count; i++) {
      total += elements[(int) (i % elements.length)].length + (i > 0 ? 1 : 0);
    }
    return total;
  }

  private static void accept(ServerSocket server, byte[][] elements, Options o) {
    long arrayCount = count(elements, o.arrayBytes);
    long docCount = count(elements, o.docBytes);
    long docLength = length(elements, docCount);
    while (!server.isClosed()) {
      Socket socket;
      try {
        socket = server.accept();
      } catch (IOException e) {
        return;
      }
      Thread t =
          new Thread(
              () -> {
                try (Socket s = socket) {
                  s.setTcpNoDelay(true);
                  InputStream in = new BufferedInputStream(s.getInputStream());
                  OutputStream out = s.getOutputStream();
                  byte[] chunk = new byte[64 * 1024];
                  StringBuilder line = new StringBuilder();
                  while (true) {
                    String target = requestTarget(in, line);
                    if (target == null) {
                      return;
                    }
                    if (target.startsWith("/big/array")) {
                      out.write(
                          ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                  + "Transfer-Encoding: chunked\r\n\r\n")
                              .getBytes(StandardCharsets.ISO_8859_1));
                      body(out, chunk, elements, arrayCount, true);
                      out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    } else if (target.startsWith("/big/doc")) {
                      out.write(
                          ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                                  + docLength
                                  + "\r\n\r\n")
                              .getBytes(StandardCharsets.ISO_8859_1));
                      body(out, chunk, elements, docCount, false);
                    } else {
                      out.write(
                          "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"
                              .getBytes(StandardCharsets.ISO_8859_1));
                    }
                    out.flush();
                  }
                } catch (IOException e) {
                  // the client went away
                }
              },
              "big-connection");
      t.setDaemon(true);
      t.start();
    }
  }

  /** The request line's target, the rest of the head read and dropped; null at the end. */
  private static String requestTarget(InputStream in, StringBuilder line) throws IOException {
    String target = null;
    while (true) {
      line.setLength(0);
      int b;
      while ((b = in.read()) >= 0 && b != '\n') {
        if (b != '\r') {
          line.append((char) b);
        }
      }
      if (b < 0) {
        return null;
      }
      if (line.length() == 0) {
        if (target != null) {
          return target;
        }
        continue;
      }
      if (target == null) {
        String[] parts = line.toString().split(" ");
        target = parts.length > 1 ? parts[1] : "";
      }
    }
  }

  /** {@code [e0,e1,...]} of {@code count} elements, in 64 KiB writes (chunks when chunked). */
  private static void body(
      OutputStream out, byte[] chunk, byte[][] elements, long count, boolean chunked)
      throws IOException {
    int used = 0;
    chunk[used++] = '[';
    for (long i = 0; i < count; i++) {
      byte[] element = elements[(int) (i % elements.length)];
      if (used + element.length + 2 > chunk.length) {
        write(out, chunk, used, chunked);
        used = 0;
      }
      if (i > 0) {
        chunk[used++] = ',';
      }
      System.arraycopy(element, 0, chunk, used, element.length);
      used += element.length;
    }
    chunk[used++] = ']';
    write(out, chunk, used, chunked);
  }

  private static void write(OutputStream out, byte[] chunk, int length, boolean chunked)
      throws IOException {
    if (chunked) {
      out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
    }
    out.write(chunk, 0, length);
    if (chunked) {
      out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
    }
  }
}
