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
        return separated(name, '_');
      case KEBAB_CASE:
        return separated(name, '-');
      default:
        return name;
    }
  }

  /**
   * Lower case with a separator before each upper-case letter that follows a lower-case one, as
   * Jackson's snake and kebab strategies write it ({@code firstName} → {@code first_name}).
   *
   * @param name a declared name
   * @param separator {@code '_'} or {@code '-'}
   * @return its JSON name
   */
  static String separated(String name, char separator) {
    StringBuilder sb = new StringBuilder(name.length() + 4);
    boolean previousUpper = false;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (i == 0 && c == separator) {
        continue;
      }
      if (Character.isUpperCase(c)) {
        if (!previousUpper && sb.length() > 0 && sb.charAt(sb.length() - 1) != separator) {
          sb.append(separator);
        }
        sb.append(Character.toLowerCase(c));
        previousUpper = true;
      } else {
        sb.append(c);
        previousUpper = false;
      }
    }
    return sb.toString();
  }
}
