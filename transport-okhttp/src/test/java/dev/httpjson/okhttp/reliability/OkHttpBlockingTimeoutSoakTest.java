package dev.httpjson.okhttp.reliability;

import dev.httpjson.jackson.reliability.BlockingTimeoutSoakTest;
import dev.httpjson.okhttp.OkHttpClients;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutorService;

/**
 * {@link BlockingTimeoutSoakTest} on the OkHttp transport (its dispatcher on the counted executor).
 */
class OkHttpBlockingTimeoutSoakTest extends BlockingTimeoutSoakTest {
  @Override
  protected HttpClient newClient(ExecutorService executor) {
    return OkHttpClients.http1(executor);
  }
}
