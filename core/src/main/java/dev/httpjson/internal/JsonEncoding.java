package dev.httpjson.internal;

import dev.httpjson.JsonWriteException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Arrays;

/**
 * Encoding JSON text a codec wrote into the bytes of a request body's charset, and folding an
 * indented value onto one line. A character the charset cannot encode is written as a JSON escape,
 * not {@code ?}: outside ASCII it is always inside a string.
 */
public final class JsonEncoding {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private JsonEncoding() {}

  /** The encoder for a request body in {@code charset} (see {@link MediaTypes#writingCharset}). */
  public static CharsetEncoder encoder(Charset charset) {
    return MediaTypes.writingCharset(charset)
        .newEncoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
  }

  /** {@code json} encoded with {@code charset}, unmappable characters escaped. */
  public static byte[] encode(CharSequence json, Charset charset) throws JsonWriteException {
    return encode(json, encoder(charset));
  }

  /** {@code json} encoded with {@code encoder} (reset first), unmappable characters escaped. */
  public static byte[] encode(CharSequence json, CharsetEncoder encoder) throws JsonWriteException {
    encoder.reset();
    CharBuffer in = CharBuffer.wrap(json);
    long estimate = (long) (json.length() * (double) encoder.averageBytesPerChar()) + 16;
    ByteBuffer out = ByteBuffer.allocate((int) Math.min(estimate, BufferingSubscriber.MAX_ARRAY));
    CharBuffer escape = CharBuffer.allocate(6);
    while (true) {
      CoderResult result = encoder.encode(in, out, false);
      if (result.isOverflow()) {
        out = grow(out);
      } else if (result.isError()) {
        for (int i = result.length(); i > 0; i--) {
          out = escape(in.get(), encoder, escape, out);
        }
      } else {
        // Underflow: everything is encoded, but for a high surrogate the encoder keeps back
        // waiting for its pair; none follows, so it is unpaired.
        while (in.hasRemaining()) {
          out = escape(in.get(), encoder, escape, out);
        }
        break;
      }
    }
    while (encoder.encode(in, out, true).isOverflow()) {
      out = grow(out);
    }
    while (encoder.flush(out).isOverflow()) {
      out = grow(out);
    }
    return Arrays.copyOf(out.array(), out.position());
  }

  private static ByteBuffer escape(
      char c, CharsetEncoder encoder, CharBuffer escape, ByteBuffer out) throws JsonWriteException {
    if (c < 0x80) {
      // Outside a string an escape would change the JSON; ASCII can be anywhere.
      throw unencodable(c, encoder);
    }
    escape.clear();
    escape.put('\\').put('u').put(HEX[c >> 12]).put(HEX[(c >> 8) & 15]);
    escape.put(HEX[(c >> 4) & 15]).put(HEX[c & 15]).flip();
    while (true) {
      CoderResult result = encoder.encode(escape, out, false);
      if (result.isOverflow()) {
        out = grow(out);
      } else if (result.isError()) {
        throw unencodable(c, encoder);
      } else {
        return out;
      }
    }
  }

  private static JsonWriteException unencodable(char c, CharsetEncoder encoder) {
    return new JsonWriteException(
        String.format(
            "Cannot write U+%04X in the request body's charset %s, not even as a JSON escape",
            (int) c, encoder.charset().name()),
        "$",
        null);
  }

  private static ByteBuffer grow(ByteBuffer out) throws JsonWriteException {
    if (out.capacity() >= BufferingSubscriber.MAX_ARRAY) {
      throw new JsonWriteException("Request body too large to encode", "$", null);
    }
    int capacity = (int) Math.min((long) out.capacity() * 2 + 16, BufferingSubscriber.MAX_ARRAY);
    ByteBuffer bigger = ByteBuffer.allocate(capacity);
    out.flip();
    return bigger.put(out);
  }

  /** {@code json} (UTF-8) on one line: every line break removed with the indentation after it. */
  public static byte[] oneLine(byte[] json) {
    int n = json.length;
    int first = 0;
    while (first < n && json[first] != '\n' && json[first] != '\r') {
      first++;
    }
    if (first == n) {
      return json;
    }
    byte[] out = new byte[n];
    System.arraycopy(json, 0, out, 0, first);
    int size = first;
    for (int i = first; i < n; i++) {
      byte b = json[i];
      if (b == '\n' || b == '\r') {
        while (i + 1 < n && (json[i + 1] == ' ' || json[i + 1] == '\t')) {
          i++;
        }
      } else {
        out[size++] = b;
      }
    }
    return Arrays.copyOf(out, size);
  }

  /** As {@link #oneLine(byte[])}, for characters. */
  public static CharSequence oneLine(CharSequence json) {
    int n = json.length();
    StringBuilder out = null;
    for (int i = 0; i < n; i++) {
      char c = json.charAt(i);
      if (c == '\n' || c == '\r') {
        if (out == null) {
          out = new StringBuilder(n).append(json, 0, i);
        }
        while (i + 1 < n && (json.charAt(i + 1) == ' ' || json.charAt(i + 1) == '\t')) {
          i++;
        }
      } else if (out != null) {
        out.append(c);
      }
    }
    return out == null ? json : out;
  }
}
