package dev.httpjson.spi;

/**
 * Property-name conversions shared by the codecs, so that every codec writes the same JSON names
 * for {@link dev.httpjson.JsonOptions.Naming}.
 */
public final class Names {
  private Names() {}

  /**
   * Converts a declared name to camel case exactly as .NET's {@code JsonNamingPolicy.CamelCase}
   * does: the leading run of upper-case characters is lowered, except its last one when a character
   * other than an upper-case one or a space follows it. {@code URLValue} → {@code urlValue}, {@code
   * FirstName} → {@code firstName}, {@code ID} → {@code id}, {@code SHOUTING_CASE} → {@code
   * shoutinG_CASE}, {@code BUILDING Property} → {@code building Property}; a name that does not
   * start with an upper-case character is returned as it is. Jackson's {@code LOWER_CAMEL_CASE}
   * strategy, by contrast, leaves names unchanged.
   *
   * @param name a declared (Java) name
   * @return its JSON name
   */
  public static String camelCase(String name) {
    if (name.isEmpty() || !Character.isUpperCase(name.charAt(0))) {
      return name;
    }
    char[] chars = name.toCharArray();
    for (int i = 0; i < chars.length; i++) {
      if (i == 1 && !Character.isUpperCase(chars[i])) {
        break;
      }
      boolean hasNext = i + 1 < chars.length;
      if (i > 0 && hasNext && !Character.isUpperCase(chars[i + 1])) {
        if (chars[i + 1] == ' ') {
          chars[i] = Character.toLowerCase(chars[i]);
        }
        break;
      }
      chars[i] = Character.toLowerCase(chars[i]);
    }
    return new String(chars);
  }
}
