package dev.httpjson.bench;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.interfaces.Body;
import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.POST;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.List;

/**
 * Declarative API interfaces (httpjson-interfaces): the implementation generated at compile time
 * for {@link ForecastApi}, beside the same calls written as {@link HttpJsonClient} one-liners, on
 * the JDK client and on the OkHttp transport (whose peer is {@code retrofit}, on the same interface
 * shape).
 */
final class InterfaceVariants {
  private InterfaceVariants() {}

  /** The seed's endpoints as an API interface, the shape of {@code Peers.RetrofitApi}. */
  interface ForecastApi {
    @GET("weatherforecast/getCollection")
    List<WeatherForecast> getCollection() throws IOException, InterruptedException;

    @GET("weatherforecast/getObject")
    WeatherForecast getObject() throws IOException, InterruptedException;

    @POST("weatherforecast/postCollection")
    HttpResponse<Void> postCollection(@Body List<WeatherForecast> value)
        throws IOException, InterruptedException;

    @POST("weatherforecast/postObject")
    HttpResponse<Void> postObject(@Body WeatherForecast value)
        throws IOException, InterruptedException;
  }

  /**
   * {@code httpjson-client}: an {@link HttpJsonClient} bound to the server's base URI, each call a
   * one-liner with a relative path: what {@code httpjson-interface} generates, written by hand.
   */
  static class ClientOneLiner extends Variant.Model {
    private final HttpClient client;
    private HttpJsonClient api;

    ClientOneLiner() {
      this(Clients.jdk());
    }

    ClientOneLiner(HttpClient client) {
      this.client = client;
    }

    @Override
    protected void prepare(URI base) {
      api = HttpJsonClient.newBuilder(client).baseUri(base.resolve("/")).build();
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return api.getFromJson("weatherforecast/getCollection", JdkVariants.LIST);
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return api.getFromJson("weatherforecast/getObject", WeatherForecast.class);
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return api.postAsJson("weatherforecast/postCollection", value).statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return api.postAsJson("weatherforecast/postObject", value).statusCode();
    }
  }

  /** {@code httpjson-interface}: {@link ForecastApi}'s generated implementation. */
  static class Generated extends Variant.Model {
    private final HttpClient client;
    private ForecastApi api;

    Generated() {
      this(Clients.jdk());
    }

    Generated(HttpClient client) {
      this.client = client;
    }

    @Override
    protected void prepare(URI base) {
      api =
          HttpJsonClient.newBuilder(client)
              .baseUri(base.resolve("/"))
              .build()
              .create(ForecastApi.class);
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return api.getCollection();
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return api.getObject();
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return api.postCollection(value).statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return api.postObject(value).statusCode();
    }
  }

  /** {@code httpjson-interface-okhttp}: {@link Generated} on the OkHttp transport. */
  static final class GeneratedOkHttp extends Generated {
    GeneratedOkHttp() {
      super(dev.httpjson.okhttp.OkHttpTransport.newHttpClient(new okhttp3.OkHttpClient()));
    }
  }
}
