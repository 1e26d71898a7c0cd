package dev.httpjson.gson;

import java.io.IOException;
import java.io.Reader;

/**
 * The input as Gson reads it, keeping the last {@value #KEPT} characters and the line count, so
 * that a failure Gson words as advice ("use lenient mode") can say which character was wrong: Gson
 * reports a line and column, and this finds the characters there.
 */
final class RecentChars extends Reader {
  /** More than Gson's read-ahead buffer (1024 characters). */
  private static final int KEPT = 4096;

  private final Reader in;
  private final char[] ring = new char[KEPT];

  /** Characters delivered so far. */
  private long count;

  /** Newlines delivered so far, and the offset just after the last of them. */
  private long lines;

  private long lastLineStart;

  /** The offset where the line before the last one starts (Gson may stop just before a newline). */
  private long previousLineStart;

  /** The offsets of the last {@value #KEPT_NEWLINES} newlines, by newline number. */
  private final long[] newlines = new long[KEPT_NEWLINES];

  private static final int KEPT_NEWLINES = 1024;

  RecentChars(Reader in) {
    this.in = in;
  }

  @Override
  public int read(char[] b, int off, int len) throws IOException {
    int n = in.read(b, off, len);
    for (int i = 0; i < n; i++) {
      char c = b[off + i];
      ring[(int) (count % KEPT)] = c;
      count++;
      if (c == '\n') {
        newlines[(int) (lines % KEPT_NEWLINES)] = count - 1;
        lines++;
        previousLineStart = lastLineStart;
        lastLineStart = count;
      }
    }
    return n;
  }

  /**
   * The character at a 1-based line and column, if it is still kept.
   *
   * @return the character, or -1
   */
  int at(long line, long column) {
    long lineStart;
    if (line == lines + 1) {
      lineStart = lastLineStart;
    } else if (line == lines) {
      lineStart = previousLineStart;
    } else {
      return -1;
    }
    long offset = lineStart + column - 1;
    if (column < 1 || offset >= count || offset < count - KEPT) {
      return -1;
    }
    return ring[(int) (offset % KEPT)];
  }

  /**
   * The offset of a 1-based line and column, if the line's start is still known.
   *
   * @return the offset, or -1
   */
  long offset(long line, long column) {
    if (line < 1 || line > lines + 1 || line - 1 < lines - KEPT_NEWLINES) {
      return -1;
    }
    long lineStart = line == 1 ? 0 : newlines[(int) ((line - 2) % KEPT_NEWLINES)] + 1;
    return lineStart + column - 1;
  }

  /** {@return the character at an offset, or -1 if it is not (or no longer) kept} */
  int charAt(long offset) {
    if (offset < 0 || offset >= count || offset < count - KEPT) {
      return -1;
    }
    return ring[(int) (offset % KEPT)];
  }

  /** {@return the characters delivered so far} */
  long count() {
    return count;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
