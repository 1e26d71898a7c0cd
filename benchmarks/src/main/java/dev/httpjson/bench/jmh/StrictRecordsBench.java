package dev.httpjson.bench.jmh;

import dev.httpjson.JsonBodyHandlers;
import dev.httpjson.JsonOptions;
import dev.httpjson.TypeRef;
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
 * figure behind the default (README, "Strict records"). Run with {@code ./bench --jmh
 * StrictRecordsBench} (add {@code -prof gc} for bytes per operation).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 6, time = 2)
@Fork(
    value = 2,
    jvmArgsAppend = {"-Xms512m", "-Xmx512m", "-XX:+UseG1GC"})
public class StrictRecordsBench {
  private static final TypeRef<List<WeatherForecast>> LIST = TypeRef.listOf(WeatherForecast.class);

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
    handler = JsonBodyHandlers.of(LIST, JsonOptions.newBuilder().strictRecords(strict).build());
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

  private static final Flow.Subscription NOOP =
      new Flow.Subscription() {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
      };
}
