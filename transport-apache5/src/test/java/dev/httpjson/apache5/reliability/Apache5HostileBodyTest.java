package dev.httpjson.apache5.reliability;

import dev.httpjson.apache5.Apache5Clients;
import dev.httpjson.jackson.reliability.HostileBodyTest;
import java.net.http.HttpClient;

/** {@link HostileBodyTest} on the Apache transport. */
class Apache5HostileBodyTest extends HostileBodyTest {
  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }
}
