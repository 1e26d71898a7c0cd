package dev.httpjson.examples.newcomer3;

import dev.httpjson.interfaces.Body;
import dev.httpjson.interfaces.DELETE;
import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.PATCH;
import dev.httpjson.interfaces.Paged;
import dev.httpjson.interfaces.Path;
import dev.httpjson.interfaces.Query;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.stream.Stream;

/** The orders API: a cursor-paged listing, a partial update and a delete. */
public interface OrdersApi {
  /** An order as the API returns it. */
  record Order(String id, String status, String customer, BigDecimal total, Instant placedAt) {}

  /** A partial update: a null component is left out of the body. */
  record OrderPatch(String status, String note) {}

  @GET("orders")
  @Paged(items = "/items", cursor = "/nextCursor", parameter = "cursor")
  Stream<Order> orders(@Query("status") String status, @Query("limit") int limit)
      throws IOException, InterruptedException;

  @PATCH("orders/{id}")
  Order update(@Path("id") String id, @Body OrderPatch patch)
      throws IOException, InterruptedException;

  @DELETE("orders/{id}")
  void delete(@Path("id") String id) throws IOException, InterruptedException;
}
