package dev.httpjson.avaje;

import dev.httpjson.JsonOptions;
import dev.httpjson.spi.Names;

/** {@link JsonOptions.Naming} applied to a declared property name, as the other codecs do. */
final class Naming {
  private Naming() {}

  static String apply(JsonOptions.Naming naming, String name) {
    switch (naming) {
      case CAMEL_CASE:
        return Names.camelCase(name);
      case SNAKE_CASE:
        return Names.snakeCase(name);
      case KEBAB_CASE:
        return Names.kebabCase(name);
      default:
        return name;
    }
  }
}
