package dev.httpjson.contract;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import mockwebserver3.MockResponse;
import okio.Buffer;

/** Compressed bodies for the compression rows: gzip, zlib-wrapped deflate and raw deflate. */
public final class Compressed {
  private Compressed() {}

  /** The encodings the rows run with: the {@code Content-Encoding} value and how to make it. */
  public enum Coding {
    GZIP("gzip"),
    DEFLATE("deflate"),
    RAW_DEFLATE("deflate");

    /** The {@code Content-Encoding} value. */
    public final String header;

    Coding(String header) {
      this.header = header;
    }

    /** {@code body} encoded. */
    public byte[] encode(byte[] body) {
      switch (this) {
        case GZIP:
          return gzip(body);
        case DEFLATE:
          return deflate(body, false);
        default:
          return deflate(body, true);
      }
    }

    /** {@code body} encoded. */
    public byte[] encode(String body) {
      return encode(body.getBytes(StandardCharsets.UTF_8));
    }
  }

  public static byte[] gzip(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** {@code body} decoded from gzip: every member, as a server that accepts gzip reads it. */
  public static byte[] gunzip(byte[] body) {
    try (java.util.zip.GZIPInputStream in =
        new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(body))) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code body} in gzip's stored blocks: no compression, so a little longer than the body. */
  public static byte[] gzipStored(String body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz =
        new GZIPOutputStream(out) {
          {
            def.setLevel(Deflater.NO_COMPRESSION);
          }
        }) {
      gz.write(body.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  public static byte[] gzip(String body) {
    return gzip(body.getBytes(StandardCharsets.UTF_8));
  }

  public static byte[] deflate(byte[] body, boolean raw) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, raw);
    try (OutputStream d = new DeflaterOutputStream(out, deflater)) {
      d.write(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      deflater.end();
    }
    return out.toByteArray();
  }

  /** A response with {@code body} as sent, under {@code Content-Encoding: encoding}. */
  public static MockResponse response(int code, String contentType, String encoding, byte[] body) {
    return new MockResponse.Builder()
        .code(code)
        .addHeader("Content-Type", contentType)
        .addHeader("Content-Encoding", encoding)
        .body(new Buffer().write(body))
        .build();
  }

  /** A JSON response encoded with {@code coding}. */
  public static MockResponse json(int code, Coding coding, String json) {
    return response(code, "application/json", coding.header, coding.encode(json));
  }

  /**
   * A gzip bomb: a JSON array of one object whose {@code displayName} is a string of {@code
   * decodedBytes} letters, compressed at the highest level — about a thousandth of its size (64 MB
   * in about 64 KB).
   */
  public static byte[] gzipBomb(long decodedBytes) {
    byte[] block = new byte[64 * 1024];
    java.util.Arrays.fill(block, (byte) 'a');
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz =
        new GZIPOutputStream(out, 64 * 1024) {
          {
            def.setLevel(Deflater.BEST_COMPRESSION);
          }
        }) {
      gz.write("[{\"displayName\":\"".getBytes(StandardCharsets.UTF_8));
      for (long written = 0; written < decodedBytes; written += block.length) {
        gz.write(block);
      }
      gz.write("\"}]".getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
