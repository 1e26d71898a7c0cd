package dev.httpjson.examples;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.LocalDate;
import java.util.List;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/** The documentation's strict-records example: which components may be missing or null. */
@NullMarked
public final class StrictRecordsExample {
  record WeatherForecast(
      LocalDate date, int temperatureC, int temperatureF, @Nullable String summary) {}

  public static void main(String[] args) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    try {
      List<WeatherForecast> week =
          HttpJson.getFromJson(
              client,
              URI.create("https://api.example.com/weatherforecast"),
              JsonType.listOf(WeatherForecast.class)
                  .withOptions(JsonOptions.newBuilder().strictRecords(true).build()));
      System.out.println(week);
    } catch (JsonReadException e) {
      System.err.println(e.getMessage()); // "Missing required property 'temperatureC' of record …"
    }
  }
}
