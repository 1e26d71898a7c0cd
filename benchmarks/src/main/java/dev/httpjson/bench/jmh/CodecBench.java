package dev.httpjson.bench.jmh;

import com.google.gson.Gson;
import com.google.gson.reflect.TypeToken;
import dev.httpjson.HttpJson;
import dev.httpjson.JsonBodyHandlers;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.bench.Codecs;
import dev.httpjson.bench.Forecasts;
import dev.httpjson.bench.GsonStatic;
import dev.httpjson.bench.HandWrittenJson;
import dev.httpjson.bench.Jackson3;
import dev.httpjson.bench.WeatherForecast;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
import tools.jackson.databind.json.JsonMapper;

/**
 * The codec hot paths of one call, without the network: reading the 5-item list from the bytes the
 * server sends (through the body subscriber, as the JDK client drives it) and writing a value into
 * a request body publisher (drained as the client would). Each has a hand-written baseline with one
 * static Jackson 3 mapper. Run with {@code -prof gc}: {@code gc.alloc.rate.norm} is bytes allocated
 * per operation.
 *
 * <p>The {@code decode*} group is the decode step alone, from a buffered {@code
 * HttpResponse<byte[]>} (the most direct public decode path, {@link HttpJson#readFromJson}) against
 * a static mapper reading the same bytes, with httpjson's web options ({@code decodeHttpjson}), the
 * same options built per call with a deadline and a size limit ({@code
 * decodeHttpjsonPerCallTimeout}), a static mapper with the same case-insensitive matching ({@code
 * decodeStaticMapper}) and a plain {@code JsonMapper.builder().build()} ({@code
 * decodePlainMapper}). Ratios to read: {@code decodeHttpjson / decodeStaticMapper} (the layer's
 * cost) and {@code *PerCallTimeout / decodeHttpjson} (allocation per call, target at most 1.1x).
 *
 * <p>The {@code codec*} group runs once per codec ({@link PerCodec}, parameter {@code codec}):
 * httpjson with options naming the codec, built once, against the hand-written client on the same
 * library ({@link Codecs}): {@code codecDecodeHttpjson} / {@code codecDecodeHandWritten} (the
 * decode step alone, as above) and {@code codecReadHttpjson} / {@code codecReadHandWritten}
 * (through the body subscriber; the hand-written side is the JDK's {@code ofByteArray()} and then
 * the library). {@code gsonStringReader} / {@code gsonStreamReader} decide how the hand-written
 * Gson client reads bytes ({@link dev.httpjson.bench.GsonStatic}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 4, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms512m", "-Xmx512m", "-XX:+UseG1GC", Codecs.DEFAULT_CODEC_FLAG})
public class CodecBench {
  private static final JsonType<List<WeatherForecast>> LIST =
      JsonType.listOf(WeatherForecast.class);

  private final byte[] body = Forecasts.randomListJson();
  private final List<WeatherForecast> value = Forecasts.randomList();
  private final ResponseInfo info = info(body.length);
  private final BodyHandler<List<WeatherForecast>> handler = JsonBodyHandlers.of(LIST);
  private final HttpResponse<byte[]> response = new Buffered(body, info.headers());
  private static final JsonMapper PLAIN = JsonMapper.builder().build();

  /** Options as a caller passing a remaining deadline down builds them on every call. */
  private static JsonOptions perCallTimeout() {
    return JsonOptions.newBuilder()
        .timeout(Duration.ofSeconds(30))
        .maxResponseSize(1024 * 1024)
        .build();
  }

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

  /**
   * One codec of {@link Codecs}: httpjson's options naming it (built once) and the hand-written
   * client on the same library. A new codec's name goes into {@code @Param} here as well as into
   * {@link Codecs#ALL} (JMH reads parameter values from the annotation).
   */
  @State(Scope.Benchmark)
  public static class PerCodec {
    @Param({"jackson", "jackson2", "gson", "avaje-jsonb"})
    public String codec;

    JsonOptions options;
    BodyHandler<List<WeatherForecast>> handler;
    HandWrittenJson handWritten;

    @Setup
    public void setUp() {
      Codecs.Codec c = Codecs.named(codec);
      options = JsonOptions.newBuilder().codec(c.newCodec()).build();
      handler = JsonBodyHandlers.of(LIST.withOptions(options));
      handWritten = c.newHandWritten();
    }
  }

  /** Decode only: {@code HttpJson.readFromJson} with options naming the codec. */
  @Benchmark
  public List<WeatherForecast> codecDecodeHttpjson(PerCodec c) throws Exception {
    return HttpJson.readFromJson(response, LIST.withOptions(c.options));
  }

  /** Decode only: the hand-written client's static library instance, the same bytes. */
  @Benchmark
  public List<WeatherForecast> codecDecodeHandWritten(PerCodec c) throws Exception {
    return c.handWritten.readList(response.body());
  }

  /**
   * httpjson's {@code getFromJson} path with options naming the codec: the handler's subscriber.
   */
  @Benchmark
  public List<WeatherForecast> codecReadHttpjson(PerCodec c) {
    return drive(c.handler.apply(info));
  }

  /** Hand-written: the JDK's byte-array subscriber, then the static library instance. */
  @Benchmark
  public List<WeatherForecast> codecReadHandWritten(PerCodec c) throws Exception {
    return c.handWritten.readList(drive(HttpResponse.BodySubscribers.ofByteArray()));
  }

  /** Gson from bytes via {@code new String(bytes, UTF_8)} (what {@code gson-static} does). */
  @Benchmark
  public List<WeatherForecast> gsonStringReader() {
    return GSON.fromJson(new String(body, StandardCharsets.UTF_8), GSON_LIST);
  }

  /** Gson from bytes via an {@code InputStreamReader} over the bytes. */
  @Benchmark
  public List<WeatherForecast> gsonStreamReader() {
    return GSON.fromJson(
        new InputStreamReader(new ByteArrayInputStream(body), StandardCharsets.UTF_8), GSON_LIST);
  }

  private static final Gson GSON = GsonStatic.gson();
  private static final TypeToken<List<WeatherForecast>> GSON_LIST = new TypeToken<>() {};

  /** httpjson's {@code getFromJson} path: the cached handler's subscriber. */
  @Benchmark
  public List<WeatherForecast> readHttpjson() {
    return drive(handler.apply(info));
  }

  /** The same with equal options built for the call (the httpjson-percall variant). */
  @Benchmark
  public List<WeatherForecast> readHttpjsonPerCallOptions() {
    return drive(
        JsonBodyHandlers.of(LIST.withOptions(JsonOptions.newBuilder().build())).apply(info));
  }

  /** The same with a deadline and a size limit in options built for the call. */
  @Benchmark
  public List<WeatherForecast> readHttpjsonPerCallTimeout() {
    return drive(JsonBodyHandlers.of(LIST.withOptions(perCallTimeout())).apply(info));
  }

  /** Decode only: {@code HttpJson.readFromJson} on a buffered response, web options. */
  @Benchmark
  public List<WeatherForecast> decodeHttpjson() throws Exception {
    return HttpJson.readFromJson(response, LIST);
  }

  /** Decode only, options with a deadline and a size limit built for the call. */
  @Benchmark
  public List<WeatherForecast> decodeHttpjsonPerCallTimeout() throws Exception {
    return HttpJson.readFromJson(response, LIST.withOptions(perCallTimeout()));
  }

  /** Decode only: a static mapper with httpjson's case-insensitive matching, the same bytes. */
  @Benchmark
  public List<WeatherForecast> decodeStaticMapper() {
    return Jackson3.MAPPER.readValue(response.body(), Jackson3.LIST);
  }

  /** Decode only: a static {@code JsonMapper.builder().build()}, the same bytes. */
  @Benchmark
  public List<WeatherForecast> decodePlainMapper() {
    return PLAIN.readValue(response.body(), Jackson3.LIST);
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

  /** A buffered 200 response, as {@code postAsJson} or a hand-written {@code send} returns one. */
  private static final class Buffered implements HttpResponse<byte[]> {
    private static final URI URI = java.net.URI.create("http://127.0.0.1/weatherforecast");
    private final byte[] body;
    private final HttpHeaders headers;
    private final HttpRequest request = HttpRequest.newBuilder(URI).build();

    Buffered(byte[] body, HttpHeaders headers) {
      this.body = body;
      this.headers = headers;
    }

    @Override
    public int statusCode() {
      return 200;
    }

    @Override
    public HttpRequest request() {
      return request;
    }

    @Override
    public Optional<HttpResponse<byte[]>> previousResponse() {
      return Optional.empty();
    }

    @Override
    public HttpHeaders headers() {
      return headers;
    }

    @Override
    public byte[] body() {
      return body;
    }

    @Override
    public Optional<javax.net.ssl.SSLSession> sslSession() {
      return Optional.empty();
    }

    @Override
    public URI uri() {
      return URI;
    }

    @Override
    public HttpClient.Version version() {
      return HttpClient.Version.HTTP_1_1;
    }
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
