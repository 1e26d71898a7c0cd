package dev.httpjson.bench;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.TypeRef;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/** The variants on the JDK {@link HttpClient}: httpjson itself and hand-written baselines. */
final class JdkVariants {
  private JdkVariants() {}

  static final TypeRef<List<WeatherForecast>> LIST = TypeRef.listOf(WeatherForecast.class);

  /** {@code httpjson}: the one-call API with the default options. */
  static final class HttpJsonDefault extends Variant.Model {
    private final HttpClient client = Clients.jdk();

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, LIST);
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
  }

  /** {@code httpjson-percall}: equal options built anew for every call (the seed's pattern). */
  static final class HttpJsonPerCall extends Variant.Model {
    private final HttpClient client = Clients.jdk();

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return HttpJson.getFromJson(client, uri, LIST, JsonOptions.newBuilder().build());
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return HttpJson.getFromJson(
          client, uri, WeatherForecast.class, JsonOptions.newBuilder().build());
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
   * A hand-written JDK client over Jackson 3: {@code jackson-percall} builds a new mapper for every
   * call (the seed's bug, in Java); {@code jackson-static} keeps one.
   */
  static final class HandWritten extends Variant.Model {
    private final HttpClient client = Clients.jdk();
    private final boolean perCall;

    HandWritten(boolean perCall) {
      this.perCall = perCall;
    }

    private JsonMapper mapper() {
      return perCall ? Jackson3.newMapper() : Jackson3.MAPPER;
    }

    private byte[] getBytes(URI uri) throws Exception {
      HttpRequest request =
          HttpRequest.newBuilder(uri).header("Accept", "application/json").build();
      HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
      Forecasts.checkStatus(response.statusCode());
      return response.body();
    }

    private int post(URI uri, byte[] body) throws Exception {
      HttpRequest request =
          HttpRequest.newBuilder(uri)
              .header("Content-Type", "application/json; charset=utf-8")
              .POST(HttpRequest.BodyPublishers.ofByteArray(body))
              .build();
      return client.send(request, HttpResponse.BodyHandlers.ofByteArray()).statusCode();
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return mapper().readValue(getBytes(uri), Jackson3.LIST);
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
