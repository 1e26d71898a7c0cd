package dev.httpjson.testing;

import static dev.httpjson.testing.SkippedRows.*;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.StreamingContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Core's {@link StreamingContract} with {@link StubHttpClient} as the transport ({@link
 * ScriptedStub}).
 */
class StubStreamingContractTest extends StreamingContract {
  @RegisterExtension
  static final SkippedRows SKIPPED =
      SkippedRows.none()
          .skip(
              RAW_SOCKET,
              "serverThatNeverAnswersHitsTheTimeout",
              "aStalledStreamFailsWithTheIdleTimeout",
              "aStreamThatFailsOnItsIdleTimeoutIsLoggedAsFailedWithTheTimeout",
              "aStreamWhoseBytesKeepComingOutlivesItsIdleTimeout",
              "aStreamTheCallerClosesEarlyIsLoggedAsClosedEarly",
              "closingAStreamEarlyAfterThreeElementsReleasesTheConnection",
              "aParallelStreamDeliversEachElementAsItArrivesOnTheCallersThread",
              "cancellingAnAsyncCallMidBodyAbortsTheExchange",
              "interruptingABlockingCallAbortsTheExchange")
          .skip(WIRE_FRAMING, "writesAStreamAsAChunkedJsonArrayLazily");

  private ScriptedStub stub;
  private final List<MockWebServer> started = new CopyOnWriteArrayList<>();

  @Override
  protected MockWebServer newServer() throws IOException {
    MockWebServer started = super.newServer();
    this.started.add(started);
    return started;
  }

  /** The servers the stub answers for: the contract's {@code server}, and any a row started. */
  private List<MockWebServer> servers() {
    List<MockWebServer> all = new ArrayList<>(started);
    all.add(server);
    return all;
  }

  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    stub = new ScriptedStub(this::servers);
    return stub.client();
  }

  @Override
  protected LoopbackServer.Received received(MockWebServer scripted) {
    return stub.received(scripted);
  }
}
