package dev.httpjson.apache5.reliability;

import dev.httpjson.apache5.Apache5Clients;
import dev.httpjson.jackson.reliability.BlockingTimeoutSoakTest;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.Tag;

/** {@link BlockingTimeoutSoakTest} on the Apache transport. */
// Once per CI run, on the default JDK: the Apache transport does not run on the JDK's HTTP client
// (see CONTRIBUTING).
@Tag("once")
class Apache5BlockingTimeoutSoakTest extends BlockingTimeoutSoakTest {
  @Override
  protected HttpClient newClient(ExecutorService executor) {
    return Apache5Clients.http1();
  }
}
