package dev.httpjson.gson;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.MalformedInputException;
import java.nio.charset.UnmappableCharacterException;
import org.jspecify.annotations.Nullable;

/**
 * Characters from bytes, with malformed input an error where it is: the characters decoded before a
 * malformed sequence are handed out first, and the error is raised by the read that reaches it, so
 * that the parser reports it at its line, column and path. ({@link java.io.InputStreamReader}
 * throws for its whole buffer, before the parser has seen the valid characters ahead of the bad
 * bytes: every such error was "at line 1 column 1 path $".)
 */
final class DecodingReader extends Reader {
  private final InputStream in;
  private final CharsetDecoder decoder;
  private final ByteBuffer bytes = ByteBuffer.allocate(8192).flip();
  private final CharBuffer chars = CharBuffer.allocate(8192).flip();
  private @Nullable CharacterCodingException failure;
  private boolean eof;
  private boolean done;

  DecodingReader(InputStream in, CharsetDecoder decoder) {
    this.in = in;
    this.decoder = decoder;
  }

  @Override
  public int read(char[] cbuf, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    while (!chars.hasRemaining()) {
      if (failure != null) {
        throw failure;
      }
      if (done) {
        return -1;
      }
      fill();
    }
    int n = Math.min(len, chars.remaining());
    chars.get(cbuf, off, n);
    return n;
  }

  /** Decodes at least one character, or meets the end, or records the malformed input met. */
  private void fill() throws IOException {
    chars.clear();
    try {
      while (chars.position() == 0) {
        CoderResult result = decoder.decode(bytes, chars, eof);
        if (result.isError()) {
          failure =
              result.isMalformed()
                  ? new MalformedInputException(result.length())
                  : new UnmappableCharacterException(result.length());
          return;
        }
        if (result.isOverflow()) {
          return;
        }
        if (eof) {
          decoder.flush(chars);
          done = true;
          return;
        }
        if (chars.position() > 0) {
          return; // what has arrived goes to the parser now: another read may wait for the network
        }
        bytes.compact();
        int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
        if (n < 0) {
          eof = true;
        } else {
          bytes.position(bytes.position() + n);
        }
        bytes.flip();
      }
    } finally {
      chars.flip();
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
