package dev.httpjson.bench.jmh;

import dev.httpjson.JsonBodyHandlers;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.bench.Codecs;
import dev.httpjson.bench.Forecasts;
import dev.httpjson.bench.WeatherForecast;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What {@code JsonOptions.strictRecords} costs: the seed's 5-item {@code WeatherForecast} list read
 * from the bytes the server sends, through the body subscriber, with strict records on and off. The
 * figure behind the default (docs/codecs.md, "Strict records"). Run with {@code ./bench --jmh
 * StrictRecordsBench} (add {@code -prof gc} for bytes per operation).
 *
 * <p>On a loaded machine JMH's one-setting-after-the-other runs drift apart; {@link #main} instead
 * interleaves the two settings in one JVM (15 s warm-up, then 40 rounds of 20,000 reads each way,
 * alternating which goes first) and prints the median ratio; give it {@code
 * -Ddev.httpjson.codec=jackson} (every codec is on the benchmarks' class path), as the JMH forks
 * get.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 6, time = 2)
@Fork(
    value = 2,
    jvmArgsAppend = {"-Xms512m", "-Xmx512m", "-XX:+UseG1GC", Codecs.DEFAULT_CODEC_FLAG})
public class StrictRecordsBench {
  private static final JsonType<List<WeatherForecast>> LIST =
      JsonType.listOf(WeatherForecast.class);

  @Param({"true", "false"})
  public boolean strict;

  private final byte[] body = Forecasts.randomListJson();
  private ResponseInfo info;
  private BodyHandler<List<WeatherForecast>> handler;

  @Setup
  public void setUp() {
    HttpHeaders headers =
        HttpHeaders.of(
            Map.of(
                "Content-Type",
                List.of("application/json; charset=utf-8"),
                "Content-Length",
                List.of(Integer.toString(body.length))),
            (a, b) -> true);
    info =
        new ResponseInfo() {
          @Override
          public int statusCode() {
            return 200;
          }

          @Override
          public HttpHeaders headers() {
            return headers;
          }

          @Override
          public HttpClient.Version version() {
            return HttpClient.Version.HTTP_1_1;
          }
        };
    handler =
        JsonBodyHandlers.of(
            LIST.withOptions(JsonOptions.newBuilder().strictRecords(strict).build()));
  }

  /** {@code getFromJson}'s decode of the seed's list. */
  @Benchmark
  public List<WeatherForecast> readList() {
    BodySubscriber<List<WeatherForecast>> subscriber = handler.apply(info);
    subscriber.onSubscribe(NOOP);
    subscriber.onNext(List.of(ByteBuffer.wrap(body)));
    subscriber.onComplete();
    return subscriber.getBody().toCompletableFuture().join();
  }

  /** Interleaved A/B: strict records on versus off, median ratio over 40 rounds. */
  public static void main(String[] args) {
    StrictRecordsBench on = new StrictRecordsBench();
    on.strict = true;
    on.setUp();
    StrictRecordsBench off = new StrictRecordsBench();
    off.strict = false;
    off.setUp();
    long sink = 0;
    long warm = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    while (System.nanoTime() < warm) {
      sink += on.reads(1000) + off.reads(1000);
    }
    int rounds = 40;
    int n = 20_000;
    double[] strictNs = new double[rounds];
    double[] lenientNs = new double[rounds];
    double[] ratio = new double[rounds];
    for (int i = 0; i < rounds; i++) {
      boolean strictFirst = (i & 1) == 0;
      long t0 = System.nanoTime();
      sink += (strictFirst ? on : off).reads(n);
      long t1 = System.nanoTime();
      sink += (strictFirst ? off : on).reads(n);
      long t2 = System.nanoTime();
      strictNs[i] = (strictFirst ? t1 - t0 : t2 - t1) / (double) n;
      lenientNs[i] = (strictFirst ? t2 - t1 : t1 - t0) / (double) n;
      ratio[i] = strictNs[i] / lenientNs[i];
    }
    java.util.Arrays.sort(strictNs);
    java.util.Arrays.sort(lenientNs);
    java.util.Arrays.sort(ratio);
    System.out.printf(
        "strictRecords on %.0f ns/op, off %.0f ns/op (medians); on/off median %.3f, quartiles %.3f"
            + " %.3f; %d rounds of %d reads; JDK %s, %d CPUs (%d)%n",
        strictNs[rounds / 2],
        lenientNs[rounds / 2],
        ratio[rounds / 2],
        ratio[rounds / 4],
        ratio[3 * rounds / 4],
        rounds,
        n,
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        sink);
  }

  private long reads(int n) {
    long size = 0;
    for (int i = 0; i < n; i++) {
      size += readList().size();
    }
    return size;
  }

  private static final Flow.Subscription NOOP =
      new Flow.Subscription() {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
      };
}
