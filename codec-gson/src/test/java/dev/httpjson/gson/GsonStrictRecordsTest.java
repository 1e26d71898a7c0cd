package dev.httpjson.gson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.util.List;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A model written for Jackson, read by Gson: Gson ignores {@code @JsonProperty}, so without strict
 * records every event silently reads {@code false}; with them it is one clear error.
 */
class GsonStrictRecordsTest {
  /** A component renamed for Jackson: Gson looks for {@code isPublic}. */
  public record Event(String id, @JsonProperty("public") boolean isPublic) {}

  private static final String EVENTS =
      "[{\"id\":\"a\",\"public\":true},{\"id\":\"b\",\"public\":true}]";

  private MockWebServer server;
  private final HttpClient client = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aComponentRenamedForJacksonIsOneClearErrorWithStrictRecords() {
    server.enqueue(LoopbackServer.json(200, EVENTS));
    JsonOptions strict =
        JsonOptions.newBuilder().codec(new GsonCodec()).strictRecords(true).build();

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client,
                    LoopbackServer.uri(server, "/events"),
                    JsonType.listOf(Event.class).withOptions(strict)))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.problem())
                  .startsWith("Missing required property 'isPublic' of record Event");
              assertThat(e.path()).isEqualTo("$[0]");
            });
  }

  @Test
  void withoutStrictRecordsTheMismatchReadsAsFalse() throws Exception {
    server.enqueue(LoopbackServer.json(200, EVENTS));
    JsonOptions lenient = JsonOptions.newBuilder().codec(new GsonCodec()).build();

    List<Event> events =
        HttpJson.getFromJson(
            client,
            LoopbackServer.uri(server, "/events"),
            JsonType.listOf(Event.class).withOptions(lenient));

    assertThat(events).containsExactly(new Event("a", false), new Event("b", false));
  }

  @Test
  void aCodecWithTheUsersGsonStillRefusesStrictRecords() {
    JsonOptions strict =
        JsonOptions.newBuilder()
            .codec(GsonCodec.withGson(new com.google.gson.Gson()))
            .strictRecords(true)
            .build();

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client,
                    LoopbackServer.uri(server, "/events"),
                    JsonType.of(Event.class, strict)))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("strictRecords");
    assertThat(server.getRequestCount()).isZero();
  }
}
