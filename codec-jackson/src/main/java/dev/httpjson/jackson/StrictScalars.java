package dev.httpjson.jackson;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.std.DelegatingDeserializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.std.StdSerializer;
import tools.jackson.databind.type.LogicalType;

/**
 * Scalars read and written as every codec reads and writes them (issue 29), where Jackson would
 * coerce: a number in a string only in JSON's own syntax, in ASCII digits (Jackson's parsing takes
 * {@code "١٢٣"}, {@code "NaN"} and {@code " 1"}); {@code -0} into a floating-point type with its
 * sign; a {@code byte} in its signed range (Jackson takes 128 to 255); a date only from a string
 * (Jackson reads a number as epoch seconds or days, and an array as its fields); a string only from
 * a JSON string and a boolean only from {@code true} or {@code false} (Jackson coerces numbers,
 * booleans and {@code "true"}); {@code ""} as nothing but an empty string; and {@code NaN} and the
 * infinities, which JSON cannot hold, never written.
 */
final class StrictScalars {
  private StrictScalars() {}

  /** RFC 8259's number, in ASCII. */
  private static final Pattern JSON_NUMBER =
      Pattern.compile("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");

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
              new ValueDeserializerModifier() {
                @Override
                public ValueDeserializer<?> modifyDeserializer(
                    DeserializationConfig config,
                    BeanDescription.Supplier description,
                    ValueDeserializer<?> deserializer) {
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
                  if (type.getName().startsWith("java.time.")) {
                    return new Strict(deserializer, Kind.DATE);
                  }
                  return deserializer;
                }
              })
          .addSerializer(Double.class, new Finite<>(Double.class))
          .addSerializer(double.class, new Finite<>(Double.class))
          .addSerializer(Float.class, new Finite<>(Float.class))
          .addSerializer(float.class, new Finite<>(Float.class))
          .addSerializer(double[].class, new FiniteDoubles())
          .addSerializer(float[].class, new FiniteFloats());

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

  static boolean isJsonNumber(String text) {
    return JSON_NUMBER.matcher(text).matches();
  }

  private enum Kind {
    NUMBER,
    DOUBLE,
    FLOAT,
    BYTE,
    DATE
  }

  private static final class Strict extends DelegatingDeserializer {
    private final Kind kind;

    Strict(ValueDeserializer<?> delegate, Kind kind) {
      super(delegate);
      this.kind = kind;
    }

    @Override
    protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> delegate) {
      return new Strict(delegate, kind);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws JacksonException {
      JsonToken token = p.currentToken();
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
          String text = p.getString();
          if (text.isEmpty() || isJsonNumber(text)) {
            // Jackson reads digits in a string as epoch seconds or days too.
            return ctxt.handleWeirdStringValue(handledType(), text, "not an ISO-8601 date or time");
          }
        }
        return super.deserialize(p, ctxt);
      }
      if (token == JsonToken.VALUE_STRING) {
        String text = p.getString();
        if (!isJsonNumber(text)) {
          return ctxt.handleWeirdStringValue(
              handledType(), text, "not a JSON number (RFC 8259 syntax, ASCII digits)");
        }
        if (kind == Kind.BYTE) {
          inByteRange(ctxt, text);
        }
      } else if (token == JsonToken.VALUE_NUMBER_INT) {
        if (kind == Kind.BYTE) {
          inByteRange(ctxt, p.getString());
        } else if ((kind == Kind.DOUBLE || kind == Kind.FLOAT) && isMinusZero(p)) {
          return kind == Kind.DOUBLE ? (Object) (-0.0d) : (Object) (-0.0f);
        }
      }
      Object value = super.deserialize(p, ctxt);
      if (kind == Kind.FLOAT && value instanceof Float && ((Float) value).isInfinite()) {
        // As every codec: a number past float's range is refused, not read as infinity.
        return ctxt.handleWeirdNumberValue(handledType(), (Float) value, "out of range of float");
      }
      return value;
    }

    private void inByteRange(DeserializationContext ctxt, String text) throws JacksonException {
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

    private static boolean isMinusZero(JsonParser p) throws JacksonException {
      return p.getNumberType() == JsonParser.NumberType.INT
          && p.getIntValue() == 0
          && p.getString().startsWith("-");
    }
  }

  /** A double or a float, refused when it is NaN or infinite. */
  private static final class Finite<T extends Number> extends StdSerializer<T> {
    Finite(Class<T> type) {
      super(type);
    }

    @Override
    public void serialize(T value, JsonGenerator gen, SerializationContext ctxt)
        throws JacksonException {
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
    FiniteDoubles() {
      super(double[].class);
    }

    @Override
    public void serialize(double[] value, JsonGenerator gen, SerializationContext ctxt)
        throws JacksonException {
      for (double d : value) {
        requireFinite(ctxt, d);
      }
      gen.writeArray(value, 0, value.length);
    }
  }

  private static final class FiniteFloats extends StdSerializer<float[]> {
    FiniteFloats() {
      super(float[].class);
    }

    @Override
    public void serialize(float[] value, JsonGenerator gen, SerializationContext ctxt)
        throws JacksonException {
      gen.writeStartArray(value, value.length);
      for (float f : value) {
        requireFinite(ctxt, f);
        gen.writeNumber(f);
      }
      gen.writeEndArray();
    }
  }

  private static void requireFinite(SerializationContext ctxt, double d) throws JacksonException {
    if (!Double.isFinite(d)) {
      ctxt.reportMappingProblem(
          "Cannot write %s: JSON has no NaN or infinity (RFC 8259)", Double.toString(d));
    }
  }
}
