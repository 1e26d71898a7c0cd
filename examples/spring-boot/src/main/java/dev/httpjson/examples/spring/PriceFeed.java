package dev.httpjson.examples.spring;

import dev.httpjson.ServerSentEvent;
import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.Query;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.stream.Stream;

/** Live prices: a Server-Sent Events stream (application.yaml: httpjson.clients.prices). */
public interface PriceFeed {
  /** The ticks of {@code sku} as they come; close the stream to stop. */
  @GET("ticks")
  Stream<ServerSentEvent<Tick>> ticks(@Query("sku") String sku)
      throws IOException, InterruptedException;

  /** One price. */
  record Tick(String sku, BigDecimal price) {}
}
