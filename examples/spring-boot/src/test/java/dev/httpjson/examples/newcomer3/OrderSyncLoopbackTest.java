package dev.httpjson.examples.newcomer3;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

@SpringBootTest(classes = OrdersSyncApplication.class, properties = "spring.config.name=newcomer3")
@Timeout(60)
class OrderSyncLoopbackTest {
  static final OrdersServer api = new OrdersServer();
  static final MockWebServer server = new MockWebServer();

  static {
    server.setDispatcher(api);
    try {
      server.start();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @DynamicPropertySource
  static void pointAtTheServer(DynamicPropertyRegistry registry) {
    registry.add("httpjson.clients.orders.base-uri", () -> server.url("/api/v2/").toString());
    registry.add(
        "httpjson.clients.orders.oauth2.token-uri", () -> server.url("/oauth/token").toString());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Autowired OrderSync sync;
  @Autowired MeterRegistry meters;

  @Test
  void syncsThenRevalidatesTheUnchangedListingWithoutAFailure() throws Exception {
    Instant now = Instant.now();
    api.orders.put("o-1", new OrdersServer.Stored("o-1", "open", "10.00", now.toString()));
    api.orders.put(
        "o-2",
        new OrdersServer.Stored("o-2", "open", "25.00", now.minus(Duration.ofDays(9)).toString()));
    api.orders.put(
        "o-3",
        new OrdersServer.Stored("o-3", "open", "0", now.minus(Duration.ofDays(2)).toString()));
    api.orders.put("o-4", new OrdersServer.Stored("o-4", "open", "7.50", now.toString()));

    OrderSync.Report first = sync.sync();
    OrderSync.Report second = sync.sync();
    OrderSync.Report third = sync.sync();

    assertThat(first).isEqualTo(new OrderSync.Report(4, List.of("o-2"), List.of("o-3")));
    assertThat(second).isEqualTo(new OrderSync.Report(2, List.of(), List.of()));
    assertThat(third).isEqualTo(second);
    assertThat(sync.openTotal()).isEqualByComparingTo("17.50");
    assertThat(api.orders).doesNotContainKey("o-3");
    assertThat(api.patches).containsExactly("{\"status\":\"stale\"}");

    List<RecordedRequest> sent = new ArrayList<>();
    for (RecordedRequest r; (r = server.takeRequest(1, TimeUnit.SECONDS)) != null; ) {
      sent.add(r);
    }
    assertThat(sent)
        .extracting(r -> r.getMethod() + " " + r.getTarget())
        .containsExactly(
            "POST /oauth/token",
            "GET /api/v2/orders?status=open&limit=2", // 503, Retry-After: 0
            "GET /api/v2/orders?status=open&limit=2",
            "GET /api/v2/orders?status=open&limit=2&cursor=o-2",
            "PATCH /api/v2/orders/o-2",
            "DELETE /api/v2/orders/o-3",
            "GET /api/v2/orders?status=open&limit=2", // changed: 200
            "GET /api/v2/orders?status=open&limit=2"); // unchanged: 304
    assertThat(sent.get(7).getHeaders().get("If-None-Match")).isNotNull();
    assertThat(sent.subList(1, 8))
        .allSatisfy(r -> assertThat(r.getHeaders().get("Authorization")).isEqualTo("Bearer t-1"));
    assertThat(meters.get("http.client.requests").timers())
        .allSatisfy(
            t -> {
              assertThat(t.getId().getTag("exception")).isEqualTo("none");
              assertThat(t.getId().getTag("outcome")).isEqualTo("SUCCESS");
            });
    Timer listings =
        meters
            .get("http.client.requests")
            .tag("uri", "/api/v2/orders")
            .tag("status", "200")
            .timer();
    assertThat(listings.count()).isEqualTo(4); // the 503 retried inside, the 304 read as its 200
  }
}
