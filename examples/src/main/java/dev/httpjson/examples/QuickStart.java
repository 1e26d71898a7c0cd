package dev.httpjson.examples;

import dev.httpjson.HttpJson;
import dev.httpjson.TypeRef;
import java.net.http.HttpClient;
import java.time.LocalDate;
import java.util.List;

/** The README's first example: GET a typed list, POST a value. */
public final class QuickStart {
  record WeatherForecast(LocalDate date, int temperatureC, int temperatureF, String summary) {}

  public static void main(String[] args) throws Exception {
    String base = args.length > 0 ? args[0] : "http://localhost:5000";
    HttpClient client = HttpClient.newHttpClient();

    List<WeatherForecast> week =
        HttpJson.getFromJson(
            client, base + "/weatherforecast", new TypeRef<List<WeatherForecast>>() {});
    HttpJson.postAsJson(client, base + "/weatherforecast", week.get(0));
  }
}
