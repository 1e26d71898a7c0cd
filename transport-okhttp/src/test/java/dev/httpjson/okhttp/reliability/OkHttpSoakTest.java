package dev.httpjson.okhttp.reliability;

import dev.httpjson.jackson.reliability.SoakTest;
import dev.httpjson.okhttp.OkHttpClients;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.Tag;

/** {@link SoakTest} on the OkHttp transport (its dispatcher on the counted executor). */
// Once per CI run, on the default JDK: the OkHttp transport does not run on the JDK's HTTP client
// (see CONTRIBUTING).
@Tag("once")
class OkHttpSoakTest extends SoakTest {
  @Override
  protected HttpClient newClient(ExecutorService executor) {
    return OkHttpClients.http1(executor);
  }
}
