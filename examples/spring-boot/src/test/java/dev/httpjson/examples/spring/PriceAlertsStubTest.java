package dev.httpjson.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.examples.spring.PriceAlerts.Alert;
import dev.httpjson.examples.spring.PriceFeed.Tick;
import dev.httpjson.spring.boot.AutoConfigureHttpJsonStub;
import dev.httpjson.testing.Reply;
import dev.httpjson.testing.StubHttpClient;
import dev.httpjson.testing.StubRequest;
import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** The application as configured, its two clients on the stub: no server, no port. */
@SpringBootTest
@AutoConfigureHttpJsonStub
class PriceAlertsStubTest {
  @Autowired StubHttpClient stub;
  @Autowired PriceAlerts alerts;

  @Test
  void alertsAtTheFirstTickAtOrBelowTheTarget() throws Exception {
    stub.on("GET", "/v1/products/{sku}")
        .reply(200, new Catalog.Product("SKU-42", "Espresso machine", new BigDecimal("129.00")));
    stub.on("GET", "/stream/ticks")
        .reply(
            Reply.events()
                .event(new Tick("SKU-42", new BigDecimal("120.00")))
                .event(new Tick("SKU-42", new BigDecimal("98.50")))
                .event(new Tick("SKU-42", new BigDecimal("97.00"))));

    assertThat(alerts.watch("SKU-42", new BigDecimal("99.00"), 10))
        .contains(new Alert("Espresso machine", new BigDecimal("129.00"), new BigDecimal("98.50")));

    StubRequest product = stub.takeRequest(Duration.ofSeconds(5));
    assertThat(product.uri()).hasToString("https://catalog.example.com/v1/products/SKU-42");
    assertThat(product.header("Authorization")).isEqualTo("Bearer dev-token");
    StubRequest ticks = stub.takeRequest(Duration.ofSeconds(5));
    assertThat(ticks.uri()).hasToString("https://prices.example.com/stream/ticks?sku=SKU-42");
    assertThat(ticks.header("Authorization")).as("the catalog's token stays with it").isNull();
    stub.verify();
  }

  @Test
  void noAlertWhenNoTickReachesTheTarget() throws Exception {
    stub.on("GET", "/v1/products/{sku}")
        .reply(200, new Catalog.Product("SKU-7", "Grinder", new BigDecimal("80.00")));
    stub.on("GET", "/stream/ticks")
        .reply(Reply.events().event(new Tick("SKU-7", new BigDecimal("79.00"))));

    assertThat(alerts.watch("SKU-7", new BigDecimal("50.00"), 10)).isEmpty();
    assertThat(stub.requests()).hasSize(2); // this test's own: each test method has a fresh stub
  }
}
