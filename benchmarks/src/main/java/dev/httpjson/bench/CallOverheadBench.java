package dev.httpjson.bench;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonType;
import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.PushPromiseHandler;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * What an {@link HttpJsonClient} adds to a call, without the network: the seed's {@code getObject}
 * call (one {@code WeatherForecast}) made through the public API on an {@link HttpClient} that
 * answers from memory, so that the only differences between the variants are what httpjson does per
 * call — the static {@code HttpJson.getFromJson(client, uri, type)}, an {@code HttpJsonClient} with
 * a base URI and an empty chain ({@code getFromJson("weatherforecast/getObject", type)}), the same
 * with a {@code CallListener} that overrides every event and does nothing, and with one forwarding
 * {@code Interceptor} (the loopback variants' own); and the static call with the type written
 * inline ({@code new JsonType<WeatherForecast>() {}} per call) and as a plain class; and the client
 * observed through {@code httpjson-micrometer}, with a timer and on the NOOP registry. On loopback
 * these differences drown in the exchange's own cost and the machine's noise; here they are
 * nanoseconds against a call that does everything but the I/O.
 *
 * <p>Interleaved in one JVM (as {@code StrictRecordsBench.main}): 15 s warm-up, then 40 rounds of
 * 20,000 calls per variant, the order rotating per round; prints each variant's median ns per call,
 * its paired median ratio to the static call with quartiles, and the difference in ns. Run with
 * {@code java -cp benchmarks/target/httpjson-benchmarks.jar -Ddev.httpjson.codec=jackson
 * dev.httpjson.bench.CallOverheadBench}.
 */
public final class CallOverheadBench {
  private static final JsonType<WeatherForecast> OBJECT = JsonType.of(WeatherForecast.class);
  private static final URI BASE = URI.create("http://127.0.0.1:8080/");
  private static final String PATH = "weatherforecast/getObject";
  private static final URI TARGET = BASE.resolve(PATH);

  private CallOverheadBench() {}

  /** The variants' names, the baseline first. */
  public static final List<String> NAMES =
      List.of(
          "static",
          "client-empty-chain",
          "client-listener-noop",
          "client-interceptor",
          "static-inline-type",
          "static-class",
          "codec-direct",
          "client-observed",
          "client-observed-noop");

  /**
   * The calls of the variants named, in that order, as JDK types only: {@link PairedBuilds} runs
   * two builds of httpjson side by side in one JVM, each behind a class loader of its own.
   */
  public static List<Callable<Object>> calls(List<String> names) {
    HttpClient memory = new MemoryClient(Forecasts.randomObjectJson());
    HttpJsonClient empty = HttpJsonClient.newBuilder(memory).baseUri(BASE).build();
    HttpJsonClient listener =
        HttpJsonClient.newBuilder(memory)
            .baseUri(BASE)
            .listener(new JdkVariants.NoOpListener())
            .build();
    HttpJsonClient oneInterceptor =
        HttpJsonClient.newBuilder(memory)
            .baseUri(BASE)
            .interceptor(new JdkVariants.Forwarding())
            .build();
    // Observed through httpjson-micrometer: its timer updated per call, and on the NOOP registry.
    HttpJsonClient observed =
        HttpJsonClient.newBuilder(memory)
            .baseUri(BASE)
            .interceptor(((JdkVariants.HttpJsonChain) JdkVariants.observed(false)).interceptor())
            .build();
    HttpJsonClient observedNoop =
        HttpJsonClient.newBuilder(memory)
            .baseUri(BASE)
            .interceptor(((JdkVariants.HttpJsonChain) JdkVariants.observed(true)).interceptor())
            .build();
    dev.httpjson.spi.JsonReader<WeatherForecast> reader =
        new dev.httpjson.jackson.JacksonCodec()
            .bind(dev.httpjson.JsonOptions.web())
            .reader(WeatherForecast.class);
    List<Callable<Object>> all =
        List.of(
            () -> HttpJson.getFromJson(memory, TARGET, OBJECT),
            () -> empty.getFromJson(PATH, OBJECT),
            () -> listener.getFromJson(PATH, OBJECT),
            () -> oneInterceptor.getFromJson(PATH, OBJECT),
            // The one type form written inline per call, and the plain class: each a lookup.
            () -> HttpJson.getFromJson(memory, TARGET, new JsonType<WeatherForecast>() {}),
            () -> HttpJson.getFromJson(memory, TARGET, WeatherForecast.class),
            // diag-codec-direct in memory: the same client and reader, by hand, no httpjson call.
            () -> {
              HttpResponse<byte[]> r =
                  memory.send(
                      HttpRequest.newBuilder(TARGET).header("Accept", "application/json").build(),
                      HttpResponse.BodyHandlers.ofByteArray());
              Forecasts.checkStatus(r.statusCode());
              byte[] body = r.body();
              return reader.read(body, 0, body.length);
            },
            () -> observed.getFromJson(PATH, OBJECT),
            () -> observedNoop.getFromJson(PATH, OBJECT));
    List<Callable<Object>> chosen = new ArrayList<>();
    for (String name : names) {
      int at = NAMES.indexOf(name);
      if (at < 0) {
        throw new IllegalArgumentException("no variant " + name + " among " + NAMES);
      }
      chosen.add(all.get(at));
    }
    return chosen;
  }

  public static void main(String[] args) throws Exception {
    // -Dvariants=static,client-empty-chain keeps only those (the first is the baseline): to compare
    // with a build that has fewer variants, the JIT must see the same call sites.
    String only = System.getProperty("variants");
    String[] names = only == null ? NAMES.toArray(new String[0]) : only.split(",");
    List<Callable<Object>> chosen = calls(Arrays.asList(names));
    @SuppressWarnings("unchecked")
    Callable<Object>[] calls = chosen.toArray(new Callable[0]);
    long sink = 0;
    long warm = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    while (System.nanoTime() < warm) {
      for (Callable<Object> c : calls) {
        sink += run(c, 1000);
      }
    }
    int rounds = 40;
    int n = 20_000;
    double[][] ns = new double[calls.length][rounds];
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < calls.length; k++) {
        int v = (r + k) % calls.length;
        long t0 = System.nanoTime();
        sink += run(calls[v], n);
        ns[v][r] = (System.nanoTime() - t0) / (double) n;
      }
    }
    System.out.printf(
        "In-memory getObject call, %d rounds of %d calls per variant, JDK %s, %d CPUs, load %s%n",
        rounds,
        n,
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        load());
    System.out.println(
        "| variant | median ns/call | ÷ static (time), paired median | quartiles | + ns/call |");
    System.out.println("|---|---:|---:|---|---:|");
    for (int v = 0; v < calls.length; v++) {
      double[] ratio = new double[rounds];
      double[] diff = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        ratio[r] = ns[v][r] / ns[0][r];
        diff[r] = ns[v][r] - ns[0][r];
      }
      double[] own = ns[v].clone();
      Arrays.sort(own);
      Arrays.sort(ratio);
      Arrays.sort(diff);
      System.out.printf(
          "| %s | %.0f | %.3f | %.3f–%.3f | %+.0f |%n",
          names[v],
          own[rounds / 2],
          ratio[rounds / 2],
          ratio[rounds / 4],
          ratio[3 * rounds / 4],
          diff[rounds / 2]);
    }
    System.out.println("(sink " + sink + ")");
  }

  static long run(Callable<Object> call, int n) throws Exception {
    long size = 0;
    for (int i = 0; i < n; i++) {
      size += call.call().hashCode() & 1;
    }
    return size;
  }

  static String load() {
    try {
      return new String(
              java.nio.file.Files.readAllBytes(java.nio.file.Paths.get("/proc/loadavg")),
              java.nio.charset.StandardCharsets.US_ASCII)
          .trim();
    } catch (IOException | RuntimeException e) {
      return "n/a";
    }
  }

  /** Answers every request with 200 and the same JSON, on the calling thread. */
  private static final class MemoryClient extends HttpClient {
    private final byte[] body;
    private final HttpHeaders headers;

    MemoryClient(byte[] body) {
      this.body = body;
      this.headers =
          HttpHeaders.of(
              Map.of(
                  "Content-Type",
                  List.of("application/json; charset=utf-8"),
                  "Content-Length",
                  List.of(Integer.toString(body.length))),
              (a, b) -> true);
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, BodyHandler<T> handler) {
      ResponseInfo info =
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
            public Version version() {
              return Version.HTTP_1_1;
            }
          };
      BodySubscriber<T> subscriber = handler.apply(info);
      subscriber.onSubscribe(NOOP);
      subscriber.onNext(List.of(ByteBuffer.wrap(body)));
      subscriber.onComplete();
      T value = subscriber.getBody().toCompletableFuture().join();
      return new Response<>(request, headers, value);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(
        HttpRequest request, BodyHandler<T> handler) {
      return CompletableFuture.completedFuture(send(request, handler));
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(
        HttpRequest request, BodyHandler<T> handler, PushPromiseHandler<T> push) {
      return sendAsync(request, handler);
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
      return Optional.empty();
    }

    @Override
    public Optional<Duration> connectTimeout() {
      return Optional.empty();
    }

    @Override
    public Redirect followRedirects() {
      return Redirect.NEVER;
    }

    @Override
    public Optional<ProxySelector> proxy() {
      return Optional.empty();
    }

    @Override
    public SSLContext sslContext() {
      try {
        return SSLContext.getDefault();
      } catch (java.security.NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public SSLParameters sslParameters() {
      return new SSLParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
      return Optional.empty();
    }

    @Override
    public Version version() {
      return Version.HTTP_1_1;
    }

    @Override
    public Optional<Executor> executor() {
      return Optional.empty();
    }
  }

  private static final class Response<T> implements HttpResponse<T> {
    private final HttpRequest request;
    private final HttpHeaders headers;
    private final T body;

    Response(HttpRequest request, HttpHeaders headers, T body) {
      this.request = request;
      this.headers = headers;
      this.body = body;
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
    public Optional<HttpResponse<T>> previousResponse() {
      return Optional.empty();
    }

    @Override
    public HttpHeaders headers() {
      return headers;
    }

    @Override
    public T body() {
      return body;
    }

    @Override
    public Optional<javax.net.ssl.SSLSession> sslSession() {
      return Optional.empty();
    }

    @Override
    public URI uri() {
      return request.uri();
    }

    @Override
    public HttpClient.Version version() {
      return HttpClient.Version.HTTP_1_1;
    }
  }

  private static final Flow.Subscription NOOP =
      new Flow.Subscription() {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
      };
}
