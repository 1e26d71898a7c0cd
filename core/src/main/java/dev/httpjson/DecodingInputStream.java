package dev.httpjson;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * A compressed body's stream, decoded as it is read: each read takes what the body has (blocking
 * only when nothing is decodable yet), so streamed elements arrive as their bytes do. Closing it
 * closes the body.
 */
final class DecodingInputStream extends InputStream {
  private final InputStream in;
  private final ContentDecoder decoder;
  private final byte[] piece = new byte[8192];
  private boolean eof;
  private boolean closed;

  DecodingInputStream(InputStream in, ContentDecoder decoder) {
    this.in = in;
    this.decoder = decoder;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    if (closed) {
      throw new IOException("stream closed");
    }
    while (true) {
      int n;
      try {
        n = decoder.read(b, off, len);
      } catch (JsonReadException e) {
        decoder.end();
        throw e;
      }
      if (n > 0) {
        return n;
      }
      if (eof) {
        decoder.finish();
        decoder.end();
        return -1;
      }
      int r = in.read(piece, 0, piece.length);
      if (r < 0) {
        eof = true;
      } else {
        decoder.feed(ByteBuffer.wrap(piece, 0, r));
      }
    }
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      decoder.end();
      in.close();
    }
  }
}
