package dev.httpjson.avaje;

import dev.httpjson.JsonReadException;
import dev.httpjson.codec.support.internal.ReadProblems;
import dev.httpjson.codec.support.internal.ScalarRules;
import io.avaje.json.JsonDataException;
import io.avaje.json.JsonReader;
import io.avaje.json.PropertyNames;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.function.LongUnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * avaje's reader as httpjson's options want it: names spelt by the options' naming and matched
 * regardless of case if they say so, unknown properties rejected if they say so, numbers from
 * strings only if they say so, numbers avaje's parser cannot read (see {@link Guard.WideNumber})
 * read as the other codecs read them, and the JSON path kept for errors. Generated adapters read
 * through it as through any {@link JsonReader}.
 *
 * <p>Property names are never handed to avaje's parser: with names, it matches each key by a hash
 * of its raw bytes and gives an unmatched key as its raw text, escapes and all (also in the objects
 * nested in a named one, and in any object read later by a parser that was pooled after failing
 * inside a named object, since avaje does not reset its names on reuse). Without them, every key is
 * read as a JSON string; this reader maps it to the declared name.
 */
final class WebReader implements JsonReader {
  private final JsonReader in;
  private final Settings settings;

  /** The guard in front of the parser, which knows the wide numbers. */
  private final Guard guard;

  /** The input offset of a parser position. */
  private final LongUnaryOperator inputOffset;

  private final Nesting nesting = new Nesting();

  WebReader(JsonReader in, Settings settings, Guard guard, LongUnaryOperator inputOffset) {
    this.in = in;
    this.settings = settings;
    this.guard = guard;
    this.inputOffset = inputOffset;
  }

  /** {@return the JSON path of the value being read, such as {@code $.items[1].name}} */
  String path() {
    return nesting.path();
  }

  private java.util.function.@Nullable Consumer<String> keys;
  private int keysDepth;

  /**
   * Checks each name of the object about to be read (a map's) with {@code check} as it is read,
   * until {@link #endKeyCheck} puts back the check this returns.
   *
   * @param check what throws for a key its map cannot read
   * @return the check before, for {@link #endKeyCheck}
   */
  Object[] checkKeys(java.util.function.Consumer<String> check) {
    Object[] before = {keys, keysDepth};
    keys = check;
    keysDepth = nesting.depth + 1;
    return before;
  }

  @SuppressWarnings("unchecked")
  void endKeyCheck(Object[] before) {
    keys = (java.util.function.Consumer<String>) before[0];
    keysDepth = (Integer) before[1];
  }

  JsonReader delegate() {
    return in;
  }

  @Override
  public <T> T unwrap(Class<T> type) {
    return in.unwrap(type);
  }

  @Override
  public void beginStream() {
    in.beginStream();
  }

  @Override
  public void endStream() {
    in.endStream();
  }

  @Override
  public boolean hasNextStreamElement() {
    return in.hasNextStreamElement();
  }

  @Override
  public void beginArray() {
    expect(Token.BEGIN_ARRAY);
    in.beginArray();
    nesting.push(true, null);
  }

  /**
   * Refuses a value of another shape where an array or an object starts: avaje's parser takes the
   * start of an array for that of an object, so that {@code [{"v":1},{"v":2}]} read into a record
   * was its first element, and {@code [{}]} into a {@code Map} was {@code {}}.
   */
  private void expect(Token start) {
    Token token = in.currentToken();
    if (token != start) {
      throw mismatch(start == Token.BEGIN_ARRAY ? "an array" : "an object", token);
    }
  }

  @Override
  public void endArray() {
    in.endArray();
    nesting.pop();
  }

  @Override
  public boolean hasNextElement() {
    boolean next = in.hasNextElement();
    if (next) {
      nesting.value();
    }
    return next;
  }

  @Override
  public void beginObject(PropertyNames names) {
    expect(Token.BEGIN_OBJECT);
    in.beginObject(); // not the names: see the class comment
    nesting.push(
        false, names instanceof AdapterNames ? ((AdapterNames) names).in(settings.naming) : null);
  }

  @Override
  public void beginObject() {
    expect(Token.BEGIN_OBJECT);
    in.beginObject();
    nesting.push(false, null);
  }

  @Override
  public void endObject() {
    in.endObject();
    nesting.pop();
  }

  @Override
  public boolean hasNextField() {
    return in.hasNextField();
  }

  @Override
  public String nextField() {
    String json = in.nextField();
    nesting.field(json);
    if (keys != null && nesting.depth == keysDepth) {
      keys.accept(json); // a map's key is refused where it is, before its value is read
    }
    AdapterNames.Translated t = nesting.names();
    if (t == null) {
      return json;
    }
    String declared = t.declared(json);
    if (declared == null && settings.caseInsensitive) {
      declared = t.declaredIgnoringCase(json);
    }
    // An unknown name goes on as it is: the adapter reports it to unmappedField.
    return declared != null ? declared : json;
  }

  @Override
  public void unmappedField(String fieldName) {
    if (!settings.ownJsonb) {
      in.unmappedField(fieldName); // the user's Jsonb decides
      return;
    }
    if (settings.ignoreUnknown) {
      return;
    }
    AdapterNames.Translated t = nesting.names();
    throw new Rejected(
        "Unrecognized property \""
            + fieldName
            + "\""
            + (t == null ? "" : " (known properties: " + t.list() + ")"));
  }

  @Override
  public boolean isNullValue() {
    return in.isNullValue();
  }

  @Override
  public boolean readBoolean() {
    Token token = in.currentToken();
    if (token == Token.BEGIN_ARRAY
        || token == Token.BEGIN_OBJECT
        || token == Token.STRING
        || token == Token.NUMBER) {
      throw mismatch("boolean", token);
    }
    if (token == Token.NULL) {
      throw new Rejected("Cannot read null into boolean");
    }
    return in.readBoolean();
  }

  @Override
  public int readInt() {
    return (int) integer(Integer.MIN_VALUE, Integer.MAX_VALUE, "int");
  }

  /** A byte in its signed range (avaje's adapter takes 128 to 255 as well). */
  byte readByte() {
    return (byte) integer(Byte.MIN_VALUE, Byte.MAX_VALUE, "byte");
  }

  /** A short in its range, refused as an int out of its range is (avaje's adapter said less). */
  short readShort() {
    return (short) integer(Short.MIN_VALUE, Short.MAX_VALUE, "short");
  }

  @Override
  public long readLong() {
    return integer(Long.MIN_VALUE, Long.MAX_VALUE, "long");
  }

  /**
   * An integer literal within {@code [min, max]}, read from its text with the JDK: avaje's own int
   * and long parsing overflows silently and truncates a fraction. A fraction or an exponent ({@code
   * 1.5}, {@code 2.0}, {@code 1e2}) is refused, as by the other codecs.
   */
  private long integer(long min, long max, String type) {
    Token token = checkNumber(type);
    if (token == Token.NULL) {
      throw new Rejected("Cannot read null into " + type);
    }
    if (token == Token.NUMBER) {
      Guard.WideNumber wide = wideNumber();
      if (wide != null) {
        throw Double.isInfinite(wide.value())
            ? outOfRange(wide.text(), type, false)
            : notAnInteger(wide.text(), type);
      }
    }
    String text = numberText(token, type);
    if (!ScalarRules.isJsonInteger(text)) {
      throw notAnInteger(text, type);
    }
    long value;
    try {
      value = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw outOfRange(text, type, token == Token.STRING);
    }
    if (value < min || value > max) {
      throw outOfRange(text, type, token == Token.STRING);
    }
    return value;
  }

  /**
   * The text of the number the parser is at, a JSON number token or (with {@code
   * numbersFromStrings}) a string, which must then spell a JSON number in ASCII digits.
   */
  private String numberText(Token token, String type) {
    if (token == Token.STRING) {
      String text = in.readString();
      if (!ScalarRules.isJsonNumber(text)) {
        throw new Rejected(ReadProblems.notANumberProblem(type, text));
      }
      return text;
    }
    // The raw text keeps the whitespace after the number. (A top-level number has a ',' after it
    // for the parser to stop at: see Guard.needsCommaAtEnd.)
    return in.readRaw().strip();
  }

  private static Rejected notAnInteger(String text, String type) {
    return new Rejected(
        "Cannot read a fraction or an exponent into " + type + ": " + shortText(text));
  }

  /**
   * The number the parser is at, if it is a wide one (see {@link Guard.WideNumber}); null
   * otherwise, and at once when the input has none, as nearly every input.
   */
  private Guard.@Nullable WideNumber wideNumber() {
    if (!guard.hasWideNumbers()) {
      return null;
    }
    long at = AvajeBinding.parserPosition(in); // the number's first byte, read as its token
    return at < 0 ? null : guard.wideNumberAt(inputOffset.applyAsLong(at));
  }

  /**
   * Moves the parser past the wide number it is at, without reading it: avaje's number parsing
   * fails on some of them (at the end of the input, for {@code 1e-2147483648}).
   */
  private void skipWideNumber() {
    in.skipValue();
  }

  /**
   * A number read as {@code Object}, from its text: an integer literal as {@code Integer}, {@code
   * Long} or {@code BigInteger} (the smallest that holds it), any other as the {@code Double}
   * {@link Double#parseDouble} reads ({@code 0.1e1} is {@code 1.0}, {@code -0.0} keeps its sign,
   * {@code 1e1000000000} is infinity, as with the other codecs). The parser must be at a number.
   */
  Number readNumber() {
    Guard.WideNumber w = wideNumber();
    if (w != null) {
      skipWideNumber();
      return w.value();
    }
    return untyped(numberText(Token.NUMBER, "Number"));
  }

  /**
   * A value read into {@code Number}: a number, or a string holding one if the options say so
   * (avaje has no adapter for {@code Number}), as {@link #readNumber} reads it.
   */
  Number readNumberValue() {
    Token token = checkNumber("Number");
    if (token == Token.STRING) {
      return untyped(numberText(token, "Number"));
    }
    return readNumber();
  }

  /** The value of the JSON number {@code text}, as {@link #readNumber} gives it. */
  private static Number untyped(String text) {
    if (!ScalarRules.isJsonInteger(text)) {
      return Double.parseDouble(text);
    }
    int digits = text.length() - (text.charAt(0) == '-' ? 1 : 0);
    if (digits <= 9) {
      return Integer.valueOf(text);
    }
    if (digits <= 18) {
      long value = Long.parseLong(text);
      if (value == (int) value) {
        return Integer.valueOf((int) value); // not in a ?: with a Long, which would widen it
      }
      return Long.valueOf(value);
    }
    BigInteger value = new BigInteger(text);
    if (value.bitLength() < 32) {
      return Integer.valueOf(value.intValue());
    }
    if (value.bitLength() < 64) {
      return Long.valueOf(value.longValue());
    }
    return value;
  }

  /** Refuses a wide number, which no BigDecimal or BigInteger here holds (nor Jackson's). */
  private static JsonDataException unreadable(Guard.WideNumber wide, String type) {
    return new JsonDataException(
        "Numeric value ("
            + wide.text()
            + ") out of range of "
            + type
            + ": an exponent of "
            + Guard.WideNumber.EXPONENT_DIGITS
            + " digits or more");
  }

  private static JsonDataException outOfRange(String text, String type, boolean fromString) {
    return new JsonDataException(ReadProblems.rangeProblem(type, text, fromString));
  }

  private static String shortText(String text) {
    return text.length() > 60 ? text.substring(0, 60) + "..." : text;
  }

  @Override
  public double readDouble() {
    Token token = checkNumber("double");
    if (token == Token.NULL) {
      throw new Rejected("Cannot read null into double");
    }
    if (token == Token.NUMBER) {
      Guard.WideNumber w = wideNumber();
      if (w != null) {
        skipWideNumber();
        return w.value();
      }
    }
    // avaje's own double parsing flips the sign of some exponents and is not correctly rounded:
    // the JDK's is.
    return Double.parseDouble(numberText(token, "double"));
  }

  /** A float rounded once from the text: avaje's float adapter rounds a double again. */
  float readFloat() {
    Token token = checkNumber("float");
    if (token == Token.NULL) {
      throw new Rejected("Cannot read null into float");
    }
    if (token == Token.NUMBER) {
      Guard.WideNumber w = wideNumber();
      if (w != null) {
        if (Double.isInfinite(w.value())) {
          throw new Rejected(ReadProblems.rangeProblem("float", w.text(), false));
        }
        skipWideNumber();
        return (float) w.value();
      }
    }
    String text = numberText(token, "float");
    float f = Float.parseFloat(text);
    if (Float.isInfinite(f)) {
      throw new Rejected(ReadProblems.rangeProblem("float", text, token == Token.STRING));
    }
    return f;
  }

  @Override
  public BigDecimal readDecimal() {
    Token token = checkNumber("BigDecimal");
    Guard.WideNumber wide = token == Token.NUMBER ? wideNumber() : null;
    if (wide != null) {
      // Exactly, from its whole text, as from a string: avaje's parser cannot read the exponent.
      skipWideNumber();
      return decimal(wide.wholeText(), wide.text(), false);
    }
    if (token != Token.NUMBER && token != Token.STRING) {
      return in.readDecimal();
    }
    String text = numberText(token, "BigDecimal");
    return decimal(text, text, token == Token.STRING);
  }

  /** The {@code BigDecimal} {@code text} denotes; one whose scale is past an int's fails. */
  private static BigDecimal decimal(String text, String shown, boolean fromString) {
    BigDecimal value;
    try {
      value = new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw new Rejected(ReadProblems.rangeProblem("BigDecimal", shown, fromString));
    }
    if (!ScalarRules.isDecimalInRange(value)) {
      throw new Rejected(ReadProblems.rangeProblem("BigDecimal", shown, fromString));
    }
    return value;
  }

  @Override
  public BigInteger readBigInteger() {
    Token token = checkNumber("BigInteger");
    Guard.WideNumber wide = token == Token.NUMBER ? wideNumber() : null;
    if (wide != null) {
      throw unreadable(wide, "BigInteger");
    }
    if (token != Token.NUMBER && token != Token.STRING) {
      return in.readBigInteger();
    }
    String text = numberText(token, "BigInteger");
    if (!ScalarRules.isJsonInteger(text)) {
      throw notAnInteger(text, "BigInteger");
    }
    return new BigInteger(text);
  }

  /**
   * avaje reads a number from a JSON string always, and calls anything that is not a string, an
   * array, an object, a boolean or null a number: the options decide the first, clear messages the
   * rest.
   *
   * @return the token: a number, a string or null
   */
  private Token checkNumber(String type) {
    Token token = in.currentToken();
    if (token == Token.STRING) {
      if (!settings.numbersFromStrings) {
        throw new Rejected(
            "Cannot read " + type + " from a JSON string (JsonOptions.numbersFromStrings is off)");
      }
    } else if (token == Token.BEGIN_ARRAY
        || token == Token.BEGIN_OBJECT
        || token == Token.BOOLEAN) {
      throw mismatch(type, token);
    }
    return token;
  }

  @Override
  public String readString() {
    Token token = in.currentToken();
    if (token == Token.BEGIN_ARRAY || token == Token.BEGIN_OBJECT) {
      throw mismatch("String", token);
    }
    return in.readString();
  }

  private static Rejected mismatch(String type, Token token) {
    return new Rejected(ReadProblems.shapeProblem(type, token));
  }

  @Override
  public byte[] readBinary() {
    return in.readBinary();
  }

  @Override
  public String readRaw() {
    return in.readRaw();
  }

  @Override
  public String location() {
    return in.location();
  }

  @Override
  public Token currentToken() {
    return in.currentToken();
  }

  @Override
  public void close() {
    in.close();
  }

  @Override
  public void skipValue() {
    in.skipValue();
  }

  @Override
  public JsonReader streamArray(boolean streamArray) {
    in.streamArray(streamArray);
    return this;
  }

  /**
   * A value the options refuse, or that does not fit the type; becomes a {@link JsonReadException}
   * with the reader's position and path.
   */
  static final class Rejected extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Rejected(String problem) {
      super(problem, null, false, false);
    }
  }
}
