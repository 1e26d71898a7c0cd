package dev.httpjson;

import dev.httpjson.spi.JsonCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.jspecify.annotations.Nullable;

/** The codec {@link ServiceLoader} finds, looked up once. */
final class DefaultCodec {
  private static final @Nullable JsonCodec CODEC = load();

  private DefaultCodec() {}

  static JsonCodec get() {
    if (CODEC == null) {
      throw new IllegalStateException(
          "No JSON codec found: ServiceLoader found no dev.httpjson.spi.JsonCodec on the class or"
              + " module path. Add the dependency dev.httpjson:httpjson-jackson, or pass one with"
              + " JsonOptions.newBuilder().codec(...)");
    }
    return CODEC;
  }

  private static @Nullable JsonCodec load() {
    List<JsonCodec> found = new ArrayList<>();
    ServiceLoader.load(JsonCodec.class, DefaultCodec.class.getClassLoader()).forEach(found::add);
    if (found.isEmpty()) {
      ServiceLoader.load(JsonCodec.class).forEach(found::add);
    }
    return found.isEmpty() ? null : found.get(0);
  }
}
