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

  /**
   * Converts a declared name to lower snake case as .NET's {@code JsonNamingPolicy.SnakeCaseLower}
   * does, so that every codec writes the same names: a word starts at an upper-case letter that
   * follows a lower-case letter or a digit, and at the last of a run of upper-case letters when a
   * lower-case letter follows it; a digit stays with the word before it. {@code firstName} → {@code
   * first_name}, {@code userID} → {@code user_id}, {@code HTTPServer} → {@code http_server}, {@code
   * sha512Hash} → {@code sha512_hash}. Any other character (an underscore, a dollar sign) is kept
   * and starts a word afresh; spaces between words become one separator, and leading or trailing
   * ones are dropped. Jackson's {@code SNAKE_CASE}, by contrast, runs an acronym into the next word
   * ({@code httpserver}) and Gson's separates every capital ({@code h_t_t_p_server}).
   *
   * @param name a declared (Java) name
   * @return its JSON name
   */
  public static String snakeCase(String name) {
    return separated(name, '_');
  }

  /**
   * Converts a declared name to lower kebab case as .NET's {@code JsonNamingPolicy.KebabCaseLower}
   * does: the words {@link #snakeCase} finds, joined by {@code -}. {@code firstName} → {@code
   * first-name}, {@code HTTPServer} → {@code http-server}.
   *
   * @param name a declared (Java) name
   * @return its JSON name
   */
  public static String kebabCase(String name) {
    return separated(name, '-');
  }

  private static final int START = 0;
  private static final int LOWER_OR_DIGIT = 1;
  private static final int UPPER = 2;
  private static final int SPACE = 3;

  private static String separated(String name, char separator) {
    StringBuilder sb = new StringBuilder(name.length() + 4);
    int state = START;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      switch (Character.getType(c)) {
        case Character.UPPERCASE_LETTER:
          boolean wordStarts =
              state == LOWER_OR_DIGIT
                  || state == SPACE
                  || (state == UPPER
                      && i + 1 < name.length()
                      && Character.isLowerCase(name.charAt(i + 1)));
          if (wordStarts) {
            sb.append(separator);
          }
          sb.append(Character.toLowerCase(c));
          state = UPPER;
          break;
        case Character.LOWERCASE_LETTER:
        case Character.DECIMAL_DIGIT_NUMBER:
          if (state == SPACE) {
            sb.append(separator);
          }
          sb.append(c);
          state = LOWER_OR_DIGIT;
          break;
        case Character.SPACE_SEPARATOR:
          if (state != START) {
            state = SPACE;
          }
          break;
        default:
          sb.append(c);
          state = START;
          break;
      }
    }
    return sb.toString();
  }
}
