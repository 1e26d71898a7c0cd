package dev.httpjson.apache5.reliability;

import dev.httpjson.apache5.Apache5Clients;
import dev.httpjson.jackson.reliability.HostileWriteTest;
import java.net.http.HttpClient;

/** {@link HostileWriteTest} on the Apache transport. */
class Apache5HostileWriteTest extends HostileWriteTest {
  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }
}
