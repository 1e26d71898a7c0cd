package dev.httpjson.jackson2;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.httpjson.JsonOptions;
import dev.httpjson.contract.GadgetContract;
import dev.httpjson.spi.JsonCodec;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The gadget payloads on the Jackson 2 codec, the library the classic payloads were written for,
 * and the reason they stay plain JSON: its mappers have no default typing.
 */
class Jackson2GadgetTest extends GadgetContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }

  @Test
  void theCodecsMappersHaveNoDefaultTyping() throws Exception {
    ObjectMapper fresh = Jackson2Codec.newMapper(JsonOptions.web());
    ObjectMapper bound = boundMapper(options);

    for (ObjectMapper mapper : List.of(fresh, bound)) {
      for (Class<?> base : List.of(Object.class, Serializable.class, List.class, Map.class)) {
        JavaType type = mapper.constructType(base);
        assertThat(mapper.getSerializationConfig().getDefaultTyper(type))
            .as("serialization default typer for %s", base)
            .isNull();
        assertThat(mapper.getDeserializationConfig().getDefaultTyper(type))
            .as("deserialization default typer for %s", base)
            .isNull();
      }
    }
  }

  /** The mapper behind the binding httpjson actually reads with. */
  private static ObjectMapper boundMapper(JsonOptions options) throws Exception {
    Jackson2Binding binding = (Jackson2Binding) new Jackson2Codec().bind(options);
    Field f = Jackson2Binding.class.getDeclaredField("mapper");
    f.setAccessible(true);
    return (ObjectMapper) f.get(binding);
  }
}
