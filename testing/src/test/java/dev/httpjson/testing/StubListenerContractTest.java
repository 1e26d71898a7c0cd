package dev.httpjson.testing;

import dev.httpjson.contract.ListenerContract;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;
import java.util.List;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Core's {@link ListenerContract} with {@link StubHttpClient} as the transport ({@link
 * ScriptedStub}).
 */
class StubListenerContractTest extends ListenerContract {
  @RegisterExtension static final SkippedRows SKIPPED = SkippedRows.none();

  private ScriptedStub stub;

  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    stub = new ScriptedStub(() -> List.of(server));
    return stub.client();
  }

  @Override
  protected LoopbackServer.Received received(MockWebServer scripted) {
    return stub.received(scripted);
  }
}
