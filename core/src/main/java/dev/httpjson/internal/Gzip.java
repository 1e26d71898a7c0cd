package dev.httpjson.internal;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.jspecify.annotations.Nullable;

/**
 * gzip (RFC 1952) for request bodies: a whole buffered body at once, or a streamed one chunk by
 * chunk. {@link Deflater}s hold native memory and are slow to create, so they are borrowed from a
 * small pool and {@linkplain Deflater#reset() reset} when given back; one the pool has no room for
 * is {@linkplain Deflater#end() ended} at once.
 */
public final class Gzip {
  /** The {@code Content-Encoding} of a body compressed here. */
  public static final String CODING = "gzip";

  /** Header: magic, CM=deflate, no flags, no mtime, XFL=0, OS=unknown. */
  private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};

  /** Trailer: CRC-32 and the uncompressed size modulo 2^32. */
  private static final int TRAILER_LENGTH = 8;

  /** Deflaters at rest: enough for the cores compressing at once, few enough to cost little. */
  private static final ArrayBlockingQueue<Deflater> POOL =
      new ArrayBlockingQueue<>(Math.max(2, Runtime.getRuntime().availableProcessors()));

  private Gzip() {}

  /**
   * {@code body} as one gzip member, deflated in one pass into one array: the header, deflate's
   * output and the trailer, copied once to its exact length.
   */
  public static byte[] compress(byte[] body) {
    // Deflate's worst case (stored blocks: 5 bytes per 16 KiB block and the stream's end) + room.
    int bound = body.length + 5 * (body.length / 16_383 + 1) + 16;
    byte[] out = new byte[HEADER.length + bound + TRAILER_LENGTH];
    System.arraycopy(HEADER, 0, out, 0, HEADER.length);
    int at = HEADER.length;
    Deflater d = borrow();
    try {
      d.setInput(body);
      d.finish();
      while (!d.finished()) {
        if (at == out.length - TRAILER_LENGTH) {
          out = Arrays.copyOf(out, out.length * 2);
        }
        at += d.deflate(out, at, out.length - TRAILER_LENGTH - at);
      }
    } finally {
      giveBack(d);
    }
    CRC32 crc = new CRC32();
    crc.update(body, 0, body.length);
    trailer(out, at, (int) crc.getValue(), body.length);
    return Arrays.copyOf(out, at + TRAILER_LENGTH);
  }

  /** The gzip trailer, CRC-32 then ISIZE, little-endian, at {@code at}. */
  private static void trailer(byte[] out, int at, int crc, int size) {
    out[at] = (byte) crc;
    out[at + 1] = (byte) (crc >>> 8);
    out[at + 2] = (byte) (crc >>> 16);
    out[at + 3] = (byte) (crc >>> 24);
    out[at + 4] = (byte) size;
    out[at + 5] = (byte) (size >>> 8);
    out[at + 6] = (byte) (size >>> 16);
    out[at + 7] = (byte) (size >>> 24);
  }

  /** How many deflaters wait in the pool. */
  static int idle() {
    return POOL.size();
  }

  static Deflater borrow() {
    Deflater d = POOL.poll();
    return d != null ? d : new Deflater(Deflater.DEFAULT_COMPRESSION, true);
  }

  static void giveBack(Deflater d) {
    d.reset();
    if (!POOL.offer(d)) {
      d.end();
    }
  }

  /**
   * One gzip member written in pieces: the header before the first bytes, each piece deflated as it
   * comes (flushed, so that a chunk on the wire never waits for the next), the trailer at {@link
   * #finish}. {@link #close()} gives its deflater back; call it on every path, also after a failure
   * or a cancel.
   */
  public static final class Stream implements AutoCloseable {
    private final CRC32 crc = new CRC32();
    private final byte[] buffer = new byte[8192];
    private @Nullable Deflater deflater;
    private boolean headerWritten;
    private long size;

    private Deflater deflater() {
      Deflater d = deflater;
      if (d == null) {
        d = borrow();
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
      byte[] t = new byte[TRAILER_LENGTH];
      trailer(t, 0, (int) crc.getValue(), (int) size);
      out.write(t, 0, TRAILER_LENGTH);
      close();
    }

    private void header(ByteArrayOutputStream out) {
      if (!headerWritten) {
        headerWritten = true;
        out.write(HEADER, 0, HEADER.length);
      }
    }

    /** Gives the deflater back; idempotent. */
    @Override
    public void close() {
      Deflater d = deflater;
      if (d != null) {
        deflater = null;
        giveBack(d);
      }
    }
  }
}
