package dev.httpjson.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.examples.spring.PriceAlerts.Alert;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The application against a loopback server, both clients on their real transports. */
@SpringBootTest
class PriceAlertsLoopbackTest {
  private static final MockWebServer SERVER = start();

  private static MockWebServer start() {
    MockWebServer server = new MockWebServer();
    try {
      server.start(InetAddress.getLoopbackAddress(), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return server;
  }

  @DynamicPropertySource
  static void servers(DynamicPropertyRegistry properties) {
    properties.add("httpjson.clients.catalog.base-uri", () -> SERVER.url("/v1/").toString());
    properties.add("httpjson.clients.prices.base-uri", () -> SERVER.url("/stream/").toString());
  }

  @AfterAll
  static void stop() {
    SERVER.close();
  }

  @Autowired PriceAlerts alerts;

  @Test
  void readsTheProductThenTheStreamUntilThePriceDrops() throws Exception {
    SERVER.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .body(
                "{\"sku\":\"SKU-42\",\"display_name\":\"Espresso machine\",\"list_price\":129.00}")
            .build());
    SERVER.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "text/event-stream")
            .body(
                "data: {\"sku\":\"SKU-42\",\"price\":120.00}\n\n"
                    + "data: {\"sku\":\"SKU-42\",\"price\":98.50}\n\n")
            .build());

    assertThat(alerts.watch("SKU-42", new BigDecimal("99.00"), 10))
        .contains(new Alert("Espresso machine", new BigDecimal("129.00"), new BigDecimal("98.50")));

    RecordedRequest product = SERVER.takeRequest(10, TimeUnit.SECONDS);
    assertThat(product).isNotNull();
    assertThat(product.getTarget()).isEqualTo("/v1/products/SKU-42");
    assertThat(product.getHeaders().get("Authorization")).isEqualTo("Bearer dev-token");
    RecordedRequest ticks = SERVER.takeRequest(10, TimeUnit.SECONDS);
    assertThat(ticks).isNotNull();
    assertThat(ticks.getTarget()).isEqualTo("/stream/ticks?sku=SKU-42");
    assertThat(ticks.getHeaders().get("Accept")).contains("text/event-stream");
    assertThat(ticks.getHeaders().get("User-Agent")).isEqualTo("price-alerts/1.0"); // the default
  }
}
