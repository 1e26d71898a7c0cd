package dev.httpjson.jackson2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.spi.JsonReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A mapper of the user's own keeps httpjson's parser limits and trailing-content rule. */
class WithMapperTest {
  private final ObjectMapper mine = JsonMapper.builder().build();
  private final JsonOptions options =
      JsonOptions.newBuilder()
          .codec(Jackson2Codec.withMapper(mine))
          .maxNestingDepth(10)
          .maxStringLength(100)
          .build();

  private <T> JsonReader<T> reader(Class<T> type) {
    return options.codec().bind(options).reader(type);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void nestingBeyondTheOptionsLimitFailsNamingIt() {
    byte[] deep = utf8("[".repeat(11) + "]".repeat(11));

    assertThatThrownBy(() -> reader(List.class).read(deep, 0, deep.length))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("JsonOptions.maxNestingDepth");
  }

  @Test
  void stringOverTheOptionsLimitFailsNamingIt() {
    byte[] json = utf8("{\"a\":\"" + "x".repeat(101) + "\"}");

    assertThatThrownBy(() -> reader(Map.class).read(json, 0, json.length))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("JsonOptions.maxStringLength");
  }

  @Test
  void trailingContentIsAnErrorEvenThoughTheMapperAllowsIt() throws Exception {
    byte[] json = utf8("{} {}");

    assertThat(mine.readValue(json, Map.class)).isEmpty();
    assertThatThrownBy(() -> reader(Map.class).read(json, 0, json.length))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("Trailing token");
  }

  @Test
  void theUsersMapperIsLeftAsItWas() {
    options.codec().bind(options);

    assertThat(mine.getFactory().streamReadConstraints().getMaxNestingDepth())
        .isEqualTo(StreamReadConstraints.DEFAULT_MAX_DEPTH);
  }

  @Test
  void codecsAreEqualByMapperInstance() {
    assertThat(Jackson2Codec.withMapper(mine)).isEqualTo(Jackson2Codec.withMapper(mine));
    assertThat(Jackson2Codec.withMapper(mine))
        .isNotEqualTo(Jackson2Codec.withMapper(JsonMapper.builder().build()));
  }
}
