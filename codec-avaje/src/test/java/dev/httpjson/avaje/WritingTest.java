package dev.httpjson.avaje;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import dev.httpjson.avaje.TestModels.Appointment;
import dev.httpjson.avaje.TestModels.Calendar;
import dev.httpjson.avaje.TestModels.Labelled;
import dev.httpjson.avaje.TestModels.Sensor;
import dev.httpjson.contract.Models.Exploding;
import dev.httpjson.contract.Models.Node;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonWriter;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.lang.reflect.Type;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the codec writes, below the HTTP calls. */
class WritingTest {
  private static final JsonOptions WEB = JsonOptions.newBuilder().codec(new AvajeCodec()).build();

  private static final Appointment APPOINTMENT =
      new Appointment(
          "standup",
          Instant.parse("2025-06-01T06:30:00Z"),
          LocalDate.of(2025, 6, 1),
          OffsetDateTime.of(2025, 6, 1, 8, 30, 0, 500_000_000, ZoneOffset.ofHoursMinutes(5, 30)));

  private static <T> JsonWriter<T> writer(Type type, JsonOptions options) {
    return options.codec().bind(options).writer(type);
  }

  private static String write(Object value, Type type, JsonOptions options) throws Exception {
    return new String(writer(type, options).writeBytes(value), UTF_8);
  }

  @Test
  void javaTimeAndRecordsRoundTrip() throws Exception {
    Calendar calendar = new Calendar("ada", APPOINTMENT, List.of(APPOINTMENT));

    String json = write(calendar, Calendar.class, WEB);
    JsonReader<Calendar> reader = WEB.codec().bind(WEB).reader(Calendar.class);
    byte[] bytes = json.getBytes(UTF_8);

    assertThat(json)
        .startsWith(
            "{\"owner\":\"ada\",\"next\":{\"title\":\"standup\",\"at\":\"2025-06-01T06:30:00Z\","
                + "\"day\":\"2025-06-01\",\"local\":\"2025-06-01T08:30:00.5+05:30\"},\"later\":[");
    assertThat(reader.read(bytes, 0, bytes.length)).isEqualTo(calendar);
  }

  @Test
  void theOptionsSpellTheNamesAndDecideNullsAndIndentation() throws Exception {
    Sensor sensor = new Sensor("s1", 2, null);

    assertThat(write(sensor, Sensor.class, WEB))
        .isEqualTo("{\"sensorId\":\"s1\",\"readingCount\":2,\"lastValue\":null}");
    assertThat(
            write(
                sensor,
                Sensor.class,
                WEB.toBuilder().naming(JsonOptions.Naming.KEBAB_CASE).writeNulls(false).build()))
        .isEqualTo("{\"sensor-id\":\"s1\",\"reading-count\":2}");
    assertThat(
            write(
                sensor,
                Sensor.class,
                WEB.toBuilder().naming(JsonOptions.Naming.SNAKE_CASE).build()))
        .isEqualTo("{\"sensor_id\":\"s1\",\"reading_count\":2,\"last_value\":null}");
    assertThat(write(sensor, Sensor.class, WEB.toBuilder().indent(true).build()))
        .contains("\n")
        .contains("  \"sensorId\": \"s1\"");
  }

  @Test
  void anExplicitNameIsSpeltByTheNamingLikeAnyOtherUnlessItIsAsDeclared() throws Exception {
    Labelled labelled = new Labelled("t");

    assertThat(write(labelled, Labelled.class, WEB)).isEqualTo("{\"label\":\"t\"}");
    assertThat(
            write(
                labelled,
                Labelled.class,
                WEB.toBuilder().naming(JsonOptions.Naming.AS_DECLARED).build()))
        .isEqualTo("{\"Label\":\"t\"}");
  }

  @Test
  void valuesOfOnlyARuntimeClassAreWrittenByIt() throws Exception {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("sensor", new Sensor("s", 1, "v"));
    map.put("list", List.of(1, "two"));

    assertThat(write(map, Object.class, WEB))
        .isEqualTo(
            "{\"sensor\":{\"sensorId\":\"s\",\"readingCount\":1,\"lastValue\":\"v\"},"
                + "\"list\":[1,\"two\"]}");
    assertThat(write(List.of(new Sensor("s", 1, "v")), List.of().getClass(), WEB))
        .isEqualTo("[{\"sensorId\":\"s\",\"readingCount\":1,\"lastValue\":\"v\"}]");
    assertThat(write(null, Object.class, WEB)).isEqualTo("null");
  }

  @Test
  void aCycleFailsAtTheNestingLimitWithItsPath() {
    JsonOptions shallow = WEB.toBuilder().maxNestingDepth(5).build();

    assertThatThrownBy(() -> writer(Node.class, shallow).writeBytes(new Node()))
        .isInstanceOfSatisfying(
            JsonWriteException.class,
            e -> {
              assertThat(e.getMessage()).contains("JsonOptions.maxNestingDepth");
              assertThat(e.path()).isEqualTo("$.next.next.next.next.next");
            });
  }

  @Test
  void aFailingAccessorFailsTheWriteWithItsPathAndCause() {
    assertThatThrownBy(
            () ->
                writer(new JsonType<List<Exploding>>() {}.type(), WEB)
                    .writeBytes(List.of(new Exploding())))
        .isInstanceOfSatisfying(
            JsonWriteException.class,
            e -> {
              assertThat(e.path()).isEqualTo("$[0].name");
              assertThat(e).hasRootCauseMessage("boom in getName");
            });
  }

  @Test
  void nanAndInfinityAreRefused() {
    assertThatThrownBy(() -> writer(Double.class, WEB).writeBytes(Double.NaN))
        .isInstanceOf(JsonWriteException.class)
        .hasMessageContaining("NaN");
    assertThatThrownBy(() -> writer(Object.class, WEB).writeBytes(List.of(1.0 / 0)))
        .isInstanceOf(JsonWriteException.class)
        .hasMessageContaining("Infinity");
  }

  @Test
  void streamsAndWritersAreWrittenToAndLeftOpen() throws Exception {
    boolean[] closed = new boolean[2];
    ByteArrayOutputStream bytes =
        new ByteArrayOutputStream() {
          @Override
          public void close() {
            closed[0] = true;
          }
        };
    ByteArrayOutputStream utf16 = new ByteArrayOutputStream();
    Writer chars =
        new OutputStreamWriter(utf16, "UTF-16BE") {
          @Override
          public void close() {
            closed[1] = true;
          }
        };
    JsonWriter<Sensor> w = writer(Sensor.class, WEB);

    w.write(new Sensor("é", 1, "€"), bytes);
    w.write(new Sensor("é", 1, "€"), chars);
    chars.flush();

    String expected = "{\"sensorId\":\"é\",\"readingCount\":1,\"lastValue\":\"€\"}";
    assertThat(bytes.toString(UTF_8)).isEqualTo(expected);
    assertThat(utf16.toString("UTF-16BE")).isEqualTo(expected);
    assertThat(closed).containsExactly(false, false);
  }
}
