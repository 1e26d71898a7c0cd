package dev.httpjson.avaje.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Checks the bytes avaje's parser is about to read for what it does not check itself: httpjson's
 * parser limits (nesting depth, string and number length), well-formed UTF-8, RFC 8259 whitespace
 * and literals, control characters in strings, and content after the value. It does not check the
 * grammar: the parser does, and reports it with its own position.
 *
 * <p>The first problem found is kept as a {@link Violation} at its byte offset; the input is cut
 * just after it, so the parser never reads further, and whatever the parser makes of the cut input
 * is replaced by the violation (see {@code AvajeBinding.readFailure}).
 *
 * <p>One-pass, incremental: {@link #scan} takes the bytes as they arrive. Not thread-safe.
 */
final class Guard {
  private static final int BETWEEN = 0;
  private static final int STRING = 1;
  private static final int ESCAPE = 2;
  private static final int HEX = 3;
  private static final int CONTINUATION = 4;
  private static final int SCALAR = 5;

  /** The longest property name, in characters: the other codecs' parsers' limit (Jackson's). */
  static final int MAX_NAME_LENGTH = 50_000;

  private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
  private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
  private static final byte[] NULL = {'n', 'u', 'l', 'l'};

  private final Limits limits;

  /** One top-level value (else whitespace-separated values: NDJSON). */
  private final boolean single;

  private int state = BETWEEN;
  private long offset;
  private long line = 1;
  private long lineStart;
  private @Nullable Violation violation;

  /** The open arrays and objects: '[' or '{'. */
  private byte[] kinds = new byte[16];

  private int depth;
  private boolean expectKey;
  private boolean valueDone;

  /** In an array or object: a value just ended (a comma or the end must follow). */
  private boolean afterValue;

  /** In an array or object: a comma was the last token (a value must follow). */
  private boolean afterComma;

  private boolean key;
  private long stringLength;
  private int hexLeft;
  private int continuationLeft;

  /** The second byte's range after E0, ED, F0 and F4 (overlongs, surrogates, beyond U+10FFFF). */
  private int continuationMin = 0x80;

  private int continuationMax = 0xBF;

  private long scalarLength;
  private byte @Nullable [] literal;

  /**
   * Recent newline offsets (the last {@value #KEPT_NEWLINES}), for the line of a position behind
   * the frontier; allocated at the first newline.
   */
  private long[] newlines = NO_NEWLINES;

  private static final long[] NO_NEWLINES = {};
  private static final int KEPT_NEWLINES = 1024;

  private long newlineCount;

  Guard(Limits limits, boolean single) {
    this.limits = limits;
    this.single = single;
  }

  /** {@return the first problem found, or null} */
  @Nullable Violation violation() {
    return violation;
  }

  /**
   * Scans {@code length} more bytes of the input.
   *
   * @return how many of them the parser may read: all of them, or those up to and including the
   *     byte of a violation
   */
  int scan(byte[] b, int from, int length) {
    if (violation != null) {
      return 0;
    }
    int end = from + length;
    int i = from;
    while (i < end) {
      int c = b[i] & 0xFF;
      switch (state) {
        case STRING:
          // The common case: a run of plain ASCII, counted at once.
          int run = i;
          while (c >= 0x20 && c != '"' && c != '\\' && c < 0x80 && ++i < end) {
            c = b[i] & 0xFF;
          }
          if (i > run) {
            long before = stringLength;
            stringLength += i - run;
            if (stringLength > stringLimit()) {
              stringLength = stringLimit() + 1L;
              return stop(run + (int) (stringLimit() - before), from, stringTooLong());
            }
          }
          if (i == end) {
            return consumed(end, from);
          }
          if (c == '"') {
            state = BETWEEN;
            if (depth == 0) {
              valueDone = true;
            }
            afterValue = !key && depth > 0;
          } else if (c == '\\') {
            state = ESCAPE;
          } else if (c < 0x20) {
            return stop(
                i,
                from,
                "Illegal unquoted character ("
                    + code(c)
                    + "): has to be escaped using backslash to be included in string value");
          } else {
            int units = 1;
            if (c >= 0xC2 && c <= 0xDF) {
              continuationLeft = 1;
              continuationMin = 0x80;
              continuationMax = 0xBF;
            } else if (c >= 0xE0 && c <= 0xEF) {
              continuationLeft = 2;
              continuationMin = c == 0xE0 ? 0xA0 : 0x80;
              continuationMax = c == 0xED ? 0x9F : 0xBF;
            } else if (c >= 0xF0 && c <= 0xF4) {
              continuationLeft = 3;
              continuationMin = c == 0xF0 ? 0x90 : 0x80;
              continuationMax = c == 0xF4 ? 0x8F : 0xBF;
              units = 2;
            } else {
              return stop(i, from, "Invalid UTF-8 start byte " + hex(c));
            }
            state = CONTINUATION;
            if ((stringLength += units) > stringLimit()) {
              return stop(i, from, stringTooLong());
            }
          }
          break;
        case CONTINUATION:
          if (c < continuationMin || c > continuationMax) {
            return stop(i, from, "Invalid UTF-8 middle byte " + hex(c));
          }
          continuationMin = 0x80;
          continuationMax = 0xBF;
          if (--continuationLeft == 0) {
            state = STRING;
          }
          break;
        case ESCAPE:
          if (c == 'u') {
            state = HEX;
            hexLeft = 4;
          } else {
            state = STRING; // avaje's parser rejects an unknown escape itself
            if (++stringLength > stringLimit()) {
              return stop(i, from, stringTooLong());
            }
          }
          break;
        case HEX:
          if (--hexLeft == 0) {
            state = STRING;
            if (++stringLength > stringLimit()) {
              return stop(i, from, stringTooLong());
            }
          }
          break;
        case SCALAR:
          if (isDelimiter(c)) {
            if (literal != null && scalarLength != literal.length) {
              return stop(i, from, "Unrecognized token '" + literalPrefix() + "'");
            }
            state = BETWEEN;
            if (depth == 0) {
              valueDone = true;
            }
            afterValue = depth > 0;
            continue; // the delimiter itself is read as between tokens
          }
          if (literal != null) {
            if (scalarLength >= literal.length || literal[(int) scalarLength] != c) {
              return stop(i, from, "Unrecognized token '" + literalPrefix() + (char) c + "'");
            }
          } else if (!isNumberPart(c)) {
            return stop(i, from, "Unexpected character (" + code(c) + ") in numeric value");
          }
          if (++scalarLength > limits.maxNumberLength && literal == null) {
            return stop(
                i,
                from,
                "Number value length ("
                    + scalarLength
                    + ") exceeds the maximum allowed ("
                    + limits.maxNumberLength
                    + ") (the limit is JsonOptions.maxNumberLength)");
          }
          break;
        default:
          if (c == ' ' || c == '\t' || c == '\r') {
            break;
          }
          if (c == '\n') {
            newline(i - from);
            break;
          }
          if (single && valueDone) {
            return stop(i, from, "Trailing token (" + code(c) + ") found after value");
          }
          // avaje's parser takes object members without commas and trailing or leading commas.
          if (depth > 0) {
            boolean close = c == '}' || c == ']';
            if (c == ',' ? !afterValue : close ? afterComma : afterValue) {
              return stop(
                  i,
                  from,
                  "Unexpected character ("
                      + code(c)
                      + "): "
                      + (c == ',' || close
                          ? "a value was expected"
                          : "was expecting comma to separate "
                              + (kinds[depth - 1] == '{' ? "Object" : "Array")
                              + " entries"));
            }
            afterComma = c == ',';
            afterValue = false;
          }
          if (c == '{' || c == '[') {
            if (depth == limits.maxNestingDepth) {
              return stop(
                  i,
                  from,
                  "Document nesting depth ("
                      + (depth + 1)
                      + ") exceeds the maximum allowed ("
                      + limits.maxNestingDepth
                      + ") (the limit is JsonOptions.maxNestingDepth)");
            }
            if (depth == kinds.length) {
              kinds = Arrays.copyOf(kinds, depth * 2);
            }
            kinds[depth++] = (byte) c;
            expectKey = c == '{';
          } else if (c == '}' || c == ']') {
            if (depth == 0) {
              return stop(i, from, "Unexpected close marker '" + (char) c + "'");
            }
            if (--depth == 0) {
              valueDone = true;
            }
            afterValue = depth > 0;
            expectKey = false;
          } else if (c == ',') {
            if (depth == 0) {
              return stop(i, from, "Unexpected character (',') between values");
            }
            expectKey = kinds[depth - 1] == '{';
          } else if (c == ':') {
            expectKey = false;
          } else if (c == '"') {
            state = STRING;
            key = expectKey && depth > 0 && kinds[depth - 1] == '{';
            stringLength = 0;
          } else if (c == '-' || (c >= '0' && c <= '9')) {
            state = SCALAR;
            literal = null;
            scalarLength = 1;
          } else if (c == 't' || c == 'f' || c == 'n') {
            state = SCALAR;
            literal = c == 't' ? TRUE : c == 'f' ? FALSE : NULL;
            scalarLength = 1;
          } else {
            return stop(i, from, "Unexpected character (" + code(c) + ")");
          }
          break;
      }
      i++;
    }
    return consumed(end, from);
  }

  /** The line of a byte offset the scan has passed, or -1 if it is no longer known. */
  long lineOf(long position) {
    long behind = 0;
    int kept = (int) Math.min(newlineCount, newlines.length);
    for (int k = 0; k < kept; k++) {
      long at = newlines[(int) ((newlineCount - 1 - k) % newlines.length)];
      if (at < position) {
        return line - behind;
      }
      behind++;
    }
    return kept == newlineCount ? line - behind : -1;
  }

  /** The 1-based column (in bytes) of a byte offset the scan has passed, or -1. */
  long columnOf(long position) {
    int kept = (int) Math.min(newlineCount, newlines.length);
    for (int k = 0; k < kept; k++) {
      long at = newlines[(int) ((newlineCount - 1 - k) % newlines.length)];
      if (at < position) {
        return position - at;
      }
    }
    return kept == newlineCount ? position + 1 : -1;
  }

  private void newline(int index) {
    long at = offset + index;
    if (newlineCount == newlines.length && newlines.length < KEPT_NEWLINES) {
      newlines = Arrays.copyOf(newlines, Math.max(16, newlines.length * 2));
    }
    newlines[(int) (newlineCount++ % newlines.length)] = at;
    line++;
    lineStart = at + 1;
  }

  private int consumed(int i, int from) {
    offset += i - from;
    return i - from;
  }

  /**
   * Records a problem at byte {@code i} and cuts the input just after it: the parser reads the
   * offending byte (so that its own error, if it has one, comes with its path) and nothing beyond.
   */
  private int stop(int i, int from, String problem) {
    long at = offset + (i - from);
    violation = new Violation(problem, at, line, at - lineStart + 1);
    offset = at + 1;
    return i - from + 1;
  }

  /** The longest string here: a property name, or a value. */
  private long stringLimit() {
    return key ? MAX_NAME_LENGTH : limits.maxStringLength;
  }

  private String stringTooLong() {
    if (key) {
      return "Name length ("
          + stringLength
          + ") exceeds the maximum allowed ("
          + MAX_NAME_LENGTH
          + ") (the parsers' limit on a property name, not a JsonOptions setting)";
    }
    return "String value length ("
        + stringLength
        + ") exceeds the maximum allowed ("
        + limits.maxStringLength
        + ") (the limit is JsonOptions.maxStringLength)";
  }

  private String literalPrefix() {
    byte[] l = literal;
    return l == null
        ? ""
        : new String(l, 0, (int) Math.min(scalarLength, l.length), StandardCharsets.US_ASCII);
  }

  private static boolean isDelimiter(int c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == ',' || c == ']' || c == '}'
        || c == ':' || c == '"' || c == '[' || c == '{';
  }

  private static boolean isNumberPart(int c) {
    return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+';
  }

  private static String code(int c) {
    return c >= 0x20 && c < 0x7F ? "'" + (char) c + "' (code " + c + ")" : "code " + hex(c);
  }

  private static String hex(int c) {
    return String.format("0x%02X", c);
  }

  /** The parser limits the guard enforces. */
  static final class Limits {
    final int maxNestingDepth;
    final int maxNumberLength;
    final int maxStringLength;

    Limits(int maxNestingDepth, int maxNumberLength, int maxStringLength) {
      this.maxNestingDepth = maxNestingDepth;
      this.maxNumberLength = maxNumberLength;
      this.maxStringLength = maxStringLength;
    }
  }

  /** A problem in the input, where the parser was stopped. */
  static final class Violation {
    final String problem;
    final long offset;
    final long line;
    final long column;

    Violation(String problem, long offset, long line, long column) {
      this.problem = problem;
      this.offset = offset;
      this.line = line;
      this.column = column;
    }
  }
}
