package dev.httpjson.apache5.reliability;

import dev.httpjson.apache5.Apache5Clients;
import dev.httpjson.jackson.reliability.GadgetPayloadTest;
import java.net.http.HttpClient;

/** {@link GadgetPayloadTest} on the Apache transport. */
class Apache5GadgetPayloadTest extends GadgetPayloadTest {
  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }
}
