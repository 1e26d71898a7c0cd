package dev.httpjson.avaje;

import static dev.httpjson.contract.LoopbackServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import dev.httpjson.avaje.TestModels.Unannotated;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.Models.Named;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The codec reads and writes only through adapters avaje generated at compile time: a type without
 * one fails on first use, saying what to add, and never falls back to reflection.
 */
class NoReflectionTest {
  private final JsonOptions options = JsonOptions.newBuilder().codec(new AvajeCodec()).build();
  private final HttpClient client = HttpClient.newHttpClient();
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private URI uri(String path) {
    return LoopbackServer.uri(server, path);
  }

  @Test
  void readingATypeWithoutAGeneratedAdapterSaysToAnnotateOrImportIt() {
    server.enqueue(json(200, "{\"name\":\"a\"}"));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/u"), JsonType.of(Unannotated.class, options)))
        .isExactlyInstanceOf(HttpJsonException.class)
        .isNotInstanceOf(JsonReadException.class)
        .hasMessageContaining("Cannot read " + Unannotated.class.getName())
        .hasMessageContaining("No avaje-jsonb adapter for " + Unannotated.class.getName())
        .hasMessageContaining("@Json")
        .hasMessageContaining("@Json.Import")
        .hasMessageContaining("avaje-jsonb-generator");
  }

  @Test
  void aMissingAdapterDeepInAGenericTypeIsNamed() {
    server.enqueue(json(200, "[{\"name\":\"a\"}]"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/u"), JsonType.listOf(Unannotated.class).withOptions(options)))
        .isInstanceOf(HttpJsonException.class)
        .hasMessageContaining("No avaje-jsonb adapter for " + Unannotated.class.getName())
        .hasMessageContaining("needed to read java.util.List<");
  }

  @Test
  void writingATypeWithoutAGeneratedAdapterFailsBeforeAnythingIsSent() {
    assertThatThrownBy(() -> HttpJson.postAsJson(client, uri("/u"), new Unannotated("a"), options))
        .isInstanceOf(JsonWriteException.class)
        .hasMessageContaining("No avaje-jsonb adapter for " + Unannotated.class.getName())
        .hasMessageContaining("@Json");
    assertThat(server.getRequestCount()).isZero();
  }

  @Test
  void streamingATypeWithoutAGeneratedAdapterFailsAndTheNextCallWorks() throws Exception {
    server.enqueue(json(200, "[{\"name\":\"a\"}]"));
    server.enqueue(json(200, "{\"displayName\":\"after\"}"));

    assertThatThrownBy(
            () -> {
              try (Stream<Unannotated> s =
                  HttpJson.getFromJsonAsStream(
                      client, uri("/s"), JsonType.of(Unannotated.class, options))) {
                s.count();
              }
            })
        .hasStackTraceContaining("No avaje-jsonb adapter for " + Unannotated.class.getName());
    assertThat(HttpJson.getFromJson(client, uri("/n"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("after"));
  }
}
