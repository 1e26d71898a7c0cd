package dev.httpjson.testing;

import static dev.httpjson.testing.SkippedRows.*;

import dev.httpjson.contract.InterceptorContract;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;
import java.util.List;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Core's {@link InterceptorContract} with {@link StubHttpClient} as the transport ({@link
 * ScriptedStub}).
 */
class StubInterceptorContractTest extends InterceptorContract {
  @RegisterExtension
  static final SkippedRows SKIPPED =
      SkippedRows.none()
          .skip(
              RAW_SOCKET,
              "theServerSeesTheAttemptsOfTheRetryInterceptorTimesTheTransportsOwnSends",
              "idempotentMethodsAreRetriedAfterTheirConnectionDrops",
              "aPostOptedInToRetriesIsSentOnceWhenItsConnectionDropsAndSaysWhy",
              "aPostWithAnIdempotencyKeyIsRetriedWithTheSameKeyAfterItsConnectionDrops",
              "aPostWhoseConnectionDropsAfterTheServerReadItIsSentOnce",
              "aPredicateOnTheExceptionNarrowsWhatIsRetriedAndTheFailureSaysSo",
              "aRetriedResponseWhoseBodyNeverEndsIsDroppedWithoutWaitingForItsEnd",
              "anIdleTimeoutTellsTheInterceptorThatTheStreamIsOverOffTheTimer")
          .skip(
              NO_CONNECT,
              "aConnectFailureIsRetriedAndReportedWithTheAttempts",
              "aPostIsRetriedWhenNothingWasSent")
          .skip(NO_TLS, "aCertificateTheClientDoesNotTrustIsNotRetried")
          .skip(
              NO_REDIRECTS,
              "aClientThatFollowsRedirectsItselfIsRefusedWithDefaultHeaders",
              "withoutABaseUriAClientThatFollowsRedirectsItselfIsRefusedWithDefaultHeaders",
              "aClientThatFollowsRedirectsItselfIsAcceptedWithOnlyADefaultAcceptAndContentType",
              "aCredentialForOneCallIsRefusedOnAClientThatFollowsRedirectsItself",
              "aCredentialAnInterceptorAddsIsRefusedOnAClientThatFollowsRedirectsItself");

  private ScriptedStub stub;

  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    stub = new ScriptedStub(() -> List.of(server, other));
    return stub.client();
  }

  @Override
  protected LoopbackServer.Received received(MockWebServer scripted) {
    return stub.received(scripted);
  }

  @Override
  protected HttpClient newRedirectingClient() {
    return stub.client(); // a stub never follows a redirect: the rows that need one are skipped
  }
}
