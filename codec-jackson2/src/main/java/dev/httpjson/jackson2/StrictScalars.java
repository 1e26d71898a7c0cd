package dev.httpjson.jackson2;

import static dev.httpjson.internal.codec.ScalarRules.isJsonNumber;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.KeyDeserializer;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.ser.ContextualSerializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.type.ArrayType;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.httpjson.internal.codec.IsoDateTimes;
import dev.httpjson.internal.codec.ScalarRules;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;

/**
 * Scalars read and written as every codec reads and writes them (issue 29), where Jackson would
 * coerce: a number in a string only in JSON's own syntax, in ASCII digits (Jackson's parsing takes
 * {@code "١٢٣"}, {@code "NaN"} and {@code " 1"}); {@code -0} into a floating-point type with its
 * sign; a {@code byte} in its signed range (Jackson takes 128 to 255); a date only from a string
 * (Jackson reads a number as epoch seconds or days, and an array as its fields), and only in the
 * ISO-8601 text the type's {@code java.time} ISO formatter reads (Jackson trims blanks, reads
 * {@code +0100} and a date-time as a date); a {@code UUID} only from a string (Jackson reads a
 * number as its bits); a string only from a JSON string and a boolean only from {@code true} or
 * {@code false} (Jackson coerces numbers, booleans and {@code "true"}); {@code ""} as nothing but
 * an empty string; and {@code NaN} and the infinities, which JSON cannot hold, never written.
 */
final class StrictScalars {
  private StrictScalars() {}

  /** RFC 8259's number, in ASCII. */
  private static final Set<Class<?>> NUMBERS =
      Set.of(
          int.class,
          Integer.class,
          long.class,
          Long.class,
          short.class,
          Short.class,
          BigInteger.class,
          BigDecimal.class,
          Number.class);

  private static final Set<Class<?>> FLOATING = Set.of(double.class, Double.class);

  static final SimpleModule MODULE =
      new SimpleModule("httpjson-strict-scalars")
          .setDeserializerModifier(
              new BeanDeserializerModifier() {
                @Override
                public JsonDeserializer<?> modifyDeserializer(
                    DeserializationConfig config,
                    BeanDescription description,
                    JsonDeserializer<?> deserializer) {
                  Class<?> type = deserializer.handledType();
                  if (type == null) {
                    return deserializer;
                  }
                  if (NUMBERS.contains(type)) {
                    return new Strict(deserializer, Kind.NUMBER);
                  }
                  if (FLOATING.contains(type)) {
                    return new Strict(deserializer, Kind.DOUBLE);
                  }
                  if (type == float.class || type == Float.class) {
                    return new Strict(deserializer, Kind.FLOAT);
                  }
                  if (type == byte.class || type == Byte.class) {
                    return new Strict(deserializer, Kind.BYTE);
                  }
                  if (type == boolean.class) {
                    return new Strict(deserializer, Kind.PRIMITIVE); // for its null only
                  }
                  if (type == char.class || type == Character.class) {
                    return new Strict(deserializer, Kind.CHAR);
                  }
                  if (type.getName().startsWith("java.time.")) {
                    return new Strict(deserializer, Kind.DATE);
                  }
                  if (type == UUID.class) {
                    return new Strict(deserializer, Kind.UUID);
                  }
                  return deserializer;
                }

                @Override
                public JsonDeserializer<?> modifyArrayDeserializer(
                    DeserializationConfig config,
                    ArrayType type,
                    BeanDescription description,
                    JsonDeserializer<?> deserializer) {
                  // A byte[] is also base64 text, which Jackson's deserializer reads.
                  return type.getRawClass() == byte[].class
                      ? new ElementRules.PrimitiveArray(byte[].class, deserializer)
                      : deserializer;
                }

                /**
                 * A date or time as a map key: the ISO-8601 text its type reads as a value, not
                 * empty (Jackson 2 reads {@code ""} as a null key).
                 */
                @Override
                public KeyDeserializer modifyKeyDeserializer(
                    DeserializationConfig config, JavaType type, KeyDeserializer deserializer) {
                  Class<?> raw = type.getRawClass();
                  if (!ISO.containsKey(raw)) {
                    return deserializer;
                  }
                  return new KeyDeserializer() {
                    @Override
                    public Object deserializeKey(String key, DeserializationContext ctxt)
                        throws IOException {
                      if (key.isEmpty() || isJsonNumber(key) || !isIsoText(raw, key)) {
                        return ctxt.handleWeirdKey(
                            raw, key, "not ISO-8601 as %s.parse reads it", raw.getSimpleName());
                      }
                      return deserializer.deserializeKey(key, ctxt);
                    }
                  };
                }
              })
          .setSerializerModifier(
              new BeanSerializerModifier() {
                private static final long serialVersionUID = 1L;

                @Override
                public JsonSerializer<?> modifySerializer(
                    SerializationConfig config,
                    BeanDescription description,
                    JsonSerializer<?> serializer) {
                  // A value declared Number: Jackson writes a NaN it holds as the token NaN.
                  return description.getBeanClass() == Number.class
                      ? new FiniteNumbers(serializer)
                      : serializer;
                }
              })
          .addSerializer(Double.class, new Finite<>(Double.class))
          .addSerializer(double.class, new Finite<>(Double.class))
          .addSerializer(Float.class, new Finite<>(Float.class))
          .addSerializer(float.class, new Finite<>(Float.class))
          .addSerializer(double[].class, new FiniteDoubles())
          .addSerializer(float[].class, new FiniteFloats())
          .addSerializer(OptionalDouble.class, new FiniteOptional())
          .addSerializer(char[].class, new Chars())
          .addKeySerializer(String.class, new Names())
          .addKeySerializer(Character.class, new CharNames())
          .addKeySerializer(Double.class, new FiniteKeys<>(Double.class))
          .addKeySerializer(Float.class, new FiniteKeys<>(Float.class));

  static {
    for (Class<?> type : ScalarRules.PRIMITIVE_ARRAYS) {
      addArray(type);
    }
    for (Class<?> type : ScalarRules.KEY_TYPES) {
      MODULE.addKeyDeserializer(type, new ElementRules.Keys(type));
    }
    MODULE
        .addDeserializer(OptionalInt.class, ElementRules.Optionals.optionalInt())
        .addDeserializer(OptionalLong.class, ElementRules.Optionals.optionalLong())
        .addDeserializer(OptionalDouble.class, ElementRules.Optionals.optionalDouble());
  }

  @SuppressWarnings("unchecked")
  private static <T> void addArray(Class<T> type) {
    MODULE.addDeserializer(type, (JsonDeserializer<T>) new ElementRules.PrimitiveArray(type));
  }

  /**
   * No string from a number or a boolean, no boolean from a string or a number, and {@code ""} into
   * anything but a string fails (not {@code null}, not an empty value).
   */
  static void coercions(JsonMapper.Builder b) {
    b.withCoercionConfig(
            LogicalType.Textual,
            c ->
                c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
        .withCoercionConfig(
            LogicalType.Boolean,
            c ->
                c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
        .withCoercionConfigDefaults(
            c ->
                c.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyArray, CoercionAction.Fail));
  }

  /** The ISO formatter each type's {@code parse(CharSequence)} uses. */
  private static final Map<Class<?>, DateTimeFormatter> ISO =
      Map.of(
          Instant.class, DateTimeFormatter.ISO_INSTANT,
          OffsetDateTime.class, DateTimeFormatter.ISO_OFFSET_DATE_TIME,
          ZonedDateTime.class, DateTimeFormatter.ISO_ZONED_DATE_TIME,
          LocalDate.class, DateTimeFormatter.ISO_LOCAL_DATE,
          LocalDateTime.class, DateTimeFormatter.ISO_LOCAL_DATE_TIME,
          LocalTime.class, DateTimeFormatter.ISO_LOCAL_TIME,
          OffsetTime.class, DateTimeFormatter.ISO_OFFSET_TIME);

  /**
   * Whether {@code text} is what {@code type}'s ISO formatter parses, as Gson and avaje-jsonb read
   * it. The common shapes are answered without a formatter: a date-time {@link
   * IsoDateTimes#parseOffsetDateTime} takes, and a {@code yyyy-MM-dd} date (which Jackson parses
   * with the same formatter, untrimmed).
   */
  static boolean isIsoText(Class<?> type, String text) {
    DateTimeFormatter formatter = ISO.get(type);
    if (formatter == null) {
      return true;
    }
    if ((type == Instant.class || type == OffsetDateTime.class)
        && IsoDateTimes.parseOffsetDateTime(text) != null) {
      return true;
    }
    if (type == LocalDate.class && isPlainDate(text)) {
      return true;
    }
    try {
      formatter.parse(text);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  private static boolean isPlainDate(String s) {
    if (s.length() != 10 || s.charAt(4) != '-' || s.charAt(7) != '-') {
      return false;
    }
    for (int i = 0; i < 10; i++) {
      char c = s.charAt(i);
      if (i != 4 && i != 7 && (c < '0' || c > '9')) {
        return false;
      }
    }
    return true;
  }

  private enum Kind {
    NUMBER,
    DOUBLE,
    FLOAT,
    BYTE,
    DATE,
    UUID,
    PRIMITIVE,
    CHAR
  }

  private static final class Strict extends DelegatingDeserializer {
    private static final long serialVersionUID = 1L;
    private final Kind kind;

    /**
     * No {@code @JsonFormat} pattern (of the property, or set for the type) applies: the text is
     * held to the ISO formatter's.
     */
    private final boolean iso;

    Strict(JsonDeserializer<?> delegate, Kind kind) {
      this(delegate, kind, true);
    }

    private Strict(JsonDeserializer<?> delegate, Kind kind, boolean iso) {
      super(delegate);
      this.kind = kind;
      this.iso = iso;
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
      return new Strict(delegate, kind, iso);
    }

    @Override
    public JsonDeserializer<?> createContextual(
        DeserializationContext ctxt, com.fasterxml.jackson.databind.BeanProperty property)
        throws JsonMappingException {
      JsonDeserializer<?> contextual = super.createContextual(ctxt, property);
      if (kind == Kind.DATE && contextual instanceof Strict && ((Strict) contextual).iso) {
        com.fasterxml.jackson.annotation.JsonFormat.Value format =
            findFormatOverrides(ctxt, property, handledType());
        if (format != null && format.hasPattern()) {
          return new Strict(((Strict) contextual)._delegatee, kind, false);
        }
      }
      return contextual;
    }

    /**
     * An explicit {@code null} into a primitive fails (issue 29 row 9); Jackson 2's {@code
     * FAIL_ON_NULL_FOR_PRIMITIVES} would also fail a record component that is missing, which reads
     * as the primitive's default (see {@link #getAbsentValue}).
     */
    @Override
    public Object getNullValue(DeserializationContext ctxt) throws JsonMappingException {
      Class<?> type = handledType();
      if (type != null && type.isPrimitive()) {
        return ctxt.reportInputMismatch(this, "Cannot read null into %s", type.getName());
      }
      return super.getNullValue(ctxt);
    }

    @Override
    public Object getAbsentValue(DeserializationContext ctxt) throws JsonMappingException {
      return _delegatee.getNullValue(ctxt);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      JsonToken token = p.currentToken();
      if (kind == Kind.PRIMITIVE) {
        return super.deserialize(p, ctxt);
      }
      if (kind == Kind.DATE) {
        if (token != JsonToken.VALUE_STRING && token != JsonToken.VALUE_NULL) {
          return ctxt.handleUnexpectedToken(
              ctxt.constructType(handledType()),
              token,
              p,
              "Cannot read %s from %s: a date or time is an ISO-8601 string",
              handledType().getSimpleName(),
              token);
        }
        if (token == JsonToken.VALUE_STRING && handledType() != java.time.Year.class) {
          String text = p.getText();
          if (text.isEmpty() || isJsonNumber(text)) {
            // Jackson reads digits in a string as epoch seconds or days too.
            return ctxt.handleWeirdStringValue(handledType(), text, "not an ISO-8601 date or time");
          }
          if (iso && !isIsoText(handledType(), text)) {
            return ctxt.handleWeirdStringValue(
                handledType(),
                text,
                "not ISO-8601 as %s.parse reads it (nothing trimmed)",
                handledType().getSimpleName());
          }
        }
        return super.deserialize(p, ctxt);
      }
      if (kind == Kind.UUID) {
        if (token != JsonToken.VALUE_STRING && token != JsonToken.VALUE_NULL) {
          return ctxt.handleUnexpectedToken(
              ctxt.constructType(UUID.class),
              token,
              p,
              "Cannot read UUID from %s: a UUID is a string",
              token);
        }
        if (token == JsonToken.VALUE_STRING && !ScalarRules.isCanonicalUuid(p.getText())) {
          // Jackson trims the text and reads 22 or 24 characters as base64.
          return ctxt.handleWeirdStringValue(
              UUID.class, p.getText(), "not a UUID's canonical text (8-4-4-4-12 hex digits)");
        }
        return super.deserialize(p, ctxt);
      }
      if (kind == Kind.CHAR) {
        if (token == JsonToken.VALUE_STRING) {
          if (p.getText().length() != 1) {
            return ctxt.handleWeirdStringValue(
                handledType(), p.getText(), "a char is a string of one character");
          }
        } else if (token != JsonToken.VALUE_NULL) {
          // As a number into a String: Jackson reads a number as a char's code.
          return ctxt.handleUnexpectedToken(
              ctxt.constructType(handledType()),
              token,
              p,
              "Cannot read %s from %s: a char is a string of one character",
              handledType().getSimpleName(),
              token);
        }
        return super.deserialize(p, ctxt);
      }
      if (token == JsonToken.VALUE_STRING) {
        String text = p.getText();
        if (!isJsonNumber(text)) {
          return ctxt.handleWeirdStringValue(
              handledType(), text, "not a JSON number (RFC 8259 syntax, ASCII digits)");
        }
        if (kind == Kind.BYTE) {
          inByteRange(ctxt, text);
        }
      } else if (token == JsonToken.VALUE_NUMBER_INT) {
        if (kind == Kind.BYTE) {
          inByteRange(ctxt, p.getText());
        } else if ((kind == Kind.DOUBLE || kind == Kind.FLOAT) && isMinusZero(p)) {
          return kind == Kind.DOUBLE ? (Object) (-0.0d) : (Object) (-0.0f);
        }
      }
      Object value = super.deserialize(p, ctxt);
      if (kind == Kind.FLOAT && value instanceof Float && ((Float) value).isInfinite()) {
        // As every codec: a number past float's range is refused, not read as infinity.
        return ctxt.handleWeirdNumberValue(handledType(), (Float) value, "out of range of float");
      }
      if (value instanceof BigDecimal && !ScalarRules.isDecimalInRange((BigDecimal) value)) {
        return ctxt.handleWeirdNumberValue(
            handledType(), (BigDecimal) value, "exponent out of range of BigDecimal");
      }
      return value;
    }

    private void inByteRange(DeserializationContext ctxt, String text) throws IOException {
      long value;
      try {
        value = Long.parseLong(text);
      } catch (NumberFormatException e) {
        return; // a fraction, an exponent or a huge number: the delegate refuses it
      }
      if (value < Byte.MIN_VALUE || value > Byte.MAX_VALUE) {
        ctxt.handleWeirdStringValue(
            handledType(), text, "out of range of byte (" + Byte.MIN_VALUE + " - 127)");
      }
    }

    private static boolean isMinusZero(JsonParser p) throws IOException {
      return p.getNumberType() == JsonParser.NumberType.INT
          && p.getIntValue() == 0
          && p.getText().startsWith("-");
    }
  }

  /**
   * A map key: one holding a lone surrogate fails to write, since no codec reads such a name (the
   * Jackson and Gson parsers refuse it), whereas a string value holding one is written as an
   * escape.
   */
  private static final class Names extends StdSerializer<String> {
    private static final long serialVersionUID = 1L;

    Names() {
      super(String.class);
    }

    @Override
    public void serialize(String key, JsonGenerator gen, SerializerProvider ctxt)
        throws IOException {
      int at = loneSurrogateAt(key);
      if (at >= 0) {
        ctxt.reportMappingProblem(
            "Cannot write the name \"%s\": a lone surrogate (\\u%04x) at index %d; a name must be"
                + " valid Unicode",
            key.substring(0, at), (int) key.charAt(at), at);
      }
      gen.writeFieldName(key);
    }
  }

  /** A {@code Character} map key: half a surrogate pair is no name, as in a {@code String}. */
  private static final class CharNames extends StdSerializer<Character> {
    private static final long serialVersionUID = 1L;

    CharNames() {
      super(Character.class);
    }

    @Override
    public void serialize(Character key, JsonGenerator gen, SerializerProvider ctxt)
        throws IOException {
      if (Character.isSurrogate(key)) {
        ctxt.reportMappingProblem(
            "Cannot write the name \\u%04x: a lone surrogate; a name must be valid Unicode",
            (int) key);
      }
      gen.writeFieldName(key.toString());
    }
  }

  /** The index of the first surrogate in {@code s} that is not half of a pair, or -1. */
  static int loneSurrogateAt(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return i;
      }
    }
    return -1;
  }

  /** A double or a float, refused when it is NaN or infinite. */
  private static final class Finite<T extends Number> extends StdSerializer<T> {
    private static final long serialVersionUID = 1L;

    Finite(Class<T> type) {
      super(type);
    }

    @Override
    public void serialize(T value, JsonGenerator gen, SerializerProvider ctxt) throws IOException {
      if (value instanceof Float) {
        float f = value.floatValue();
        requireFinite(ctxt, f);
        gen.writeNumber(f);
      } else {
        double d = value.doubleValue();
        requireFinite(ctxt, d);
        gen.writeNumber(d);
      }
    }
  }

  private static final class FiniteDoubles extends StdSerializer<double[]> {
    private static final long serialVersionUID = 1L;

    FiniteDoubles() {
      super(double[].class);
    }

    @Override
    public void serialize(double[] value, JsonGenerator gen, SerializerProvider ctxt)
        throws IOException {
      for (double d : value) {
        requireFinite(ctxt, d);
      }
      gen.writeArray(value, 0, value.length);
    }
  }

  private static final class FiniteFloats extends StdSerializer<float[]> {
    private static final long serialVersionUID = 1L;

    FiniteFloats() {
      super(float[].class);
    }

    @Override
    public void serialize(float[] value, JsonGenerator gen, SerializerProvider ctxt)
        throws IOException {
      gen.writeStartArray(value, value.length);
      for (float f : value) {
        requireFinite(ctxt, f);
        gen.writeNumber(f);
      }
      gen.writeEndArray();
    }
  }

  /** An {@code OptionalDouble}, refused when it holds NaN or an infinity. */
  private static final class FiniteOptional extends StdSerializer<OptionalDouble> {
    private static final long serialVersionUID = 1L;

    FiniteOptional() {
      super(OptionalDouble.class);
    }

    @Override
    public boolean isEmpty(SerializerProvider ctxt, OptionalDouble value) {
      return value == null || value.isEmpty();
    }

    @Override
    public void serialize(OptionalDouble value, JsonGenerator gen, SerializerProvider ctxt)
        throws IOException {
      if (value.isEmpty()) {
        gen.writeNull();
        return;
      }
      requireFinite(ctxt, value.getAsDouble());
      gen.writeNumber(value.getAsDouble());
    }
  }

  /** A {@code double} or {@code float} map key, refused when it is NaN or infinite. */
  private static final class FiniteKeys<T extends Number> extends StdSerializer<T> {
    private static final long serialVersionUID = 1L;

    FiniteKeys(Class<T> type) {
      super(type);
    }

    @Override
    public void serialize(T key, JsonGenerator gen, SerializerProvider ctxt) throws IOException {
      requireFinite(ctxt, key.doubleValue());
      gen.writeFieldName(key instanceof Float ? Float.toString((Float) key) : key.toString());
    }
  }

  /** A {@code char[]} as an array of one-character strings, as every codec writes it. */
  private static final class Chars extends StdSerializer<char[]> {
    private static final long serialVersionUID = 1L;

    Chars() {
      super(char[].class);
    }

    @Override
    public void serialize(char[] value, JsonGenerator gen, SerializerProvider ctxt)
        throws IOException {
      gen.writeStartArray(value, value.length);
      for (char c : value) {
        gen.writeString(String.valueOf(c));
      }
      gen.writeEndArray();
    }
  }

  /** A value declared {@code Number}: a {@code double} or {@code float} in it must be finite. */
  private static final class FiniteNumbers extends StdSerializer<Object>
      implements ContextualSerializer {
    private static final long serialVersionUID = 1L;

    private final transient JsonSerializer<Object> delegate;

    @SuppressWarnings("unchecked")
    FiniteNumbers(JsonSerializer<?> delegate) {
      super(Object.class);
      this.delegate = (JsonSerializer<Object>) delegate;
    }

    @Override
    public JsonSerializer<?> createContextual(
        SerializerProvider ctxt, com.fasterxml.jackson.databind.BeanProperty property)
        throws JsonMappingException {
      return delegate instanceof ContextualSerializer
          ? new FiniteNumbers(((ContextualSerializer) delegate).createContextual(ctxt, property))
          : this;
    }

    @Override
    public void serialize(Object value, JsonGenerator gen, SerializerProvider ctxt)
        throws IOException {
      if (value instanceof Double || value instanceof Float) {
        requireFinite(ctxt, ((Number) value).doubleValue());
      }
      delegate.serialize(value, gen, ctxt);
    }
  }

  private static void requireFinite(SerializerProvider ctxt, double d) throws IOException {
    if (!Double.isFinite(d)) {
      ctxt.reportMappingProblem(
          "Cannot write %s: JSON has no NaN or infinity (RFC 8259)", Double.toString(d));
    }
  }
}
