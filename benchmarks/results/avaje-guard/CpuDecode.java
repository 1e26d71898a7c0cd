import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.bench.Codecs;
import dev.httpjson.bench.Forecasts;
import dev.httpjson.bench.HandWrittenJson;
import dev.httpjson.bench.WeatherForecast;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decode-only cost counted in thread CPU time (not wall time: the machine is oversubscribed), for
 * one codec: httpjson (JsonType.fromJson(byte[]) with options naming the codec) and the
 * hand-written client on the same library, in alternating 200 ms slices in one JVM, after a
 * warm-up. Prints the median CPU ns per decode of each, and their paired ratio per pass.
 * Args: codec body.json passes
 */
public class CpuDecode {
  static volatile Object sink;

  interface Op {
    Object run() throws Exception;
  }

  public static void main(String[] args) throws Exception {
    String codec = args[0];
    byte[] body = Files.readAllBytes(Path.of(args[1]));
    int passes = Integer.parseInt(args[2]);
    Codecs.Codec c = Codecs.named(codec);
    JsonOptions options = JsonOptions.newBuilder().codec(c.newCodec()).build();
    JsonType<List<WeatherForecast>> type =
        JsonType.listOf(WeatherForecast.class).withOptions(options);
    HandWrittenJson hand = c.newHandWritten();
    Op httpjson = () -> Forecasts.check(type.fromJson(body));
    Op handWritten = () -> Forecasts.check(hand.readList(body));
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long warmEnd = System.nanoTime() + 6_000_000_000L;
    while (System.nanoTime() < warmEnd) {
      slice(threads, httpjson, 100);
      slice(threads, handWritten, 100);
    }
    double[] h = new double[passes];
    double[] w = new double[passes];
    double[] ratio = new double[passes];
    for (int p = 0; p < passes; p++) {
      if (p % 2 == 0) {
        h[p] = slice(threads, httpjson, 200);
        w[p] = slice(threads, handWritten, 200);
      } else {
        w[p] = slice(threads, handWritten, 200);
        h[p] = slice(threads, httpjson, 200);
      }
      ratio[p] = h[p] / w[p];
    }
    System.out.printf(
        "%s httpjson_cpu_ns=%.0f handwritten_cpu_ns=%.0f ratio=%.3f ratio_q1=%.3f ratio_q3=%.3f%n",
        codec, median(h), median(w), median(ratio), quantile(ratio, 0.25), quantile(ratio, 0.75));
  }

  /** CPU ns per op over a slice of about {@code millis} of CPU time. */
  static double slice(ThreadMXBean threads, Op op, long millis) throws Exception {
    long cpu0 = threads.getCurrentThreadCpuTime();
    long budget = millis * 1_000_000L;
    long n = 0;
    long cpu;
    do {
      for (int i = 0; i < 100; i++) {
        sink = op.run();
      }
      n += 100;
      cpu = threads.getCurrentThreadCpuTime() - cpu0;
    } while (cpu < budget);
    return (double) cpu / n;
  }

  static double median(double[] v) {
    return quantile(v, 0.5);
  }

  static double quantile(double[] v, double q) {
    double[] s = v.clone();
    Arrays.sort(s);
    double pos = q * (s.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = (int) Math.ceil(pos);
    return s[lo] + (s[hi] - s[lo]) * (pos - lo);
  }
}
