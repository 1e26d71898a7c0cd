package dev.httpjson.internal;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The WHATWG URL standard's {@code application/x-www-form-urlencoded} serializer of one name or
 * value: UTF-8 (a lone surrogate as U+FFFD), a space as {@code +}, ASCII letters, digits and {@code
 * *-._} as they are, every other byte percent-encoded in upper case.
 */
public final class FormEncoding {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();
  private static final byte[] REPLACEMENT = {(byte) 0xEF, (byte) 0xBF, (byte) 0xBD};

  private FormEncoding() {}

  public static void encode(String s, StringBuilder out) {
    int n = s.length();
    int i = 0;
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        break;
      }
      appendAscii(c, out);
    }
    if (i == n) {
      return;
    }
    for (byte b : utf8(s.substring(i))) {
      int u = b & 0xFF;
      if (u < 0x80) {
        appendAscii((char) u, out);
      } else {
        out.append('%').append(HEX[u >> 4]).append(HEX[u & 0xF]);
      }
    }
  }

  private static void appendAscii(char c, StringBuilder out) {
    if ((c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '*'
        || c == '-'
        || c == '.'
        || c == '_') {
      out.append(c);
    } else if (c == ' ') {
      out.append('+');
    } else {
      out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
    }
  }

  /** UTF-8 with each lone surrogate as U+FFFD, as the standard's encoder writes it. */
  public static byte[] utf8(String s) {
    CharsetEncoder encoder =
        StandardCharsets.UTF_8
            .newEncoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE)
            .replaceWith(REPLACEMENT);
    try {
      ByteBuffer bytes = encoder.encode(CharBuffer.wrap(s));
      byte[] out = new byte[bytes.remaining()];
      bytes.get(out);
      return out;
    } catch (CharacterCodingException e) {
      throw new IllegalStateException(e); // REPLACE never throws
    }
  }
}
