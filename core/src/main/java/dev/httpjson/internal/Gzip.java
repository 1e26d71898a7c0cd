package dev.httpjson.internal;

import java.io.ByteArrayOutputStream;
import java.util.function.Supplier;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.jspecify.annotations.Nullable;

/**
 * gzip (RFC 1952) for request bodies: a whole buffered body at once, or a streamed one chunk by
 * chunk. Each member has a deflater of its own, ended (its native memory freed) when the member is
 * finished or given up, as {@code GZIPOutputStream} does: nothing is kept between bodies.
 */
public final class Gzip {
  /** The {@code Content-Encoding} of a body compressed here. */
  public static final String CODING = "gzip";

  /** Header: magic, CM=deflate, no flags, no mtime, XFL=0, OS=unknown. */
  private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};

  private Gzip() {}

  /** {@code body} as one gzip member. */
  public static byte[] compress(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(body.length / 2 + 64);
    try (Stream gzip = new Stream()) {
      gzip.write(body, 0, body.length, out, false);
      gzip.finish(out);
    }
    return out.toByteArray();
  }

  /**
   * One gzip member written in pieces: the header before the first bytes, each piece deflated as it
   * comes (flushed, so that a chunk on the wire never waits for the next), the trailer at {@link
   * #finish}.
   */
  public static final class Stream implements AutoCloseable {
    private final Supplier<Deflater> deflaters;
    private final CRC32 crc = new CRC32();
    private final byte[] buffer = new byte[8192];
    private @Nullable Deflater deflater;
    private boolean headerWritten;
    private long size;

    /** A member written with a new deflater of the default level, made at the first bytes. */
    public Stream() {
      this(() -> new Deflater(Deflater.DEFAULT_COMPRESSION, true));
    }

    Stream(Supplier<Deflater> deflaters) {
      this.deflaters = deflaters;
    }

    private Deflater deflater() {
      Deflater d = deflater;
      if (d == null) {
        d = deflaters.get();
        deflater = d;
      }
      return d;
    }

    /** Deflates {@code bytes} into {@code out}; with {@code flush}, all of it comes out now. */
    public void write(
        byte[] bytes, int offset, int length, ByteArrayOutputStream out, boolean flush) {
      header(out);
      Deflater d = deflater();
      crc.update(bytes, offset, length);
      size += length;
      d.setInput(bytes, offset, length);
      while (!d.needsInput()) {
        int n = d.deflate(buffer, 0, buffer.length, Deflater.NO_FLUSH);
        out.write(buffer, 0, n);
      }
      if (flush) {
        int n;
        do {
          n = d.deflate(buffer, 0, buffer.length, Deflater.SYNC_FLUSH);
          out.write(buffer, 0, n);
        } while (n == buffer.length);
      }
    }

    /** Ends the member: what the deflater still holds, then the CRC and the size. */
    public void finish(ByteArrayOutputStream out) {
      header(out);
      Deflater d = deflater();
      d.finish();
      while (!d.finished()) {
        int n = d.deflate(buffer);
        out.write(buffer, 0, n);
      }
      int c = (int) crc.getValue();
      int n = (int) size; // modulo 2^32
      byte[] trailer = {
        (byte) c, (byte) (c >>> 8), (byte) (c >>> 16), (byte) (c >>> 24),
        (byte) n, (byte) (n >>> 8), (byte) (n >>> 16), (byte) (n >>> 24)
      };
      out.write(trailer, 0, trailer.length);
      close();
    }

    private void header(ByteArrayOutputStream out) {
      if (!headerWritten) {
        headerWritten = true;
        out.write(HEADER, 0, HEADER.length);
      }
    }

    /** Ends the deflater, freeing its native memory; idempotent. */
    @Override
    public void close() {
      Deflater d = deflater;
      if (d != null) {
        deflater = null;
        d.end();
      }
    }
  }
}
