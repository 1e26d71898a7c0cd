package dev.httpjson.internal;

import dev.httpjson.JsonReadException;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** Content-Type parsing: just what httpjson needs (the charset parameter and the subtype). */
public final class MediaTypes {
  public static final String APPLICATION_JSON = "application/json";
  public static final String APPLICATION_JSON_UTF8 = "application/json; charset=utf-8";
  public static final String PROBLEM_JSON = "application/problem+json";
  public static final String NDJSON = "application/x-ndjson";

  /**
   * The default {@code Accept} of a call that reads one value: JSON, and the problem details (RFC
   * 9457) an error may carry.
   */
  public static final String ACCEPT_JSON = APPLICATION_JSON + ", " + PROBLEM_JSON;

  /** The default {@code Accept} of a stream that reads either a JSON array or NDJSON. */
  public static final String ACCEPT_ELEMENTS =
      APPLICATION_JSON + ", " + NDJSON + ", " + PROBLEM_JSON;

  /** The default {@code Accept} of a stream read as NDJSON (JSON too: a Kubernetes watch). */
  public static final String ACCEPT_NDJSON = NDJSON + ", " + APPLICATION_JSON + ", " + PROBLEM_JSON;

  /** The default {@code Accept} of Server-Sent Events. */
  public static final String ACCEPT_EVENTS = "text/event-stream, " + PROBLEM_JSON;

  public static final Charset UTF_32 = Charset.forName("UTF-32");
  public static final Charset UTF_32BE = Charset.forName("UTF-32BE");
  public static final Charset UTF_32LE = Charset.forName("UTF-32LE");

  private MediaTypes() {}

  /** The default {@code Accept} of a stream of {@code elementType}, by its stream format. */
  public static String accept(dev.httpjson.JsonType<?> elementType) {
    switch (elementType.options().streamFormat()) {
      case ARRAY:
        return ACCEPT_JSON;
      case NDJSON:
        return ACCEPT_NDJSON;
      default:
        return ACCEPT_ELEMENTS;
    }
  }

  /** The raw charset parameter value, unquoted, or {@code null} when there is none. */
  public static @Nullable String charsetName(@Nullable String contentType) {
    long bounds = charsetBounds(contentType);
    if (contentType == null || bounds < 0) {
      return null;
    }
    return contentType.substring((int) (bounds >>> 32), (int) bounds);
  }

  /**
   * Where the charset parameter's value lies, as {@code start << 32 | end}, or -1 when there is
   * none.
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
   */
  public static @Nullable Charset decodingCharset(@Nullable String contentType)
      throws JsonReadException {
    long bounds = charsetBounds(contentType);
    if (contentType == null || bounds < 0) {
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

  /**
   * The charset to decode a body labelled {@code charset} with, given its first bytes. An unmarked
   * {@code utf-16} or {@code utf-32} says nothing about byte order (.NET writes little-endian), so
   * the first code unit of the JSON text decides.
   */
  public static Charset byteOrder(Charset charset, byte[] b, int off, int len) {
    // A byte-order mark has no zero byte: the charset is returned, and the JDK's decoder reads it.
    if (charset.equals(StandardCharsets.UTF_16) && len >= 2 && (b[off] == 0) != (b[off + 1] == 0)) {
      return b[off] == 0 ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE;
    }
    if (charset.equals(UTF_32) && len >= 4) {
      int first = (b[off] & 0xff) << 24 | (b[off + 1] & 0xff) << 16 | (b[off + 2] & 0xff) << 8;
      first |= b[off + 3] & 0xff;
      if (first != 0 && (first & 0xFFFFFF00) == 0) {
        return UTF_32BE;
      }
      if (first != 0 && (first & 0x00FFFFFF) == 0) {
        return UTF_32LE;
      }
    }
    return charset;
  }

  /** How many leading bytes {@link #byteOrder} needs to decide for {@code charset}; 0 for none. */
  public static int byteOrderBytes(Charset charset) {
    if (charset.equals(StandardCharsets.UTF_16)) {
      return 2;
    }
    return charset.equals(UTF_32) ? 4 : 0;
  }

  /**
   * The charset a request body is written in for {@code charset}: an unmarked {@code utf-16} or
   * {@code utf-32} is written little-endian without a byte-order mark, as .NET writes it (the JDK
   * would write big-endian, UTF-16 with a mark, which a .NET server reading {@code
   * Encoding.Unicode} cannot parse); httpjson's own reader, Jackson and ASP.NET read that form.
   */
  public static Charset writingCharset(Charset charset) {
    if (charset.equals(StandardCharsets.UTF_16)) {
      return StandardCharsets.UTF_16LE;
    }
    return charset.equals(UTF_32) ? UTF_32LE : charset;
  }

  /** The charset to encode a request body with (UTF-8 when the media type names none). */
  public static Charset encodingCharset(String mediaType) {
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
  public static String essence(@Nullable String contentType) {
    if (contentType == null) {
      return "";
    }
    int semi = contentType.indexOf(';');
    return (semi < 0 ? contentType : contentType.substring(0, semi))
        .trim()
        .toLowerCase(Locale.ROOT);
  }
}
