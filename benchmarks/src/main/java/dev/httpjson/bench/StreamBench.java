package dev.httpjson.bench;

import dev.httpjson.HttpJson;
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
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Streams a large top-level JSON array of WeatherForecast elements through {@code
 * HttpJson.getFromJsonAsStream} and reports throughput and peak heap. The server, on a raw socket
 * in the same JVM, writes 64 KiB chunks cycled from 4096 pre-generated random elements, so that it
 * costs little next to the client.
 *
 * <pre>
 *   java -Xmx64m -Ddev.httpjson.codec=jackson -cp benchmarks/target/httpjson-benchmarks.jar dev.httpjson.bench.StreamBench [--size 1g]
 * </pre>
 */
public final class StreamBench {
  private StreamBench() {}

  public static void main(String[] args) throws Exception {
    long size = 1L << 30;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--size")) {
        size = parseSize(args[++i]);
      }
    }
    byte[][] elements = new byte[4096][];
    OffsetDateTime now = OffsetDateTime.now();
    for (int i = 0; i < elements.length; i++) {
      StringBuilder sb = new StringBuilder(128);
      Forecasts.appendRandomJson(sb, now.plusDays(i));
      elements[i] = sb.toString().getBytes(StandardCharsets.UTF_8);
    }
    long target = size;
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      long[] sent = new long[2];
      Thread serverThread =
          new Thread(
              () -> {
                try (Socket socket = server.accept()) {
                  sent[0] = serve(socket, elements, target);
                  sent[1] = 1;
                } catch (IOException e) {
                  e.printStackTrace();
                }
              },
              "stream-server");
      serverThread.setDaemon(true);
      serverThread.start();

      List<MemoryPoolMXBean> heap = new ArrayList<>();
      for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
        if (pool.getType() == MemoryType.HEAP) {
          pool.resetPeakUsage();
          heap.add(pool);
        }
      }
      HttpClient client = HttpClient.newHttpClient();
      URI uri = URI.create("http://127.0.0.1:" + server.getLocalPort() + "/stream");
      long start = System.nanoTime();
      long count = 0;
      try (Stream<WeatherForecast> stream =
          HttpJson.getFromJsonAsStream(client, uri, WeatherForecast.class)) {
        for (WeatherForecast f : (Iterable<WeatherForecast>) stream::iterator) {
          Forecasts.check(f);
          count++;
        }
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      serverThread.join(10_000);
      long peak = 0;
      for (MemoryPoolMXBean pool : heap) {
        peak += pool.getPeakUsage().getUsed();
      }
      long maxHeap = Runtime.getRuntime().maxMemory();
      System.out.printf(
          "streamed %d elements, %.1f MiB in %.2f s: %.1f MiB/s; peak heap (sum of pool peaks)"
              + " %.1f MiB, max heap %.0f MiB; %s%n",
          count,
          sent[0] / 1048576.0,
          seconds,
          sent[0] / 1048576.0 / seconds,
          peak / 1048576.0,
          maxHeap / 1048576.0,
          Runtime.version());
    }
  }

  private static long serve(Socket socket, byte[][] elements, long target) throws IOException {
    InputStream in = socket.getInputStream();
    int state = 0;
    for (int b; state < 4 && (b = in.read()) >= 0; ) {
      state = (b == '\r' || b == '\n') ? state + 1 : 0;
    }
    OutputStream out = socket.getOutputStream();
    out.write(
        ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1));
    byte[] chunk = new byte[64 * 1024];
    int used = 0;
    long total = 0;
    chunk[used++] = '[';
    for (long i = 0; total + used < target; i++) {
      byte[] element = elements[(int) (i % elements.length)];
      if (used + element.length + 2 > chunk.length) {
        total += writeChunk(out, chunk, used);
        used = 0;
      }
      if (i > 0) {
        chunk[used++] = ',';
      }
      System.arraycopy(element, 0, chunk, used, element.length);
      used += element.length;
    }
    chunk[used++] = ']';
    total += writeChunk(out, chunk, used);
    out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
    return total;
  }

  private static int writeChunk(OutputStream out, byte[] chunk, int length) throws IOException {
    out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
    out.write(chunk, 0, length);
    out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
    return length;
  }

  private static long parseSize(String s) {
    String lower = s.toLowerCase(java.util.Locale.ROOT);
    long unit = 1;
    if (lower.endsWith("g")) {
      unit = 1L << 30;
    } else if (lower.endsWith("m")) {
      unit = 1L << 20;
    } else if (lower.endsWith("k")) {
      unit = 1L << 10;
    }
    String digits = unit == 1 ? lower : lower.substring(0, lower.length() - 1);
    return Long.parseLong(digits) * unit;
  }
}
