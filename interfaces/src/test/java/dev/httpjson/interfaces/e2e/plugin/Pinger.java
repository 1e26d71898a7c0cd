package dev.httpjson.interfaces.e2e.plugin;

import dev.httpjson.interfaces.GET;
import java.io.IOException;

/** An API interface of a throwaway application (see {@code ClassLoaderRetentionTest}). */
public interface Pinger {
  /** The answer. */
  record Pong(String name) {}

  @GET("ping")
  Pong ping() throws IOException, InterruptedException;
}
