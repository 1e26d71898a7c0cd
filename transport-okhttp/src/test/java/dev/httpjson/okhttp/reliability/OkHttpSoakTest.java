package dev.httpjson.okhttp.reliability;

import dev.httpjson.jackson.reliability.SoakTest;
import dev.httpjson.okhttp.OkHttpClients;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutorService;

/** {@link SoakTest} on the OkHttp transport (its dispatcher on the counted executor). */
class OkHttpSoakTest extends SoakTest {
  @Override
  protected HttpClient newClient(ExecutorService executor) {
    return OkHttpClients.http1(executor);
  }
}
