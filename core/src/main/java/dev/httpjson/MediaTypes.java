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
    long bounds = charsetBounds(contentType);
    if (bounds < 0) {
      return null;
    }
    return contentType.substring((int) (bounds >>> 32), (int) bounds);
  }

  /**
   * Where the charset parameter's value lies, as {@code start << 32 | end}, or -1 when there is
   * none. Scans without allocating: this runs for every response.
   */
  private static long charsetBounds(@Nullable String ct) {
    if (ct == null) {
      return -1;
    }
    int n = ct.length();
    for (int semi = ct.indexOf(';'); semi >= 0; semi = ct.indexOf(';', semi + 1)) {
      int i = skipSpaces(ct, semi + 1, n);
      if (!ct.regionMatches(true, i, "charset", 0, 7)) {
        continue;
      }
      i = skipSpaces(ct, i + 7, n);
      if (i >= n || ct.charAt(i) != '=') {
        continue;
      }
      int start = skipSpaces(ct, i + 1, n);
      int end;
      if (start < n && ct.charAt(start) == '"') {
        start = skipSpaces(ct, start + 1, n);
        end = ct.indexOf('"', start);
        if (end < 0) {
          end = n;
        }
      } else {
        end = ct.indexOf(';', start);
        if (end < 0) {
          end = n;
        }
      }
      while (end > start && ct.charAt(end - 1) == ' ') {
        end--;
      }
      return end > start ? ((long) start << 32) | end : -1;
    }
    return -1;
  }

  private static int skipSpaces(String s, int i, int n) {
    while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  /**
   * The charset a body must be decoded with, or {@code null} when the bytes can go to the parser as
   * they are (no charset, or UTF-8).
   *
   * @throws JsonReadException if the charset is unknown to this JVM
   */
  static @Nullable Charset decodingCharset(@Nullable String contentType) throws JsonReadException {
    long bounds = charsetBounds(contentType);
    if (bounds < 0) {
      return null;
    }
    int start = (int) (bounds >>> 32);
    int length = (int) bounds - start;
    if ((length == 5 && contentType.regionMatches(true, start, "utf-8", 0, 5))
        || (length == 4 && contentType.regionMatches(true, start, "utf8", 0, 4))) {
      return null;
    }
    String name = contentType.substring(start, start + length);
    Charset charset = lookup(name, contentType);
    return charset.equals(StandardCharsets.UTF_8) ? null : charset;
  }

  /** The charset to encode a request body with (UTF-8 when the media type names none). */
  static Charset encodingCharset(String mediaType) {
    if (mediaType == APPLICATION_JSON_UTF8) { // the default, by identity: no parsing per request
      return StandardCharsets.UTF_8;
    }
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
