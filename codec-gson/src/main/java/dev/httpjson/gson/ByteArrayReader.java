package dev.httpjson.gson;

import java.io.IOException;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * UTF-8 characters straight from a byte array, into the buffer Gson reads with: no copy of the
 * bytes into a stream buffer of its own (an {@link java.io.InputStreamReader} allocates 8 KiB per
 * body). Malformed input is an error ({@link java.nio.charset.MalformedInputException}) raised by
 * the read that reaches it, after the characters before it, as {@link DecodingReader} does for
 * streams.
 */
final class ByteArrayReader extends Reader {
  private final ByteBuffer in;
  private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
  private final CharBuffer pair = CharBuffer.allocate(2);
  private boolean flushed;
  private @Nullable CharacterCodingException failure;

  ByteArrayReader(byte[] bytes, int offset, int length) {
    this.in = ByteBuffer.wrap(bytes, offset, length);
    pair.flip(); // nothing pending
  }

  @Override
  public int read(char[] cbuf, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (pair.hasRemaining()) {
      cbuf[off] = pair.get(); // the low surrogate of a pair that did not fit last time
      return 1;
    }
    if (failure != null) {
      throw failure;
    }
    if (flushed) {
      return -1; // at the end, however often asked
    }
    CharBuffer out = CharBuffer.wrap(cbuf, off, len);
    CoderResult result = decoder.decode(in, out, true);
    int n = out.position() - off;
    if (result.isError()) {
      CharacterCodingException e = exception(result);
      if (n == 0) {
        throw e;
      }
      // The characters before the malformed bytes first, so that the parser reports the error
      // at its line, column and path; the next read raises it.
      failure = e;
      return n;
    }
    if (n > 0) {
      return n;
    }
    if (result.isOverflow()) {
      // One char of room and a surrogate pair next: decode the pair aside, hand out its half.
      pair.clear();
      CoderResult r = decoder.decode(in, pair, true);
      if (r.isError()) {
        r.throwException();
      }
      pair.flip();
      cbuf[off] = pair.get();
      return 1;
    }
    if (!flushed) {
      flushed = true;
      decoder.flush(out);
      n = out.position() - off;
      if (n > 0) {
        return n;
      }
    }
    return -1;
  }

  private static CharacterCodingException exception(CoderResult result) {
    try {
      result.throwException();
    } catch (CharacterCodingException e) {
      return e;
    }
    throw new IllegalStateException("not an error: " + result);
  }

  @Override
  public void close() {}
}
