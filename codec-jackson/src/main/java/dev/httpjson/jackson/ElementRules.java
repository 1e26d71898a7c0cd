package dev.httpjson.jackson;

import dev.httpjson.internal.codec.ScalarRules;
import java.lang.reflect.Array;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.KeyDeserializer;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.std.StdDeserializer;
import tools.jackson.databind.type.LogicalType;

/**
 * The scalar rules where Jackson reads a value with code of its own rather than through the
 * scalar's deserializer ({@link StrictScalars}): the elements of a primitive array, the value of an
 * {@code OptionalInt}, {@code OptionalLong} or {@code OptionalDouble}, and a map key. Each reads
 * through the same rules as a record's field: a primitive array's element and an optional's value
 * through the deserializer of the scalar, a key through {@link ScalarRules#parseKey}.
 */
final class ElementRules {
  private ElementRules() {}

  /** A map key read by {@link ScalarRules#parseKey}. */
  static final class Keys extends KeyDeserializer {
    private final Class<?> type;

    Keys(Class<?> type) {
      this.type = type;
    }

    @Override
    public @Nullable Object deserializeKey(String key, DeserializationContext ctxt)
        throws JacksonException {
      try {
        return ScalarRules.parseKey(type, key);
      } catch (IllegalArgumentException e) {
        return ctxt.handleWeirdKey(type, key, "%s", e.getMessage());
      }
    }
  }

  /**
   * An array of primitives, each element read by the primitive's deserializer (which holds it to
   * the scalar rules) and {@code null} refused.
   */
  static final class PrimitiveArray extends StdDeserializer<Object> {
    private static final long serialVersionUID = 1L;

    private final Class<?> component;
    private final @Nullable ValueDeserializer<Object> elements;

    /**
     * What reads anything but an array or a string ({@code byte[]}: Jackson's binary value), or
     * null; a string is base64 by {@link ScalarRules#base64}.
     */
    private final @Nullable ValueDeserializer<?> otherwise;

    PrimitiveArray(Class<?> arrayType) {
      this(arrayType, null, null);
    }

    /**
     * A {@code byte[]}: an array by the rules, a string as padded standard base64, anything else as
     * Jackson reads it.
     */
    PrimitiveArray(Class<?> arrayType, ValueDeserializer<?> otherwise) {
      this(arrayType, null, otherwise);
    }

    private PrimitiveArray(
        Class<?> arrayType,
        @Nullable ValueDeserializer<Object> elements,
        @Nullable ValueDeserializer<?> otherwise) {
      super(arrayType);
      this.component = arrayType.getComponentType();
      this.elements = elements;
      this.otherwise = otherwise;
    }

    @Override
    public LogicalType logicalType() {
      return LogicalType.Array;
    }

    @Override
    public ValueDeserializer<?> createContextual(
        DeserializationContext ctxt, @Nullable BeanProperty property) {
      return new PrimitiveArray(
          handledType(),
          ctxt.findContextualValueDeserializer(ctxt.constructType(component), property),
          otherwise == null ? null : otherwise.createContextual(ctxt, property));
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws JacksonException {
      if (!p.isExpectedStartArrayToken() && otherwise != null) {
        if (p.hasToken(JsonToken.VALUE_STRING)) {
          // Jackson's base64 skips blanks and line breaks: the text is held to the rule instead.
          String text = p.getString();
          try {
            return ScalarRules.base64(text);
          } catch (IllegalArgumentException e) {
            return ctxt.handleWeirdStringValue(byte[].class, text, "%s", e.getMessage());
          }
        }
        return otherwise.deserialize(p, ctxt);
      }
      if (!p.isExpectedStartArrayToken()) {
        return ctxt.handleUnexpectedToken(
            ctxt.constructType(handledType()),
            p.currentToken(),
            p,
            "Cannot read %s from %s: expected a JSON array",
            handledType().getSimpleName(),
            p.currentToken());
      }
      ValueDeserializer<Object> element =
          elements != null
              ? elements
              : ctxt.findRootValueDeserializer(ctxt.constructType(component));
      Object array = Array.newInstance(component, 8);
      int n = 0;
      JsonToken token;
      while ((token = p.nextToken()) != JsonToken.END_ARRAY) {
        Object value;
        try {
          if (token == JsonToken.VALUE_NULL) {
            value =
                ctxt.reportInputMismatch(
                    this,
                    "Cannot read null into an element of %s: a %s cannot be null",
                    handledType().getSimpleName(),
                    component.getName());
          } else {
            value = element.deserialize(p, ctxt);
          }
        } catch (Exception e) {
          throw DatabindException.wrapWithPath(
              ctxt, e, new JacksonException.Reference(handledType(), n));
        }
        if (n == Array.getLength(array)) {
          Object grown = Array.newInstance(component, n * 2);
          System.arraycopy(array, 0, grown, 0, n);
          array = grown;
        }
        Array.set(array, n++, value);
      }
      Object result = Array.newInstance(component, n);
      System.arraycopy(array, 0, result, 0, n);
      return result;
    }
  }

  /**
   * An {@code OptionalInt}, {@code OptionalLong} or {@code OptionalDouble}: {@code null} is empty,
   * anything else is read by the boxed type's deserializer.
   */
  static final class Optionals<T> extends StdDeserializer<T> {
    private static final long serialVersionUID = 1L;

    private final Class<?> boxed;
    private final transient Function<Object, T> of;
    private final T empty;
    private final @Nullable ValueDeserializer<Object> values;

    static Optionals<OptionalInt> optionalInt() {
      return new Optionals<>(
          OptionalInt.class,
          Integer.class,
          v -> OptionalInt.of((Integer) v),
          OptionalInt.empty(),
          null);
    }

    static Optionals<OptionalLong> optionalLong() {
      return new Optionals<>(
          OptionalLong.class,
          Long.class,
          v -> OptionalLong.of((Long) v),
          OptionalLong.empty(),
          null);
    }

    static Optionals<OptionalDouble> optionalDouble() {
      return new Optionals<>(
          OptionalDouble.class,
          Double.class,
          v -> OptionalDouble.of((Double) v),
          OptionalDouble.empty(),
          null);
    }

    private Optionals(
        Class<T> type,
        Class<?> boxed,
        Function<Object, T> of,
        T empty,
        @Nullable ValueDeserializer<Object> values) {
      super(type);
      this.boxed = boxed;
      this.of = of;
      this.empty = empty;
      this.values = values;
    }

    @Override
    @SuppressWarnings("unchecked")
    public ValueDeserializer<?> createContextual(
        DeserializationContext ctxt, @Nullable BeanProperty property) {
      return new Optionals<>(
          (Class<T>) handledType(),
          boxed,
          of,
          empty,
          ctxt.findContextualValueDeserializer(ctxt.constructType(boxed), property));
    }

    @Override
    public T getNullValue(DeserializationContext ctxt) {
      return empty;
    }

    @Override
    public Object getEmptyValue(DeserializationContext ctxt) {
      return empty;
    }

    @Override
    public T deserialize(JsonParser p, DeserializationContext ctxt) throws JacksonException {
      if (p.currentToken() == JsonToken.VALUE_NULL) {
        return empty;
      }
      ValueDeserializer<Object> value =
          values != null ? values : ctxt.findRootValueDeserializer(ctxt.constructType(boxed));
      Object v = value.deserialize(p, ctxt);
      return v == null ? empty : of.apply(v);
    }
  }
}
