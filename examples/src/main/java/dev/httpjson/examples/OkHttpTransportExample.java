package dev.httpjson.examples;

import dev.httpjson.HttpJson;
import dev.httpjson.okhttp.OkHttpTransport;
import java.net.URI;
import java.net.http.HttpClient;
import okhttp3.OkHttpClient;

/** The documentation's transport example: httpjson's API over OkHttp. */
public final class OkHttpTransportExample {
  record Forecast(String summary, int temperatureC) {}

  public static void main(String[] args) throws Exception {
    URI uri =
        URI.create(args.length > 0 ? args[0] : "http://localhost:5000/weatherforecast/getObject");
    HttpClient client = OkHttpTransport.newHttpClient(new OkHttpClient()); // follows redirects
    Forecast forecast = HttpJson.getFromJson(client, uri, Forecast.class);
    System.out.println(forecast);
  }
}
