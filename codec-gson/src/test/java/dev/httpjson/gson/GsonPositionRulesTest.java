package dev.httpjson.gson;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import dev.httpjson.contract.PositionRulesContract;
import dev.httpjson.spi.JsonCodec;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GsonPositionRulesTest extends PositionRulesContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }

  /**
   * The key half as the contract has it; the value half differs as documented: Gson's strict mode
   * refuses a lone-surrogate escape, so the {@code "\ud800"} every codec writes fails to read back
   * ({@code GsonValueReadingTest#readsLoneSurrogateEscapes()}, the README's codec table).
   */
  @Override
  @Test
  public void aLoneSurrogateCharacterKeyFailsToWrite() throws Exception {
    JsonOptions options = JsonOptions.newBuilder().codec(codec()).build();
    JsonType<Map<Character, String>> keys =
        new JsonType<Map<Character, String>>() {}.withOptions(options);
    JsonType<CharField> field = JsonType.of(CharField.class, options);
    for (char c : new char[] {'\uD800', '\uDC00'}) {
      assertThatThrownBy(() -> keys.toJson(Map.of(c, "a")))
          .as("\\u%04x as a key", (int) c)
          .isInstanceOf(JsonWriteException.class);
      String written = field.toJson(new CharField(c));
      assertThatThrownBy(() -> field.fromJson(written))
          .as("%s read back", written)
          .isInstanceOf(JsonReadException.class)
          .hasMessageContaining("surrogate");
    }
  }
}
