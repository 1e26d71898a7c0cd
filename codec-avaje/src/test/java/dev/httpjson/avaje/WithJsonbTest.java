package dev.httpjson.avaje;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.avaje.TestModels.Sensor;
import dev.httpjson.spi.JsonReader;
import io.avaje.jsonb.Jsonb;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A Jsonb of the user's own: its names and settings, under httpjson's limits and reading rules. */
class WithJsonbTest {
  private static final Jsonb STRICT = Jsonb.builder().failOnUnknown(true).build();

  private final JsonOptions options =
      JsonOptions.newBuilder()
          .codec(AvajeCodec.withJsonb(STRICT))
          .maxNestingDepth(10)
          .maxStringLength(100)
          .maxNumberLength(20)
          .build();

  private <T> JsonReader<T> reader(Class<T> type) {
    return options.codec().bind(options).reader(type);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(UTF_8);
  }

  @Test
  void theLimitsOfTheOptionsApply() {
    byte[] deep = utf8("[".repeat(11) + "]".repeat(11));
    byte[] string = utf8("{\"a\":\"" + "x".repeat(101) + "\"}");
    byte[] number = utf8("{\"a\":" + "1".repeat(21) + "}");

    assertThatThrownBy(() -> reader(List.class).read(deep, 0, deep.length))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("JsonOptions.maxNestingDepth");
    assertThatThrownBy(() -> reader(Map.class).read(string, 0, string.length))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("JsonOptions.maxStringLength")
        .satisfies(e -> assertThat(((JsonReadException) e).path()).isEqualTo("$.a"));
    assertThatThrownBy(() -> reader(Map.class).read(number, 0, number.length))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("JsonOptions.maxNumberLength");
  }

  @Test
  void trailingContentAndInvalidUtf8AreErrors() {
    byte[] trailing = utf8("{} {}");
    byte[] invalid = {'"', (byte) 0xC3, '"'};

    assertThatThrownBy(() -> reader(Map.class).read(trailing, 0, trailing.length))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("Trailing token");
    assertThatThrownBy(() -> reader(String.class).read(invalid, 0, invalid.length))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("UTF-8");
  }

  @Test
  void namesAndUnknownPropertiesAreTheJsonbs() throws Exception {
    byte[] declared = utf8("{\"sensorId\":\"s\",\"readingCount\":1}");
    byte[] otherCase = utf8("{\"SensorId\":\"s\"}");

    assertThat(reader(Sensor.class).read(declared, 0, declared.length))
        .isEqualTo(new Sensor("s", 1, null));
    assertThatThrownBy(() -> reader(Sensor.class).read(otherCase, 0, otherCase.length))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.problem()).contains("SensorId");
              assertThat(e.path()).isEqualTo("$.SensorId");
            });
  }

  @Test
  void writesTheJsonbsWayButWithinTheNestingLimit() throws Exception {
    JsonOptions indentedNoNulls = options.toBuilder().indent(true).writeNulls(false).build();

    assertThat(
            new String(
                indentedNoNulls
                    .codec()
                    .bind(indentedNoNulls)
                    .<Sensor>writer(Sensor.class)
                    .writeBytes(new Sensor("s", 1, null)),
                UTF_8))
        .isEqualTo("{\"sensorId\":\"s\",\"readingCount\":1}");
  }
}
