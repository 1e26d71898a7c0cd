package dev.httpjson.okhttp;

import dev.httpjson.contract.AsyncContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutorService;

/**
 * What callers do around the async API, on the OkHttp transport (its dispatcher on the executor).
 */
class OkHttpAsyncTest extends AsyncContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient(ExecutorService executor) {
    return OkHttpClients.http1(executor);
  }
}
