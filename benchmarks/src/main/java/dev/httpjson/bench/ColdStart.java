package dev.httpjson.bench;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.spi.JsonCodec;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Instant;
import java.util.List;

/**
 * One cold-start run (started by {@link ColdBench}, one fresh JVM per run): a single GET of the
 * 5-item collection, decoded and validated, then the wall-clock times at which {@code main} began
 * and the value was in hand, as {@code cold main=<epoch µs> value=<epoch µs> java=<version>}.
 *
 * <pre>
 * ColdStart noop                                   the JVM's own start (main returns at once)
 * ColdStart jdk-bytes &lt;url&gt;                          HttpClient.send(ofByteArray()), no JSON
 * ColdStart hand-written &lt;HandWrittenJson class&gt; &lt;url&gt;  the same, then one static library instance
 * ColdStart httpjson &lt;JsonCodec class&gt; &lt;url&gt;        getFromJson with options naming the codec
 * ColdStart httpjson default &lt;url&gt;                  getFromJson with the default options
 * ColdStart interface &lt;url&gt;                          the generated implementation of {@link ColdApi}
 * ColdStart retrofit &lt;url&gt;                           Retrofit's proxy of {@link RetrofitColdApi}
 * </pre>
 *
 * <p>The class path holds only what the variant needs (see {@link ColdBench}), so nothing here may
 * link a class of another variant: each path lives in its own nested class and the codec or library
 * class is named, not referenced. No lambda and no {@code +} on strings: both bootstrap {@code
 * invokedynamic} the first time in a JVM, a cost the measured code would otherwise be charged for
 * when it does not pay it itself.
 */
public final class ColdStart {
  private ColdStart() {}

  public static void main(String[] args) throws Exception {
    long main = micros(Instant.now());
    String kind = args[0];
    if (kind.equals("noop")) {
      // nothing: the floor
    } else if (kind.equals("jdk-bytes")) {
      Bytes.first(URI.create(args[1]));
    } else if (kind.equals("hand-written")) {
      Hand.first(args[1], URI.create(args[2]));
    } else if (kind.equals("httpjson")) {
      Httpjson.first(args[1], URI.create(args[2]));
    } else if (kind.equals("interface")) {
      Interface.first(URI.create(args[1]));
    } else if (kind.equals("retrofit")) {
      Retro.first(URI.create(args[1]));
    } else {
      throw new IllegalArgumentException(
          new StringBuilder("unknown kind: ").append(kind).toString());
    }
    long value = micros(Instant.now());
    System.out.println(
        new StringBuilder("cold main=")
            .append(main)
            .append(" value=")
            .append(value)
            .append(" java=")
            .append(System.getProperty("java.version"))
            .toString());
    System.out.flush();
    System.exit(0);
  }

  private static long micros(Instant t) {
    return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
  }

  private static final class Bytes {
    static void first(URI uri) throws Exception {
      HttpClient client = HttpClient.newHttpClient();
      Forecasts.checkJson(JdkCalls.getBytes(client, uri), Forecasts.COLLECTION_SIZE);
    }
  }

  private static final class Hand {
    static void first(String handWrittenClass, URI uri) throws Exception {
      HandWrittenJson json =
          (HandWrittenJson) Class.forName(handWrittenClass).getConstructor().newInstance();
      HttpClient client = HttpClient.newHttpClient();
      Forecasts.check(json.readList(JdkCalls.getBytes(client, uri)));
    }
  }

  private static final class Httpjson {
    static void first(String codecClass, URI uri) throws Exception {
      HttpClient client = HttpClient.newHttpClient();
      JsonType<List<WeatherForecast>> type = JsonType.listOf(WeatherForecast.class);
      List<WeatherForecast> value;
      if (codecClass.equals("default")) {
        value = HttpJson.getFromJson(client, uri, type);
      } else {
        JsonCodec codec = (JsonCodec) Class.forName(codecClass).getConstructor().newInstance();
        value =
            HttpJson.getFromJson(
                client, uri, type.withOptions(JsonOptions.newBuilder().codec(codec).build()));
      }
      Forecasts.check(value);
    }
  }

  /** The collection endpoint as an API interface, implemented at compile time. */
  interface ColdApi {
    @dev.httpjson.interfaces.GET("weatherforecast/getCollection")
    List<WeatherForecast> getCollection() throws java.io.IOException, InterruptedException;
  }

  /** The same endpoint as a Retrofit interface (Retrofit's proxy, Jackson 2 converter). */
  interface RetrofitColdApi {
    @retrofit2.http.GET("weatherforecast/getCollection")
    retrofit2.Call<List<WeatherForecast>> getCollection();
  }

  private static final class Interface {
    static void first(URI uri) throws Exception {
      HttpClient client = HttpClient.newHttpClient();
      ColdApi api =
          dev.httpjson.HttpJsonClient.newBuilder(client)
              .baseUri(uri.resolve("/"))
              .build()
              .create(ColdApi.class);
      Forecasts.check(api.getCollection());
    }
  }

  private static final class Retro {
    static void first(URI uri) throws Exception {
      RetrofitColdApi api =
          new retrofit2.Retrofit.Builder()
              .baseUrl(uri.resolve("/").toString())
              .addConverterFactory(
                  retrofit2.converter.jackson.JacksonConverterFactory.create(Jackson2.newMapper()))
              .build()
              .create(RetrofitColdApi.class);
      retrofit2.Response<List<WeatherForecast>> response = api.getCollection().execute();
      Forecasts.checkStatus(response.code());
      Forecasts.check(response.body());
    }
  }
}
