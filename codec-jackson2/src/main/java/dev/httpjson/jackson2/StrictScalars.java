package dev.httpjson.jackson2;

import static com.fasterxml.jackson.databind.cfg.CoercionAction.AsEmpty;
import static com.fasterxml.jackson.databind.cfg.CoercionAction.Fail;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
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
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.cfg.MutableCoercionConfig;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.ser.ContextualSerializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.type.ArrayType;
import com.fasterxml.jackson.databind.type.CollectionType;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.httpjson.codec.support.internal.ReadProblems;
import dev.httpjson.codec.support.internal.ScalarKind;
import dev.httpjson.codec.support.internal.ScalarReading;
import dev.httpjson.codec.support.internal.ScalarRules;
import dev.httpjson.codec.support.internal.ScalarRules.PrimitiveOptional;
import java.io.IOException;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Scalars read and written as every codec reads and writes them (issue 29), where Jackson would
 * coerce or write what JSON cannot hold: the decisions of {@link ScalarKind} and {@link
 * ScalarRules}, reported in Jackson's own failures.
 */
final class StrictScalars {
  private StrictScalars() {}

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
                  @Nullable ScalarKind kind = type == null ? null : ScalarKind.of(type);
                  if (type == boolean.class || type == Boolean.class) {
                    // for its null and its failures' words only
                    return new Strict(deserializer, null, true);
                  }
                  return kind == null ? deserializer : new Strict(deserializer, kind, true);
                }

                /** An enum is read by its exact name: Jackson trims the string first. */
                @Override
                public JsonDeserializer<?> modifyEnumDeserializer(
                    DeserializationConfig config,
                    JavaType type,
                    BeanDescription description,
                    JsonDeserializer<?> deserializer) {
                  return new Strict(deserializer, ScalarKind.ENUM, true);
                }

                @Override
                public JsonDeserializer<?> modifyArrayDeserializer(
                    DeserializationConfig config,
                    ArrayType type,
                    BeanDescription description,
                    JsonDeserializer<?> deserializer) {
                  // A byte[] is also base64 text, which Jackson's deserializer reads.
                  return type.getRawClass() == byte[].class
                      ? new ElementRules.PrimitiveArray(byte[].class, null, deserializer)
                      : deserializer;
                }

                /** A set: {@link ElementRules.Sets}. */
                @Override
                public JsonDeserializer<?> modifyCollectionDeserializer(
                    DeserializationConfig config,
                    CollectionType type,
                    BeanDescription description,
                    JsonDeserializer<?> deserializer) {
                  return ScalarRules.isOrderedSet(type.getRawClass())
                      ? new ElementRules.Sets(deserializer, type.getContentType(), null)
                      : deserializer;
                }

                @Override
                public KeyDeserializer modifyKeyDeserializer(
                    DeserializationConfig config, JavaType type, KeyDeserializer deserializer) {
                  return deserializer instanceof PlacedKeys
                      ? deserializer
                      : new PlacedKeys(type.getRawClass(), deserializer);
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
                  return ScalarRules.mayBeNonFinite(description.getBeanClass())
                      ? new Finite(serializer)
                      : serializer;
                }

                @Override
                public JsonSerializer<?> modifyArraySerializer(
                    SerializationConfig config,
                    ArrayType type,
                    BeanDescription description,
                    JsonSerializer<?> serializer) {
                  return ScalarRules.mayBeNonFinite(type.getRawClass())
                      ? new Finite(serializer)
                      : serializer;
                }
              });

  static {
    for (Class<?> type : ScalarRules.CHECKED_KEY_TYPES) {
      MODULE.addKeySerializer(type, new Names());
    }
    for (Class<?> type : ScalarRules.PRIMITIVE_ARRAYS) {
      addDeserializer(type, new ElementRules.PrimitiveArray(type, null, null));
    }
    for (Class<?> type : ScalarRules.KEY_TYPES) {
      MODULE.addKeyDeserializer(type, new PlacedKeys(type, null));
    }
    for (PrimitiveOptional kind : PrimitiveOptional.values()) {
      addDeserializer(kind.type(), new ElementRules.Optionals(kind, null));
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> void addDeserializer(Class<T> type, JsonDeserializer<?> deserializer) {
    MODULE.addDeserializer(type, (JsonDeserializer<T>) deserializer);
  }

  /** The coercions {@link ScalarKind#REFUSED_COERCIONS} names fail. */
  static void coercions(JsonMapper.Builder b) {
    ScalarKind.REFUSED_COERCIONS.forEach(
        (type, shapes) -> {
          Consumer<MutableCoercionConfig> refuse =
              c -> shapes.forEach(s -> c.setCoercion(CoercionInputShape.valueOf(s), Fail));
          if (type.isEmpty()) {
            b.withCoercionConfigDefaults(refuse);
          } else {
            b.withCoercionConfig(LogicalType.valueOf(type), refuse);
          }
        });
    // "" is a URI reference (RFC 3986 section 4.1), the one every codec writes for URI.create(""),
    // so it reads back as that URI.
    b.withCoercionConfig(
        java.net.URI.class, c -> c.setCoercion(CoercionInputShape.EmptyString, AsEmpty));
  }

  private static final class Strict extends DelegatingDeserializer {
    private static final long serialVersionUID = 1L;
    private final @Nullable ScalarKind kind;

    /**
     * No {@code @JsonFormat} pattern (of the property, or set for the type) applies: the text is
     * held to the ISO formatter's.
     */
    private final boolean iso;

    Strict(JsonDeserializer<?> delegate, @Nullable ScalarKind kind, boolean iso) {
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
      if (kind == ScalarKind.DATE && contextual instanceof Strict && ((Strict) contextual).iso) {
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
        return ctxt.reportInputMismatch(this, "%s", ScalarRules.nullProblem(type));
      }
      return super.getNullValue(ctxt);
    }

    @Override
    public Object getAbsentValue(DeserializationContext ctxt) throws JsonMappingException {
      return _delegatee.getNullValue(ctxt);
    }

    @Override
    public @Nullable Object deserialize(JsonParser p, DeserializationContext ctxt)
        throws IOException {
      if (p.currentToken() == JsonToken.VALUE_NUMBER_FLOAT) {
        // Jackson 2's parser of text skips this check for a number that ends the input.
        int digits = 0;
        char[] text = p.getTextCharacters();
        for (int i = p.getTextOffset(), end = i + p.getTextLength(); i < end; i++) {
          digits += text[i] >= '0' && text[i] <= '9' ? 1 : 0;
        }
        p.streamReadConstraints().validateFPLength(digits);
      }
      return ScalarReading.read(JACKSON, _delegatee, kind, handledType(), iso, p, ctxt);
    }
  }

  /** The calls of Jackson's that {@link ScalarReading} makes. */
  static final ScalarReading.Library<
          JsonParser, DeserializationContext, JsonDeserializer<?>, IOException>
      JACKSON =
          new ScalarReading.Library<>(
              JsonParser::currentToken,
              JsonParser::nextToken,
              JsonParser::getText,
              p -> new String(p.getTextCharacters(), p.getTextOffset(), p.getTextLength()),
              p -> p.getNumberType() == JsonParser.NumberType.INT && p.getIntValue() == 0,
              JsonDeserializer::deserialize,
              e ->
                  ReadProblems.Failure.of(
                      e,
                      e instanceof InputCoercionException,
                      e instanceof InvalidNullException,
                      e instanceof MismatchedInputException),
              (p, c, type, problem) -> c.reportInputMismatch(type, "%s", problem),
              (p, c, type, problem) -> c.handleWeirdStringValue(type, p.getText(), "%s", problem),
              (p, c, type, problem) ->
                  c.handleUnexpectedToken(
                      c.constructType(type), p.currentToken(), p, "%s", problem),
              (c, e, type, index) -> JsonMappingException.wrapWithPath(e, type, index));

  /** A map key as every codec reads it ({@link ScalarReading#key}). */
  private static final class PlacedKeys extends KeyDeserializer {
    private final Class<?> type;

    /** Jackson's, or null for a key read by {@link ScalarRules#parseKey}. */
    private final @Nullable KeyDeserializer delegate;

    PlacedKeys(Class<?> type, @Nullable KeyDeserializer delegate) {
      this.type = type;
      this.delegate = delegate;
    }

    @Override
    public @Nullable Object deserializeKey(String key, DeserializationContext ctxt)
        throws IOException {
      return ScalarReading.key(KEYS, type, delegate, key, ctxt);
    }
  }

  /** The calls of Jackson's that {@link ScalarReading#key} makes. */
  private static final ScalarReading.Keys<DeserializationContext, KeyDeserializer, IOException>
      KEYS =
          new ScalarReading.Keys<>(
              KeyDeserializer::deserializeKey,
              (c, type, key, problem) -> c.reportInputMismatch(type, "%s", problem),
              (c, type, key, problem) -> c.handleWeirdKey(type, key, "%s", problem),
              (c, e, key) ->
                  e instanceof JsonMappingException m
                      ? JsonMappingException.wrapWithPath(
                          m, new JsonMappingException.Reference(java.util.Map.class, key))
                      : null);

  /**
   * A map key: one holding a lone surrogate fails to write, since no codec reads such a name (the
   * Jackson and Gson parsers refuse it), whereas a string value holding one is written as an
   * escape; so does a {@code double} or {@code float} key that is not finite. A {@code Locale} is
   * its language tag ({@link ScalarRules#keyText}).
   */
  private static final class Names extends StdSerializer<Object> {
    private static final long serialVersionUID = 1L;

    Names() {
      super(Object.class);
    }

    @Override
    public void serialize(Object key, JsonGenerator gen, SerializerProvider ctxt)
        throws IOException {
      refuse(ScalarRules.keyProblem(key), ctxt);
      gen.writeFieldName(ScalarRules.keyText(key));
    }
  }

  /**
   * A value that may hold a number JSON cannot ({@link ScalarRules#mayBeNonFinite}), refused then:
   * Jackson writes a NaN as the token NaN.
   */
  private static final class Finite extends StdSerializer<Object> implements ContextualSerializer {
    private static final long serialVersionUID = 1L;

    private final transient JsonSerializer<Object> delegate;

    @SuppressWarnings("unchecked")
    Finite(JsonSerializer<?> delegate) {
      super(Object.class);
      this.delegate = (JsonSerializer<Object>) delegate;
    }

    @Override
    public JsonSerializer<?> createContextual(
        SerializerProvider ctxt, com.fasterxml.jackson.databind.BeanProperty property)
        throws JsonMappingException {
      return delegate instanceof ContextualSerializer
          ? new Finite(((ContextualSerializer) delegate).createContextual(ctxt, property))
          : this;
    }

    @Override
    public boolean isEmpty(SerializerProvider ctxt, Object value) {
      return delegate.isEmpty(ctxt, value);
    }

    @Override
    public void serialize(Object value, JsonGenerator gen, SerializerProvider ctxt)
        throws IOException {
      refuse(ScalarRules.valueProblem(value), ctxt);
      delegate.serialize(value, gen, ctxt);
    }

    @Override
    public void serializeWithType(
        Object value, JsonGenerator gen, SerializerProvider ctxt, TypeSerializer typeSer)
        throws IOException {
      refuse(ScalarRules.valueProblem(value), ctxt);
      delegate.serializeWithType(value, gen, ctxt, typeSer);
    }
  }

  /** Fails the write with {@code problem}, if there is one. */
  private static void refuse(@Nullable String problem, SerializerProvider ctxt)
      throws JsonMappingException {
    if (problem != null) {
      ctxt.reportMappingProblem("%s", problem);
    }
  }

  /**
   * A {@link java.util.Locale} as every codec reads and writes it ({@link ScalarRules#localeText},
   * {@link ScalarRules#locale}, read by {@link ScalarReading#read}): its BCP 47 language tag, and
   * Java's own form read too.
   */
  static final SimpleModule LOCALES =
      new SimpleModule("httpjson-locales")
          .addSerializer(java.util.Locale.class, new LocaleText())
          .addKeySerializer(java.util.Locale.class, new Names());

  private static final class LocaleText extends StdSerializer<java.util.Locale> {
    LocaleText() {
      super(java.util.Locale.class);
    }

    @Override
    public void serialize(java.util.Locale value, JsonGenerator gen, SerializerProvider ctxt)
        throws IOException {
      gen.writeString(ScalarRules.localeText(value));
    }
  }
}
