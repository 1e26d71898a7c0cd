package dev.httpjson.jackson2;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.KeyDeserializer;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.httpjson.internal.codec.ScalarRules;
import java.io.IOException;
import java.lang.reflect.Array;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

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
        throws IOException {
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
  static final class PrimitiveArray extends StdDeserializer<Object>
      implements ContextualDeserializer {
    private static final long serialVersionUID = 1L;

    private final Class<?> component;
    private final transient @Nullable JsonDeserializer<Object> elements;

    /**
     * What reads anything but an array or a string ({@code byte[]}: Jackson's binary value), or
     * null; a string is base64 by {@link ScalarRules#base64}.
     */
    private final transient @Nullable JsonDeserializer<?> otherwise;

    PrimitiveArray(Class<?> arrayType) {
      this(arrayType, null, null);
    }

    /**
     * A {@code byte[]}: an array by the rules, a string as padded standard base64, anything else as
     * Jackson reads it.
     */
    PrimitiveArray(Class<?> arrayType, JsonDeserializer<?> otherwise) {
      this(arrayType, null, otherwise);
    }

    private PrimitiveArray(
        Class<?> arrayType,
        @Nullable JsonDeserializer<Object> elements,
        @Nullable JsonDeserializer<?> otherwise) {
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
    public JsonDeserializer<?> createContextual(
        DeserializationContext ctxt, @Nullable BeanProperty property) throws JsonMappingException {
      return new PrimitiveArray(
          handledType(),
          ctxt.findContextualValueDeserializer(ctxt.constructType(component), property),
          otherwise instanceof ContextualDeserializer
              ? ((ContextualDeserializer) otherwise).createContextual(ctxt, property)
              : otherwise);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      if (!p.isExpectedStartArrayToken() && otherwise != null) {
        if (p.hasToken(JsonToken.VALUE_STRING)) {
          // Jackson's base64 skips blanks and line breaks: the text is held to the rule instead.
          String text = p.getText();
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
      JsonDeserializer<Object> element =
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
          throw JsonMappingException.wrapWithPath(e, handledType(), n);
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
  static final class Optionals<T> extends StdDeserializer<T> implements ContextualDeserializer {
    private static final long serialVersionUID = 1L;

    private final Class<?> boxed;
    private final transient Function<Object, T> of;
    private final transient T empty;
    private final transient @Nullable JsonDeserializer<Object> values;

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
        @Nullable JsonDeserializer<Object> values) {
      super(type);
      this.boxed = boxed;
      this.of = of;
      this.empty = empty;
      this.values = values;
    }

    @Override
    @SuppressWarnings("unchecked")
    public JsonDeserializer<?> createContextual(
        DeserializationContext ctxt, @Nullable BeanProperty property) throws JsonMappingException {
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
    public T deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      if (p.currentToken() == JsonToken.VALUE_NULL) {
        return empty;
      }
      JsonDeserializer<Object> value =
          values != null ? values : ctxt.findRootValueDeserializer(ctxt.constructType(boxed));
      Object v = value.deserialize(p, ctxt);
      return v == null ? empty : of.apply(v);
    }
  }
}
