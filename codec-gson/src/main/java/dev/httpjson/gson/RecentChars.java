package dev.httpjson.gson;

import java.io.IOException;
import java.io.Reader;

/**
 * The input as Gson reads it, keeping the last {@value #KEPT} characters and the line count, so
 * that a failure Gson words as advice ("use lenient mode") can say which character was wrong: Gson
 * reports a line and column, and this finds the characters there.
 *
 * <p>It also finds, as the characters pass, the first place where a string breaks a rule that
 * Gson's strict mode checks and its legacy strict mode does not (a raw control character, the
 * escapes {@code \'} and of a line feed): {@link LimitedJsonReader} reads a string value in the
 * legacy mode, which takes a lone surrogate escape, and refuses the string if it holds that place.
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

  /** Where the characters delivered last are: outside a string, in one, just after a backslash. */
  private int lexing;

  private static final int OUTSIDE = 0;
  private static final int IN_STRING = 1;
  private static final int ESCAPE = 2;

  /** The offset of the first character that breaks a strict string rule, or -1. */
  private long strictViolation = -1;

  private long violationLine;
  private long violationColumn;
  private String violationProblem = "";

  RecentChars(Reader in) {
    this.in = in;
  }

  @Override
  public int read(char[] b, int off, int len) throws IOException {
    int n = in.read(b, off, len);
    for (int i = 0; i < n; i++) {
      char c = b[off + i];
      ring[(int) (count % KEPT)] = c;
      if (lexing != OUTSIDE || c == '"') {
        lex(c);
      }
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

  /** One more character of the JSON text, at offset {@link #count}. */
  private void lex(char c) {
    switch (lexing) {
      case OUTSIDE:
        lexing = IN_STRING; // c is a quote
        break;
      case IN_STRING:
        if (c == '"') {
          lexing = OUTSIDE;
        } else if (c == '\\') {
          lexing = ESCAPE;
        } else if (c < 0x20) {
          violation(
              "Unescaped control characters (\\u0000-\\u001F) are not allowed in strict mode", 0);
        }
        break;
      default:
        // The letter of an escape; a \\u escape's hex digits are plain characters of the string.
        lexing = IN_STRING;
        if (c == '\'') {
          violation("Invalid escaped character \"'\" in strict mode", 1);
        } else if (c == '\n') {
          violation("Cannot escape a newline character in strict mode", 1);
        }
        break;
    }
  }

  /**
   * The first violation is kept: its column is the character's, or {@code after} it (an escape's
   * letter, where Gson's strict mode stands when it refuses one).
   */
  private void violation(String problem, int after) {
    if (strictViolation < 0) {
      strictViolation = count;
      violationLine = lines + 1;
      violationColumn = count - lastLineStart + 1 + after;
      violationProblem = problem;
    }
  }

  /**
   * {@return the offset of the first character inside a string that Gson's strict mode refuses and
   * its legacy strict mode takes, or -1}
   */
  long strictViolation() {
    return strictViolation;
  }

  /** {@return the 1-based line of {@link #strictViolation()}} */
  long violationLine() {
    return violationLine;
  }

  /** {@return the 1-based column of {@link #strictViolation()}} */
  long violationColumn() {
    return violationColumn;
  }

  /** {@return what is wrong at {@link #strictViolation()}, in Gson's strict mode's words} */
  String violationProblem() {
    return violationProblem;
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
