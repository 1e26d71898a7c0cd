package dev.httpjson.differential;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;
import java.util.Random;

/**
 * What is done to a document's text before it is read: nothing, whitespace JSON allows, or one mild
 * mistake. A function of the text alone, so a shrunk document gets the same treatment.
 */
enum Mutation {
  NONE,
  /** Spaces, tabs, CR and LF between tokens: still valid. */
  WHITESPACE,
  TRAILING_COMMA,
  DROP_LAST_CHARACTER,
  TRAILING_VALUE,
  TRAILING_GARBAGE,
  SECOND_DOCUMENT,
  UTF8_BOM,
  TRAILING_NUL,
  COMMENT,
  SINGLE_QUOTE,
  INVALID_UTF8_IN_STRING,
  RAW_CONTROL_IN_STRING,
  FORM_FEED_AS_WHITESPACE,
  NO_BYTES,
  /** The text in UTF-16, big-endian, after its byte order mark: {@code FE FF 00 31} for 1. */
  UTF16_BOM,
  /** The text in UTF-16, little-endian, no byte order mark. */
  UTF16_LE;

  /** Whether the text stays valid JSON (if it was). */
  boolean valid() {
    return this == NONE || this == WHITESPACE;
  }

  /** Whether the bytes are UTF-8 that a {@code String} holds exactly, so the text path applies. */
  boolean hasText() {
    return this != INVALID_UTF8_IN_STRING
        && this != UTF8_BOM
        && this != UTF16_BOM
        && this != UTF16_LE;
  }

  byte[] apply(String text) {
    return switch (this) {
      case NONE -> text.getBytes(UTF_8);
      case WHITESPACE -> whitespace(text).getBytes(UTF_8);
      case TRAILING_COMMA -> beforeLastClose(text, ",").getBytes(UTF_8);
      case DROP_LAST_CHARACTER ->
          text.substring(
                  0, Math.max(0, text.offsetByCodePoints(text.length(), text.isEmpty() ? 0 : -1)))
              .getBytes(UTF_8);
      case TRAILING_VALUE -> (text + " 1").getBytes(UTF_8);
      case TRAILING_GARBAGE -> (text + "x").getBytes(UTF_8);
      case SECOND_DOCUMENT -> (text + "\n" + text).getBytes(UTF_8);
      case UTF8_BOM ->
          concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, text.getBytes(UTF_8));
      case TRAILING_NUL -> concat(text.getBytes(UTF_8), new byte[] {0});
      case COMMENT -> afterFirst(text, "[{", "/*c*/").getBytes(UTF_8);
      case SINGLE_QUOTE -> text.replaceFirst("\"", "'").getBytes(UTF_8);
      case INVALID_UTF8_IN_STRING -> insideFirstString(text, new byte[] {(byte) 0xC3, 0x28});
      case RAW_CONTROL_IN_STRING -> insideFirstString(text, new byte[] {0x01});
      case FORM_FEED_AS_WHITESPACE -> afterFirst(text, ":,[", "\f").getBytes(UTF_8);
      case NO_BYTES -> new byte[0];
      case UTF16_BOM ->
          concat(
              new byte[] {(byte) 0xFE, (byte) 0xFF},
              text.getBytes(java.nio.charset.StandardCharsets.UTF_16BE));
      case UTF16_LE -> text.getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
    };
  }

  private static String whitespace(String text) {
    Random random = new Random(text.hashCode());
    StringBuilder out = new StringBuilder();
    boolean inString = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      out.append(c);
      if (c == '"' && !escaped(text, i)) {
        inString = !inString;
      }
      if (!inString && ":,[{".indexOf(c) >= 0) {
        out.append(" \t\r\n".charAt(random.nextInt(4)));
      }
    }
    return " " + out + "\n";
  }

  private static boolean escaped(String text, int at) {
    int backslashes = 0;
    for (int i = at - 1; i >= 0 && text.charAt(i) == '\\'; i--) {
      backslashes++;
    }
    return backslashes % 2 == 1;
  }

  private static String beforeLastClose(String text, String insert) {
    int at = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
    return at < 0 ? text + insert : text.substring(0, at) + insert + text.substring(at);
  }

  private static String afterFirst(String text, String anyOf, String insert) {
    for (int i = 0; i < text.length(); i++) {
      if (anyOf.indexOf(text.charAt(i)) >= 0) {
        return text.substring(0, i + 1) + insert + text.substring(i + 1);
      }
    }
    return insert + text;
  }

  private static byte[] insideFirstString(String text, byte[] insert) {
    int at = text.indexOf('"');
    if (at < 0) {
      return concat(concat("\"".getBytes(UTF_8), insert), "\"".getBytes(UTF_8));
    }
    byte[] head = text.substring(0, at + 1).getBytes(UTF_8);
    byte[] tail = text.substring(at + 1).getBytes(UTF_8);
    return concat(concat(head, insert), tail);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(a.length + b.length);
    out.writeBytes(a);
    out.writeBytes(b);
    return out.toByteArray();
  }
}
