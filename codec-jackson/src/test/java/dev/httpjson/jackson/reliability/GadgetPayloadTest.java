package dev.httpjson.jackson.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.JsonOptions;
import dev.httpjson.contract.GadgetContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonCodec;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * The gadget payloads on the Jackson 3 codec, and the reason they stay plain JSON: its mappers have
 * no default typing.
 */
public class GadgetPayloadTest extends GadgetContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Test
  void theCodecsMappersHaveNoDefaultTyping() throws Exception {
    JsonMapper fresh = newMapper(JsonOptions.web());
    JsonMapper bound = boundMapper(options);

    for (JsonMapper mapper : List.of(fresh, bound)) {
      for (Class<?> base : List.of(Object.class, Serializable.class, List.class, Map.class)) {
        JavaType type = mapper.constructType(base);
        assertThat(mapper.serializationConfig().getDefaultTyper(type))
            .as("serialization default typer for %s", base)
            .isNull();
        assertThat(mapper.deserializationConfig().getDefaultTyper(type))
            .as("deserialization default typer for %s", base)
            .isNull();
      }
    }
  }

  /** The package-private factory the codec uses for every options value. */
  private static JsonMapper newMapper(JsonOptions options) throws Exception {
    Method m = JacksonCodec.class.getDeclaredMethod("newMapper", JsonOptions.class);
    m.setAccessible(true);
    return (JsonMapper) m.invoke(null, options);
  }

  /** The mapper behind the binding httpjson actually reads with. */
  private static JsonMapper boundMapper(JsonOptions options) throws Exception {
    JsonBinding binding = new JacksonCodec().bind(options);
    Field f = binding.getClass().getDeclaredField("mapper");
    f.setAccessible(true);
    return (JsonMapper) f.get(binding);
  }
}
