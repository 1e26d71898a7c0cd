package dev.httpjson.jackson;

import static tools.jackson.databind.cfg.CoercionAction.AsEmpty;
import static tools.jackson.databind.cfg.CoercionAction.Fail;

import dev.httpjson.codec.support.internal.ReadProblems;
import dev.httpjson.codec.support.internal.ScalarKind;
import dev.httpjson.codec.support.internal.ScalarReading;
import dev.httpjson.codec.support.internal.ScalarRules;
import dev.httpjson.codec.support.internal.ScalarRules.PrimitiveOptional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.KeyDeserializer;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.MutableCoercionConfig;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.jdk.StringCollectionDeserializer;
import tools.jackson.databind.deser.jdk.StringDeserializer;
import tools.jackson.databind.deser.std.DelegatingDeserializer;
import tools.jackson.databind.exc.InvalidNullException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.jsontype.TypeSerializer;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.ValueSerializerModifier;
import tools.jackson.databind.ser.std.StdSerializer;
import tools.jackson.databind.type.ArrayType;
import tools.jackson.databind.type.CollectionType;
import tools.jackson.databind.type.LogicalType;
import tools.jackson.databind.util.ClassUtil;

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
              new ValueDeserializerModifier() {
                @Override
                public ValueDeserializer<?> modifyDeserializer(
                    DeserializationConfig config,
                    BeanDescription.Supplier description,
                    ValueDeserializer<?> deserializer) {
                  Class<?> type = deserializer.handledType();
                  ScalarKind kind = type == null ? null : ScalarKind.of(type);
                  if (type == boolean.class || type == Boolean.class) {
                    return new Strict(deserializer, null, true); // for its failures' words only
                  }
                  return kind == null ? deserializer : new Strict(deserializer, kind, true);
                }

                /** An enum is read by its exact name: Jackson trims the string first. */
                @Override
                public ValueDeserializer<?> modifyEnumDeserializer(
                    DeserializationConfig config,
                    JavaType type,
                    BeanDescription.Supplier description,
                    ValueDeserializer<?> deserializer) {
                  return new Strict(deserializer, ScalarKind.ENUM, true);
                }

                @Override
                public ValueDeserializer<?> modifyArrayDeserializer(
                    DeserializationConfig config,
                    ArrayType type,
                    BeanDescription.Supplier description,
                    ValueDeserializer<?> deserializer) {
                  // A byte[] is also base64 text, which Jackson's deserializer reads.
                  return type.getRawClass() == byte[].class
                      ? new ElementRules.PrimitiveArray(byte[].class, null, deserializer)
                      : deserializer;
                }

                /**
                 * A collection of strings reads each element by {@link ElementStrings}: Jackson's
                 * own loop takes an array element {@code ["x"]} as the string {@code "x"} and
                 * leaves its {@code ]} behind, so the failure came later, at the enclosing object.
                 * A content deserializer of the user's stays. A set: {@link ElementRules.Sets}.
                 */
                @Override
                public ValueDeserializer<?> modifyCollectionDeserializer(
                    DeserializationConfig config,
                    CollectionType type,
                    BeanDescription.Supplier description,
                    ValueDeserializer<?> deserializer) {
                  ValueDeserializer<?> d =
                      deserializer instanceof StringCollectionDeserializer strings
                              && isStandard(strings.getContentDeserializer())
                          ? new StringCollectionDeserializer(
                              type,
                              ElementStrings.INSTANCE,
                              strings.getValueInstantiator(),
                              description.getClassInfo())
                          : deserializer;
                  return ScalarRules.isOrderedSet(type.getRawClass())
                      ? new ElementRules.Sets(d, type.getContentType(), null)
                      : d;
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
              new ValueSerializerModifier() {
                @Override
                public ValueSerializer<?> modifySerializer(
                    SerializationConfig config,
                    BeanDescription.Supplier description,
                    ValueSerializer<?> serializer) {
                  return ScalarRules.mayBeNonFinite(description.getBeanClass())
                      ? new Finite(serializer)
                      : serializer;
                }

                @Override
                public ValueSerializer<?> modifyArraySerializer(
                    SerializationConfig config,
                    ArrayType type,
                    BeanDescription.Supplier description,
                    ValueSerializer<?> serializer) {
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
  private static <T> void addDeserializer(Class<T> type, ValueDeserializer<?> deserializer) {
    MODULE.addDeserializer(type, (ValueDeserializer<T>) deserializer);
  }

  /**
   * A string element of a collection, read as Jackson reads a string anywhere else (an array is
   * refused where it stands). Being a class of the codec's, not Jackson's standard one, it is the
   * one {@link StringCollectionDeserializer} calls for each element: for a string, after Jackson's
   * own fast read of it, a call that returns the text already read.
   */
  private static final class ElementStrings extends StringDeserializer {
    private static final long serialVersionUID = 1L;
    static final ElementStrings INSTANCE = new ElementStrings();
  }

  /** Whether {@code content} is Jackson's own element deserializer, or none. */
  private static boolean isStandard(@Nullable ValueDeserializer<?> content) {
    return content == null || ClassUtil.isJacksonStdImpl(content);
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
    /** The scalar's kind; null for a boolean, held to nothing but its failures' words. */
    private final @Nullable ScalarKind kind;

    /**
     * No {@code @JsonFormat} pattern (of the property, or set for the type) applies: the text is
     * held to the ISO formatter's.
     */
    private final boolean iso;

    Strict(ValueDeserializer<?> delegate, @Nullable ScalarKind kind, boolean iso) {
      super(delegate);
      this.kind = kind;
      this.iso = iso;
    }

    @Override
    protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> delegate) {
      return new Strict(delegate, kind, iso);
    }

    @Override
    public ValueDeserializer<?> createContextual(
        DeserializationContext ctxt, tools.jackson.databind.BeanProperty property) {
      ValueDeserializer<?> contextual = super.createContextual(ctxt, property);
      if (kind == ScalarKind.DATE && contextual instanceof Strict strict && strict.iso) {
        com.fasterxml.jackson.annotation.JsonFormat.Value format =
            findFormatOverrides(ctxt, property, handledType());
        if (format != null && format.hasPattern()) {
          return new Strict(((Strict) contextual)._delegatee, kind, false);
        }
      }
      return contextual;
    }

    @Override
    public @Nullable Object deserialize(JsonParser p, DeserializationContext ctxt)
        throws JacksonException {
      return ScalarReading.read(JACKSON, _delegatee, kind, handledType(), iso, p, ctxt);
    }
  }

  /** The calls of Jackson's that {@link ScalarReading} makes. */
  static final ScalarReading.Library<
          JsonParser, DeserializationContext, ValueDeserializer<?>, JacksonException>
      JACKSON =
          new ScalarReading.Library<>(
              JsonParser::currentToken,
              JsonParser::nextToken,
              JsonParser::getString,
              p -> new String(p.getStringCharacters(), p.getStringOffset(), p.getStringLength()),
              p -> p.getNumberType() == JsonParser.NumberType.INT && p.getIntValue() == 0,
              ValueDeserializer::deserialize,
              e ->
                  ReadProblems.Failure.of(
                      e,
                      e instanceof InputCoercionException,
                      e instanceof InvalidNullException,
                      e instanceof MismatchedInputException),
              (p, c, type, problem) -> c.reportInputMismatch(type, "%s", problem),
              (p, c, type, problem) -> c.handleWeirdStringValue(type, p.getString(), "%s", problem),
              (p, c, type, problem) ->
                  c.handleUnexpectedToken(
                      c.constructType(type), p.currentToken(), p, "%s", problem),
              (c, e, type, index) ->
                  DatabindException.wrapWithPath(
                      c, e, new JacksonException.Reference(type, index)));

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
        throws JacksonException {
      return ScalarReading.key(KEYS, type, delegate, key, ctxt);
    }
  }

  /** The calls of Jackson's that {@link ScalarReading#key} makes. */
  private static final ScalarReading.Keys<DeserializationContext, KeyDeserializer, JacksonException>
      KEYS =
          new ScalarReading.Keys<>(
              KeyDeserializer::deserializeKey,
              (c, type, key, problem) -> c.reportInputMismatch(type, "%s", problem),
              (c, type, key, problem) -> c.handleWeirdKey(type, key, "%s", problem),
              (c, e, key) ->
                  e instanceof DatabindException d
                      ? DatabindException.wrapWithPath(
                          c, d, new JacksonException.Reference(java.util.Map.class, key))
                      : null);

  /**
   * A map key: one holding a lone surrogate fails to write, since no codec reads such a name (the
   * Jackson and Gson parsers refuse it), whereas a string value holding one is written as an
   * escape; so does a {@code double} or {@code float} key that is not finite. A {@code Locale} is
   * its language tag ({@link ScalarRules#keyText}).
   */
  private static final class Names extends StdSerializer<Object> {
    Names() {
      super(Object.class);
    }

    @Override
    public void serialize(Object key, JsonGenerator gen, SerializationContext ctxt)
        throws JacksonException {
      refuse(ScalarRules.keyProblem(key), ctxt);
      gen.writeName(ScalarRules.keyText(key));
    }
  }

  /**
   * A value that may hold a number JSON cannot ({@link ScalarRules#mayBeNonFinite}), refused then:
   * Jackson writes a NaN as the token NaN.
   */
  private static final class Finite extends StdSerializer<Object> {
    private final ValueSerializer<Object> delegate;

    @SuppressWarnings("unchecked")
    Finite(ValueSerializer<?> delegate) {
      super(Object.class);
      this.delegate = (ValueSerializer<Object>) delegate;
    }

    @Override
    public ValueSerializer<?> createContextual(
        SerializationContext ctxt, tools.jackson.databind.BeanProperty property) {
      return new Finite(delegate.createContextual(ctxt, property));
    }

    @Override
    public boolean isEmpty(SerializationContext ctxt, Object value) {
      return delegate.isEmpty(ctxt, value);
    }

    @Override
    public void serialize(Object value, JsonGenerator gen, SerializationContext ctxt)
        throws JacksonException {
      refuse(ScalarRules.valueProblem(value), ctxt);
      delegate.serialize(value, gen, ctxt);
    }

    @Override
    public void serializeWithType(
        Object value, JsonGenerator gen, SerializationContext ctxt, TypeSerializer typeSer)
        throws JacksonException {
      refuse(ScalarRules.valueProblem(value), ctxt);
      delegate.serializeWithType(value, gen, ctxt, typeSer);
    }
  }

  /** Fails the write with {@code problem}, if there is one. */
  private static void refuse(@Nullable String problem, SerializationContext ctxt)
      throws JacksonException {
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
    public void serialize(java.util.Locale value, JsonGenerator gen, SerializationContext ctxt)
        throws JacksonException {
      gen.writeString(ScalarRules.localeText(value));
    }
  }
}
