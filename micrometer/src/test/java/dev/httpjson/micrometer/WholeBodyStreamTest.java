package dev.httpjson.micrometer;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonReadException;
import dev.httpjson.contract.LoopbackServer;
import io.micrometer.observation.tck.TestObservationRegistry;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * A stream whose body arrived whole before its caller read it ends its observation when the stream
 * is over ({@code Interceptor.Chain#whenStreamOver}), not at the body's last byte: a malformed
 * element found later is the observation's error.
 */
class WholeBodyStreamTest {
  @Test
  void aMalformedElementInABodyReceivedWholeIsTheObservationsError() throws Exception {
    TestObservationRegistry registry = TestObservationRegistry.create();
    try (MockWebServer server = LoopbackServer.start()) {
      server.enqueue(LoopbackServer.json(200, "[{\"name\":\"a\"},{\"name\":tru}]"));
      Repos repos =
          HttpJsonClient.newBuilder(HttpClient.newHttpClient())
              .baseUri(server.url("/api/").uri())
              .interceptor(HttpJsonObservations.create(registry).interceptor())
              .build()
              .create(Repos.class);

      Throwable thrown;
      try (Stream<Repos.Repo> forks = repos.forks("acme", "widgets")) {
        Thread.sleep(200); // the whole body has arrived
        thrown = catchThrowable(forks::count);
      }

      assertThat(thrown).isInstanceOf(UncheckedIOException.class);
      assertThat(thrown.getCause()).isInstanceOf(JsonReadException.class);
      assertThat(registry).hasSingleObservationThat().hasBeenStopped().hasError(thrown.getCause());
    }
  }
}
