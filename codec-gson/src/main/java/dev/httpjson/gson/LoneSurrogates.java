package dev.httpjson.gson;

import java.io.IOException;
import java.io.Writer;

/**
 * Gson's text as the other codecs write it. A lone surrogate is written as a {@code \\u} escape, as
 * the Jackson codecs do: Gson passes it to the writer as it is, and a UTF-8 writer replaces it with
 * {@code ?}. U+2028 and U+2029 are written as themselves, as every other codec writes them: Gson
 * always escapes them. An escape's hex digits are in upper case ({@code \\u001F}), as the other
 * codecs write them. JSON outside strings is ASCII and holds no backslash, so a surrogate or an
 * escape reaching the writer is inside a string.
 */
final class LoneSurrogates extends Writer {
  private final Writer out;
  private char pendingHigh;

  /** The escape being written ({@code \\}, then its letter, then a {@code \\u} escape's digits). */
  private final char[] escape = new char[6];

  private int escaped;

  LoneSurrogates(Writer out) {
    this.out = out;
  }

  @Override
  public void write(int c) throws IOException {
    put((char) c);
  }

  @Override
  public void write(String s, int off, int len) throws IOException {
    int end = off + len;
    int start = off;
    if (pendingHigh == 0) {
      while (start < end && escaped == 0 && !special(s.charAt(start))) {
        start++;
      }
      out.write(s, off, start - off);
    }
    for (int i = start; i < end; i++) {
      put(s.charAt(i));
    }
  }

  @Override
  public void write(char[] buf, int off, int len) throws IOException {
    for (int i = off; i < off + len; i++) {
      put(buf[i]);
    }
  }

  private static boolean special(char c) {
    return c == '\\' || Character.isSurrogate(c);
  }

  private void put(char c) throws IOException {
    if (escaped > 0) {
      inEscape(c);
      return;
    }
    if (pendingHigh != 0) {
      char high = pendingHigh;
      pendingHigh = 0;
      if (Character.isLowSurrogate(c)) {
        out.write(high);
        out.write(c);
        return;
      }
      escape(high);
    }
    if (c == '\\') {
      escape[0] = c;
      escaped = 1;
    } else if (Character.isHighSurrogate(c)) {
      pendingHigh = c;
    } else if (Character.isLowSurrogate(c)) {
      escape(c);
    } else {
      out.write(c);
    }
  }

  /**
   * The next character of an escape Gson writes: {@code \\u2028} and {@code \\u2029} unescaped, the
   * hex digits of another in upper case.
   */
  private void inEscape(char c) throws IOException {
    escape[escaped++] = c;
    if (escaped == 2 && c != 'u') {
      out.write(escape, 0, 2);
      escaped = 0;
    } else if (escaped == escape.length) {
      escaped = 0;
      if (escape[2] == '2'
          && escape[3] == '0'
          && escape[4] == '2'
          && (escape[5] == '8' || escape[5] == '9')) {
        out.write(escape[5] == '8' ? '\u2028' : '\u2029');
      } else {
        for (int i = 2; i < escape.length; i++) {
          escape[i] = Character.toUpperCase(escape[i]);
        }
        out.write(escape, 0, escape.length);
      }
    }
  }

  private void escape(char c) throws IOException {
    out.write("\\u");
    out.write(Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT));
  }

  @Override
  public void flush() throws IOException {
    if (escaped > 0) {
      out.write(escape, 0, escaped);
      escaped = 0;
    }
    if (pendingHigh != 0) {
      escape(pendingHigh);
      pendingHigh = 0;
    }
    out.flush();
  }

  @Override
  public void close() throws IOException {
    flush();
    out.close();
  }
}
