package dev.httpjson.avaje;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Checks the bytes avaje's parser is about to read against RFC 8259, since avaje's parser is
 * lenient (it takes {@code [1e1e1]}, {@code {1}} and a document cut after a nested {@code ]}): the
 * whole grammar (values, members, commas, the number grammar, escapes, literals, whitespace),
 * well-formed UTF-8, control characters in strings, content after the value, the end of the input
 * (nothing left open: see {@link #finish}), and httpjson's parser limits (nesting depth, string and
 * number length).
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

  // What may come next between tokens.
  private static final int VALUE = 0;
  private static final int VALUE_OR_END = 1;
  private static final int KEY = 2;
  private static final int KEY_OR_END = 3;
  private static final int COLON = 4;
  private static final int COMMA_OR_END = 5;
  private static final int DONE = 6;

  // Where in a number the scan is (RFC 8259, section 6).
  private static final int MINUS = 0;
  private static final int ZERO = 1;
  private static final int INTEGER = 2;
  private static final int POINT = 3;
  private static final int FRACTION = 4;
  private static final int EXPONENT_MARK = 5;
  private static final int EXPONENT_SIGN = 6;
  private static final int EXPONENT = 7;

  /**
   * The longest property name, in characters. The other codecs' parsers allow 50,000 (Jackson's
   * limit); avaje's reads a name as it reads any string, into a buffer that holds about 32,700.
   */
  static final int MAX_NAME_LENGTH = 32_000;

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

  /** What may come next between tokens: one of {@link #VALUE}, {@link #KEY}, …. */
  private int expect = VALUE;

  private boolean finished;

  /** The (single) top-level value is a number. */
  private boolean topLevelNumber;

  /** The input ended inside a top-level number (NDJSON values: no whitespace after it). */
  private boolean endedInNumber;

  /** Where in a number the scan is: one of {@link #MINUS}, {@link #ZERO}, …. */
  private int number;

  /**
   * An element of the top-level array was a number, and its ',' or ']' has not come yet: spaces
   * handed to the parser now would be read as part of the number (see {@link #betweenElements}).
   */
  private boolean unseparatedNumber;

  private boolean key;
  private long stringLength;
  private int hexLeft;

  /** The value of the {@code \\u} escape being scanned. */
  private int hexValue;

  /**
   * In a name, the last escape was a high surrogate: a low surrogate's escape must follow. A name
   * with a lone surrogate is refused, as the Jackson and Gson parsers refuse it (issue 29).
   */
  private boolean highPending;

  private int continuationLeft;

  /** The second byte's range after E0, ED, F0 and F4 (overlongs, surrogates, beyond U+10FFFF). */
  private int continuationMin = 0x80;

  private int continuationMax = 0xBF;

  private long scalarLength;
  private byte @Nullable [] literal;

  // The number being scanned, as far as a wide exponent needs it (see WideNumber).
  private long numberStart;
  private boolean numberNegative;
  private boolean mantissaNonZero;
  private boolean exponentNegative;
  private int exponentDigits; // significant: leading zeros not counted
  // The number's text, grown (up to maxNumberLength) only for a number longer than TEXT_LENGTH.
  private byte[] numberText = new byte[WideNumber.TEXT_LENGTH];

  /** The wide numbers scanned so far, in input order. */
  private WideNumber[] wide = NO_WIDE;

  private int wideCount;
  private static final WideNumber[] NO_WIDE = {};

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

  /**
   * Whether the bytes scanned so far end between two elements of the sequence (NDJSON values, or
   * the top-level array's elements), outside any token, and without a problem: the parser may then
   * be handed whitespace without changing what the input means. Not after an array element that is
   * a number until its ',' or ']': avaje's parser would read the whitespace into the number. (An
   * NDJSON number needs no such wait: its whitespace reaches the parser as a ',', see {@link
   * #scan}.)
   */
  boolean betweenElements() {
    return violation == null
        && state == BETWEEN
        && depth <= (single ? 1 : 0)
        && !(unseparatedNumber && depth == 1);
  }

  /** {@return the first problem found, or null} */
  @Nullable Violation violation() {
    return violation;
  }

  /**
   * Scans {@code length} more bytes of the input. In NDJSON values, the whitespace byte that ends a
   * top-level number is replaced by a ',' in {@code b}, the one separator avaje's parser stops a
   * number at and also skips between stream values.
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
          if (highPending && c != '\\') {
            return stop(i, from, loneSurrogateInName());
          }
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
            if (key) {
              expect = COLON;
            } else {
              valueEnded();
            }
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
            hexValue = 0;
          } else if (highPending) {
            return stop(i, from, loneSurrogateInName());
          } else if (c == '"' || c == '\\' || c == '/' || c == 'b' || c == 'f' || c == 'n'
              || c == 'r' || c == 't') {
            state = STRING;
            if (++stringLength > stringLimit()) {
              return stop(i, from, stringTooLong());
            }
          } else {
            return stop(i, from, "Unrecognized character escape " + code(c));
          }
          break;
        case HEX:
          if (!isHexDigit(c)) {
            return stop(
                i,
                from,
                "Unexpected character ("
                    + code(c)
                    + "): expected a hex-digit for character escape sequence");
          }
          hexValue = hexValue << 4 | Character.digit(c, 16);
          if (--hexLeft == 0) {
            state = STRING;
            if (key && (highPending || Character.isSurrogate((char) hexValue))) {
              if (highPending != Character.isLowSurrogate((char) hexValue)) {
                highPending = false;
                return stop(i, from, loneSurrogateInName());
              }
              highPending = !highPending;
            }
            if (++stringLength > stringLimit()) {
              return stop(i, from, stringTooLong());
            }
          }
          break;
        case SCALAR:
          if (literal != null) {
            if (isDelimiter(c)) {
              if (scalarLength != literal.length) {
                return stop(i, from, "Unrecognized token '" + literalPrefix() + "'");
              }
              state = BETWEEN;
              valueEnded();
              continue; // the delimiter itself is read as between tokens
            }
            if (scalarLength >= literal.length || literal[(int) scalarLength] != c) {
              return stop(i, from, "Unrecognized token '" + literalPrefix() + (char) c + "'");
            }
            scalarLength++;
            break;
          }
          if (isDelimiter(c) && numberComplete()) {
            numberEnded();
            state = BETWEEN;
            valueEnded();
            if (depth > 0 || single) {
              unseparatedNumber = depth == 1;
              continue; // the delimiter itself is read as between tokens
            }
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
              return stop(
                  i,
                  from,
                  "Unexpected character ("
                      + code(c)
                      + "): Expected space separating root-level values");
            }
            // avaje's parser takes a number to run on to the next ',', '}' or ']' (through the
            // values after it, or to the end of what it holds): it reads this whitespace as the
            // comma it accepts between stream values.
            b[i] = ',';
            if (c == '\n') {
              newline(i - from);
            }
            break;
          }
          String wrong = number(c);
          if (wrong != null) {
            return stop(i, from, wrong);
          }
          if (scalarLength == numberText.length && scalarLength < limits.maxNumberLength) {
            numberText =
                Arrays.copyOf(
                    numberText, (int) Math.min(limits.maxNumberLength, scalarLength * 2L));
          }
          if (scalarLength < numberText.length) {
            numberText[(int) scalarLength] = (byte) c;
          }
          if (++scalarLength > limits.maxNumberLength) {
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
          String wrongToken = token(c, offset + (i - from));
          if (wrongToken != null) {
            return stop(i, from, wrongToken);
          }
          break;
      }
      i++;
    }
    return consumed(end, from);
  }

  /**
   * Takes one structural or value-starting byte between tokens, at offset {@code at}.
   *
   * @return the problem with it, or null
   */
  private @Nullable String token(int c, long at) {
    unseparatedNumber = false;
    if (expect == DONE) {
      return "Trailing token (" + code(c) + ") found after value";
    }
    switch (c) {
      case '{':
      case '[':
        if (!expectsValue()) {
          return unexpected(c);
        }
        if (depth == limits.maxNestingDepth) {
          return "Document nesting depth ("
              + (depth + 1)
              + ") exceeds the maximum allowed ("
              + limits.maxNestingDepth
              + ") (the limit is JsonOptions.maxNestingDepth)";
        }
        if (depth == kinds.length) {
          kinds = Arrays.copyOf(kinds, depth * 2);
        }
        kinds[depth++] = (byte) c;
        expect = c == '{' ? KEY_OR_END : VALUE_OR_END;
        return null;
      case '}':
      case ']':
        if (depth == 0) {
          return "Unexpected close marker '" + (char) c + "': no array or object is open";
        }
        byte open = kinds[depth - 1];
        if ((open == '{') != (c == '}')) {
          return "Unexpected close marker '"
              + (char) c
              + "': expected '"
              + (open == '{' ? '}' : ']')
              + "'";
        }
        if (expect != COMMA_OR_END && expect != (c == '}' ? KEY_OR_END : VALUE_OR_END)) {
          return unexpected(c);
        }
        depth--;
        valueEnded();
        return null;
      case ',':
        if (expect != COMMA_OR_END) {
          return depth == 0 ? "Unexpected character (',') between values" : unexpected(c);
        }
        expect = kinds[depth - 1] == '{' ? KEY : VALUE;
        return null;
      case ':':
        if (expect != COLON) {
          return unexpected(c);
        }
        expect = VALUE;
        return null;
      case '"':
        if (expect == KEY || expect == KEY_OR_END) {
          key = true;
        } else if (expectsValue()) {
          key = false;
        } else {
          return unexpected(c);
        }
        state = STRING;
        stringLength = 0;
        return null;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          if (!expectsValue()) {
            return unexpected(c);
          }
          state = SCALAR;
          literal = null;
          if (depth == 0) {
            topLevelNumber = true;
          }
          number = c == '-' ? MINUS : c == '0' ? ZERO : INTEGER;
          scalarLength = 1;
          numberStart = at;
          numberNegative = c == '-';
          mantissaNonZero = c != '-' && c != '0';
          exponentNegative = false;
          exponentDigits = 0;
          numberText[0] = (byte) c;
          return null;
        }
        if (c == 't' || c == 'f' || c == 'n') {
          if (!expectsValue()) {
            return unexpected(c);
          }
          state = SCALAR;
          literal = c == 't' ? TRUE : c == 'f' ? FALSE : NULL;
          scalarLength = 1;
          return null;
        }
        return unexpected(c);
    }
  }

  private boolean expectsValue() {
    return expect == VALUE || expect == VALUE_OR_END;
  }

  /** What was wrong with {@code c}, given what was expected. */
  private String unexpected(int c) {
    switch (expect) {
      case KEY:
      case KEY_OR_END:
        return "Unexpected character ("
            + code(c)
            + "): was expecting double-quote to start field name";
      case COLON:
        return "Unexpected character ("
            + code(c)
            + "): was expecting a colon to separate field name and value";
      case COMMA_OR_END:
        return "Unexpected character ("
            + code(c)
            + "): was expecting comma to separate "
            + (kinds[depth - 1] == '{' ? "Object" : "Array")
            + " entries";
      default:
        return "Unexpected character (" + code(c) + "): expected a value";
    }
  }

  /** A value (of any kind) has just ended. */
  private void valueEnded() {
    if (depth > 0) {
      expect = COMMA_OR_END;
    } else {
      expect = single ? DONE : VALUE;
    }
  }

  /**
   * Takes one more byte of a number, by the RFC 8259 grammar {@code -? (0 | [1-9][0-9]*) (.
   * [0-9]+)? ([eE] [+-]? [0-9]+)?}.
   *
   * @return null if {@code c} continues the number, otherwise the problem
   */
  private @Nullable String number(int c) {
    boolean digit = c >= '0' && c <= '9';
    switch (number) {
      case MINUS:
        if (digit) {
          number = c == '0' ? ZERO : INTEGER;
          mantissaNonZero = c != '0';
          return null;
        }
        return inNumber(c, "expected digit (0-9) to follow minus sign, for valid numeric value");
      case ZERO:
        if (digit) {
          return "Invalid numeric value: Leading zeroes not allowed";
        }
        return afterDigits(c, true);
      case INTEGER:
      case FRACTION:
        if (digit) {
          mantissaNonZero |= c != '0';
          return null;
        }
        return afterDigits(c, number == INTEGER);
      case POINT:
        if (digit) {
          number = FRACTION;
          mantissaNonZero |= c != '0';
          return null;
        }
        return inNumber(c, "Decimal point not followed by a digit");
      case EXPONENT_MARK:
        if (c == '+' || c == '-') {
          number = EXPONENT_SIGN;
          exponentNegative = c == '-';
          return null;
        }
        return firstExponentDigit(c, digit);
      case EXPONENT_SIGN:
        return firstExponentDigit(c, digit);
      default: // EXPONENT
        if (digit) {
          if (exponentDigits > 0 || c != '0') {
            exponentDigits++;
          }
          return null;
        }
        return afterDigits(c, false);
    }
  }

  private @Nullable String firstExponentDigit(int c, boolean digit) {
    if (!digit) {
      return inNumber(c, "Exponent indicator not followed by a digit");
    }
    number = EXPONENT;
    exponentDigits = c == '0' ? 0 : 1;
    return null;
  }

  private @Nullable String afterDigits(int c, boolean integerPart) {
    if (integerPart && c == '.') {
      number = POINT;
      return null;
    }
    if (c == 'e' || c == 'E') {
      if (number == EXPONENT) {
        return "Unexpected character (" + code(c) + ") in numeric value: a second exponent";
      }
      number = EXPONENT_MARK;
      return null;
    }
    return "Unexpected character (" + code(c) + ") in numeric value";
  }

  private static String inNumber(int c, String why) {
    return "Unexpected character (" + code(c) + ") in numeric value: " + why;
  }

  /** A complete number has been scanned: kept if its exponent is wide. */
  private void numberEnded() {
    if (exponentDigits < WideNumber.EXPONENT_DIGITS) {
      return;
    }
    if (wideCount == wide.length) {
      wide = Arrays.copyOf(wide, Math.max(4, wideCount * 2));
    }
    int shown = (int) Math.min(scalarLength, WideNumber.TEXT_LENGTH);
    String text = new String(numberText, 0, shown, StandardCharsets.US_ASCII);
    String whole = new String(numberText, 0, (int) scalarLength, StandardCharsets.US_ASCII);
    double value = mantissaNonZero && !exponentNegative ? Double.POSITIVE_INFINITY : 0.0;
    wide[wideCount++] =
        new WideNumber(
            numberStart,
            numberNegative ? -value : value,
            scalarLength > shown ? text + "..." : text,
            whole);
  }

  /**
   * Whether the parser needs a ',' after the input to find the end of a top-level number: it reads
   * a number up to the next ',', '}' or ']', and fails at the end of the input without one. True
   * when the input has ended without a problem, and either its one value is a number (perhaps with
   * whitespace after it) or, for NDJSON values, the last number ended the input. (An NDJSON number
   * followed by whitespace already has its ',': see {@link #scan}.)
   */
  boolean needsCommaAtEnd() {
    return finished && violation == null && (single ? topLevelNumber : endedInNumber);
  }

  /** {@return whether a number with a wide exponent has been scanned (rare: usually false)} */
  boolean hasWideNumbers() {
    return wideCount > 0;
  }

  /** {@return the wide number that starts at byte {@code offset}, or null} */
  @Nullable WideNumber wideNumberAt(long offset) {
    int low = 0;
    int high = wideCount - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      long start = wide[mid].offset();
      if (start < offset) {
        low = mid + 1;
      } else if (start > offset) {
        high = mid - 1;
      } else {
        return wide[mid];
      }
    }
    return null;
  }

  private boolean numberComplete() {
    return number == ZERO || number == INTEGER || number == FRACTION || number == EXPONENT;
  }

  /**
   * Marks the end of the input: a value still open (an array, an object, a string, a literal or a
   * number cut short) is a problem at the end. Idempotent.
   */
  void finish() {
    if (violation != null || finished) {
      return;
    }
    finished = true;
    String problem = null;
    if (state == STRING || state == ESCAPE || state == HEX || state == CONTINUATION) {
      problem = "Unexpected end-of-input in a " + (key ? "field name" : "String value");
    } else if (state == SCALAR) {
      if (literal != null ? scalarLength != literal.length : !numberComplete()) {
        problem =
            literal != null
                ? "Unexpected end-of-input in the token '" + literalPrefix() + "'"
                : "Unexpected end-of-input in a number";
      } else {
        if (literal == null) {
          numberEnded();
          endedInNumber = true;
        }
        state = BETWEEN;
        valueEnded();
      }
    }
    if (problem == null && depth > 0) {
      problem =
          "Unexpected end-of-input: expected close marker for "
              + (kinds[depth - 1] == '{' ? "Object" : "Array")
              + " ("
              + depth
              + (depth == 1 ? " level" : " levels")
              + " still open)";
    }
    if (problem != null) {
      violation = new Violation(problem, offset, line, offset - lineStart + 1);
    }
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
          + ") (avaje-jsonb's parser's limit on a property name, not a JsonOptions setting)";
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

  private String loneSurrogateInName() {
    highPending = false;
    return "Lone surrogate escape in a field name (\\u"
        + String.format("%04x", hexValue)
        + "): a name must be valid Unicode, a high surrogate's escape followed by a low one's";
  }

  private static boolean isHexDigit(int c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  private static String code(int c) {
    return c >= 0x20 && c < 0x7F ? "'" + (char) c + "' (code " + c + ")" : "code " + hex(c);
  }

  private static String hex(int c) {
    return String.format("0x%02X", c);
  }

  /** The parser limits the guard enforces. */
  record Limits(int maxNestingDepth, int maxNumberLength, int maxStringLength) {}

  /**
   * A number whose exponent has {@value #EXPONENT_DIGITS} significant digits or more (a billion or
   * beyond), which avaje's parser cannot read: it fails ("Error parsing number") or, for a short
   * number, reads the exponent modulo 2<sup>32</sup> ({@code 1e4294967297} as 10). As a double it
   * is an infinity or a zero, whatever its digits (at most {@code maxNumberLength} of them).
   */
  record WideNumber(
      /* Where it starts in the input. */
      long offset,
      /* Its value as a double, as {@link Double#parseDouble} reads it: ±infinity or ±0. */
      double value,
      /* Its text, cut after {@value #TEXT_LENGTH} characters. */
      String text,
      /* Its whole text (at most {@code maxNumberLength} characters), for a {@code BigDecimal}. */
      String wholeText) {
    static final int EXPONENT_DIGITS = 10;

    /** How much of the number's text is kept for messages. */
    static final int TEXT_LENGTH = 40;
  }

  /** A problem in the input, where the parser was stopped. */
  record Violation(String problem, long offset, long line, long column) {}
}
