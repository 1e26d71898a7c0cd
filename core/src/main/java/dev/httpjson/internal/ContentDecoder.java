package dev.httpjson.internal;

import dev.httpjson.JsonReadException;
import java.net.http.HttpHeaders;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.jspecify.annotations.Nullable;

/**
 * Decodes a {@code gzip} or {@code deflate} body incrementally, as its bytes arrive: {@link #feed}
 * a piece of the compressed body, {@link #read} decoded bytes until it returns 0, feed the next
 * piece, and call {@link #finish} at the end.
 */
public final class ContentDecoder {
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  private static final int GZIP_HEADER = 0;
  private static final int GZIP_EXTRA_LENGTH = 1;
  private static final int GZIP_EXTRA = 2;
  private static final int GZIP_NAME = 3;
  private static final int GZIP_COMMENT = 4;
  private static final int GZIP_HEADER_CRC = 5;
  private static final int BODY = 6;
  private static final int GZIP_TRAILER = 7;
  private static final int GZIP_MEMBER_END = 8;
  private static final int DEFLATE_START = 9;
  private static final int DEFLATE_END = 10;

  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;

  private final boolean gzip;
  private final CRC32 crc = new CRC32();
  private final CRC32 headerCrc = new CRC32();
  private final byte[] field = new byte[10];
  private @Nullable Inflater inflater;
  private ByteBuffer input = EMPTY;
  private int state;
  private int fieldLength;
  private int flags;
  private int skip;
  private long fed;
  private long memberSize;

  private ContentDecoder(boolean gzip) {
    this.gzip = gzip;
    this.state = gzip ? GZIP_HEADER : DEFLATE_START;
  }

  /** The supported codings, for messages. */
  public static final String SUPPORTED = "gzip and deflate";

  /**
   * The one coding to decode for a response's {@code Content-Encoding}, every line of it: {@code
   * null} when there is none ({@code identity} entries are no coding), else {@code "gzip"} or
   * {@code "deflate"}.
   */
  public static @Nullable String coding(HttpHeaders headers) throws JsonReadException {
    List<String> lines = headers.allValues("Content-Encoding");
    if (lines.isEmpty()) {
      return null;
    }
    // A field sent on several lines is one list (RFC 9110 section 5.3): "gzip" and "gzip" on two
    // lines are gzip applied twice, never the first line alone.
    String value = lines.size() == 1 ? lines.get(0) : String.join(", ", lines);
    String found = null;
    int count = 0;
    for (String part : value.split(",", -1)) {
      String coding = part.trim().toLowerCase(Locale.ROOT);
      if (coding.isEmpty() || coding.equals("identity")) {
        continue;
      }
      count++;
      found = coding;
    }
    if (found == null) {
      return null;
    }
    if (count > 1) {
      throw failure(
          "Unsupported Content-Encoding '"
              + value.trim()
              + "': more than one coding applied in turn; httpjson decodes one, "
              + SUPPORTED);
    }
    switch (found) {
      case "gzip":
      case "x-gzip":
        return "gzip";
      case "deflate":
        return "deflate";
      default:
        throw failure(
            "Unsupported Content-Encoding '"
                + value.trim()
                + "': httpjson decodes "
                + SUPPORTED
                + (found.equals("br") ? " (brotli has no well-kept pure-Java decoder)" : ""));
    }
  }

  /** A decoder for {@code coding}, as returned by {@link #coding}. */
  public static ContentDecoder of(String coding) {
    return new ContentDecoder(coding.equals("gzip"));
  }

  /** The headers a decoded body goes with: without the compressed form's encoding and length. */
  public static HttpHeaders decodedHeaders(HttpHeaders headers) {
    return HttpHeaders.of(
        headers.map(),
        (name, v) ->
            !name.equalsIgnoreCase("Content-Encoding") && !name.equalsIgnoreCase("Content-Length"));
  }

  /** Takes the next piece of the body; call only after {@link #read} returned 0. */
  public void feed(ByteBuffer piece) {
    fed += piece.remaining();
    input = piece;
  }

  /** Decodes into {@code out}: the number of bytes written, or 0 when the piece fed is used up. */
  public int read(byte[] out, int off, int len) throws JsonReadException {
    while (true) {
      switch (state) {
        case GZIP_HEADER:
          if (!fill(10, true)) {
            return 0;
          }
          if ((field[0] & 0xff) != 0x1f || (field[1] & 0xff) != 0x8b) {
            throw notGzip();
          }
          if (field[2] != 8) {
            throw malformed("unknown compression method " + (field[2] & 0xff));
          }
          flags = field[3] & 0xff;
          if ((flags & 0xe0) != 0) {
            throw malformed("reserved header flags set (0x" + Integer.toHexString(flags) + ")");
          }
          fieldLength = 0;
          state = (flags & FEXTRA) != 0 ? GZIP_EXTRA_LENGTH : GZIP_NAME;
          break;
        case GZIP_EXTRA_LENGTH:
          if (!fill(2, true)) {
            return 0;
          }
          skip = (field[0] & 0xff) | (field[1] & 0xff) << 8;
          fieldLength = 0;
          state = GZIP_EXTRA;
          break;
        case GZIP_EXTRA:
          while (skip > 0 && input.hasRemaining()) {
            headerCrc.update(input.get());
            skip--;
          }
          if (skip > 0) {
            return 0;
          }
          state = GZIP_NAME;
          break;
        case GZIP_NAME:
          if ((flags & FNAME) != 0 && !skipZeroTerminated()) {
            return 0;
          }
          state = GZIP_COMMENT;
          break;
        case GZIP_COMMENT:
          if ((flags & FCOMMENT) != 0 && !skipZeroTerminated()) {
            return 0;
          }
          state = GZIP_HEADER_CRC;
          fieldLength = 0;
          break;
        case GZIP_HEADER_CRC:
          if ((flags & FHCRC) != 0) {
            if (!fill(2, false)) {
              return 0;
            }
            int expected = (field[0] & 0xff) | (field[1] & 0xff) << 8;
            if (expected != (int) (headerCrc.getValue() & 0xffff)) {
              throw malformed("header CRC mismatch");
            }
          }
          startBody(true);
          break;
        case DEFLATE_START:
          if (!fill(2, false)) {
            return 0;
          }
          int cmf = field[0] & 0xff;
          int flg = field[1] & 0xff;
          boolean zlib = (cmf & 0x0f) == 8 && (cmf >> 4) <= 7 && ((cmf << 8) | flg) % 31 == 0;
          startBody(!zlib);
          inflater().setInput(field, 0, 2);
          break;
        case BODY:
          Inflater inf = inflater();
          int n;
          try {
            n = inf.inflate(out, off, len);
          } catch (DataFormatException e) {
            throw malformed(e.getMessage() != null ? e.getMessage() : "invalid compressed data");
          }
          if (n > 0) {
            if (gzip) {
              crc.update(out, off, n);
            }
            memberSize += n;
            return n;
          }
          if (inf.finished()) {
            if (inf.getRemaining() > 0 && !input.hasRemaining()) {
              throw trailing(); // the inflater finished within the two sniffed bytes
            }
            fieldLength = 0;
            state = gzip ? GZIP_TRAILER : DEFLATE_END;
            break;
          }
          if (inf.needsDictionary()) {
            throw malformed("a preset dictionary is required");
          }
          if (!input.hasRemaining()) {
            return 0;
          }
          inf.setInput(input);
          break;
        case GZIP_TRAILER:
          if (!fill(8, false)) {
            return 0;
          }
          if (le32(0) != (int) crc.getValue()) {
            throw malformed("CRC-32 mismatch: the decoded data is corrupt");
          }
          if (le32(4) != (int) memberSize) {
            throw malformed("length mismatch: the trailer does not match the decoded size");
          }
          state = GZIP_MEMBER_END;
          break;
        case GZIP_MEMBER_END:
          if (!input.hasRemaining()) {
            return 0;
          }
          if ((input.get(input.position()) & 0xff) != 0x1f) {
            throw trailing();
          }
          headerCrc.reset();
          fieldLength = 0;
          state = GZIP_HEADER;
          break;
        case DEFLATE_END:
          if (input.hasRemaining()) {
            throw trailing();
          }
          return 0;
        default:
          throw new IllegalStateException("state " + state);
      }
    }
  }

  /**
   * Checks that the body ended where its coding ends; call once {@link #read} returned 0 after the
   * last piece.
   */
  public void finish() throws JsonReadException {
    if (fed == 0 || state == GZIP_MEMBER_END || state == DEFLATE_END) {
      return;
    }
    throw malformed("the body ended early, after " + fed + " bytes (truncated)");
  }

  /** Releases the inflater; idempotent. */
  public void end() {
    Inflater inf = inflater;
    if (inf != null) {
      inflater = null;
      inf.end();
    }
  }

  private void startBody(boolean raw) {
    Inflater inf = inflater;
    if (inf == null) {
      inflater = new Inflater(raw);
    } else {
      inf.reset();
    }
    crc.reset();
    memberSize = 0;
    state = BODY;
  }

  private Inflater inflater() {
    Inflater inf = inflater;
    if (inf == null) {
      throw new IllegalStateException("decoder ended");
    }
    return inf;
  }

  private boolean fill(int n, boolean header) {
    while (fieldLength < n && input.hasRemaining()) {
      byte b = input.get();
      if (header) {
        headerCrc.update(b);
      }
      field[fieldLength++] = b;
    }
    return fieldLength == n;
  }

  private boolean skipZeroTerminated() {
    while (input.hasRemaining()) {
      byte b = input.get();
      headerCrc.update(b);
      if (b == 0) {
        return true;
      }
    }
    return false;
  }

  private int le32(int at) {
    return (field[at] & 0xff)
        | (field[at + 1] & 0xff) << 8
        | (field[at + 2] & 0xff) << 16
        | (field[at + 3] & 0xff) << 24;
  }

  private JsonReadException notGzip() {
    int first = field[0] & 0xff;
    boolean plain = first == '{' || first == '[' || first == '"' || first <= ' ';
    return malformed(
        "not gzip data (it starts with 0x"
            + String.format(Locale.ROOT, "%02x", first)
            + (plain ? ", which looks like an uncompressed body" : "")
            + ")");
  }

  private JsonReadException trailing() {
    return malformed("unexpected bytes after the end of the compressed data");
  }

  private JsonReadException malformed(String what) {
    return failure(
        "Malformed "
            + (gzip ? "gzip" : "deflate")
            + " body (Content-Encoding: "
            + (gzip ? "gzip" : "deflate")
            + "): "
            + what);
  }

  private static JsonReadException failure(String message) {
    return new JsonReadException(message, -1, -1, "$", null);
  }
}
