package dev.httpjson.apache5.reliability;

import dev.httpjson.apache5.Apache5Clients;
import dev.httpjson.jackson.reliability.BlockingTimeoutSoakTest;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutorService;

/** {@link BlockingTimeoutSoakTest} on the Apache transport. */
class Apache5BlockingTimeoutSoakTest extends BlockingTimeoutSoakTest {
  @Override
  protected HttpClient newClient(ExecutorService executor) {
    return Apache5Clients.http1();
  }
}
