package dev.httpjson.apache5;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.LoopbackServer;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the adapter costs a blocking call, counted in bytes allocated on the calling thread rather
 * than timed: {@code send} over an Apache client allocates no more than the same exchange written
 * by hand on that client ({@code execute} with a response handler that consumes the body). Both
 * read the body to its end and release the connection; the adapter also builds the JDK request's
 * Apache twin, the JDK's response headers and its response, and reads the body into a subscriber.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Apache5AllocationTest {
  private static final int CALLS = 500;

  /**
   * Tolerance per call (of ~9 KB for either): the exchanges vary by ~150 B from run to run. What it
   * guards against is larger: the response headers copied into a map of our own before the JDK
   * copies them again (~500 B), the body copied out of its read buffer (~500 B here), an empty
   * redirect list asked of the context per call (~100 B).
   */
  private static final long SLACK_BYTES = 256;

  @Test
  void aBlockingSendAllocatesNoMoreThanTheSameExchangeWrittenOnApache() throws Exception {
    MockResponse forecasts =
        new MockResponse.Builder()
            .code(200)
            .setHeader("Content-Type", "application/json; charset=utf-8")
            .setHeader("Server", "Kestrel")
            .setHeader("Date", "Wed, 02 Dec 2026 10:00:00 GMT")
            .body(forecasts(5))
            .build();
    try (MockWebServer server = LoopbackServer.start();
        CloseableHttpClient apache =
            HttpClients.custom()
                .setConnectionManager(
                    PoolingHttpClientConnectionManagerBuilder.create()
                        .setMaxConnPerRoute(64)
                        .build())
                .disableContentCompression()
                .disableCookieManagement()
                .disableRedirectHandling()
                .build()) {
      server.setDispatcher(
          new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
              return forecasts;
            }
          });
      URI uri = LoopbackServer.uri(server, "/weatherforecast");
      HttpClient adapter = Apache5Transport.newHttpClient(apache);
      HttpRequest request =
          HttpRequest.newBuilder(uri).header("Accept", "application/json").build();
      Call byHand =
          () -> {
            HttpGet get = new HttpGet(uri);
            get.setHeader("Accept", "application/json");
            return apache.execute(
                get,
                response -> {
                  EntityUtils.consume(response.getEntity());
                  return response.getCode();
                });
          };
      Call bySend =
          () -> {
            HttpResponse<Void> response = adapter.send(request, BodyHandlers.discarding());
            return response.statusCode();
          };

      long hand = Long.MAX_VALUE;
      long send = Long.MAX_VALUE;
      for (int round = 0; round < 6; round++) { // the first rounds warm up; the minimum is kept
        hand = Math.min(hand, perCall(byHand));
        send = Math.min(send, perCall(bySend));
      }

      assertThat(send)
          .as("bytes per send (by hand on Apache: %d)", hand)
          .isLessThanOrEqualTo(hand + SLACK_BYTES);
      assertThat(server.getRequestCount()).isGreaterThanOrEqualTo(12 * CALLS);
    }
  }

  private static String forecasts(int n) {
    StringBuilder json = new StringBuilder("[");
    for (int i = 0; i < n; i++) {
      json.append(i == 0 ? "" : ",")
          .append("{\"date\":\"2026-12-0")
          .append(i + 1)
          .append("T10:00:00+02:00\",\"temperatureC\":")
          .append(i * 7)
          .append(",\"temperatureF\":")
          .append(32 + i * 12)
          .append(",\"summary\":\"Mild\"}");
    }
    return json.append(']').toString();
  }

  private interface Call {
    int run() throws Exception;
  }

  private static long perCall(Call call) throws Exception {
    long before = allocated();
    for (int i = 0; i < CALLS; i++) {
      assertThat(call.run()).isEqualTo(200);
    }
    return (allocated() - before) / CALLS;
  }

  /**
   * The calling thread's allocated bytes ({@code com.sun.management.ThreadMXBean}, by reflection:
   * this module reads neither {@code java.management} nor {@code jdk.management}).
   */
  private static long allocated() throws Exception {
    Object bean =
        Class.forName("java.lang.management.ManagementFactory")
            .getMethod("getThreadMXBean")
            .invoke(null);
    Method bytes =
        Class.forName("com.sun.management.ThreadMXBean")
            .getMethod("getCurrentThreadAllocatedBytes");
    return (long) bytes.invoke(bean);
  }
}
