package dev.httpjson.internal;

import java.io.IOException;
import java.io.InputStream;

/** An input stream that reads in blocks; a single byte is a block of one. */
abstract class BlockInputStream extends InputStream {
  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public abstract int read(byte[] b, int off, int len) throws IOException;
}
