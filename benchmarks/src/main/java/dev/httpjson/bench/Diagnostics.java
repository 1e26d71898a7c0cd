package dev.httpjson.bench;

import dev.httpjson.JsonBodyHandlers;
import dev.httpjson.JsonOptions;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Flow;

/**
 * Variants that take httpjson's GET apart, to find where its time goes (not in the default set;
 * name them with {@code --variants}). GET scenarios only.
 */
final class Diagnostics {
  private Diagnostics() {}

  private abstract static class GetOnly extends Variant.Model {
    final HttpClient client = Clients.jdk();

    HttpRequest get(URI uri) {
      return HttpRequest.newBuilder(uri).header("Accept", "application/json").build();
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) {
      throw new UnsupportedOperationException("GET only");
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) {
      throw new UnsupportedOperationException("GET only");
    }
  }

  /** {@code diag-handler}: {@code client.send} with httpjson's {@code JsonBodyHandlers.of}. */
  static final class Handler extends GetOnly {
    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      HttpResponse<List<WeatherForecast>> r =
          client.send(get(uri), JsonBodyHandlers.of(JdkVariants.LIST));
      return r.body();
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return client.send(get(uri), JsonBodyHandlers.of(WeatherForecast.class)).body();
    }
  }

  /** {@code diag-async}: {@code client.sendAsync(...).get()} with bytes and a static mapper. */
  static final class Async extends GetOnly {
    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      byte[] body =
          client.sendAsync(get(uri), HttpResponse.BodyHandlers.ofByteArray()).get().body();
      return Jackson3.MAPPER.readValue(body, Jackson3.LIST);
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      byte[] body =
          client.sendAsync(get(uri), HttpResponse.BodyHandlers.ofByteArray()).get().body();
      return Jackson3.MAPPER.readValue(body, WeatherForecast.class);
    }
  }

  /**
   * {@code diag-codec-direct}: the hand-written client ({@code send} with {@code ofByteArray}, the
   * status checked) decoding with httpjson's own Jackson 3 reader for the web options, taken from
   * the codec SPI. Beside {@code httpjson} it prices httpjson's layer alone, with the decoder held
   * equal; beside {@code jackson-static}, the decoder alone (httpjson's mapper, with its date-time
   * parser, against a plain one). Its twins on the other transports ({@link CodecDirectOkHttp},
   * {@link CodecDirectApache5}) do the same beside {@code httpjson-okhttp} and {@code
   * httpjson-apache5}.
   */
  abstract static class CodecDirectModel extends Variant.Model {
    private static final JsonBinding WEB =
        new dev.httpjson.jackson.JacksonCodec().bind(JsonOptions.web());
    private static final JsonReader<List<WeatherForecast>> LIST =
        WEB.reader(JdkVariants.LIST.type());
    private static final JsonReader<WeatherForecast> ONE = WEB.reader(WeatherForecast.class);
    private static final JsonReader<List<PlainForecast>> PLAIN =
        WEB.reader(JdkVariants.PLAIN.type());

    /** GETs {@code uri} with {@code Accept: application/json}: the body, its status checked. */
    abstract byte[] body(URI uri) throws Exception;

    private <T> T read(URI uri, JsonReader<T> reader) throws Exception {
      byte[] body = body(uri);
      return reader.read(body, 0, body.length);
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return read(uri, LIST);
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return read(uri, ONE);
    }

    @Override
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      return read(uri, PLAIN);
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) {
      throw new UnsupportedOperationException("GET only");
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) {
      throw new UnsupportedOperationException("GET only");
    }
  }

  /** {@code diag-codec-direct}: on the JDK client, beside {@code httpjson}. */
  static final class CodecDirect extends CodecDirectModel {
    private final HttpClient client = Clients.jdk();

    @Override
    byte[] body(URI uri) throws Exception {
      HttpRequest request =
          HttpRequest.newBuilder(uri).header("Accept", "application/json").build();
      HttpResponse<byte[]> r = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
      Forecasts.checkStatus(r.statusCode());
      return r.body();
    }
  }

  /**
   * {@code diag-codec-direct-okhttp}: {@code diag-codec-direct} on OkHttp driven by hand (a client
   * as {@code httpjson-okhttp} wraps, {@code execute} and {@code body().bytes()}), beside {@code
   * httpjson-okhttp}.
   */
  static final class CodecDirectOkHttp extends CodecDirectModel {
    private final okhttp3.OkHttpClient client = new okhttp3.OkHttpClient();

    @Override
    byte[] body(URI uri) throws Exception {
      okhttp3.Request request =
          new okhttp3.Request.Builder()
              .url(uri.toString())
              .header("Accept", "application/json")
              .build();
      try (okhttp3.Response response = client.newCall(request).execute()) {
        Forecasts.checkStatus(response.code());
        return response.body().bytes();
      }
    }

    @Override
    public void close() {
      client.dispatcher().executorService().shutdown();
      client.connectionPool().evictAll();
    }
  }

  /**
   * {@code diag-notimeout-apache5}: {@code httpjson-apache5} with no whole-call timeout ({@code
   * JsonOptions.timeout(null)}): beside {@code httpjson-apache5} it prices the timeout's timer.
   */
  static final class NoTimeoutApache5 extends JdkVariants.HttpJsonDefault {
    private static final dev.httpjson.JsonType<java.util.List<WeatherForecast>> LIST =
        JdkVariants.LIST.withOptions(dev.httpjson.JsonOptions.newBuilder().timeout(null).build());
    private final HttpClient client;

    NoTimeoutApache5() {
      this(dev.httpjson.apache5.Apache5Transport.newHttpClient());
    }

    private NoTimeoutApache5(HttpClient client) {
      super(client);
      this.client = client;
    }

    @Override
    protected java.util.List<WeatherForecast> getCollection(URI uri) throws Exception {
      return dev.httpjson.HttpJson.getFromJson(client, uri, LIST);
    }
  }

  /**
   * {@code diag-transport-okhttp} and {@code diag-transport-apache5}: {@code diag-codec-direct}'s
   * call ({@code send} with {@code ofByteArray}, the status checked, the same reader) on httpjson's
   * transport instead of the JDK client, without httpjson's layer. Between {@code
   * diag-codec-direct-okhttp} (or {@code -apache5}) and {@code httpjson-okhttp} it tells the
   * transport's share of the layer's cost from the core's.
   */
  static final class TransportDirect extends CodecDirectModel {
    private final HttpClient client;
    private final String[] headers;

    TransportDirect(HttpClient client) {
      this(client, "Accept", "application/json");
    }

    TransportDirect(HttpClient client, String... headers) {
      this.client = client;
      this.headers = headers;
    }

    /**
     * {@code diag-transport-apache5-headers}: {@code diag-transport-apache5} sending the headers
     * httpjson's GET sends ({@code Accept} with problem+json, {@code Accept-Encoding}).
     */
    static TransportDirect apache5WithHttpJsonHeaders() {
      return new TransportDirect(
          dev.httpjson.apache5.Apache5Transport.newHttpClient(),
          "Accept",
          "application/json, application/problem+json",
          "Accept-Encoding",
          "gzip, deflate");
    }

    static TransportDirect okhttp() {
      return new TransportDirect(
          dev.httpjson.okhttp.OkHttpTransport.newHttpClient(new okhttp3.OkHttpClient()));
    }

    static TransportDirect apache5() {
      return new TransportDirect(dev.httpjson.apache5.Apache5Transport.newHttpClient());
    }

    @Override
    byte[] body(URI uri) throws Exception {
      HttpRequest request = HttpRequest.newBuilder(uri).headers(headers).build();
      HttpResponse<byte[]> r = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
      Forecasts.checkStatus(r.statusCode());
      return r.body();
    }
  }

  /**
   * {@code diag-codec-direct-apache5}: {@code diag-codec-direct} on Apache HttpClient 5 classic
   * driven by hand (a client configured as the transport's default one, {@code execute} with a
   * response handler and {@code EntityUtils.toByteArray}), beside {@code httpjson-apache5}.
   */
  static final class CodecDirectApache5 extends CodecDirectModel {
    private final org.apache.hc.client5.http.impl.classic.CloseableHttpClient client =
        Apache5Variants.client();

    @Override
    byte[] body(URI uri) throws Exception {
      org.apache.hc.client5.http.classic.methods.HttpGet get =
          new org.apache.hc.client5.http.classic.methods.HttpGet(uri);
      get.setHeader("Accept", "application/json");
      return client.execute(
          get,
          response -> {
            Forecasts.checkStatus(response.getCode());
            return org.apache.hc.core5.http.io.entity.EntityUtils.toByteArray(response.getEntity());
          });
    }

    @Override
    public void close() {
      client.close(org.apache.hc.core5.io.CloseMode.GRACEFUL);
    }
  }

  /**
   * {@code diag-leak}: a deliberately broken client that never releases its responses (an {@code
   * ofPublisher} body nobody subscribes to), so every call holds a connection. It exists to show
   * that the runner's leaked-connection check fails such a run; it does not validate the body.
   */
  static final class Leak extends GetOnly {
    private final Queue<Flow.Publisher<List<ByteBuffer>>> unreleased =
        new ConcurrentLinkedQueue<>();

    private void leak(URI uri) throws Exception {
      HttpResponse<Flow.Publisher<List<ByteBuffer>>> r =
          client.send(get(uri), HttpResponse.BodyHandlers.ofPublisher());
      Forecasts.checkStatus(r.statusCode());
      unreleased.add(r.body());
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      leak(uri);
      return Forecasts.randomList();
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      leak(uri);
      return Forecasts.random(1);
    }
  }
}
