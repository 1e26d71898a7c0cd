package dev.httpjson.examples.newcomer3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.examples.newcomer3.OrdersApi.Order;
import dev.httpjson.spring.boot.AutoConfigureHttpJsonStub;
import dev.httpjson.testing.Reply;
import dev.httpjson.testing.StubHttpClient;
import dev.httpjson.testing.StubRequest;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest(classes = OrdersSyncApplication.class, properties = "spring.config.name=newcomer3")
@AutoConfigureHttpJsonStub
class OrderSyncStubTest {
  @Autowired StubHttpClient stub;
  @Autowired OrderSync sync;
  @Autowired MeterRegistry meters;

  static final Instant NOW = Instant.now();

  static Order order(String id, String total, Duration age) {
    return new Order(id, "open", "c-1", new BigDecimal(total), NOW.minus(age));
  }

  /** The listing calls the meter registry counted with {@code outcome} (it outlives a test). */
  double listings(String outcome) {
    return meters
        .find("http.client.requests")
        .tag("uri", "/api/v2/orders")
        .tag("outcome", outcome)
        .timers()
        .stream()
        .mapToLong(Timer::count)
        .sum();
  }

  void tokenEndpoint() {
    stub.on("POST", "/oauth/token")
        .reply(200, Map.of("access_token", "t-1", "token_type", "Bearer", "expires_in", 3600));
  }

  @Test
  void syncsEveryPageAfterA503MarksStaleOrdersAndDeletesEmptyOnes() throws Exception {
    tokenEndpoint();
    stub.on("GET", "/api/v2/orders")
        .reply(Reply.status(503).header("Retry-After", "0"))
        .reply(
            request ->
                request.query("cursor") == null
                    ? Reply.json(
                        200,
                        Map.of(
                            "items",
                            List.of(
                                order("o-new", "10.00", Duration.ofHours(1)),
                                order("o-old", "25.00", Duration.ofDays(9))),
                            "nextCursor",
                            "c2"))
                    : Reply.json(
                        200, Map.of("items", List.of(order("o-empty", "0", Duration.ofDays(2))))))
        .always();
    stub.on("PATCH", "/api/v2/orders/{id}")
        .reply(200, new Order("o-old", "stale", "c-1", new BigDecimal("25.00"), NOW));
    stub.on("DELETE", "/api/v2/orders/{id}").reply(Reply.status(204));

    OrderSync.Report report = sync.sync();

    assertThat(report).isEqualTo(new OrderSync.Report(3, List.of("o-old"), List.of("o-empty")));
    assertThat(sync.openTotal()).isEqualByComparingTo("10.00");

    StubRequest token = stub.takeRequest(Duration.ofSeconds(5));
    assertThat(token.path()).isEqualTo("/oauth/token");
    assertThat(token.form())
        .containsEntry("grant_type", List.of("client_credentials"))
        .containsEntry("scope", List.of("orders:read orders:write"));
    StubRequest unavailable = stub.takeRequest(Duration.ofSeconds(5));
    assertThat(unavailable.uri())
        .hasToString("https://orders.example.com/api/v2/orders?status=open&limit=2");
    assertThat(unavailable.header("Authorization")).isEqualTo("Bearer t-1");
    assertThat(stub.takeRequest(Duration.ofSeconds(5)).uri()).isEqualTo(unavailable.uri());
    assertThat(stub.takeRequest(Duration.ofSeconds(5)).query("cursor")).isEqualTo("c2");
    StubRequest patch = stub.takeRequest(Duration.ofSeconds(5));
    assertThat(patch.method()).isEqualTo("PATCH");
    assertThat(patch.path()).isEqualTo("/api/v2/orders/o-old");
    assertThat(patch.bodyAsString()).isEqualTo("{\"status\":\"stale\"}");
    StubRequest delete = stub.takeRequest(Duration.ofSeconds(5));
    assertThat(delete.method()).isEqualTo("DELETE");
    assertThat(delete.path()).isEqualTo("/api/v2/orders/o-empty");
    stub.verify();
  }

  @Test
  void anUnchangedListingIsRevalidatedAndCountsAsASuccess() throws Exception {
    tokenEndpoint();
    stub.on("GET", "/api/v2/orders")
        .reply(
            request ->
                request.header("If-None-Match") == null
                    ? Reply.json(
                            200,
                            Map.of("items", List.of(order("o-1", "5.00", Duration.ofHours(2)))))
                        .header("ETag", "\"v1\"")
                    : Reply.status(304).header("ETag", "\"v1\""))
        .always();

    double before = listings("SUCCESS");

    assertThat(sync.sync().seen()).isEqualTo(1);
    assertThat(sync.sync().seen()).isEqualTo(1);

    assertThat(stub.takeRequest(Duration.ofSeconds(5)).path()).isEqualTo("/oauth/token");
    assertThat(stub.takeRequest(Duration.ofSeconds(5)).header("If-None-Match")).isNull();
    assertThat(stub.takeRequest(Duration.ofSeconds(5)).header("If-None-Match")).isEqualTo("\"v1\"");
    assertThat(listings("SUCCESS") - before).isEqualTo(2); // the 304 is the stored 200
    assertThat(meters.get("http.client.requests").timers())
        .allSatisfy(t -> assertThat(t.getId().getTag("exception")).isEqualTo("none"));
    stub.verify();
  }
}
