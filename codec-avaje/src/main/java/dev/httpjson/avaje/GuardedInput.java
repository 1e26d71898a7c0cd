package dev.httpjson.avaje;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The input as avaje's parser reads it: each chunk checked by a {@link Guard}, and cut where the
 * guard found a problem (the parser then sees the end of the input there).
 *
 * <p>A prompt input (for sequences) also hands each element over as soon as its bytes have arrived.
 * avaje's parser fills its whole buffer before it parses (it reads until the buffer is full or the
 * input ends, and takes a short fill for the end), so a stream that has delivered an element but
 * not the next would hold the element back until the next one arrives. When nothing more is
 * available, the guard says the bytes so far end between elements, and the parser still holds bytes
 * it has not parsed, the rest of its buffer is filled with spaces, which JSON ignores there.
 * Positions the parser reports count those spaces: {@link #realOffset} takes them out.
 */
final class GuardedInput extends BlockInput {
  /** How many padded stretches are remembered for {@link #realOffset}. */
  private static final int KEPT_PADS = 1024;

  private final InputStream in;
  private final Guard guard;
  private final boolean prompt;
  private boolean cut;

  /** The ',' after a top-level number that ends the input has been handed over. */
  private boolean commaAtEnd;

  /** Bytes handed to the parser, spaces included, and the spaces among them. */
  private long delivered;

  private long padded;

  /**
   * Fills of spaces since the last input byte (at most two: see {@link #read(byte[], int, int)}).
   */
  private int padsInARow;

  /** The last {@value #KEPT_PADS} stretches of spaces: where each starts, as delivered. */
  private long[] padStarts = new long[0];

  private long[] padLengths = new long[0];
  private long pads;

  GuardedInput(InputStream in, Guard guard) {
    this(in, guard, false);
  }

  GuardedInput(InputStream in, Guard guard, boolean prompt) {
    this.in = in;
    this.guard = guard;
    this.prompt = prompt;
  }

  /**
   * Reads input bytes; a prompt input may instead fill the request with spaces. avaje's parser
   * reads into its buffer at {@code off}, after the bytes it keeps unparsed: {@code off > 0} means
   * it holds bytes it has not parsed yet. Two fills in a row at most: the second one moves an
   * element's end that fell into the parser's reserve at the end of its buffer (the 38 bytes it
   * reads only after a refill) to the front; a third would only spin.
   */
  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (cut) {
      return -1;
    }
    if (len == 0) {
      return 0;
    }
    if (prompt && off > 0 && padsInARow < 2 && guard.betweenElements() && in.available() <= 0) {
      Arrays.fill(b, off, off + len, (byte) ' ');
      remember(len);
      padsInARow++;
      delivered += len;
      padded += len;
      return len;
    }
    int n = in.read(b, off, len);
    if (n < 0) {
      guard.finish(); // the end of the input: nothing may be left open
      if (!commaAtEnd && guard.needsCommaAtEnd()) {
        commaAtEnd = true; // the parser finds a number's end at a ',' only
        b[off] = ',';
        delivered++;
        return 1;
      }
    }
    if (n <= 0) {
      return n;
    }
    int allowed = guard.scan(b, off, n);
    if (allowed < n) {
      cut = true;
      n = allowed;
      if (n == 0) {
        return -1;
      }
    }
    padsInARow = 0;
    delivered += n;
    return n;
  }

  private void remember(long length) {
    if (padStarts.length == 0) {
      padStarts = new long[KEPT_PADS];
      padLengths = new long[KEPT_PADS];
    }
    int i = (int) (pads % KEPT_PADS);
    padStarts[i] = delivered;
    padLengths[i] = length;
    pads++;
  }

  /**
   * The offset in the input of an offset the parser reports (which counts the spaces a prompt input
   * added); -1 if it is too far back to tell, or unknown.
   */
  long realOffset(long parserOffset) {
    if (parserOffset < 0 || pads == 0) {
      return parserOffset;
    }
    long spaces = padded;
    for (long k = pads - 1; k >= Math.max(0, pads - KEPT_PADS); k--) {
      int i = (int) (k % KEPT_PADS);
      long start = padStarts[i];
      long length = padLengths[i];
      spaces -= length;
      if (parserOffset >= start + length) {
        return parserOffset - spaces - length;
      }
      if (parserOffset >= start) {
        return start - spaces; // inside the spaces: where the input resumes
      }
    }
    return pads > KEPT_PADS ? -1 : parserOffset;
  }

  /**
   * Reads what is left of the input, through the guard: whitespace to the end, or the first content
   * after the value (which the guard records).
   */
  void drain() throws IOException {
    byte[] buffer = new byte[512];
    while (!cut && read(buffer, 0, buffer.length) >= 0) {
      // the guard looks at each chunk
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
