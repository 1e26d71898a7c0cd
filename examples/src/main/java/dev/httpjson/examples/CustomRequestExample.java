package dev.httpjson.examples;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonBodyHandlers;
import dev.httpjson.JsonContent;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.stream.Stream;

/**
 * The documentation's hand-built request examples: HttpJson.exchange, streaming any response,
 * handlers.
 */
public final class CustomRequestExample {
  record Order(String sku, int quantity) {}

  record Receipt(String orderId) {}

  record Result(String id, boolean ok) {}

  public static void main(String[] args) throws Exception {
    // docs: send
    HttpClient client = HttpClient.newHttpClient();
    HttpRequest request =
        JsonContent.of(new Order("A-42", 3))
            .requestBuilder("POST", URI.create("https://api.example.com/orders"))
            .header("Idempotency-Key", "7f1c")
            .build();
    Receipt receipt = HttpJson.exchange(client, request, Receipt.class).body(); // status checked
    System.out.println(receipt);
    // docs: end send

    streamBack(client);
    handler(client, request);
    curl();
  }

  static void curl() throws IOException {
    // docs: curl
    HttpRequest charge =
        JsonContent.of(new Order("A-42", 3))
            .requestBuilder("POST", URI.create("https://api.example.com/orders"))
            .header("Authorization", "Bearer " + System.getenv("API_TOKEN"))
            .header("X-Api-Key", "k-123")
            .build();
    System.out.println(HttpJson.toCurl(charge, "X-Api-Key"));
    // curl -X POST 'https://api.example.com/orders' \
    //   -H 'Accept: application/json, application/problem+json' \
    //   -H 'Authorization: ***' \
    //   -H 'Content-Type: application/json; charset=utf-8' \
    //   -H 'X-Api-Key: ***' \
    //   --data-raw '{"sku":"A-42","quantity":3}'
    // docs: end curl
  }

  static void streamBack(HttpClient client) throws IOException, InterruptedException {
    HttpRequest batch =
        JsonContent.of(new Order[] {new Order("A-1", 1), new Order("B-2", 2)})
            .requestBuilder("POST", URI.create("https://api.example.com/orders/batch"))
            .build();
    HttpResponse<InputStream> response = client.send(batch, BodyHandlers.ofInputStream());
    try (Stream<Result> results = HttpJson.readFromJsonAsStream(response, Result.class)) {
      results.filter(r -> !r.ok()).forEach(System.out::println);
    } // closing releases the connection
  }

  static void handler(HttpClient client, HttpRequest request) throws InterruptedException {
    try {
      Receipt receipt = client.send(request, JsonBodyHandlers.of(Receipt.class)).body();
      System.out.println(receipt);
    } catch (IOException e) { // HttpClient.send wraps the handler's HttpJsonStatusException
      System.err.println(e.getCause());
    }
  }
}
