package dev.httpjson.okhttp;

import dev.httpjson.contract.CacheContract;
import java.net.http.HttpClient;

/** {@link CacheContract} over OkHttp. */
class OkHttpCacheTest extends CacheContract {
  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http1();
  }
}
