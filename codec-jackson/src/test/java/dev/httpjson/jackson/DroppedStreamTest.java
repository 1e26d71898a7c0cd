package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonOptions;
import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A stream the caller drops without closing it, half read, over a body the server has not finished
 * sending: without a cache nothing ends its exchange, so its connection and its call's permit stay
 * taken until the server gives up. Known bug: once the stream is unreachable, its exchange should
 * end and the permit come back.
 */
class DroppedStreamTest {
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Tag("tofix")
  @Test
  void aStreamDroppedUnclosedGivesItsCallsPermitBackOnceUnreachable() throws Exception {
    StringBuilder body = new StringBuilder("[");
    for (int i = 0; i < 200_000; i++) {
      body.append(i == 0 ? "" : ",").append(i);
    }
    server.enqueue(
        new MockResponse.Builder()
            .setHeader("Content-Type", "application/json")
            .body(body.append(']').toString())
            .build());
    server.enqueue(
        new MockResponse.Builder().setHeader("Content-Type", "application/json").body("7").build());
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri(LoopbackServer.uri(server, "/"))
            .options(JsonOptions.newBuilder().timeout(Duration.ofSeconds(3)).build())
            .maxConcurrentCalls(1)
            .build();

    readOneAndDrop(api);
    for (int i = 0; i < 10; i++) {
      System.gc();
      Thread.sleep(100);
    }

    // Bounded by the call's 3 s timeout (its deadline interrupts the wait for a permit), and by
    // the future's 10 s should that fail too.
    assertThat(api.getFromJsonAsync("small", Integer.class).get(10, TimeUnit.SECONDS)).isEqualTo(7);
  }

  private static void readOneAndDrop(HttpJsonClient api) throws Exception {
    Stream<Integer> items = api.getFromJsonAsStream("items", Integer.class);
    Iterator<Integer> it = items.iterator();
    assertThat(it.next()).isZero();
  }
}
