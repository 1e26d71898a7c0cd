package dev.httpjson.internal;

import dev.httpjson.JsonReadException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import org.jspecify.annotations.Nullable;

/**
 * A compressed body's stream, decoded as it is read: each read takes what the body has (blocking
 * only when nothing is decodable yet), so streamed elements arrive as their bytes do.
 */
public final class DecodingInputStream extends BlockInputStream {
  private final InputStream in;
  private final ContentDecoder decoder;
  private final byte[] piece = new byte[8192];
  private boolean eof;
  private long wire;
  private boolean closed; // guarded by this, with readers
  private int readers;
  private @Nullable JsonReadException failure;

  public DecodingInputStream(InputStream in, ContentDecoder decoder) {
    this.in = in;
    this.decoder = decoder;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    synchronized (this) {
      if (closed) {
        throw new IOException("stream closed");
      }
      readers++;
    }
    try {
      return decode(b, off, len);
    } finally {
      // A close from another thread (a stream's deadline) while this read ran leaves the
      // inflater to the last reader: ending it under a running inflate would fail that read.
      synchronized (this) {
        if (--readers == 0 && closed) {
          decoder.end();
        }
      }
    }
  }

  private int decode(byte[] b, int off, int len) throws IOException {
    if (failure != null) {
      throw failure;
    }
    try {
      return inflate(b, off, len);
    } catch (JsonReadException e) {
      failure = e; // every later read fails alike
      decoder.end();
      throw e;
    }
  }

  private int inflate(byte[] b, int off, int len) throws IOException {
    while (true) {
      int n = decoder.read(b, off, len);
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
        wire += r;
        decoder.feed(ByteBuffer.wrap(piece, 0, r));
      }
    }
  }

  /** The compressed bytes read from the body so far. */
  public long wire() {
    return wire;
  }

  @Override
  public void close() throws IOException {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      if (readers == 0) {
        decoder.end();
      }
    }
    in.close();
  }
}
