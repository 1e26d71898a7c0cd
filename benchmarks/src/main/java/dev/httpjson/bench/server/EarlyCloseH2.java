package dev.httpjson.bench.server;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.httpjson.bench.WeatherForecast;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Why Retrofit runs far below OkHttp by hand on HTTP/2 in {@code ./bench --scale}: its Jackson and
 * Gson converters parse the response body as a stream and close it as soon as the value is read,
 * before the body's end has been seen; on HTTP/2 OkHttp then resets the stream, and against the
 * benchmark's Undertow each such call costs several times a whole call. Three ways to read the same
 * {@code getCollection} body with Jackson 2 over one OkHttp h2c connection: whole ({@code
 * bytes()}), as a stream closed after the value (what the converters do), and as a stream read to
 * its end before it is closed. Interleaved rounds in one JVM, the server in the same JVM (one I/O
 * thread); prints each way's median µs per call. Run with {@code java -cp
 * benchmarks/target/httpjson-benchmarks.jar dev.httpjson.bench.server.EarlyCloseH2 [rounds]
 * [calls]}.
 */
public final class EarlyCloseH2 {
  private EarlyCloseH2() {}

  private static final List<String> WAYS = List.of("whole", "stream, closed", "stream, drained");

  /**
   * Runs the comparison.
   *
   * @param args rounds (default 10) and calls per way and round (default 500)
   * @throws Exception if the server cannot start or a call fails
   */
  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    int calls = args.length > 1 ? Integer.parseInt(args[1]) : 500;
    Path dir = Files.createTempDirectory("early-close");
    BenchServer.Running server =
        UndertowServer.startH2(
            0, dev.httpjson.bench.ScaleBench.selfSigned(dir).toString(), new int[1]);
    OkHttpClient client =
        new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE)).build();
    ObjectMapper mapper =
        new ObjectMapper()
            .findAndRegisterModules()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    JavaType type =
        mapper.getTypeFactory().constructCollectionType(List.class, WeatherForecast.class);
    Request request =
        new Request.Builder()
            .url("http://127.0.0.1:" + server.port() + "/weatherforecast/getCollection")
            .header("Accept", "application/json")
            .build();
    List<List<Double>> micros = new ArrayList<>();
    for (int w = 0; w < WAYS.size(); w++) {
      micros.add(new ArrayList<>());
    }
    try {
      for (int round = -2; round < rounds; round++) { // two rounds of warm-up
        for (int k = 0; k < WAYS.size(); k++) {
          int w = Math.floorMod(k + round, WAYS.size());
          long start = System.nanoTime();
          for (int i = 0; i < calls; i++) {
            try (Response response = client.newCall(request).execute()) {
              if (response.code() != 200) {
                throw new IllegalStateException("status " + response.code());
              }
              List<?> value;
              if (w == 0) {
                value = mapper.readValue(response.body().bytes(), type);
              } else {
                InputStream in = response.body().byteStream();
                value = mapper.readValue(w == 1 ? in : new KeepOpen(in), type);
                if (w == 2) {
                  in.transferTo(java.io.OutputStream.nullOutputStream());
                }
              }
              if (value.isEmpty()) {
                throw new IllegalStateException("empty body");
              }
            }
          }
          if (round >= 0) {
            micros.get(w).add((System.nanoTime() - start) / 1000.0 / calls);
          }
        }
      }
    } finally {
      client.dispatcher().executorService().shutdown();
      client.connectionPool().evictAll();
      client.dispatcher().executorService().awaitTermination(5, TimeUnit.SECONDS);
      server.stop();
    }
    System.out.printf(
        "OkHttp h2c, getCollection read with Jackson 2, %d rounds of %d calls per way, JDK %s%n",
        rounds, calls, System.getProperty("java.version"));
    System.out.println("| way | median µs/call | min | max |");
    System.out.println("|---|---:|---:|---:|");
    for (int w = 0; w < WAYS.size(); w++) {
      double[] d = micros.get(w).stream().mapToDouble(Double::doubleValue).sorted().toArray();
      System.out.printf(
          "| %s | %.0f | %.0f | %.0f |%n",
          WAYS.get(w), d[d.length / 2], d[0], Arrays.stream(d).max().orElse(0));
    }
    System.exit(0); // Undertow's XNIO threads
  }

  /** Jackson closes the stream it read from; this keeps it open for the rest to be read. */
  private static final class KeepOpen extends java.io.FilterInputStream {
    KeepOpen(InputStream in) {
      super(in);
    }

    @Override
    public void close() {}
  }
}
