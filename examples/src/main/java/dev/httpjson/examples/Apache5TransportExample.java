package dev.httpjson.examples;

import dev.httpjson.HttpJson;
import dev.httpjson.apache5.Apache5Transport;
import java.net.URI;
import java.net.http.HttpClient;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;

/** The documentation's Apache HttpClient 5 example: httpjson's API over Apache's classic I/O. */
public final class Apache5TransportExample {
  record Forecast(String summary, int temperatureC) {}

  public static void main(String[] args) throws Exception {
    URI uri =
        URI.create(args.length > 0 ? args[0] : "http://localhost:5000/weatherforecast/getObject");
    try (CloseableHttpClient closeableHttpClient = HttpClients.createDefault()) {
      HttpClient client = Apache5Transport.newHttpClient(); // a pool of its own, JDK-like defaults
      HttpClient wrapped =
          Apache5Transport.newHttpClient(closeableHttpClient); // your client and its pool
      System.out.println(HttpJson.getFromJson(client, uri, Forecast.class));
      System.out.println(HttpJson.getFromJson(wrapped, uri, Forecast.class));
    }
  }

  private Apache5TransportExample() {}
}
