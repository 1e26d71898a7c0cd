package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A caller's {@link BodyPublisher} passed where a call takes the value to write as JSON is refused,
 * naming what to do instead: written as a JSON value it was sent as {@code {}} (a codec sees an
 * object without properties), the caller's bytes lost behind a success.
 */
class PublisherAsValueTest {
  private MockWebServer server;
  private final HttpClient client = HttpClient.newHttpClient();
  private final JsonOptions options =
      JsonOptions.newBuilder()
          .codec(new CountingCodec())
          .timeout(java.time.Duration.ofSeconds(5))
          .build();

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aCallersPublisherAsTheValueOfACallIsRefusedBeforeAnythingIsSent() throws Exception {
    BodyPublisher mine = BodyPublishers.ofString("{\"a\":1}");
    HttpJsonClient bound =
        HttpJsonClient.newBuilder(client).baseUri(server.url("/").uri()).options(options).build();

    assertThatThrownBy(() -> HttpJson.postAsJson(client, server.url("/x").uri(), mine, options))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a BodyPublisher")
        .hasMessageContaining(mine.getClass().getName())
        .hasMessageContaining("exchange");
    assertThatThrownBy(() -> bound.putAsJson("x", mine))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> bound.postAsJsonAsync("x", mine, String.class))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> JsonContent.of(mine, options))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> MultipartContent.newBuilder().json("meta", (Object) mine))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(server.getRequestCount()).isZero();
  }

  @Test
  void httpjsonsOwnBodiesAreStillSentAsTheyAre() throws Exception {
    server.enqueue(LoopbackServer.json(200, "\"ok\""));

    HttpJson.postAsJson(
        client, server.url("/x").uri(), FormContent.newBuilder().add("a", "1").build(), options);

    assertThat(LoopbackServer.take(server).getBody().utf8()).isEqualTo("a=1");
  }
}
