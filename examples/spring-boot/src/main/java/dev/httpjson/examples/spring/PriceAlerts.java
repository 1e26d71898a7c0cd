package dev.httpjson.examples.spring;

import dev.httpjson.ServerSentEvent;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.stereotype.Service;

/** Watches a product's price until it drops to a target: one JSON call, then a stream. */
@Service
public class PriceAlerts {
  private final Catalog catalog;
  private final PriceFeed prices;

  public PriceAlerts(Catalog catalog, PriceFeed prices) {
    this.catalog = catalog;
    this.prices = prices;
  }

  /** An alert: the product's name, its list price and the price it dropped to. */
  public record Alert(String product, BigDecimal listPrice, BigDecimal price) {}

  /**
   * The first tick of {@code sku} at or below {@code target} among the next {@code maxTicks}, with
   * the product's name from the catalog; empty when none is.
   */
  public Optional<Alert> watch(String sku, BigDecimal target, int maxTicks)
      throws IOException, InterruptedException {
    Catalog.Product product = catalog.product(sku);
    try (Stream<ServerSentEvent<PriceFeed.Tick>> ticks = prices.ticks(sku)) {
      return ticks
          .limit(maxTicks)
          .map(ServerSentEvent::data)
          .filter(t -> t.price().compareTo(target) <= 0)
          .findFirst()
          .map(t -> new Alert(product.displayName(), product.listPrice(), t.price()));
    }
  }
}
