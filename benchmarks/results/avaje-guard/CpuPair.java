import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.bench.Codecs;
import dev.httpjson.bench.Forecasts;
import dev.httpjson.bench.WeatherForecast;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * httpjson's decode with codec A against codec B (JsonType.fromJson(byte[])), thread CPU time, in
 * alternating 200 ms slices in one JVM after a warm-up: median CPU ns of each and the paired ratio
 * A/B with quartiles. Args: codecA codecB body.json passes
 */
public class CpuPair {
  public static void main(String[] args) throws Exception {
    byte[] body = Files.readAllBytes(Path.of(args[2]));
    int passes = Integer.parseInt(args[3]);
    CpuDecode.Op a = op(args[0], body);
    CpuDecode.Op b = op(args[1], body);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long warmEnd = System.nanoTime() + 6_000_000_000L;
    while (System.nanoTime() < warmEnd) {
      CpuDecode.slice(threads, a, 100);
      CpuDecode.slice(threads, b, 100);
    }
    double[] x = new double[passes];
    double[] y = new double[passes];
    double[] r = new double[passes];
    for (int p = 0; p < passes; p++) {
      if (p % 2 == 0) {
        x[p] = CpuDecode.slice(threads, a, 200);
        y[p] = CpuDecode.slice(threads, b, 200);
      } else {
        y[p] = CpuDecode.slice(threads, b, 200);
        x[p] = CpuDecode.slice(threads, a, 200);
      }
      r[p] = x[p] / y[p];
    }
    System.out.printf(
        "%s_cpu_ns=%.0f %s_cpu_ns=%.0f ratio=%.3f ratio_q1=%.3f ratio_q3=%.3f%n",
        args[0], CpuDecode.median(x), args[1], CpuDecode.median(y), CpuDecode.median(r),
        CpuDecode.quantile(r, 0.25), CpuDecode.quantile(r, 0.75));
  }

  static CpuDecode.Op op(String codec, byte[] body) {
    JsonOptions options = JsonOptions.newBuilder().codec(Codecs.named(codec).newCodec()).build();
    JsonType<List<WeatherForecast>> type =
        JsonType.listOf(WeatherForecast.class).withOptions(options);
    return () -> Forecasts.check(type.fromJson(body));
  }
}
