package dev.httpjson.internal;

import dev.httpjson.JsonReadException;

/**
 * Where the elements of a streamed body end, seen in the characters on their way to the parser (a
 * parser reads ahead, never behind: what it read, this has seen), and how many bytes of the body
 * each holds.
 */
final class ElementBounds {
  // Where the scan is, between elements.
  private static final int BEFORE_ARRAY = 0; // array: before its '['
  private static final int BETWEEN = 1; // before an element (or, in an array, its ']')
  private static final int AFTER = 2; // array: after an element, before ',' or ']'
  private static final int STRING = 3; // in a string element
  private static final int CONTAINER = 4; // in an object or array element
  private static final int SCALAR = 5; // in a number or literal element
  private static final int SCALAR_END = 6; // array: whitespace after a number or literal
  private static final int LINE_END = 7; // NDJSON: after an element, before its line's end
  private static final int DONE = 8; // array: after its ']'
  private static final int BROKEN = 9; // not JSON here: no element from here on is complete

  // Within a number: the JSON number grammar.
  private static final int MINUS = 1;
  private static final int ZERO = 2;
  private static final int INT = 3;
  private static final int DOT = 4;
  private static final int FRACTION = 5;
  private static final int E = 6;
  private static final int E_SIGN = 7;
  private static final int EXPONENT = 8;

  private final boolean array;
  private final long limit;
  private long firstOver = -1; // the index of the first element longer than the limit
  private long overLength;
  private long handedOn; // elements the stream handed on
  private int state;
  private boolean afterComma;
  private boolean escape;
  private boolean inString; // in a string within a container element
  private int depth;
  private int number; // the number state, or 0 in a literal
  private String literal = "";
  private int matched;
  private long complete;
  private long run; // bytes since the element, or the whitespace before it, began
  private int width = 1; // the bytes of the character being seen
  private long line = 1;
  private long column;
  private long brokenLine;
  private long brokenColumn;
  private String problem = "";
  private boolean secondValue; // broken by a second value on an NDJSON line

  /**
   * @param array a top-level array's elements; else values one a line (NDJSON), blank lines and
   *     whitespace around them skipped
   * @param limit the most bytes an element may hold ({@link #over})
   */
  ElementBounds(boolean array, long limit) {
    this.array = array;
    this.limit = limit;
    this.state = array ? BEFORE_ARRAY : BETWEEN;
  }

  /** Whether the characters still matter (not after a break). */
  boolean watching() {
    return state < BROKEN;
  }

  /**
   * Whether the element at {@code index} was seen whole and longer than the limit: one that came
   * within a single read, which the check of each read's run did not see pass the limit.
   */
  boolean over(long index) {
    return index == firstOver;
  }

  /** Counts an element the stream handed on. */
  void handedOn() {
    handedOn++;
  }

  /**
   * The run a read ends in, to check against the limit: as {@link #run()}, but 0 while elements
   * complete in what was seen are still to be handed on. The same read carried their bytes, and the
   * parser needs no more to give them: the stream hands them on first, and the long element then
   * fails when the parser reads on into it, or when it is reached ({@link #over}).
   */
  long runToCheck() {
    return complete > handedOn ? 0 : run();
  }

  /** The length of the element {@link #over} names. */
  long overLength() {
    return overLength;
  }

  /** Whether the element at {@code index} (from 0) is complete in what was seen. */
  boolean complete(long index) {
    return index < complete;
  }

  /**
   * How many bytes the element being read holds so far, or the whitespace before it (or after the
   * array's end), or -1 when this no longer tells elements apart (after a break).
   */
  long run() {
    return state == BROKEN ? -1 : run;
  }

  /** A byte of a UTF-8 byte-order mark: skipped as the parser skips it, counted in the column. */
  void markByte() {
    column++;
  }

  /** The next character: a UTF-8 byte. */
  void see(int c) {
    see(c, 1);
  }

  /**
   * The next character, a UTF-16 unit from a reader, which took {@code bytes} bytes of the body in
   * its charset.
   */
  void see(int c, int bytes) {
    width = bytes;
    run += bytes;
    if (c == '\n') {
      line++;
      column = 0;
    } else {
      column++;
    }
    step(c);
  }

  /**
   * The UTF-8 bytes {@code b[from, to)}, as {@link #see(int)} each: within an object or array
   * element (most of a stream) in one loop over locals, which keeps the scan off a stream's
   * throughput.
   */
  void see(byte[] b, int from, int to) {
    int i = from;
    while (i < to && state < BROKEN) {
      if (state == CONTAINER) {
        i = container(b, i, to);
      } else {
        see(b[i++] & 0xFF, 1);
      }
    }
  }

  /**
   * {@link #container(int)} over {@code b[i, to)}: returns where the element ended, or {@code to}.
   */
  private int container(byte[] b, int i, int to) {
    int from = i;
    int d = depth;
    boolean str = inString;
    boolean esc = escape;
    long ln = line;
    long col = column;
    boolean end = false;
    while (i < to && !end) {
      byte c = b[i++];
      if (c == '\n') {
        ln++;
        col = 0;
      } else {
        col++;
      }
      if (str) {
        if (esc) {
          esc = false;
        } else if (c == '\\') {
          esc = true;
        } else if (c == '"') {
          str = false;
        }
      } else if (c == '"') {
        str = true;
      } else if (c == '{' || c == '[') {
        d++;
      } else if ((c == '}' || c == ']') && --d == 0) {
        end = true;
      }
    }
    depth = d;
    inString = str;
    escape = esc;
    line = ln;
    column = col;
    run += i - from;
    if (end) {
      ended();
    }
    return i;
  }

  private void step(int c) {
    switch (state) {
      case STRING:
        if (escape) {
          escape = false;
        } else if (c == '\\') {
          escape = true;
        } else if (c == '"') {
          ended();
        }
        return;
      case CONTAINER:
        container(c);
        return;
      case SCALAR:
        scalar(c);
        return;
      case SCALAR_END:
        if (c == ',' || c == ']') {
          ended();
          step(c);
        } else if (!whitespace(c)) {
          broken("Unexpected " + shown(c) + " after an element, where ',' or ']' must be");
        }
        return;
      case LINE_END:
        if (c == '\n') {
          state = BETWEEN;
        } else if (!whitespace(c)) {
          broken(
              "Unexpected "
                  + shown(c)
                  + " after a value on the same line (NDJSON and JSON Lines hold one JSON value a"
                  + " line)");
          secondValue = true;
        }
        return;
      case BETWEEN:
        if (!whitespace(c)) {
          if (array && c == ']' && !afterComma) {
            done();
          } else if (array && c == ']') {
            broken("Unexpected ']' after ','");
          } else {
            start(c);
          }
        }
        return;
      case AFTER:
        if (c == ',') {
          state = BETWEEN;
          afterComma = true;
        } else if (c == ']') {
          done();
        } else if (!whitespace(c)) {
          broken("Unexpected " + shown(c) + " after an element, where ',' or ']' must be");
        }
        return;
      case BEFORE_ARRAY:
        if (c == '[') {
          state = BETWEEN;
        } else if (!whitespace(c)) {
          broken("Unexpected " + shown(c) + " where the array's '[' must be");
        }
        return;
      default:
        // DONE: what follows the array is only counted (the parser judges it).
    }
  }

  /** The end of the input. */
  void end() {
    if (state == SCALAR && !array && (number == 0 ? matched == literal.length() : finalNumber())) {
      ended();
    } else if (state == SCALAR || state == SCALAR_END || state == STRING || state == CONTAINER) {
      column++;
      broken("Unexpected end of input in an element");
    }
  }

  /**
   * The failure of a stream whose parser delivered the element at {@code index} although this did
   * not see it complete (a parser that accepts what JSON does not).
   */
  JsonReadException failure(long index) {
    String why =
        secondValue
            ? problem
            : (state == BROKEN
                    ? problem
                    : "Unexpected end of input in an element") // a parser that read no further
                + ": the element is not a complete JSON value";
    return new JsonReadException(
        why,
        state == BROKEN ? brokenLine : line,
        state == BROKEN ? brokenColumn : column,
        array ? "$[" + index + "]" : "$",
        null);
  }

  /**
   * Whether the element at {@code index} (from 0) began on the line of the element before it, after
   * that element ended: no NDJSON element, whatever the parser made of it.
   */
  boolean secondValueOnALine(long index) {
    return secondValue && index >= complete;
  }

  private void start(int c) {
    run = width;
    afterComma = false;
    if (c == '"') {
      state = STRING;
    } else if (c == '{' || c == '[') {
      state = CONTAINER;
      depth = 1;
      inString = false;
    } else {
      state = SCALAR;
      number = 0;
      matched = 1;
      if (c == 't') {
        literal = "true";
      } else if (c == 'f') {
        literal = "false";
      } else if (c == 'n') {
        literal = "null";
      } else if (c == '-') {
        number = MINUS;
      } else if (c == '0') {
        number = ZERO;
      } else if (c >= '1' && c <= '9') {
        number = INT;
      } else {
        broken("Unexpected " + shown(c) + " where a value must start");
      }
    }
  }

  private void container(int c) {
    if (inString) {
      if (escape) {
        escape = false;
      } else if (c == '\\') {
        escape = true;
      } else if (c == '"') {
        inString = false;
      }
    } else if (c == '"') {
      inString = true;
    } else if (c == '{' || c == '[') {
      depth++;
    } else if ((c == '}' || c == ']') && --depth == 0) {
      ended();
    }
  }

  private void scalar(int c) {
    if (whitespace(c) || (array && (c == ',' || c == ']'))) {
      if (number == 0 ? matched == literal.length() : finalNumber()) {
        if (array && whitespace(c)) {
          state = SCALAR_END; // the element's end is the ',' or ']' after it
        } else {
          ended();
          step(c); // the delimiter, after the element
        }
      } else {
        broken("Unexpected " + shown(c) + (number == 0 ? " in a literal" : " in a number"));
      }
      return;
    }
    if (number == 0) {
      if (matched < literal.length() && c == literal.charAt(matched)) {
        matched++;
      } else {
        broken("Unexpected " + shown(c) + " in a literal");
      }
      return;
    }
    int next = numberStep(number, c);
    if (next == 0) {
      broken("Unexpected " + shown(c) + " in a number");
    } else {
      number = next;
    }
  }

  private static int numberStep(int state, int c) {
    boolean digit = c >= '0' && c <= '9';
    switch (state) {
      case MINUS:
        return c == '0' ? ZERO : digit ? INT : 0;
      case ZERO:
        return c == '.' ? DOT : c == 'e' || c == 'E' ? E : 0;
      case INT:
        return digit ? INT : c == '.' ? DOT : c == 'e' || c == 'E' ? E : 0;
      case DOT:
        return digit ? FRACTION : 0;
      case FRACTION:
        return digit ? FRACTION : c == 'e' || c == 'E' ? E : 0;
      case E:
        return c == '+' || c == '-' ? E_SIGN : digit ? EXPONENT : 0;
      case E_SIGN:
      case EXPONENT:
        return digit ? EXPONENT : 0;
      default:
        return 0;
    }
  }

  private boolean finalNumber() {
    return number == ZERO || number == INT || number == FRACTION || number == EXPONENT;
  }

  private void ended() {
    if (run > limit && firstOver < 0) {
      firstOver = complete;
      overLength = run;
    }
    run = 0;
    complete++;
    state = array ? AFTER : LINE_END;
  }

  /** The array's end: what follows it is only counted. */
  private void done() {
    run = 0;
    state = DONE;
  }

  private void broken(String why) {
    problem = why;
    brokenLine = line;
    brokenColumn = column;
    state = BROKEN;
  }

  private static boolean whitespace(int c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
  }

  private static String shown(int c) {
    return c >= 0x20 && c < 0x7F
        ? "'" + (char) c + "'"
        : String.format(java.util.Locale.ROOT, "character (code %d)", c);
  }
}
