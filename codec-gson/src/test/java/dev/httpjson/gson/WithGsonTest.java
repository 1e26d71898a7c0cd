package dev.httpjson.gson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.Gson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.spi.JsonReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A Gson of the user's own keeps httpjson's parser limits, strictness and trailing rule. */
class WithGsonTest {
  private final JsonOptions options =
      JsonOptions.newBuilder()
          .codec(GsonCodec.withGson(new Gson()))
          .maxNestingDepth(10)
          .maxStringLength(100)
          .maxNumberLength(20)
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
  void stringAndNumberOverTheOptionsLimitsFailNamingThem() {
    byte[] string = utf8("{\"a\":\"" + "x".repeat(101) + "\"}");
    byte[] number = utf8("{\"a\":" + "1".repeat(21) + "}");

    assertThatThrownBy(() -> reader(Map.class).read(string, 0, string.length))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("JsonOptions.maxStringLength")
        .satisfies(e -> assertThat(((JsonReadException) e).path()).isEqualTo("$.a"));
    assertThatThrownBy(() -> reader(Map.class).read(number, 0, number.length))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("JsonOptions.maxNumberLength");
  }

  @Test
  void trailingContentAndLenientSyntaxAreErrors() {
    byte[] trailing = utf8("{} {}");
    byte[] unquoted = utf8("{a:1}");

    assertThatThrownBy(() -> reader(Map.class).read(trailing, 0, trailing.length))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("Trailing token");
    assertThatThrownBy(() -> reader(Map.class).read(unquoted, 0, unquoted.length))
        .isInstanceOf(JsonReadException.class)
        .satisfies(e -> assertThat(((JsonReadException) e).line()).isEqualTo(1));
  }
}
