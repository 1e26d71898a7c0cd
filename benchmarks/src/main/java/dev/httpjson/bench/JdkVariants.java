package dev.httpjson.bench;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.spi.JsonCodec;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/** The variants on the JDK {@link HttpClient}: httpjson itself and hand-written baselines. */
final class JdkVariants {
  private JdkVariants() {}

  static final JsonType<List<WeatherForecast>> LIST = JsonType.listOf(WeatherForecast.class);
  static final JsonType<List<PlainForecast>> PLAIN = JsonType.listOf(PlainForecast.class);

  /** {@code httpjson}: the one-call API with the default options. */
  static class HttpJsonDefault extends Variant.Model {
    private final HttpClient client;

    HttpJsonDefault() {
      this(Clients.jdk());
    }

    HttpJsonDefault(HttpClient client) {
      this.client = client;
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, LIST);
    }

    @Override
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, PLAIN);
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, WeatherForecast.class);
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return HttpJson.postAsJson(client, uri, value).statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return HttpJson.postAsJson(client, uri, value).statusCode();
    }

    @Override
    protected int stream(URI uri) throws Exception {
      int n = 0;
      try (java.util.stream.Stream<WeatherForecast> s =
          HttpJson.getFromJsonAsStream(client, uri, WeatherForecast.class)) {
        java.util.Iterator<WeatherForecast> it = s.iterator();
        while (it.hasNext()) {
          Forecasts.check(it.next());
          n++;
        }
      }
      return n;
    }

    @Override
    protected boolean streams() {
      return true;
    }
  }

  /**
   * {@code httpjson-chain-empty}: the calls through an {@code HttpJsonClient} with no interceptor
   * (what every bound client is); {@code httpjson-chain-one}: the same with one interceptor that
   * only forwards, the cost of having a chain at all. Compare each with {@code httpjson}. {@code
   * httpjson-listener-noop}: the client with a {@code CallListener} that overrides every event and
   * does nothing, the cost of being observed; compare it with {@code httpjson-chain-empty}.
   */
  static final class HttpJsonChain extends Variant.Model {
    private final HttpClient client = Clients.jdk();
    private final boolean oneInterceptor;
    private final boolean listener;
    private final dev.httpjson.Interceptor interceptor; // or null
    private dev.httpjson.HttpJsonClient api;

    HttpJsonChain(boolean oneInterceptor) {
      this(oneInterceptor, false);
    }

    HttpJsonChain(boolean oneInterceptor, boolean listener) {
      this.oneInterceptor = oneInterceptor;
      this.listener = listener;
      this.interceptor = null;
    }

    /** {@return the one interceptor given, or null} */
    dev.httpjson.Interceptor interceptor() {
      return interceptor;
    }

    /** The client with {@code interceptor} as its one interceptor. */
    HttpJsonChain(dev.httpjson.Interceptor interceptor) {
      this.oneInterceptor = false;
      this.listener = false;
      this.interceptor = interceptor;
    }

    private dev.httpjson.HttpJsonClient api(URI uri) {
      if (api == null) {
        dev.httpjson.HttpJsonClient.Builder b =
            dev.httpjson.HttpJsonClient.newBuilder(client).baseUri(uri.resolve("/"));
        if (oneInterceptor) {
          b.interceptor(new Forwarding());
        }
        if (interceptor != null) {
          b.interceptor(interceptor);
        }
        if (listener) {
          b.listener(new NoOpListener());
        }
        api = b.build();
      }
      return api;
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return api(uri).getFromJson(uri.getRawPath(), LIST);
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return api(uri).getFromJson(uri.getRawPath(), WeatherForecast.class);
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return api(uri).postAsJson(uri.getRawPath(), value).statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return api(uri).postAsJson(uri.getRawPath(), value).statusCode();
    }
  }

  /**
   * {@code httpjson-observed}: the client observed through Micrometer as an application observes
   * it, every call timed by the {@code http.client.requests} timer of a {@code
   * SimpleMeterRegistry}; {@code httpjson-observed-noop}: the same interceptor on {@code
   * ObservationRegistry.NOOP}. Compare each with {@code httpjson-chain-empty}.
   */
  static Variant observed(boolean noop) {
    io.micrometer.observation.ObservationRegistry registry =
        io.micrometer.observation.ObservationRegistry.NOOP;
    if (!noop) {
      registry = io.micrometer.observation.ObservationRegistry.create();
      registry
          .observationConfig()
          .observationHandler(
              new io.micrometer.core.instrument.observation.DefaultMeterObservationHandler(
                  new io.micrometer.core.instrument.simple.SimpleMeterRegistry()));
    }
    return new HttpJsonChain(
        dev.httpjson.micrometer.HttpJsonObservations.create(registry).interceptor());
  }

  /** A listener that overrides every event and does nothing with it. */
  static final class NoOpListener implements dev.httpjson.CallListener {
    @Override
    public void callStart(Call call) {}

    @Override
    public void requestBodySent(Call call, long bytes, long nanoTime) {}

    @Override
    public void responseHeaders(Call call, int statusCode, long nanoTime) {}

    @Override
    public void responseBodyRead(Call call, long wireBytes, long decodedBytes, long nanoTime) {}

    @Override
    public void decoded(Call call, long decodeNanos, long nanoTime) {}

    @Override
    public void streamEnd(Call call, long elements, boolean early, long nanoTime) {}

    @Override
    public void callEnd(Call call, long nanoTime) {}

    @Override
    public void callFailed(Call call, Throwable failure, long nanoTime) {}
  }

  /** An interceptor that forwards the request as it is. */
  static final class Forwarding implements dev.httpjson.Interceptor {
    @Override
    public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
        throws java.io.IOException, InterruptedException {
      return chain.forward(request);
    }

    @Override
    public <T> java.util.concurrent.CompletableFuture<HttpResponse<T>> interceptAsync(
        HttpRequest request, Chain<T> chain) {
      return chain.forwardAsync(request);
    }
  }

  /**
   * {@code httpjson-okhttp}: {@code httpjson} on the OkHttp transport, with OkHttp's defaults (as
   * the {@code retrofit} and {@code okhttp-bytes} peers have them).
   */
  static final class HttpJsonOkHttp extends HttpJsonDefault {
    HttpJsonOkHttp() {
      super(dev.httpjson.okhttp.OkHttpTransport.newHttpClient(new okhttp3.OkHttpClient()));
    }
  }

  /**
   * {@code httpjson-okhttp} with options of its own, for the diagnostic variants that change one
   * setting beside Retrofit: {@code diag-okhttp-jackson2} ({@link #JACKSON2}) and {@code
   * diag-okhttp-exact-names} ({@link #EXACT_NAMES}).
   */
  static final class HttpJsonOkHttpWith extends HttpJsonDefault {
    /**
     * The Jackson 2 codec, the library Retrofit's converter reads with: the transport and layer
     * beside Retrofit on one codec.
     */
    static final JsonOptions JACKSON2 =
        JsonOptions.newBuilder().codec(Codecs.named("jackson2").newCodec()).build();

    /**
     * Names matched as written ({@code caseInsensitiveProperties(false)}), as {@code retrofit}'s
     * mapper matches them: the decoders then look names up alike, and the ratio is the transports',
     * the layers' and the libraries' (Jackson 3 against 2) alone.
     */
    static final JsonOptions EXACT_NAMES =
        JsonOptions.web().toBuilder().caseInsensitiveProperties(false).build();

    private final HttpClient client;
    private final JsonType<List<PlainForecast>> plain;
    private final JsonType<List<WeatherForecast>> list;

    HttpJsonOkHttpWith(JsonOptions options) {
      this(dev.httpjson.okhttp.OkHttpTransport.newHttpClient(new okhttp3.OkHttpClient()), options);
    }

    private HttpJsonOkHttpWith(HttpClient client, JsonOptions options) {
      super(client);
      this.client = client;
      this.plain = PLAIN.withOptions(options);
      this.list = LIST.withOptions(options);
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, list);
    }

    @Override
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, plain);
    }
  }

  /**
   * {@code diag-okhttp-plain-sockets}: {@code httpjson-okhttp} with a socket factory of the
   * application's own (the default's sockets, as given). It priced the transport's former sockets
   * of {@code SocketChannel}s (~3%); the transport now keeps OkHttp's sockets, so it should match
   * {@code httpjson-okhttp}.
   */
  static final class HttpJsonOkHttpPlain extends HttpJsonDefault {
    HttpJsonOkHttpPlain() {
      super(
          dev.httpjson.okhttp.OkHttpTransport.newHttpClient(
              new okhttp3.OkHttpClient.Builder()
                  .socketFactory(
                      new javax.net.SocketFactory() {
                        final javax.net.SocketFactory d = javax.net.SocketFactory.getDefault();

                        @Override
                        public java.net.Socket createSocket() throws java.io.IOException {
                          return d.createSocket();
                        }

                        @Override
                        public java.net.Socket createSocket(String h, int p)
                            throws java.io.IOException {
                          return d.createSocket(h, p);
                        }

                        @Override
                        public java.net.Socket createSocket(
                            String h, int p, java.net.InetAddress l, int lp)
                            throws java.io.IOException {
                          return d.createSocket(h, p, l, lp);
                        }

                        @Override
                        public java.net.Socket createSocket(java.net.InetAddress h, int p)
                            throws java.io.IOException {
                          return d.createSocket(h, p);
                        }

                        @Override
                        public java.net.Socket createSocket(
                            java.net.InetAddress h, int p, java.net.InetAddress l, int lp)
                            throws java.io.IOException {
                          return d.createSocket(h, p, l, lp);
                        }
                      })
                  .build()));
    }
  }

  /**
   * {@code httpjson-compression-off}: {@code httpjson} with {@code compression(false)}: no {@code
   * Accept-Encoding}. Against the seed's server, which never compresses, {@code httpjson} ÷ this is
   * what asking for compression costs when the answer is not compressed.
   */
  /**
   * {@code httpjson-exact}: the web defaults but for two read settings, so that the decoder is the
   * hand-written client's: property names matched exactly (not case-insensitively) and no numbers
   * read from strings. For {@code get.plain} (the one scenario it reads).
   */
  static final class HttpJsonExact extends HttpJsonDefault {
    private static final JsonType<List<PlainForecast>> EXACT =
        PLAIN.withOptions(
            JsonOptions.web().toBuilder()
                .caseInsensitiveProperties(false)
                .numbersFromStrings(false)
                .build());
    private final HttpClient client = Clients.jdk();

    @Override
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, EXACT);
    }
  }

  /**
   * {@code httpjson-no-timeout}: {@code httpjson} without the whole-call timeout (so no deadline is
   * scheduled and cancelled per call). For {@code get.plain}: what the default 100 s timeout costs.
   */
  static final class HttpJsonNoTimeout extends HttpJsonDefault {
    private static final JsonType<List<PlainForecast>> UNTIMED =
        PLAIN.withOptions(JsonOptions.web().toBuilder().timeout(java.time.Duration.ZERO).build());
    private final HttpClient client = Clients.jdk();

    @Override
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, UNTIMED);
    }
  }

  /**
   * {@code httpjson-bare}: {@code httpjson} with everything the hand-written client does not do
   * turned off: exact property names, no numbers from strings, no timeout, no {@code
   * Accept-Encoding}. For {@code get.plain}: what is left is the layer itself.
   */
  static final class HttpJsonBare extends HttpJsonDefault {
    private static final JsonType<List<PlainForecast>> BARE =
        PLAIN.withOptions(
            JsonOptions.web().toBuilder()
                .caseInsensitiveProperties(false)
                .numbersFromStrings(false)
                .timeout(java.time.Duration.ZERO)
                .compression(false)
                .build());
    private final HttpClient client = Clients.jdk();

    @Override
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, BARE);
    }
  }

  static final class HttpJsonCompressionOff extends Variant.Model {
    private static final JsonOptions OFF = JsonOptions.newBuilder().compression(false).build();
    private final HttpClient client = Clients.jdk();

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, LIST.withOptions(OFF));
    }

    @Override
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, PLAIN.withOptions(OFF));
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, JsonType.of(WeatherForecast.class, OFF));
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return HttpJson.postAsJson(client, uri, value, OFF).statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return HttpJson.postAsJson(client, uri, value, OFF).statusCode();
    }
  }

  /** The gzip-compressed collection next to {@code uri} (any scenario reads the collection). */
  static URI gzipCollection(URI uri) {
    return uri.resolve(dev.httpjson.bench.server.BenchServer.Endpoints.GZIP_COLLECTION);
  }

  /**
   * {@code httpjson-gzip}: {@code httpjson}'s GET of the collection from an endpoint that always
   * answers gzip: the one-liner asks for it and decodes as the bytes arrive. GET scenarios only.
   */
  /**
   * {@code httpjson-gzip-request}: {@code httpjson} with {@code requestCompression(true)}: the
   * POSTs send their JSON gzip-compressed ({@code Content-Encoding: gzip}, compressed {@code
   * Content-Length}), which the bench server decodes before it checks the body. For {@code
   * post.collection} beside {@code httpjson}: what compressing a request body costs on loopback.
   */
  static final class HttpJsonGzipRequest extends HttpJsonDefault {
    private static final JsonOptions GZIP =
        JsonOptions.web().toBuilder().requestCompression(true).build();
    private final HttpClient client = Clients.jdk();

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return HttpJson.postAsJson(client, uri, value, GZIP).statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return HttpJson.postAsJson(client, uri, value, GZIP).statusCode();
    }
  }

  /**
   * {@code httpjson-limit}: the same calls through an {@link dev.httpjson.HttpJsonClient} with
   * {@code maxConcurrentCalls} set far above what one caller (or the load set's 64) reaches: the
   * price of taking and giving back a permit. Its pair is {@code httpjson-client-nolimit}, the same
   * client without the limit (the ratio of the two isolates the limit from the client layer).
   */
  static class HttpJsonLimit extends Variant.Model {
    private final dev.httpjson.HttpJsonClient api;

    HttpJsonLimit() {
      this(true);
    }

    HttpJsonLimit(boolean limited) {
      dev.httpjson.HttpJsonClient.Builder b = dev.httpjson.HttpJsonClient.newBuilder(Clients.jdk());
      if (limited) {
        b.maxConcurrentCalls(1024);
      }
      this.api = b.build();
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return api.getFromJson(uri.toString(), LIST);
    }

    @Override
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      return api.getFromJson(uri.toString(), PLAIN);
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return api.getFromJson(uri.toString(), WeatherForecast.class);
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return api.postAsJson(uri.toString(), value).statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return api.postAsJson(uri.toString(), value).statusCode();
    }
  }

  /** {@code httpjson-client-nolimit}: {@link HttpJsonLimit}'s client without the limit. */
  static final class HttpJsonClientNoLimit extends HttpJsonLimit {
    HttpJsonClientNoLimit() {
      super(false);
    }
  }

  static final class HttpJsonGzip extends HttpJsonDefault {
    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return super.getCollection(gzipCollection(uri));
    }
  }

  /**
   * {@code jackson-gzip}: the hand-written baseline for {@code httpjson-gzip}: the same client
   * sends {@code Accept-Encoding: gzip}, takes the bytes and reads them through {@code
   * GZIPInputStream} with the static Jackson mapper.
   */
  static final class HandWrittenGzip extends Variant.Model {
    private final HttpClient client = Clients.jdk();

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      HttpRequest request =
          HttpRequest.newBuilder(gzipCollection(uri))
              .header("Accept", "application/json")
              .header("Accept-Encoding", "gzip")
              .build();
      HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
      Forecasts.checkStatus(response.statusCode());
      if (!"gzip".equals(response.headers().firstValue("Content-Encoding").orElse(null))) {
        throw new IllegalStateException("not gzip: " + response.headers());
      }
      try (java.io.InputStream in =
          new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(response.body()))) {
        return Jackson3.MAPPER.readValue(in, Jackson3.LIST);
      }
    }

    @Override
    protected WeatherForecast getObject(URI uri) {
      throw new UnsupportedOperationException("jackson-gzip reads the collection only");
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) {
      throw new UnsupportedOperationException("jackson-gzip reads the collection only");
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) {
      throw new UnsupportedOperationException("jackson-gzip reads the collection only");
    }
  }

  /**
   * {@code httpjson-inline}: the generic type written inline at every call, {@code new
   * JsonType<List<WeatherForecast>>() {}}, as a newcomer writes it in a loop. It must cost a cache
   * lookup, never a new reader: paired against {@code httpjson}, whose type is a constant.
   */
  static final class HttpJsonInline extends Variant.Model {
    private final HttpClient client = Clients.jdk();

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, new JsonType<List<WeatherForecast>>() {});
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, new JsonType<WeatherForecast>() {});
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return HttpJson.postAsJson(client, uri, value).statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return HttpJson.postAsJson(client, uri, value).statusCode();
    }
  }

  /** {@code httpjson-percall}: equal options built anew for every call (the seed's pattern). */
  static final class HttpJsonPerCall extends Variant.Model {
    private final HttpClient client = Clients.jdk();

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, LIST.withOptions(JsonOptions.newBuilder().build()));
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return HttpJson.getFromJson(
          client, uri, JsonType.of(WeatherForecast.class, JsonOptions.newBuilder().build()));
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return HttpJson.postAsJson(client, uri, value, JsonOptions.newBuilder().build()).statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return HttpJson.postAsJson(client, uri, value, JsonOptions.newBuilder().build()).statusCode();
    }
  }

  /**
   * {@code httpjson-percall-timeout}: options built for every call with settings that belong to the
   * call (a deadline and a size limit), as a caller passing a remaining deadline down would write
   * it. Only what the codec reads may key httpjson's caches, so this must cost no more than {@code
   * httpjson}.
   */
  static final class HttpJsonPerCallTimeout extends Variant.Model {
    static final Duration TIMEOUT = Duration.ofSeconds(30);
    static final long MAX_RESPONSE_SIZE = 1024 * 1024;

    private final HttpClient client = Clients.jdk();

    static JsonOptions options() {
      return JsonOptions.newBuilder().timeout(TIMEOUT).maxResponseSize(MAX_RESPONSE_SIZE).build();
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, LIST.withOptions(options()));
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, JsonType.of(WeatherForecast.class, options()));
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return HttpJson.postAsJson(client, uri, value, options()).statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return HttpJson.postAsJson(client, uri, value, options()).statusCode();
    }
  }

  /** {@code httpjson-async}: the {@code ...Async} forms with the default options, awaited. */
  static final class HttpJsonAsync extends Variant.Model {
    private final HttpClient client = Clients.jdk();

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return HttpJson.getFromJsonAsync(client, uri, LIST).get();
    }

    @Override
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      return HttpJson.getFromJsonAsync(client, uri, PLAIN).get();
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return HttpJson.getFromJsonAsync(client, uri, WeatherForecast.class).get();
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return HttpJson.postAsJsonAsync(client, uri, value).get().statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return HttpJson.postAsJsonAsync(client, uri, value).get().statusCode();
    }
  }

  /**
   * A hand-written JDK client over Jackson 3: {@code jackson-percall} builds a new mapper for every
   * call (the seed's bug, in Java); {@code jackson-static} keeps one; {@code jackson-async} keeps
   * one and awaits {@code sendAsync} (the hand-written baseline for {@code httpjson-async}); {@code
   * jackson-gzip-request} keeps one and sends its POSTs through {@code GZIPOutputStream} with
   * {@code Content-Encoding: gzip} (the hand-written baseline for {@code httpjson-gzip-request}).
   */
  static final class HandWritten extends Variant.Model {
    private final HttpClient client = Clients.jdk();
    private final boolean perCall;
    private final boolean async;
    private final boolean gzipRequest;

    HandWritten(boolean perCall) {
      this(perCall, false);
    }

    /**
     * {@code async}: {@code sendAsync(...).get()} instead of {@code send} ({@code jackson-async}).
     */
    HandWritten(boolean perCall, boolean async) {
      this(perCall, async, false);
    }

    /** {@code gzipRequest}: POST bodies gzip-compressed ({@code jackson-gzip-request}). */
    HandWritten(boolean perCall, boolean async, boolean gzipRequest) {
      this.perCall = perCall;
      this.async = async;
      this.gzipRequest = gzipRequest;
    }

    private HttpResponse<byte[]> send(HttpRequest request) throws Exception {
      return async
          ? client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).get()
          : client.send(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    private JsonMapper mapper() {
      return perCall ? Jackson3.newMapper() : Jackson3.MAPPER;
    }

    private byte[] getBytes(URI uri) throws Exception {
      HttpRequest request =
          HttpRequest.newBuilder(uri).header("Accept", "application/json").build();
      HttpResponse<byte[]> response = send(request);
      Forecasts.checkStatus(response.statusCode());
      return response.body();
    }

    private int post(URI uri, byte[] body) throws Exception {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(uri).header("Content-Type", "application/json; charset=utf-8");
      if (gzipRequest) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream(body.length / 2);
        try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(bytes)) {
          gz.write(body);
        }
        request.header("Content-Encoding", "gzip");
        body = bytes.toByteArray();
      }
      return send(request.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build()).statusCode();
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return mapper().readValue(getBytes(uri), Jackson3.LIST);
    }

    @Override
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      return mapper().readValue(getBytes(uri), Jackson3.PLAIN);
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return mapper().readValue(getBytes(uri), WeatherForecast.class);
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return post(uri, mapper().writeValueAsBytes(value));
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return post(uri, mapper().writeValueAsBytes(value));
    }

    /** A {@code MappingIterator} over the body's {@code InputStream}: Jackson's own streaming. */
    @Override
    protected int stream(URI uri) throws Exception {
      HttpRequest request =
          HttpRequest.newBuilder(uri).header("Accept", "application/json").build();
      HttpResponse<java.io.InputStream> response =
          client.send(request, HttpResponse.BodyHandlers.ofInputStream());
      int n = 0;
      try (java.io.InputStream in = response.body();
          tools.jackson.databind.MappingIterator<WeatherForecast> it =
              mapper().readerFor(WeatherForecast.class).readValues(in)) {
        Forecasts.checkStatus(response.statusCode());
        while (it.hasNext()) {
          Forecasts.check(it.next());
          n++;
        }
      }
      return n;
    }

    @Override
    protected boolean streams() {
      return !async;
    }
  }

  /**
   * {@code httpjson-<codec>} (see {@link Codecs}): the one-call API with options that name the
   * codec, built once before the first call, as an application that picks a codec keeps them.
   */
  static final class HttpJsonCodec extends Variant.Model {
    private final HttpClient client = Clients.jdk();
    private final JsonOptions options;

    HttpJsonCodec(JsonCodec codec) {
      this.options = JsonOptions.newBuilder().codec(codec).build();
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, LIST.withOptions(options));
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, JsonType.of(WeatherForecast.class, options));
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return HttpJson.postAsJson(client, uri, value, options).statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return HttpJson.postAsJson(client, uri, value, options).statusCode();
    }
  }

  /**
   * A codec's baseline (see {@link Codecs}): a hand-written client, {@code client.send(...,
   * ofByteArray())} and one static instance of the JSON library ({@link HandWrittenJson}), as
   * {@code jackson-static} is for Jackson 3.
   */
  static final class HandWrittenCodec extends Variant.Model {
    private final HttpClient client = Clients.jdk();
    private final HandWrittenJson json;

    HandWrittenCodec(HandWrittenJson json) {
      this.json = json;
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return json.readList(JdkCalls.getBytes(client, uri));
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return json.readObject(JdkCalls.getBytes(client, uri));
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return JdkCalls.post(client, uri, json.writeList(value));
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return JdkCalls.post(client, uri, json.writeObject(value));
    }
  }

  /** {@code jdk-bytes}: the same JDK client, bodies as bytes, no JSON. */
  static final class JdkBytes extends Variant.Bytes {
    private final HttpClient client = Clients.jdk();

    @Override
    protected byte[] get(URI uri) throws Exception {
      HttpRequest request =
          HttpRequest.newBuilder(uri).header("Accept", "application/json").build();
      HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
      Forecasts.checkStatus(response.statusCode());
      return response.body();
    }

    @Override
    protected int post(URI uri, byte[] body) throws Exception {
      HttpRequest request =
          HttpRequest.newBuilder(uri)
              .header("Content-Type", "application/json; charset=utf-8")
              .POST(HttpRequest.BodyPublishers.ofByteArray(body))
              .build();
      return client.send(request, HttpResponse.BodyHandlers.ofByteArray()).statusCode();
    }
  }
}
