package dev.httpjson.avaje;

import dev.httpjson.JsonOptions;
import dev.httpjson.codec.support.internal.NameRules;

/** {@link JsonOptions.Naming} applied to a declared property name, as the other codecs do. */
final class Naming {
  private Naming() {}

  static String apply(JsonOptions.Naming naming, String name) {
    return NameRules.apply(naming, name);
  }
}
