package dev.httpjson;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** Content-Type parsing: just what httpjson needs (the charset parameter and the subtype). */
final class MediaTypes {
  static final String APPLICATION_JSON = "application/json";
  static final String APPLICATION_JSON_UTF8 = "application/json; charset=utf-8";
  static final String PROBLEM_JSON = "application/problem+json";
  static final String NDJSON = "application/x-ndjson";

  private MediaTypes() {}

  /** The raw charset parameter value, unquoted, or {@code null} when there is none. */
  static @Nullable String charsetName(@Nullable String contentType) {
    if (contentType == null) {
      return null;
    }
    int semi = contentType.indexOf(';');
    while (semi >= 0) {
      int next = contentType.indexOf(';', semi + 1);
      String param = contentType.substring(semi + 1, next < 0 ? contentType.length() : next).trim();
      int eq = param.indexOf('=');
      if (eq > 0 && param.substring(0, eq).trim().equalsIgnoreCase("charset")) {
        String value = param.substring(eq + 1).trim();
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
          value = value.substring(1, value.length() - 1).trim();
        }
        return value.isEmpty() ? null : value;
      }
      semi = next;
    }
    return null;
  }

  /**
   * The charset a body must be decoded with, or {@code null} when the bytes can go to the parser as
   * they are (no charset, or UTF-8).
   *
   * @throws JsonReadException if the charset is unknown to this JVM
   */
  static @Nullable Charset decodingCharset(@Nullable String contentType) throws JsonReadException {
    String name = charsetName(contentType);
    if (name == null || name.equalsIgnoreCase("utf-8") || name.equalsIgnoreCase("utf8")) {
      return null;
    }
    Charset charset = lookup(name, contentType);
    return charset.equals(StandardCharsets.UTF_8) ? null : charset;
  }

  /** The charset to encode a request body with (UTF-8 when the media type names none). */
  static Charset encodingCharset(String mediaType) {
    String name = charsetName(mediaType);
    if (name == null) {
      return StandardCharsets.UTF_8;
    }
    try {
      return Charset.forName(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unsupported charset '" + name + "' in media type: " + mediaType, e);
    }
  }

  private static Charset lookup(String name, @Nullable String contentType)
      throws JsonReadException {
    try {
      return Charset.forName(name);
    } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
      throw new JsonReadException(
          "Unsupported charset '" + name + "' in Content-Type '" + contentType + "'",
          -1,
          -1,
          "$",
          e);
    }
  }

  /** The type/subtype in lower case, without parameters. */
  static String essence(@Nullable String contentType) {
    if (contentType == null) {
      return "";
    }
    int semi = contentType.indexOf(';');
    return (semi < 0 ? contentType : contentType.substring(0, semi))
        .trim()
        .toLowerCase(Locale.ROOT);
  }
}
