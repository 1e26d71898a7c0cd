package dev.httpjson.internal;

import dev.httpjson.ResponseTooLargeException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.jspecify.annotations.Nullable;

/**
 * Counts the bytes read through it for a per-element limit of streamed bodies: {@link #check} fails
 * with {@link ResponseTooLargeException} once the element being read is over {@code limit}, or,
 * where elements cannot be told apart, once more than {@code limit} bytes have been read since the
 * last {@link #resetAllowance()}. A parser's read-ahead, which may hold many small elements, is not
 * one element.
 */
public final class LimitedInputStream extends FilterInputStream {
  private final long limit;
  private long sinceReset;
  private long total;
  private @Nullable IOException failure;

  public LimitedInputStream(InputStream in, long limit) {
    super(in);
    this.limit = limit;
  }

  public void resetAllowance() {
    sinceReset = 0;
  }

  /** The bytes read through this stream so far. */
  public long total() {
    return total;
  }

  /** The failure of the input itself (transport, or the limit), if reading it failed. */
  @Nullable IOException failure() {
    return failure;
  }

  @Override
  public int read() throws IOException {
    int b;
    try {
      b = super.read();
    } catch (IOException e) {
      throw failed(e);
    }
    if (b >= 0) {
      count(1);
    }
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n;
    try {
      n = super.read(b, off, len);
    } catch (IOException e) {
      throw failed(e);
    }
    if (n > 0) {
      count(n);
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long skipped;
    try {
      skipped = super.skip(n);
    } catch (IOException e) {
      throw failed(e);
    }
    count(skipped);
    return skipped;
  }

  private IOException failed(IOException e) {
    if (failure == null) {
      failure = e;
    }
    return e;
  }

  private void count(long n) {
    total += n;
    sinceReset += n;
  }

  /**
   * Fails if the element the bytes read so far end in is over the limit: {@code element} is its
   * length so far, or -1 when it is not known, and then what was read since the last reset counts.
   */
  void check(long element) throws ResponseTooLargeException {
    long size = element >= 0 ? element : sinceReset;
    if (size > limit) {
      throw (ResponseTooLargeException) failed(ApiAccess.get().tooLarge(limit, size, false));
    }
  }
}
