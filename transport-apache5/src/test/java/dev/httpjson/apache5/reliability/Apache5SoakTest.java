package dev.httpjson.apache5.reliability;

import dev.httpjson.apache5.Apache5Clients;
import dev.httpjson.jackson.reliability.SoakTest;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutorService;

/** {@link SoakTest} on the Apache transport. */
class Apache5SoakTest extends SoakTest {
  @Override
  protected HttpClient newClient(ExecutorService executor) {
    return Apache5Clients.http1();
  }
}
