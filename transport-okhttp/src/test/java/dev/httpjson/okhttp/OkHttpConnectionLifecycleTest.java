package dev.httpjson.okhttp;

import dev.httpjson.contract.ConnectionLifecycleContract;
import java.net.http.HttpClient;

/** The connection lifecycle rows on the OkHttp transport. */
class OkHttpConnectionLifecycleTest extends ConnectionLifecycleContract {
  @Override
  protected HttpClient client() {
    return OkHttpClients.http1();
  }
}
