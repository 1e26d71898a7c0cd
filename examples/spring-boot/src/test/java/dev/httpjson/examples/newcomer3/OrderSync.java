package dev.httpjson.examples.newcomer3;

import dev.httpjson.examples.newcomer3.OrdersApi.Order;
import dev.httpjson.examples.newcomer3.OrdersApi.OrderPatch;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.springframework.stereotype.Service;

/**
 * Keeps a local copy of the open orders: an open order untouched for a week is marked stale, an
 * empty one (total zero) older than a day is deleted.
 */
@Service
public class OrderSync {
  /** What one run did. */
  public record Report(int seen, List<String> markedStale, List<String> deleted) {}

  private final OrdersApi orders;
  private final Clock clock;
  private final Map<String, Order> local = new LinkedHashMap<>();

  public OrderSync(OrdersApi orders, Clock clock) {
    this.orders = orders;
    this.clock = clock;
  }

  public synchronized Report sync() throws IOException, InterruptedException {
    List<String> stale = new java.util.ArrayList<>();
    List<String> deleted = new java.util.ArrayList<>();
    int seen = 0;
    local.clear();
    List<Order> open;
    try (Stream<Order> all = orders.orders("open", 2)) {
      open = all.toList();
    }
    for (Order order : open) {
      seen++;
      Duration age = Duration.between(order.placedAt(), clock.instant());
      if (order.total().signum() == 0 && age.compareTo(Duration.ofDays(1)) > 0) {
        orders.delete(order.id());
        deleted.add(order.id());
      } else if (age.compareTo(Duration.ofDays(7)) > 0) {
        Order updated = orders.update(order.id(), new OrderPatch("stale", null));
        local.put(updated.id(), updated);
        stale.add(order.id());
      } else {
        local.put(order.id(), order);
      }
    }
    return new Report(seen, stale, deleted);
  }

  public synchronized BigDecimal openTotal() {
    return local.values().stream()
        .filter(o -> o.status().equals("open"))
        .map(Order::total)
        .reduce(BigDecimal.ZERO, BigDecimal::add);
  }
}
