package dev.httpjson.avaje;

import dev.httpjson.codec.support.internal.ScalarRules;
import io.avaje.json.JsonWriter;
import io.avaje.json.PropertyNames;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * avaje's writer as httpjson's options want it: names spelt by the options' naming, nesting bounded
 * by {@code maxNestingDepth} (a cycle fails there rather than overflowing the stack), and the JSON
 * path kept for errors.
 */
final class WebWriter implements JsonWriter {
  private final JsonWriter out;
  private final Settings settings;

  private final Nesting nesting = new Nesting();

  WebWriter(JsonWriter out, Settings settings) {
    this.out = out;
    this.settings = settings;
    if (settings.ownJsonb) {
      out.serializeNulls(settings.writeNulls);
      out.serializeEmpty(true);
      out.pretty(false); // indented afterwards, as every codec indents (Indentation)
    }
  }

  JsonWriter delegate() {
    return out;
  }

  @Override
  public String path() {
    return nesting.path();
  }

  /** A value starts: in an array, the next index. */
  private void value() {
    nesting.value();
  }

  private void push(boolean array, AdapterNames.@Nullable Translated translated) {
    push(array, translated, false);
  }

  private void push(boolean array, AdapterNames.@Nullable Translated translated, boolean entries) {
    int depth = nesting.depth;
    if (depth == settings.limits.maxNestingDepth()) {
      throw new TooDeep(
          "Nesting depth ("
              + (depth + 1)
              + ") exceeds the maximum allowed ("
              + settings.limits.maxNestingDepth()
              + ") (the limit is JsonOptions.maxNestingDepth; a cycle in the value?)");
    }
    nesting.push(array, translated, entries);
  }

  @Override
  public <T> T unwrap(Class<T> type) {
    return out.unwrap(type);
  }

  @Override
  public void serializeNulls(boolean serializeNulls) {
    out.serializeNulls(serializeNulls);
  }

  @Override
  public boolean serializeNulls() {
    return out.serializeNulls();
  }

  @Override
  public void serializeEmpty(boolean serializeEmpty) {
    out.serializeEmpty(serializeEmpty);
  }

  @Override
  public boolean serializeEmpty() {
    return out.serializeEmpty();
  }

  @Override
  public void pretty(boolean pretty) {
    out.pretty(pretty);
  }

  @Override
  public void allNames(PropertyNames names) {
    out.allNames(translate(names));
  }

  private PropertyNames translate(PropertyNames names) {
    return names instanceof AdapterNames ? ((AdapterNames) names).in(settings.naming).json : names;
  }

  @Override
  public void name(int position) {
    AdapterNames.Translated t = nesting.names();
    nesting.field(t == null ? "[" + position + "]" : t.jsonName(position));
    out.name(position);
  }

  @Override
  public void name(String name) {
    nesting.field(name);
    String problem = ScalarRules.nameProblem(name);
    if (problem != null) {
      // As every codec: no codec reads such a name back (Jackson's and Gson's parsers refuse it).
      throw new IllegalArgumentException(problem);
    }
    out.name(name);
  }

  @Override
  public void beginArray() {
    value();
    push(true, null);
    out.beginArray();
  }

  @Override
  public void endArray() {
    out.endArray();
    nesting.pop();
  }

  @Override
  public void emptyArray() {
    value();
    out.emptyArray();
  }

  @Override
  public void beginObject() {
    value();
    push(false, null, true); // a map's: no declared names
    out.beginObject();
  }

  @Override
  public void beginObject(PropertyNames names) {
    value();
    if (names instanceof AdapterNames) {
      AdapterNames.Translated t = ((AdapterNames) names).in(settings.naming);
      push(false, t);
      out.beginObject(t.json);
    } else {
      push(false, null);
      out.beginObject(names);
    }
  }

  @Override
  public void endObject() {
    out.endObject();
    nesting.pop();
  }

  @Override
  public void nullValue() {
    value();
    if (!out.serializeNulls() && nesting.atAnElement(settings.ownJsonb)) {
      // Without nulls, a null property is omitted; a list's element, a map entry's value and the
      // top-level value are not properties, and avaje would drop them (or write nothing at all).
      // A Jsonb of the user's keeps its own rule for map entries; a list never loses an element.
      out.serializeNulls(true);
      try {
        out.nullValue();
      } finally {
        out.serializeNulls(false);
      }
    } else {
      out.nullValue();
    }
  }

  @Override
  public void value(@Nullable String value) {
    if (value == null) {
      nullValue();
      return;
    }
    value();
    if (hasLoneSurrogate(value)) {
      out.rawValue(escaped(value));
    } else {
      out.value(value);
    }
  }

  /**
   * Whether {@code s} holds a surrogate that is not half of a pair, which avaje refuses to write:
   * it is written as a {@code \\u} escape instead, as the other codecs write it.
   */
  static boolean hasLoneSurrogate(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code s} as a JSON string, with control characters and lone surrogates escaped, in UTF-8 with
   * one char per byte: avaje's {@code rawValue} writes each char's low byte (it expects ASCII), so
   * a non-ASCII character is handed over as its UTF-8 bytes.
   */
  static String escaped(String s) {
    return new String(escapedText(s).getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
  }

  /**
   * {@code s} as a JSON string, with control characters and lone surrogates escaped as the other
   * codecs escape them (upper-case hex digits).
   */
  private static String escapedText(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 16).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20) {
        // The short escapes where JSON has them, as every codec writes them.
        int shortEscape = "\b\t\n\f\r".indexOf(c);
        if (shortEscape >= 0) {
          sb.append('\\').append("btnfr".charAt(shortEscape));
        } else {
          sb.append(String.format("\\u%04X", (int) c));
        }
      } else if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        sb.append(c).append(s.charAt(++i));
      } else if (Character.isSurrogate(c)) {
        sb.append(String.format("\\u%04X", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  @Override
  public void value(boolean value) {
    value();
    out.value(value);
  }

  @Override
  public void value(int value) {
    value();
    out.value(value);
  }

  @Override
  public void value(long value) {
    value();
    out.value(value);
  }

  @Override
  public void value(double value) {
    value();
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      throw new IllegalArgumentException("JSON forbids NaN and infinities: " + value);
    }
    // Double.toString's text, as the other codecs write it (avaje wrote 1.0E20 as
    // 100000000000000000000.0, and -0.0 as 0.0).
    out.rawValue(Double.toString(value));
  }

  /**
   * A {@code float} as its own shortest text ({@code 0.1}, as the other codecs write it): avaje
   * writes the {@code double} it widens to ({@code 0.10000000149011612}).
   *
   * @param value the number
   */
  void value(float value) {
    value();
    if (Float.isNaN(value) || Float.isInfinite(value)) {
      throw new IllegalArgumentException("JSON forbids NaN and infinities: " + value);
    }
    out.rawValue(Float.toString(value));
  }

  /** Writes {@code null} for a boxed value that is null, else begins writing the value. */
  private boolean began(@Nullable Object value) {
    if (value == null) {
      nullValue();
      return false;
    }
    value();
    return true;
  }

  @Override
  public void value(@Nullable Boolean value) {
    if (began(value)) {
      out.value(value);
    }
  }

  @Override
  public void value(@Nullable Integer value) {
    if (began(value)) {
      out.value(value);
    }
  }

  @Override
  public void value(@Nullable Long value) {
    if (began(value)) {
      out.value(value);
    }
  }

  @Override
  public void value(@Nullable Double value) {
    if (value == null) {
      nullValue();
      return;
    }
    value((double) value);
  }

  @Override
  public void value(@Nullable BigDecimal value) {
    if (began(value)) {
      out.value(value);
    }
  }

  @Override
  public void value(@Nullable BigInteger value) {
    if (began(value)) {
      out.value(value);
    }
  }

  /**
   * Base64 (RFC 4648, padded), as the other codecs write a {@code byte[]}: avaje's own encoding
   * wrote an empty array as the text of the last one it encoded.
   */
  @Override
  public void value(byte @Nullable [] value) {
    if (value == null) {
      nullValue();
      return;
    }
    value(java.util.Base64.getEncoder().encodeToString(value));
  }

  @Override
  public void jsonValue(Object value) {
    value();
    out.jsonValue(value);
  }

  @Override
  public void rawValue(String value) {
    value();
    out.rawValue(value);
  }

  @Override
  public void rawChunkStart() {
    value();
    out.rawChunkStart();
  }

  @Override
  public void rawChunk(char value) {
    out.rawChunk(value);
  }

  @Override
  public void rawChunk(String value) {
    out.rawChunk(value);
  }

  @Override
  public void rawChunkEncode(String value) {
    out.rawChunkEncode(value);
  }

  @Override
  public void rawChunkEnd() {
    out.rawChunkEnd();
  }

  @Override
  public void writeNewLine() {
    out.writeNewLine();
  }

  @Override
  public void flush() {
    out.flush();
  }

  @Override
  public void close() {
    out.close();
  }

  @Override
  public void markIncomplete() {
    out.markIncomplete();
  }

  /** Nesting beyond the limit while writing. */
  static final class TooDeep extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooDeep(String problem) {
      super(problem, null, false, false);
    }
  }
}
