package dev.httpjson.jackson;

import dev.httpjson.codec.support.internal.ScalarReading;
import dev.httpjson.codec.support.internal.ScalarRules;
import dev.httpjson.codec.support.internal.ScalarRules.PrimitiveOptional;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.std.DelegatingDeserializer;
import tools.jackson.databind.deser.std.StdDeserializer;
import tools.jackson.databind.type.LogicalType;

/**
 * The scalar rules where Jackson reads a value with code of its own rather than through the
 * scalar's deserializer ({@link StrictScalars}): the elements of a primitive array, the value of an
 * {@code OptionalInt}, {@code OptionalLong} or {@code OptionalDouble}. Each reads through the same
 * rules as a record's field: through the deserializer of the scalar.
 */
final class ElementRules {
  private ElementRules() {}

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

    PrimitiveArray(
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
    public @Nullable Object deserialize(JsonParser p, DeserializationContext ctxt)
        throws JacksonException {
      return ScalarReading.array(
          StrictScalars.JACKSON,
          handledType(),
          elements != null
              ? elements
              : ctxt.findRootValueDeserializer(ctxt.constructType(component)),
          otherwise,
          p,
          ctxt);
    }
  }

  /**
   * An {@code OptionalInt}, {@code OptionalLong} or {@code OptionalDouble}: {@code null} is empty,
   * anything else is read by the boxed type's deserializer.
   */
  static final class Optionals extends StdDeserializer<Object> {
    private static final long serialVersionUID = 1L;

    private final PrimitiveOptional kind;
    private final @Nullable ValueDeserializer<Object> values;

    Optionals(PrimitiveOptional kind, @Nullable ValueDeserializer<Object> values) {
      super(kind.type());
      this.kind = kind;
      this.values = values;
    }

    @Override
    public ValueDeserializer<?> createContextual(
        DeserializationContext ctxt, @Nullable BeanProperty property) {
      return new Optionals(
          kind, ctxt.findContextualValueDeserializer(ctxt.constructType(kind.boxed()), property));
    }

    @Override
    public Object getNullValue(DeserializationContext ctxt) {
      return kind.empty();
    }

    @Override
    public Object getEmptyValue(DeserializationContext ctxt) {
      return kind.empty();
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws JacksonException {
      return ScalarReading.optional(
          StrictScalars.JACKSON,
          kind,
          values != null
              ? values
              : ctxt.findRootValueDeserializer(ctxt.constructType(kind.boxed())),
          p,
          ctxt);
    }
  }

  /**
   * A {@code Set} ({@link ScalarRules#isOrderedSet}) read from an array as a list: an element's
   * failure is at its index in the document (Jackson's at the size of the set so far).
   */
  static final class Sets extends DelegatingDeserializer {
    private final JavaType content;
    private final @Nullable ValueDeserializer<Object> list;

    Sets(ValueDeserializer<?> set, JavaType content, @Nullable ValueDeserializer<Object> list) {
      super(set);
      this.content = content;
      this.list = list;
    }

    @Override
    protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> set) {
      return new Sets(set, content, list);
    }

    @Override
    public ValueDeserializer<?> createContextual(
        DeserializationContext ctxt, @Nullable BeanProperty property) {
      ValueDeserializer<?> set = ((Sets) super.createContextual(ctxt, property))._delegatee;
      JavaType listType =
          ctxt.getTypeFactory().constructCollectionType(java.util.ArrayList.class, content);
      return new Sets(set, content, ctxt.findContextualValueDeserializer(listType, property));
    }

    @Override
    public @Nullable Object deserialize(JsonParser p, DeserializationContext ctxt)
        throws JacksonException {
      return list != null && p.isExpectedStartArrayToken()
          ? new java.util.LinkedHashSet<>((java.util.Collection<?>) list.deserialize(p, ctxt))
          : super.deserialize(p, ctxt);
    }
  }
}
