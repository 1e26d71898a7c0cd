package dev.httpjson;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Counts the bytes read through it and fails with {@link ResponseTooLargeException} once more than
 * {@code limit} bytes have been read since the last {@link #resetAllowance()}: a per-element limit
 * for streamed bodies. The parser's read-ahead means an element may use up to one buffer more.
 */
final class LimitedInputStream extends FilterInputStream {
  private final long limit;
  private long sinceReset;

  LimitedInputStream(InputStream in, long limit) {
    super(in);
    this.limit = limit;
  }

  void resetAllowance() {
    sinceReset = 0;
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    if (b >= 0) {
      count(1);
    }
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n = super.read(b, off, len);
    if (n > 0) {
      count(n);
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long skipped = super.skip(n);
    count(skipped);
    return skipped;
  }

  private void count(long n) throws ResponseTooLargeException {
    sinceReset += n;
    if (sinceReset > limit) {
      throw new ResponseTooLargeException(limit, sinceReset, false);
    }
  }
}
