package dev.httpjson.bench.jmh;

import dev.httpjson.JsonBodyHandlers;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonOptions;
import dev.httpjson.TypeRef;
import dev.httpjson.bench.Forecasts;
import dev.httpjson.bench.Jackson3;
import dev.httpjson.bench.WeatherForecast;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The codec hot paths of one call, without the network: reading the 5-item list from the bytes the
 * server sends (through the body subscriber, as the JDK client drives it) and writing a value into
 * a request body publisher (drained as the client would). Each has a hand-written baseline with one
 * static Jackson 3 mapper. Run with {@code -prof gc}: {@code gc.alloc.rate.norm} is bytes allocated
 * per operation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 4, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms512m", "-Xmx512m", "-XX:+UseG1GC"})
public class CodecBench {
  private static final TypeRef<List<WeatherForecast>> LIST = TypeRef.listOf(WeatherForecast.class);

  private final byte[] body = Forecasts.randomListJson();
  private final List<WeatherForecast> value = Forecasts.randomList();
  private final ResponseInfo info = info(body.length);
  private final BodyHandler<List<WeatherForecast>> handler = JsonBodyHandlers.of(LIST);

  private static ResponseInfo info(int length) {
    HttpHeaders headers =
        HttpHeaders.of(
            Map.of(
                "Content-Type",
                List.of("application/json; charset=utf-8"),
                "Content-Length",
                List.of(Integer.toString(length))),
            (a, b) -> true);
    return new ResponseInfo() {
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
  }

  private static final Flow.Subscription NOOP =
      new Flow.Subscription() {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
      };

  private <T> T drive(BodySubscriber<T> subscriber) {
    subscriber.onSubscribe(NOOP);
    subscriber.onNext(List.of(ByteBuffer.wrap(body)));
    subscriber.onComplete();
    return subscriber.getBody().toCompletableFuture().join();
  }

  /** httpjson's {@code getFromJson} path: the cached handler's subscriber. */
  @Benchmark
  public List<WeatherForecast> readHttpjson() {
    return drive(handler.apply(info));
  }

  /** The same with equal options built for the call (the httpjson-percall variant). */
  @Benchmark
  public List<WeatherForecast> readHttpjsonPerCallOptions() {
    return drive(JsonBodyHandlers.of(LIST, JsonOptions.newBuilder().build()).apply(info));
  }

  /** Hand-written: the JDK's byte-array subscriber, then one static mapper. */
  @Benchmark
  public List<WeatherForecast> readStaticMapper() throws Exception {
    byte[] bytes = drive(HttpResponse.BodySubscribers.ofByteArray());
    return Jackson3.MAPPER.readValue(bytes, Jackson3.LIST);
  }

  /** httpjson's {@code postAsJson} body: {@link JsonContent}, drained. */
  @Benchmark
  public long writeHttpjson() throws Exception {
    return drain(JsonContent.of(value));
  }

  /** Hand-written: one static mapper to bytes, then the JDK's byte-array publisher, drained. */
  @Benchmark
  public long writeStaticMapper() throws Exception {
    return drain(HttpRequest.BodyPublishers.ofByteArray(Jackson3.MAPPER.writeValueAsBytes(value)));
  }

  private static long drain(HttpRequest.BodyPublisher publisher) {
    Drain d = new Drain();
    publisher.subscribe(d);
    if (!d.done) {
      throw new IllegalStateException("publisher did not complete synchronously");
    }
    return d.bytes;
  }

  private static final class Drain implements Flow.Subscriber<ByteBuffer> {
    long bytes;
    boolean done;

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(ByteBuffer item) {
      bytes += item.remaining();
    }

    @Override
    public void onError(Throwable throwable) {
      throw new IllegalStateException(throwable);
    }

    @Override
    public void onComplete() {
      done = true;
    }
  }
}
