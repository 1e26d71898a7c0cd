package dev.httpjson.apache5.reliability;

import dev.httpjson.apache5.Apache5Clients;
import dev.httpjson.jackson.reliability.HostileProtocolTest;
import java.net.http.HttpClient;

/** {@link HostileProtocolTest} on the Apache transport. */
class Apache5HostileProtocolTest extends HostileProtocolTest {
  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }
}
