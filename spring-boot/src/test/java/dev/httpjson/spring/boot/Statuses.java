package dev.httpjson.spring.boot;

import dev.httpjson.interfaces.GET;
import java.io.IOException;

/** A second API interface of the tests. */
public interface Statuses {
  @GET("status")
  Status status() throws IOException, InterruptedException;

  /** A status. */
  record Status(String state) {}
}
