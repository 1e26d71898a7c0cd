package dev.httpjson.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.httpjson.FormContent;
import dev.httpjson.HttpJson;
import dev.httpjson.MultipartContent;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * Uploads of a large file, paired: a 100 MB file POSTed by a hand-written JDK client ({@code
 * BodyPublishers.ofFile}), as the file part of a {@link MultipartContent} through {@code
 * HttpJson.postAsJson}, and the same {@code MultipartContent} sent by {@code HttpClient.send} (the
 * publisher alone), in rotating order round after round, from this JVM (run with {@code -Xmx32m}:
 * an upload that held the file would fail here) to a sink in a JVM of its own that reads every body
 * and discards it, answering {@code {"bytes":N}} (checked: the hand-written calls decode it with
 * the static Jackson mapper, as the seed's hand-written client does). Per variant: MB/s of the
 * file's bytes; the peak heap used during one upload (the sum of the heap pools' peaks, reset
 * before each upload); the most the heap held after any collection during one upload (from GC
 * notifications: what the upload keeps alive); the bytes allocated per upload by every thread of
 * this JVM. Per round, each variant ÷ the first of its group ({@code ofFile}, or the form's bytes
 * sent by hand), with the median and its distribution-free 95% interval ({@link Stats}).
 *
 * <p>A form ({@link FormContent}) holds its encoded fields in memory by design (a 100 MB form field
 * is no use case: files go in a multipart body), so the form pair is a 1 MB field sent by {@code
 * postAsJson} beside the same encoded bytes sent with {@code BodyPublishers.ofByteArray}, 16 times
 * per round.
 *
 * <pre>
 *   java -Xmx32m -XX:+UseG1GC -Ddev.httpjson.codec=jackson -cp benchmarks/target/httpjson-benchmarks.jar \
 *       dev.httpjson.bench.UploadBench [--size 100m] [--rounds 100] [--budget 120] [--form-size 1m]
 * </pre>
 *
 * <p>{@code --budget} bounds the measured rounds in seconds: the run stops after the round that
 * passes it, with at least 6 rounds (the fewest a 95% interval needs).
 */
public final class UploadBench {
  private static final int FORM_SENDS = 16;
  private static final int MIN_ROUNDS = 6;

  private UploadBench() {}

  /** The sink's answer: how many body bytes it read. */
  record Received(long bytes) {}

  /** One variant: a name and the upload it times, which returns the payload bytes it sent. */
  private interface Upload {
    long run() throws Exception;
  }

  /** What one variant measured, one entry per round. */
  private static final class Series {
    final String name;
    final double[] mbPerSecond;
    final long[] peakHeap;
    final long[] liveAfterGc;
    final long[] allocated;

    Series(String name, int rounds) {
      this.name = name;
      this.mbPerSecond = new double[rounds];
      this.peakHeap = new long[rounds];
      this.liveAfterGc = new long[rounds];
      this.allocated = new long[rounds];
    }
  }

  /** The variants of each group; the first of a group is the baseline of its ratios. */
  private static final int[][] GROUPS = {{0, 1, 2}, {3, 4}};

  /**
   * Round {@code p}'s order: the members of a group side by side, rotated and alternately reversed
   * as {@code AbBench} orders its slices (so no variant always follows another), and the groups
   * swapped every other round.
   */
  private static int[] order(int p) {
    List<Integer> order = new ArrayList<>();
    for (int g = 0; g < GROUPS.length; g++) {
      int[] group = GROUPS[(g + p) % GROUPS.length];
      int n = group.length;
      for (int k = 0; k < n; k++) {
        int shifted = (k + p / 2) % n;
        order.add(group[p % 2 == 0 ? shifted : n - 1 - shifted]);
      }
    }
    return order.stream().mapToInt(Integer::intValue).toArray();
  }

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("--serve")) {
      serve();
      return;
    }
    long size = 100_000_000L;
    long formSize = 1_000_000L;
    int rounds = 100;
    double budget = 120;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--size" -> size = parseSize(args[++i]);
        case "--form-size" -> formSize = parseSize(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--budget" -> budget = Double.parseDouble(args[++i]);
        default -> {
          System.err.println(
              "UploadBench [--size 100m] [--rounds 100] [--budget 120] [--form-size 1m]; unknown: "
                  + args[i]);
          System.exit(64);
        }
      }
    }
    rounds = Math.max(rounds, MIN_ROUNDS);
    String loadBefore = Harness.load();
    Path dir = Files.createTempDirectory("httpjson-upload");
    Path file = dir.resolve("upload.bin");
    Process sink = null;
    try {
      writeRandomFile(file, size);
      sink = startSink();
      int port = readPort(sink);
      URI uri = URI.create("http://127.0.0.1:" + port + "/upload");
      run(uri, file, size, formSize, rounds, budget, loadBefore);
    } finally {
      if (sink != null) {
        sink.getOutputStream().close(); // the sink stops when its stdin closes
        if (!sink.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
          sink.destroyForcibly();
        }
      }
      Files.deleteIfExists(file);
      Files.deleteIfExists(dir);
    }
  }

  private static void run(
      URI uri, Path file, long size, long formSize, int rounds, double budget, String loadBefore)
      throws Exception {
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    MultipartContent multipart =
        MultipartContent.newBuilder()
            .field("purpose", "bench")
            .file("file", file, "upload.bin", "application/octet-stream")
            .build();
    long multipartLength = multipart.contentLength();

    char[] letters = new char[(int) formSize];
    Random random = new Random(42);
    for (int i = 0; i < letters.length; i++) {
      letters[i] = (char) ('a' + random.nextInt(26));
    }
    String value = new String(letters);
    FormContent form = FormContent.newBuilder().add("field", value).build();
    // The same encoded bytes for the hand-written client (letters are sent as they are).
    byte[] formBytes = ("field=" + value).getBytes(StandardCharsets.US_ASCII);
    if (formBytes.length != form.contentLength()) {
      throw new IllegalStateException("form length " + form.contentLength());
    }

    Upload jdkFile =
        () -> {
          HttpRequest request =
              HttpRequest.newBuilder(uri)
                  .header("Content-Type", "application/octet-stream")
                  .POST(BodyPublishers.ofFile(file))
                  .build();
          HttpResponse<byte[]> response = client.send(request, BodyHandlers.ofByteArray());
          expect(
              response.statusCode(),
              Jackson3.MAPPER.readValue(response.body(), Received.class).bytes(),
              size);
          return size;
        };
    Upload httpjsonMultipart =
        () -> {
          Received r = HttpJson.postAsJson(client, uri, multipart, Received.class);
          expect(200, r == null ? -1 : r.bytes(), multipartLength);
          return size;
        };
    Upload jdkMultipart =
        () -> {
          HttpRequest request =
              HttpRequest.newBuilder(uri)
                  .header("Content-Type", multipart.mediaType())
                  .POST(multipart)
                  .build();
          HttpResponse<byte[]> response = client.send(request, BodyHandlers.ofByteArray());
          expect(
              response.statusCode(),
              Jackson3.MAPPER.readValue(response.body(), Received.class).bytes(),
              multipartLength);
          return size;
        };
    Upload jdkForm =
        () -> {
          for (int i = 0; i < FORM_SENDS; i++) {
            HttpRequest request =
                HttpRequest.newBuilder(uri)
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(BodyPublishers.ofByteArray(formBytes))
                    .build();
            HttpResponse<byte[]> response = client.send(request, BodyHandlers.ofByteArray());
            expect(
                response.statusCode(),
                Jackson3.MAPPER.readValue(response.body(), Received.class).bytes(),
                formBytes.length);
          }
          return (long) FORM_SENDS * formBytes.length;
        };
    Upload httpjsonForm =
        () -> {
          for (int i = 0; i < FORM_SENDS; i++) {
            Received r = HttpJson.postAsJson(client, uri, form, Received.class);
            expect(200, r == null ? -1 : r.bytes(), formBytes.length);
          }
          return (long) FORM_SENDS * formBytes.length;
        };
    String[] names = {
      "jdk-ofFile", "httpjson-multipart", "jdk-multipart", "jdk-form-bytes", "httpjson-form"
    };
    Upload[] uploads = {jdkFile, httpjsonMultipart, jdkMultipart, jdkForm, httpjsonForm};

    List<MemoryPoolMXBean> heap = new ArrayList<>();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        heap.add(pool);
      }
    }
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    threads.setThreadAllocatedMemoryEnabled(true);
    AtomicLong liveAfterGc = new AtomicLong();
    Set<String> heapPools = new HashSet<>();
    for (MemoryPoolMXBean pool : heap) {
      heapPools.add(pool.getName());
    }
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) gc)
          .addNotificationListener(
              (notification, handback) -> {
                if (notification
                    .getType()
                    .equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                  GarbageCollectionNotificationInfo info =
                      GarbageCollectionNotificationInfo.from(
                          (CompositeData) notification.getUserData());
                  long used = 0;
                  for (Map.Entry<String, MemoryUsage> e :
                      info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
                    if (heapPools.contains(e.getKey())) {
                      used += e.getValue().getUsed();
                    }
                  }
                  liveAfterGc.accumulateAndGet(used, Math::max);
                }
              },
              null,
              null);
    }

    System.out.printf(
        Locale.ROOT,
        "uploading a %.1f MB file (multipart body %d bytes) and a %d-byte form x%d to %s;"
            + " max heap %.0f MiB%n",
        size / 1e6,
        multipartLength,
        formBytes.length,
        FORM_SENDS,
        uri,
        Runtime.getRuntime().maxMemory() / 1048576.0);
    // Warm-up: two of each, untimed.
    for (int w = 0; w < 2; w++) {
      for (Upload u : uploads) {
        u.run();
      }
    }
    long gcsBefore = gcCount();
    Series[] series = new Series[uploads.length];
    for (int v = 0; v < uploads.length; v++) {
      series[v] = new Series(names[v], rounds);
    }
    long started = System.nanoTime();
    int done = 0;
    for (int p = 0; p < rounds; p++) {
      int[] order = order(p);
      StringBuilder line = new StringBuilder("round " + (p + 1) + ":");
      for (int v : order) {
        for (MemoryPoolMXBean pool : heap) {
          pool.resetPeakUsage();
        }
        liveAfterGc.set(0);
        long allocatedBefore = allocated(threads);
        long t0 = System.nanoTime();
        long bytes = uploads[v].run();
        long nanos = System.nanoTime() - t0;
        series[v].allocated[p] = allocated(threads) - allocatedBefore;
        long peak = 0;
        for (MemoryPoolMXBean pool : heap) {
          peak += pool.getPeakUsage().getUsed();
        }
        series[v].peakHeap[p] = peak;
        series[v].liveAfterGc[p] = liveAfterGc.get();
        series[v].mbPerSecond[p] = bytes / 1e6 / (nanos / 1e9);
        line.append(
            String.format(Locale.ROOT, " %s %.0f MB/s", names[v], series[v].mbPerSecond[p]));
      }
      System.out.println(line);
      done = p + 1;
      if (done >= MIN_ROUNDS && (System.nanoTime() - started) / 1e9 > budget) {
        break;
      }
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    report(series, done, seconds, gcCount() - gcsBefore, size, formBytes.length, loadBefore);
  }

  private static void report(
      Series[] series,
      int rounds,
      double seconds,
      long gcs,
      long size,
      int formLength,
      String loadBefore) {
    StringBuilder sb = new StringBuilder();
    sb.append("\n## UploadBench ").append(Harness.stamp()).append("\n\n");
    sb.append(Harness.machine())
        .append(", JDK ")
        .append(Runtime.version())
        .append(", GC ")
        .append(gcNames())
        .append(", max heap ")
        .append(
            String.format(Locale.ROOT, "%.0f MiB", Runtime.getRuntime().maxMemory() / 1048576.0))
        .append('\n');
    sb.append("- load before ")
        .append(loadBefore)
        .append(", after ")
        .append(Harness.load())
        .append('\n');
    sb.append(
        String.format(
            Locale.ROOT,
            "- %d rounds in %.0f s, %d collections; file %.1f MB, form %d bytes x%d per round%n%n",
            rounds,
            seconds,
            gcs,
            size / 1e6,
            formLength,
            FORM_SENDS));
    sb.append(
        "| variant | MB/s median (min–max) | ÷ its group's first [95% CI] | peak heap, max"
            + " (median) | live after GC, max | allocated per upload, median |\n");
    sb.append("|---|---|---|---|---|---|\n");
    for (int v = 0; v < series.length; v++) {
      Series s = series[v];
      double[] rates = Stats.sorted(java.util.Arrays.copyOf(s.mbPerSecond, rounds));
      String ratio = "1 (baseline)";
      int base = baseline(v);
      if (base != v) {
        double[] r = new double[rounds];
        for (int p = 0; p < rounds; p++) {
          r[p] = s.mbPerSecond[p] / series[base].mbPerSecond[p];
        }
        double[] sorted = Stats.sorted(r);
        double[] ci = Stats.medianInterval(sorted, 0.95);
        ratio =
            String.format(Locale.ROOT, "%.3f", Stats.median(sorted))
                + (ci == null
                    ? " [too few rounds]"
                    : String.format(Locale.ROOT, " [%.3f–%.3f]", ci[0], ci[1]));
      }
      long[] peaks = java.util.Arrays.copyOf(s.peakHeap, rounds);
      long[] alloc = java.util.Arrays.copyOf(s.allocated, rounds);
      long live = java.util.Arrays.stream(s.liveAfterGc, 0, rounds).max().orElse(0);
      java.util.Arrays.sort(peaks);
      java.util.Arrays.sort(alloc);
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %.0f (%.0f–%.0f) | %s | %.1f MiB (%.1f) | %.1f MiB | %.1f MiB |%n",
              s.name,
              Stats.median(rates),
              rates[0],
              rates[rates.length - 1],
              ratio,
              peaks[rounds - 1] / 1048576.0,
              peaks[rounds / 2] / 1048576.0,
              live / 1048576.0,
              alloc[rounds / 2] / 1048576.0));
    }
    sb.append(
        "\nPeak heap: the sum of the heap pools' peaks during one upload (garbage not yet"
            + " collected included, so it follows the heap's size more than the upload); live after"
            + " GC: the most the heap held after any collection during one upload (what the upload"
            + " keeps alive, the JVM's own included); allocated: by every thread of this JVM."
            + " jdk-multipart sends the same MultipartContent with client.send: the publisher"
            + " alone, without httpjson's call. The bar: httpjson-multipart ÷ jdk-ofFile >= 0.95"
            + " in a 32 MiB heap.\n");
    System.out.print(sb);
  }

  private static int baseline(int v) {
    for (int[] group : GROUPS) {
      for (int member : group) {
        if (member == v) {
          return group[0];
        }
      }
    }
    throw new IllegalArgumentException("variant " + v);
  }

  private static void expect(int status, long received, long sent) {
    if (status != 200 || received != sent) {
      throw new IllegalStateException(
          "upload failed: status " + status + ", sink read " + received + " of " + sent + " bytes");
    }
  }

  private static long allocated(com.sun.management.ThreadMXBean threads) {
    long sum = 0;
    for (long n : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
      if (n > 0) {
        sum += n;
      }
    }
    return sum;
  }

  private static long gcCount() {
    long n = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, gc.getCollectionCount());
    }
    return n;
  }

  private static String gcNames() {
    List<String> names = new ArrayList<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      names.add(gc.getName());
    }
    return String.join("/", names);
  }

  private static void writeRandomFile(Path file, long size) throws IOException {
    byte[] block = new byte[1 << 20];
    Random random = new Random(7);
    try (OutputStream out = Files.newOutputStream(file)) {
      for (long left = size; left > 0; ) {
        random.nextBytes(block);
        int n = (int) Math.min(left, block.length);
        out.write(block, 0, n);
        left -= n;
      }
    }
  }

  private static Process startSink() throws IOException {
    List<String> cmd =
        Harness.command(
            Harness.JAVA,
            List.of("-Xmx64m", "-XX:+UseSerialGC"),
            Harness.CLASS_PATH,
            UploadBench.class.getName(),
            List.of("--serve"));
    return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }

  private static int readPort(Process sink) throws IOException, InterruptedException {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(sink.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    if (line == null || !line.startsWith("READY ")) {
      throw new IOException("upload sink did not start: " + line + ", exit " + sink.waitFor());
    }
    return Integer.parseInt(line.substring("READY ".length()).trim());
  }

  /**
   * The sink: an HTTP/1.1 server on a loopback socket, a thread per connection, that reads each
   * request body (Content-Length or chunked) into one 256 KiB buffer and discards it, then answers
   * {@code {"bytes":N}}. None of the seed's servers fits: each reads the whole body into an array.
   * Stops when its stdin closes.
   */
  private static void serve() throws IOException {
    ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor =
        new Thread(
            () -> {
              while (!server.isClosed()) {
                try {
                  Socket socket = server.accept();
                  Thread t = new Thread(() -> connection(socket), "upload-sink");
                  t.setDaemon(true);
                  t.start();
                } catch (IOException e) {
                  return;
                }
              }
            },
            "upload-sink-accept");
    acceptor.setDaemon(true);
    acceptor.start();
    System.out.println("READY " + server.getLocalPort());
    System.out.flush();
    while (System.in.read() >= 0) {
      // wait for stdin to close
    }
    server.close();
  }

  private static void connection(Socket socket) {
    byte[] buffer = new byte[256 * 1024];
    try (socket) {
      socket.setTcpNoDelay(true);
      InputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
      OutputStream out = socket.getOutputStream();
      while (true) {
        String requestLine = line(in);
        if (requestLine == null) {
          return;
        }
        long length = 0;
        boolean chunked = false;
        boolean expectContinue = false;
        for (String h; !(h = line(in)).isEmpty(); ) {
          int colon = h.indexOf(':');
          String name = h.substring(0, colon).trim().toLowerCase(Locale.ROOT);
          String value = h.substring(colon + 1).trim();
          if (name.equals("content-length")) {
            length = Long.parseLong(value);
          } else if (name.equals("transfer-encoding")) {
            chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
          } else if (name.equals("expect")) {
            expectContinue = value.equalsIgnoreCase("100-continue");
          }
        }
        if (expectContinue) {
          out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
          out.flush();
        }
        long read = 0;
        if (chunked) {
          for (long n; (n = Long.parseLong(stripExtension(line(in)), 16)) > 0; ) {
            read += skip(in, n, buffer);
            line(in);
          }
          while (!line(in).isEmpty()) {
            // trailer fields
          }
        } else {
          read = skip(in, length, buffer);
        }
        byte[] body = ("{\"bytes\":" + read + "}").getBytes(StandardCharsets.US_ASCII);
        out.write(
            ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.length
                    + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
      }
    } catch (IOException | RuntimeException e) {
      // the client went away
    }
  }

  private static String stripExtension(String chunkLine) {
    int semi = chunkLine.indexOf(';');
    return (semi < 0 ? chunkLine : chunkLine.substring(0, semi)).trim();
  }

  private static long skip(InputStream in, long n, byte[] buffer) throws IOException {
    long left = n;
    while (left > 0) {
      int k = in.read(buffer, 0, (int) Math.min(left, buffer.length));
      if (k < 0) {
        throw new IOException("body ended " + left + " bytes early");
      }
      left -= k;
    }
    return n;
  }

  /** A line without its CRLF, or null at the end of the stream before any byte. */
  private static String line(InputStream in) throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int b; (b = in.read()) >= 0; ) {
      if (b == '\n') {
        int end = sb.length();
        return sb.substring(0, end > 0 && sb.charAt(end - 1) == '\r' ? end - 1 : end);
      }
      sb.append((char) b);
    }
    if (sb.length() == 0) {
      return null;
    }
    throw new IOException("connection closed mid-line");
  }

  /** {@code 100m} = 100,000,000 bytes: decimal units (k, m, g), as MB/s is reported. */
  private static long parseSize(String s) {
    String lower = s.toLowerCase(Locale.ROOT);
    long unit =
        switch (lower.charAt(lower.length() - 1)) {
          case 'k' -> 1_000L;
          case 'm' -> 1_000_000L;
          case 'g' -> 1_000_000_000L;
          default -> 1L;
        };
    return Long.parseLong(unit == 1 ? lower : lower.substring(0, lower.length() - 1)) * unit;
  }
}
