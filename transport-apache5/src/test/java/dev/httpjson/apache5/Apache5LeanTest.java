package dev.httpjson.apache5;

import dev.httpjson.contract.LeanTransportContract;
import java.util.Set;

class Apache5LeanTest extends LeanTransportContract {
  @Override
  protected String packageFolder() {
    return "dev/httpjson/apache5";
  }

  @Override
  protected Class<?> clientClass() {
    return Apache5HttpClient.class;
  }

  /** The thread that watches request timeouts, started with the first and gone when idle. */
  @Override
  protected Set<String> sharedResources() {
    return Set.of("Watchdog.thread");
  }
}
