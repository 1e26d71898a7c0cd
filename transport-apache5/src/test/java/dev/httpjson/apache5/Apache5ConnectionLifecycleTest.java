package dev.httpjson.apache5;

import dev.httpjson.contract.ConnectionLifecycleContract;
import java.net.http.HttpClient;

/** The connection lifecycle rows on the Apache 5 transport. */
class Apache5ConnectionLifecycleTest extends ConnectionLifecycleContract {
  @Override
  protected HttpClient client() {
    return Apache5Clients.http1();
  }
}
