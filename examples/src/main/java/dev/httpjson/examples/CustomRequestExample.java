package dev.httpjson.examples;

import dev.httpjson.JsonBodyHandlers;
import dev.httpjson.JsonContent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;

/** The README's hand-built request example: JsonContent plus JsonBodyHandlers. */
public final class CustomRequestExample {
  record Order(String sku, int quantity) {}

  record Receipt(String orderId) {}

  public static void main(String[] args) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    HttpRequest request =
        JsonContent.of(new Order("A-42", 3))
            .requestBuilder("POST", URI.create("https://api.example.com/orders"))
            .header("Idempotency-Key", "7f1c")
            .build();
    Receipt receipt = client.send(request, JsonBodyHandlers.of(Receipt.class)).body();
    System.out.println(receipt);
  }
}
