package dev.httpjson.avaje;

import java.io.IOException;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;

/**
 * Characters as the UTF-8 bytes avaje's parser reads, encoded as they are read; an unpaired
 * surrogate is an error, not a replacement character. Closing it closes the reader.
 */
final class Utf8Input extends BlockInput {
  private final Reader reader;
  private final CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder();
  private final CharBuffer chars = CharBuffer.allocate(2048);
  private final ByteBuffer bytes = ByteBuffer.allocate(8192);
  private boolean endOfInput;
  private boolean flushed;

  Utf8Input(Reader reader) {
    this.reader = reader;
    chars.flip();
    bytes.flip();
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    while (!bytes.hasRemaining()) {
      if (flushed) {
        return -1;
      }
      fill();
    }
    int n = Math.min(len, bytes.remaining());
    bytes.get(b, off, n);
    return n;
  }

  private void fill() throws IOException {
    bytes.clear();
    if (!endOfInput) {
      chars.compact();
      int n = reader.read(chars);
      chars.flip();
      if (n < 0) {
        endOfInput = true;
      }
    }
    CoderResult result = encoder.encode(chars, bytes, endOfInput);
    if (result.isError()) {
      result.throwException();
    }
    if (endOfInput && !chars.hasRemaining()) {
      result = encoder.flush(bytes);
      if (result.isError()) {
        result.throwException();
      }
      flushed = !result.isOverflow();
    }
    bytes.flip();
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
