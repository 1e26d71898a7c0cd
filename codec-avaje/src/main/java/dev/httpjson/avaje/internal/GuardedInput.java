package dev.httpjson.avaje.internal;

import java.io.IOException;
import java.io.InputStream;

/**
 * The input as avaje's parser reads it: each chunk checked by a {@link Guard}, and cut where the
 * guard found a problem (the parser then sees the end of the input there).
 */
final class GuardedInput extends InputStream {
  private final InputStream in;
  private final Guard guard;
  private boolean cut;

  GuardedInput(InputStream in, Guard guard) {
    this.in = in;
    this.guard = guard;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (cut) {
      return -1;
    }
    if (len == 0) {
      return 0;
    }
    int n = in.read(b, off, len);
    if (n < 0) {
      guard.finish(); // the end of the input: nothing may be left open
    }
    if (n <= 0) {
      return n;
    }
    int allowed = guard.scan(b, off, n);
    if (allowed < n) {
      cut = true;
      return allowed == 0 ? -1 : allowed;
    }
    return n;
  }

  /**
   * Reads what is left of the input, through the guard: whitespace to the end, or the first content
   * after the value (which the guard records).
   */
  void drain() throws IOException {
    byte[] buffer = new byte[512];
    while (!cut && read(buffer, 0, buffer.length) >= 0) {
      // the guard looks at each chunk
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
