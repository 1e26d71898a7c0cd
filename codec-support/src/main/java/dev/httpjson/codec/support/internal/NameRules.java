package dev.httpjson.codec.support.internal;

import dev.httpjson.JsonOptions;
import dev.httpjson.spi.Names;

/**
 * {@link JsonOptions.Naming} applied to a declared property name, the same in every codec: as
 * .NET's {@code JsonNamingPolicy} writes it ({@link Names}), where each library has a policy of its
 * own that splits words otherwise.
 */
public final class NameRules {
  private NameRules() {}

  /**
   * The name {@code naming} gives a property declared as {@code name}.
   *
   * @param naming the options' naming
   * @param name the declared name
   * @return the name in JSON
   */
  public static String apply(JsonOptions.Naming naming, String name) {
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
