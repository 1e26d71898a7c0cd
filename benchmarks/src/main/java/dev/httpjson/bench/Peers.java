package dev.httpjson.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.mizosoft.methanol.AdapterCodec;
import com.github.mizosoft.methanol.MediaType;
import com.github.mizosoft.methanol.Methanol;
import com.github.mizosoft.methanol.MutableRequest;
import com.github.mizosoft.methanol.adapter.jackson.JacksonAdapterFactory;
import feign.Feign;
import feign.Headers;
import feign.RequestLine;
import feign.http2client.Http2Client;
import feign.jackson.JacksonDecoder;
import feign.jackson.JacksonEncoder;
import io.avaje.http.client.Jackson3BodyAdapter;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.web.client.RestClient;
import retrofit2.Call;
import retrofit2.Retrofit;
import retrofit2.converter.jackson.JacksonConverterFactory;
import retrofit2.http.Body;
import retrofit2.http.GET;
import retrofit2.http.POST;
import tools.jackson.databind.json.JsonMapper;

/** The Java peers, each set up as its documentation shows, with one shared mapper. */
final class Peers {
  private Peers() {}

  /** {@code methanol}: Methanol 1.8 with its Jackson (2) adapter. */
  static final class MethanolJackson extends Variant.Model {
    private static final com.github.mizosoft.methanol.TypeRef<List<WeatherForecast>> LIST =
        new com.github.mizosoft.methanol.TypeRef<>() {};

    private final Methanol client;

    MethanolJackson() {
      ObjectMapper mapper = Jackson2.newMapper();
      client =
          Clients.apply(Methanol.newBuilder())
              .adapterCodec(
                  AdapterCodec.newBuilder()
                      .encoder(JacksonAdapterFactory.createJsonEncoder(mapper))
                      .decoder(JacksonAdapterFactory.createJsonDecoder(mapper))
                      .build())
              .build();
    }

    private static <T> T body(HttpResponse<T> response) {
      Forecasts.checkStatus(response.statusCode());
      return response.body();
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return body(client.send(MutableRequest.GET(uri), LIST));
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return body(client.send(MutableRequest.GET(uri), WeatherForecast.class));
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return client
          .send(
              MutableRequest.POST(uri, value, MediaType.APPLICATION_JSON),
              HttpResponse.BodyHandlers.ofByteArray())
          .statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return client
          .send(
              MutableRequest.POST(uri, value, MediaType.APPLICATION_JSON),
              HttpResponse.BodyHandlers.ofByteArray())
          .statusCode();
    }
  }

  /** {@code avaje}: avaje-http-client with its Jackson 3 body adapter. */
  static final class Avaje extends Variant.Model {
    private io.avaje.http.client.HttpClient client;

    @Override
    protected void prepare(URI base) {
      client =
          io.avaje.http.client.HttpClient.builder()
              .baseUrl(base.resolve("/").toString())
              .client(Clients.jdk())
              .bodyAdapter(new Jackson3BodyAdapter(JsonMapper.builder().build()))
              .build();
    }

    private io.avaje.http.client.HttpClient client(URI uri) {
      return client;
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) {
      return client(uri).request().path(uri.getPath()).GET().list(WeatherForecast.class);
    }

    @Override
    protected WeatherForecast getObject(URI uri) {
      return client(uri).request().path(uri.getPath()).GET().bean(WeatherForecast.class);
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) {
      return client(uri)
          .request()
          .path(uri.getPath())
          .body(value)
          .POST()
          .asDiscarding()
          .statusCode();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) {
      return client(uri)
          .request()
          .path(uri.getPath())
          .body(value)
          .POST()
          .asDiscarding()
          .statusCode();
    }
  }

  /** The Feign interface. */
  interface FeignApi {
    @RequestLine("GET /weatherforecast/getCollection")
    List<WeatherForecast> getCollection();

    @RequestLine("GET /weatherforecast/getObject")
    WeatherForecast getObject();

    @RequestLine("POST /weatherforecast/postCollection")
    @Headers("Content-Type: application/json")
    feign.Response postCollection(List<WeatherForecast> value);

    @RequestLine("POST /weatherforecast/postObject")
    @Headers("Content-Type: application/json")
    feign.Response postObject(WeatherForecast value);
  }

  /** {@code feign}: Feign with the java11 (JDK HttpClient) client and feign-jackson (2). */
  static final class FeignJackson extends Variant.Model {
    private FeignApi api;

    @Override
    protected void prepare(URI base) {
      ObjectMapper mapper = Jackson2.newMapper();
      // Http2Client builds (and caches, racily) another client when the given one's redirect
      // policy or connect timeout differ from Feign's request options; match its defaults (follow
      // redirects, 10 s) so that the client given is the one used, also under concurrent callers.
      java.net.http.HttpClient client =
          Clients.apply(java.net.http.HttpClient.newBuilder())
              .followRedirects(java.net.http.HttpClient.Redirect.ALWAYS)
              .connectTimeout(java.time.Duration.ofSeconds(10))
              .build();
      api =
          Feign.builder()
              .client(new Http2Client(client))
              .encoder(new JacksonEncoder(mapper))
              .decoder(new JacksonDecoder(mapper))
              .target(FeignApi.class, base.resolve("/").toString());
    }

    private FeignApi api(URI uri) {
      return api;
    }

    private static int status(feign.Response response) {
      try (response) {
        return response.status();
      }
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) {
      return api(uri).getCollection();
    }

    @Override
    protected WeatherForecast getObject(URI uri) {
      return api(uri).getObject();
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) {
      return status(api(uri).postCollection(value));
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) {
      return status(api(uri).postObject(value));
    }
  }

  /** {@code spring}: Spring's RestClient on the JDK request factory, Jackson 3 converter. */
  static final class SpringRestClient extends Variant.Model {
    private static final ParameterizedTypeReference<List<WeatherForecast>> LIST =
        new ParameterizedTypeReference<>() {};

    private final RestClient client;

    SpringRestClient() {
      JacksonJsonHttpMessageConverter json =
          new JacksonJsonHttpMessageConverter(JsonMapper.builder().build());
      client =
          RestClient.builder()
              .requestFactory(new JdkClientHttpRequestFactory(Clients.jdk()))
              .configureMessageConverters(c -> c.withJsonConverter(json))
              .build();
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) {
      return client.get().uri(uri).retrieve().body(LIST);
    }

    @Override
    protected WeatherForecast getObject(URI uri) {
      return client.get().uri(uri).retrieve().body(WeatherForecast.class);
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) {
      return client
          .post()
          .uri(uri)
          .contentType(org.springframework.http.MediaType.APPLICATION_JSON)
          .body(value)
          .retrieve()
          .toBodilessEntity()
          .getStatusCode()
          .value();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) {
      return client
          .post()
          .uri(uri)
          .contentType(org.springframework.http.MediaType.APPLICATION_JSON)
          .body(value)
          .retrieve()
          .toBodilessEntity()
          .getStatusCode()
          .value();
    }
  }

  /** The Retrofit interface. */
  interface RetrofitApi {
    @GET("weatherforecast/getCollection")
    Call<List<WeatherForecast>> getCollection();

    @GET("weatherforecast/getObject")
    Call<WeatherForecast> getObject();

    @GET("weatherforecast/getCollectionPlain")
    Call<List<PlainForecast>> getPlain();

    @POST("weatherforecast/postCollection")
    Call<Void> postCollection(@Body List<WeatherForecast> value);

    @POST("weatherforecast/postObject")
    Call<Void> postObject(@Body WeatherForecast value);
  }

  /**
   * {@code retrofit}: Retrofit 3 on OkHttp with converter-jackson (2), its mapper as a Retrofit
   * user makes it (case-sensitive names). {@code retrofit-web}: the same with the mapper {@code
   * jackson2-static} uses, configured as httpjson's web defaults (case-insensitive names, a date's
   * offset kept), so that beside {@code httpjson-okhttp} the decoders do the same work and the
   * ratio is the transports' and the layers'.
   */
  static final class RetrofitJackson extends Variant.Model {
    private final OkHttpClient okhttp;
    private final com.fasterxml.jackson.databind.ObjectMapper mapper;
    private RetrofitApi api;

    RetrofitJackson() {
      this(Jackson2.newMapper());
    }

    RetrofitJackson(com.fasterxml.jackson.databind.ObjectMapper mapper) {
      this(mapper, new OkHttpClient());
    }

    /** On {@code okhttp} (the scale benchmark's, configured per protocol). */
    RetrofitJackson(com.fasterxml.jackson.databind.ObjectMapper mapper, OkHttpClient okhttp) {
      this.mapper = mapper;
      this.okhttp = okhttp;
    }

    @Override
    protected void prepare(URI base) {
      api =
          new Retrofit.Builder()
              .baseUrl(base.resolve("/").toString())
              .client(okhttp)
              .addConverterFactory(JacksonConverterFactory.create(mapper))
              .build()
              .create(RetrofitApi.class);
    }

    private RetrofitApi api(URI uri) {
      return api;
    }

    private static <T> T body(retrofit2.Response<T> response) {
      Forecasts.checkStatus(response.code());
      return response.body();
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return body(api(uri).getCollection().execute());
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return body(api(uri).getObject().execute());
    }

    @Override
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      return body(api(uri).getPlain().execute());
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return api(uri).postCollection(value).execute().code();
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return api(uri).postObject(value).execute().code();
    }

    @Override
    public void close() {
      okhttp.dispatcher().executorService().shutdown();
      okhttp.connectionPool().evictAll();
    }
  }

  /** {@code okhttp-bytes}: OkHttp, bodies as bytes, no JSON. */
  /**
   * {@code diag-okhttp-jackson3}: a hand-written OkHttp client reading the body's bytes with the
   * one static Jackson 3 mapper ({@link Jackson3#MAPPER}): {@code jackson-static}'s counterpart on
   * OkHttp, so that httpjson over OkHttp can be set beside a client on the same codec.
   */
  static final class OkHttpJackson3 extends Variant.Model {
    private final OkHttpClient client = new OkHttpClient();

    private byte[] bytes(URI uri) throws Exception {
      Request request =
          new Request.Builder().url(uri.toString()).header("Accept", "application/json").build();
      try (Response response = client.newCall(request).execute()) {
        Forecasts.checkStatus(response.code());
        return response.body().bytes();
      }
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return Jackson3.MAPPER.readValue(bytes(uri), Jackson3.LIST);
    }

    @Override
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      return Jackson3.MAPPER.readValue(bytes(uri), Jackson3.PLAIN);
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return Jackson3.MAPPER.readValue(bytes(uri), WeatherForecast.class);
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      throw new UnsupportedOperationException("diagnostic: GET only");
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      throw new UnsupportedOperationException("diagnostic: GET only");
    }

    @Override
    public void close() {
      client.dispatcher().executorService().shutdown();
      client.connectionPool().evictAll();
    }
  }

  static final class OkHttpBytes extends Variant.Bytes {
    private static final okhttp3.MediaType JSON =
        okhttp3.MediaType.get("application/json; charset=utf-8");
    private final OkHttpClient client = new OkHttpClient();

    @Override
    protected byte[] get(URI uri) throws Exception {
      Request request =
          new Request.Builder().url(uri.toString()).header("Accept", "application/json").build();
      try (Response response = client.newCall(request).execute()) {
        Forecasts.checkStatus(response.code());
        ResponseBody body = response.body();
        return body.bytes();
      }
    }

    @Override
    protected int post(URI uri, byte[] body) throws Exception {
      Request request =
          new Request.Builder().url(uri.toString()).post(RequestBody.create(body, JSON)).build();
      try (Response response = client.newCall(request).execute()) {
        response.body().bytes();
        return response.code();
      }
    }

    @Override
    public void close() {
      client.dispatcher().executorService().shutdown();
      client.connectionPool().evictAll();
    }
  }
}
