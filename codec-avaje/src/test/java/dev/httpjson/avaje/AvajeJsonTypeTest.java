package dev.httpjson.avaje;

import static dev.httpjson.contract.LoopbackServer.bytes;
import static dev.httpjson.contract.LoopbackServer.json;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.ProblemDetails;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.contract.Models.WeatherForecast;
import io.avaje.json.JsonAdapter;
import io.avaje.json.JsonReader;
import io.avaje.json.JsonWriter;
import io.avaje.jsonb.Jsonb;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A prepared type carrying an avaje JsonType reads and writes with exactly that adapter. */
class AvajeJsonTypeTest {
  /** Reads {@code displayName} as "marked:" + it, and writes it as {@code label}. */
  static final class Marking implements JsonAdapter<Named> {
    @Override
    public Named fromJson(JsonReader reader) {
      String name = null;
      reader.beginObject();
      while (reader.hasNextField()) {
        if (reader.nextField().equals("displayName")) {
          name = reader.readString();
        } else {
          reader.skipValue();
        }
      }
      reader.endObject();
      return new Named("marked:" + name);
    }

    @Override
    public void toJson(JsonWriter writer, Named value) {
      writer.beginObject();
      writer.name("label");
      writer.value("marked:" + value.displayName());
      writer.endObject();
    }
  }

  private static final Jsonb MARKING = Jsonb.builder().add(Named.class, new Marking()).build();
  private static final JsonType<Named> NAMED =
      AvajeCodec.jsonType(MARKING.type(Named.class), Named.class);

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
  void aGetReadsWithTheCarriedAdapter() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"a\"}"));

    assertThat(HttpJson.getFromJson(client, uri("/n"), NAMED)).isEqualTo(new Named("marked:a"));
    assertThat(NAMED.type()).isEqualTo(Named.class);
  }

  @Test
  void aPostWritesWithTheCarriedAdapter() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"back\"}"));

    Named echoed = HttpJson.postAsJson(client, uri("/n"), new Named("x"), NAMED);

    assertThat(dev.httpjson.contract.LoopbackServer.take(server).getBody().utf8())
        .isEqualTo("{\"label\":\"marked:x\"}");
    assertThat(echoed).isEqualTo(new Named("marked:back"));
  }

  @Test
  void streamedElementsAreReadWithTheCarriedAdapter() throws Exception {
    server.enqueue(json(200, "[{\"displayName\":\"a\"},{\"displayName\":\"b\"}]"));

    try (Stream<Named> stream = HttpJson.getFromJsonAsStream(client, uri("/s"), NAMED)) {
      assertThat(stream.map(Named::displayName).collect(Collectors.toList()))
          .containsExactly("marked:a", "marked:b");
    }
  }

  @Test
  void aGenericCarriedTypeIsUsedForThatTypeOnly() throws Exception {
    JsonType<List<Named>> list =
        AvajeCodec.jsonType(
            MARKING.type(Named.class).list(), new JsonType<List<Named>>() {}.type());
    server.enqueue(json(200, "[{\"displayName\":\"a\"}]"));
    server.enqueue(json(200, "{\"displayName\":\"plain\"}"));

    assertThat(HttpJson.getFromJson(client, uri("/l"), list))
        .containsExactly(new Named("marked:a"));
    // The same options for another type: the codec's own generated adapter.
    assertThat(
            HttpJson.getFromJson(
                client, uri("/n"), new JsonType<Named>() {}.withOptions(list.options())))
        .isEqualTo(new Named("plain"));
  }

  @Test
  void otherTypesUnderItsOptionsUseTheCodecsOwnAdapters() throws Exception {
    server.enqueue(
        json(
            200,
            "{\"date\":\"2026-11-30\",\"temperatureC\":21,\"temperatureF\":69,"
                + "\"summary\":\"Mild\"}"));
    server.enqueue(
        bytes(
            404,
            "application/problem+json",
            "{\"title\":\"Gone\",\"status\":404,\"retries\":2}".getBytes(UTF_8)));

    assertThat(
            HttpJson.getFromJson(
                client, uri("/w"), JsonType.of(WeatherForecast.class, NAMED.options())))
        .isEqualTo(new WeatherForecast(LocalDate.of(2026, 11, 30), 21, 69, "Mild"));
    assertThatThrownBy(() -> HttpJson.getFromJson(client, uri("/gone"), NAMED))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              ProblemDetails p = e.problem().orElseThrow();
              assertThat(p.title()).isEqualTo("Gone");
              assertThat(p.extensions()).containsEntry("retries", 2);
            });
  }

  @Test
  void httpjsonsReadingRulesStillApply() {
    server.enqueue(json(200, "{\"displayName\":\"a\"} {}"));

    assertThatThrownBy(() -> HttpJson.getFromJson(client, uri("/t"), NAMED))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("Trailing token");
  }

  @Test
  void preparedTypesCarryingTheSameAdapterAreEqualAndShareTheirOptions() {
    JsonType<Named> again = AvajeCodec.jsonType(MARKING.type(Named.class), Named.class);
    Jsonb other = Jsonb.builder().add(Named.class, new Marking()).build();
    JsonOptions strictOptions = JsonOptions.newBuilder().ignoreUnknownProperties(false).build();

    assertThat(again).isEqualTo(NAMED).hasSameHashCodeAs(NAMED);
    assertThat(again.options()).isEqualTo(NAMED.options());
    assertThat(AvajeCodec.jsonType(other.type(Named.class), Named.class)).isNotEqualTo(NAMED);
    assertThat(AvajeCodec.jsonType(MARKING.type(Named.class), Named.class, strictOptions))
        .isNotEqualTo(NAMED);
    assertThat(NAMED.options().codec().name()).contains("avaje-jsonb").contains("Named");
  }
}
