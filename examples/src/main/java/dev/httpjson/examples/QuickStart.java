package dev.httpjson.examples;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonType;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** The documentation's first example: GET a typed list, POST a value, send-and-receive, async. */
public final class QuickStart {
  record WeatherForecast(LocalDate date, int temperatureC, int temperatureF, String summary) {}

  record Order(String sku, int quantity) {}

  record Receipt(String orderId) {}

  record User(String id, String name) {}

  public static void main(String[] args) throws Exception {
    URI base = URI.create(args.length > 0 ? args[0] : "http://localhost:5000/");
    URI ordersUri = base.resolve("orders");
    URI userUri = base.resolve("users/42");
    Order order = new Order("A-42", 3);

    // docs: from here
    HttpClient client = HttpClient.newHttpClient();

    URI forecasts = base.resolve("weatherforecast");

    List<WeatherForecast> week =
        HttpJson.getFromJson(client, forecasts, new JsonType<List<WeatherForecast>>() {});
    HttpJson.ensureSuccess(HttpJson.postAsJson(client, forecasts, week.get(0)));

    Receipt receipt =
        HttpJson.postAsJson(client, ordersUri, order, Receipt.class); // status checked
    CompletableFuture<User> user = HttpJson.getFromJsonAsync(client, userUri, User.class);
    // docs: to here

    System.out.println(receipt + " " + user.join());
  }
}
