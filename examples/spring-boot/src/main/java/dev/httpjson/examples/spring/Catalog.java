package dev.httpjson.examples.spring;

import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.Path;
import java.io.IOException;
import java.math.BigDecimal;

/** The product catalog: a JSON API (application.yaml: httpjson.clients.catalog). */
public interface Catalog {
  @GET("products/{sku}")
  Product product(@Path("sku") String sku) throws IOException, InterruptedException;

  /** A product; the API writes snake_case, as the application's mapper does. */
  record Product(String sku, String displayName, BigDecimal listPrice) {}
}
