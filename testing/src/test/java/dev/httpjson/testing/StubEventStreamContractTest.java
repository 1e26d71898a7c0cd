package dev.httpjson.testing;

import static dev.httpjson.testing.SkippedRows.*;

import dev.httpjson.contract.EventStreamContract;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;
import java.util.List;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Core's {@link EventStreamContract} with {@link StubHttpClient} as the transport ({@link
 * ScriptedStub}).
 */
class StubEventStreamContractTest extends EventStreamContract {
  @RegisterExtension
  static final SkippedRows SKIPPED =
      SkippedRows.none()
          .skip(
              RAW_SOCKET,
              "eachEventIsDeliveredAsSoonAsItsBlankLineArrives",
              "endlessLineFailsAtTheLimitInBoundedMemory",
              "stalledStreamEndsAtTheIdleTimeout",
              "anInterruptEndsABlockedReadKeepsTheInterruptAndReleasesTheConnection",
              "anIdleTimeoutFailsTheStreamWithACallTimeoutExceptionNamingItAndTheUri",
              "theIdleTimeoutsMessageKeepsTheQueryValuesTheOptionsShow",
              "stalledStreamIsLoggedAsFailedWithTheIdleTimeout",
              "callTimeoutBoundsTheHeadersNotTheEndlessBody",
              "aReconnectionWhoseHeadersNeverComeFailsAtTheIdleTimeout",
              "closingTheStreamReleasesTheConnectionAtOnce",
              "closingFromAnotherThreadWakesABlockedRead",
              "closingFromAnotherThreadWhileAReconnectionWaitsForItsHeadersEndsTheStream");

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
