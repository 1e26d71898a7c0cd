package dev.httpjson.differential;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.JsonType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A key repeated in an object read into a {@code Map} keeps its last value, whatever the map's
 * value type, with every codec but avaje-jsonb (which refuses it: a documented difference).
 */
class RepeatedKeysTest {

  @Test
  void aKeyRepeatedInAMapWhoseValuesHoldArraysKeepsTheLastValue() throws Exception {
    String json = "{\"a\":{\"x\":[1]},\"a\":{\"y\":[2,3]}}";
    for (Codecs codec : List.of(Codecs.JACKSON, Codecs.JACKSON2, Codecs.GSON)) {
      Map<String, Map<String, int[]>> read =
          new JsonType<Map<String, Map<String, int[]>>>() {}.withOptions(codec.options)
              .fromJson(json);
      assertThat(read).as(codec.label).containsOnlyKeys("a");
      assertThat(read.get("a")).as(codec.label).containsOnlyKeys("y");
      assertThat(read.get("a").get("y")).as(codec.label).containsExactly(2, 3);
    }
  }
}
