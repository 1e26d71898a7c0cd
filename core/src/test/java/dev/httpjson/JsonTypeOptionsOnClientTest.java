package dev.httpjson;

import static dev.httpjson.contract.LoopbackServer.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Whose options a {@code JsonType} reads with on an {@link HttpJsonClient}: one made without
 * options takes the client's (as a {@code Class} does), one made with options keeps its own.
 */
class JsonTypeOptionsOnClientTest {
  private final CountingCodec clientCodec = new CountingCodec();
  private final CountingCodec typeCodec = new CountingCodec();
  private final HttpClient client = HttpClient.newHttpClient();
  private MockWebServer server;
  private HttpJsonClient api;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    api =
        HttpJsonClient.newBuilder(client)
            .baseUri(LoopbackServer.uri(server, "/"))
            .options(JsonOptions.newBuilder().codec(clientCodec).build())
            .build();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aTypeMadeWithoutOptionsReadsWithTheClientsOptionsInBothForms() throws Exception {
    JsonType<String> unbound = JsonType.of(String.class);
    server.enqueue(json(200, "\"a\""));
    server.enqueue(json(200, "\"b\""));
    server.enqueue(json(200, "\"c\""));

    assertThat(api.getFromJson("s", unbound)).isEqualTo("a");
    assertThat(api.getFromJsonAsync("s", unbound).get(5, TimeUnit.SECONDS)).isEqualTo("b");
    assertThat(api.getFromJson("s", new JsonType<String>() {})).isEqualTo("c");

    assertThat(clientCodec.binds.get()).isEqualTo(1);
    assertThat(clientCodec.readers.get()).isEqualTo(1);
  }

  @Test
  void aTypeMadeWithOptionsKeepsItsOwnOnAClient() throws Exception {
    JsonType<String> bound =
        JsonType.of(String.class, JsonOptions.newBuilder().codec(typeCodec).build());
    server.enqueue(json(200, "\"a\""));

    assertThat(api.getFromJson("s", bound)).isEqualTo("a");

    assertThat(typeCodec.readers.get()).isEqualTo(1);
    assertThat(clientCodec.readers.get()).isZero();
  }

  @Test
  void anErrorBodyReadsAsATypeWithoutOptionsWithTheCallsOptions() throws Exception {
    server.enqueue(json(400, "\"bad\""));

    HttpJsonStatusException e = null;
    try {
      api.getFromJson("s", String.class);
    } catch (HttpJsonStatusException thrown) {
      e = thrown;
    }

    assertThat(e).isNotNull();
    assertThat(e.bodyAs(JsonType.of(String.class))).isEqualTo("bad");
    assertThat(clientCodec.readers.get()).isEqualTo(1);
  }
}
