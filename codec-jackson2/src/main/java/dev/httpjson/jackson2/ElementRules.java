package dev.httpjson.jackson2;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.httpjson.codec.support.internal.ScalarReading;
import dev.httpjson.codec.support.internal.ScalarRules;
import dev.httpjson.codec.support.internal.ScalarRules.PrimitiveOptional;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

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

    PrimitiveArray(
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
    public @Nullable Object deserialize(JsonParser p, DeserializationContext ctxt)
        throws IOException {
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
  static final class Optionals extends StdDeserializer<Object> implements ContextualDeserializer {
    private static final long serialVersionUID = 1L;

    private final PrimitiveOptional kind;
    private final transient @Nullable JsonDeserializer<Object> values;

    Optionals(PrimitiveOptional kind, @Nullable JsonDeserializer<Object> values) {
      super(kind.type());
      this.kind = kind;
      this.values = values;
    }

    @Override
    public JsonDeserializer<?> createContextual(
        DeserializationContext ctxt, @Nullable BeanProperty property) throws JsonMappingException {
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
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
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
    private static final long serialVersionUID = 1L;
    private final transient JavaType content;
    private final transient @Nullable JsonDeserializer<Object> list;

    Sets(JsonDeserializer<?> set, JavaType content, @Nullable JsonDeserializer<Object> list) {
      super(set);
      this.content = content;
      this.list = list;
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> set) {
      return new Sets(set, content, list);
    }

    @Override
    public JsonDeserializer<?> createContextual(
        DeserializationContext ctxt, @Nullable BeanProperty property) throws JsonMappingException {
      JsonDeserializer<?> set = ((Sets) super.createContextual(ctxt, property))._delegatee;
      JavaType listType =
          ctxt.getTypeFactory().constructCollectionType(java.util.ArrayList.class, content);
      return new Sets(set, content, ctxt.findContextualValueDeserializer(listType, property));
    }

    @Override
    public @Nullable Object deserialize(JsonParser p, DeserializationContext ctxt)
        throws IOException {
      return list != null && p.isExpectedStartArrayToken()
          ? new java.util.LinkedHashSet<>((java.util.Collection<?>) list.deserialize(p, ctxt))
          : super.deserialize(p, ctxt);
    }
  }
}
