package dev.httpjson.apache5;

import dev.httpjson.contract.CacheContract;
import java.net.http.HttpClient;

/** {@link CacheContract} over Apache HttpClient 5. */
class Apache5CacheTest extends CacheContract {
  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }
}
