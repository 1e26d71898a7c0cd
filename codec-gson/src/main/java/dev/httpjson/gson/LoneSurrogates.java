package dev.httpjson.gson;

import java.io.IOException;
import java.io.Writer;

/**
 * Writes a lone surrogate as a {@code \\u} escape, as the Jackson codecs do: Gson passes it to the
 * writer as it is, and a UTF-8 writer replaces it with {@code ?}. JSON outside strings is ASCII, so
 * a surrogate reaching the writer is inside a string.
 */
final class LoneSurrogates extends Writer {
  private final Writer out;
  private char pendingHigh;

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
      while (start < end && !Character.isSurrogate(s.charAt(start))) {
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

  private void put(char c) throws IOException {
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
    if (Character.isHighSurrogate(c)) {
      pendingHigh = c;
    } else if (Character.isLowSurrogate(c)) {
      escape(c);
    } else {
      out.write(c);
    }
  }

  private void escape(char c) throws IOException {
    out.write("\\u");
    out.write(Integer.toHexString(c));
  }

  @Override
  public void flush() throws IOException {
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
