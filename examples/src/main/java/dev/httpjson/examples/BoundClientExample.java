package dev.httpjson.examples;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonOptions;
import java.net.http.HttpClient;
import java.time.Duration;

/** The documentation's per-client defaults example: base URI, headers and options. */
public final class BoundClientExample {
  record User(String id, String name) {}

  public static void main(String[] args) throws Exception {
    String token = System.getenv("API_TOKEN");
    if (token == null || token.isBlank()) { // never send "Bearer null"
      throw new IllegalStateException("API_TOKEN is not set");
    }
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri("https://api.example.com/v1/")
            .header("Authorization", "Bearer " + token)
            .options(
                JsonOptions.newBuilder()
                    .timeout(Duration.ofSeconds(10))
                    .maxResponseSize(1 << 20)
                    .build())
            .build();
    User user = api.getFromJson("users/42", User.class);
    System.out.println(user);

    perCall(api);
  }

  record Order(String sku, int quantity) {}

  record Receipt(String orderId) {}

  static void perCall(HttpJsonClient api) throws Exception {
    Order order = new Order("A-42", 3);
    String key = java.util.UUID.randomUUID().toString();
    Receipt receipt =
        api.withHeader("Idempotency-Key", key)
            .withTimeout(Duration.ofSeconds(2))
            .postAsJson("orders", order, Receipt.class);
    System.out.println(receipt);
  }
}
