package dev.httpjson.jackson2;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.AnnotationIntrospector;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.DeserializerFactoryConfig;
import com.fasterxml.jackson.databind.cfg.SerializerFactoryConfig;
import com.fasterxml.jackson.databind.deser.BasicDeserializerFactory;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.ser.BasicSerializerFactory;
import com.fasterxml.jackson.databind.type.TypeFactory;
import com.fasterxml.jackson.databind.util.LRUMap;
import com.fasterxml.jackson.databind.util.LinkedNode;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.httpjson.JsonOptions;
import dev.httpjson.codec.support.internal.HeldLoaders;
import dev.httpjson.codec.support.internal.NameRules;
import dev.httpjson.codec.support.internal.ScalarRules.PrimitiveOptional;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The Jackson 2 ({@code com.fasterxml.jackson}) codec, found by {@link java.util.ServiceLoader}
 * when {@code httpjson-jackson2} is on the class or module path. For applications that still use
 * Jackson 2; it needs {@code jackson-databind} and {@code jackson-datatype-jsr310}, and no Jackson
 * 3.
 *
 * <p>By default it builds one {@link ObjectMapper} per distinct {@link JsonOptions} (httpjson
 * caches it) from the options' naming, leniency and parser limits, with Jackson's polymorphic
 * default typing off. It reads and writes as the default Jackson 3 codec does: records, {@code
 * java.time} as ISO-8601 text (an {@link java.time.OffsetDateTime} or {@link
 * java.time.ZonedDateTime} keeps the offset it was read with and is written back with it, without a
 * {@code [Region/City]} suffix; an {@link java.time.Instant} is written in UTC, and a date or time
 * reads only from a string its type's {@code java.time} ISO formatter parses, nothing trimmed), and
 * content after the value is an error.
 *
 * <p>To use a mapper of your own — your modules, mix-ins and features — pass {@link
 * #withMapper(ObjectMapper)} to {@link JsonOptions.Builder#codec}:
 *
 * <pre>{@code
 * JsonOptions options = JsonOptions.newBuilder()
 *     .codec(Jackson2Codec.withMapper(myMapper))
 *     .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe. Two codecs are equal when both build their own mappers, or both use
 * the same mapper instance, so options built with a new {@code Jackson2Codec} per call still share
 * one cache.
 */
public final class Jackson2Codec implements JsonCodec {
  private final @Nullable ObjectMapper mapper;
  private final Set<ClassLoader> loaders;

  /** The codec that builds its mappers from the options (the one ServiceLoader finds). */
  public Jackson2Codec() {
    this.mapper = null;
    this.loaders = Set.of();
  }

  private Jackson2Codec(ObjectMapper mapper, Class<?> maker) {
    this.mapper = mapper;
    this.loaders = heldLoaders(mapper, maker);
  }

  /**
   * The loaders of what {@code mapper} holds, as far as Jackson shows them, and of the code that
   * made the codec: a plugin's mapper, configured with the plugin's serializers, keeps the plugin.
   */
  private static Set<ClassLoader> heldLoaders(ObjectMapper mapper, Class<?> maker) {
    List<Object> held = new ArrayList<>();
    SerializationConfig ser = mapper.getSerializationConfig();
    DeserializationConfig deser = mapper.getDeserializationConfig();
    for (LinkedNode<?> n = deser.getProblemHandlers(); n != null; n = n.next()) {
      held.add(n.value());
    }
    if (mapper.getSerializerFactory() instanceof BasicSerializerFactory) {
      SerializerFactoryConfig c =
          ((BasicSerializerFactory) mapper.getSerializerFactory()).getFactoryConfig();
      held.addAll(List.of(c.serializers(), c.keySerializers(), c.serializerModifiers()));
    }
    if (mapper.getDeserializationContext().getFactory() instanceof BasicDeserializerFactory) {
      DeserializerFactoryConfig c =
          ((BasicDeserializerFactory) mapper.getDeserializationContext().getFactory())
              .getFactoryConfig();
      held.addAll(
          List.of(
              c.deserializers(),
              c.keyDeserializers(),
              c.deserializerModifiers(),
              c.abstractTypeResolvers(),
              c.valueInstantiators()));
    }
    for (AnnotationIntrospector a :
        java.util.Arrays.asList(
            ser.getAnnotationIntrospector(), deser.getAnnotationIntrospector())) {
      if (a != null) {
        held.add(a.allIntrospectors());
      }
    }
    return HeldLoaders.of(
        maker,
        mapper,
        mapper.getTypeFactory().getClassLoader(),
        mapper.getInjectableValues(),
        ser.getPropertyNamingStrategy(),
        ser.getHandlerInstantiator(),
        deser.getHandlerInstantiator(),
        ser.getFilterProvider(),
        held);
  }

  /**
   * A codec that reads and writes with {@code mapper}'s configuration. httpjson's safety rules
   * still apply: the mapper is copied once per binding ({@link ObjectMapper#copy()}, so {@code
   * mapper} itself is never changed) and the copy's parser takes the options' limits ({@link
   * JsonOptions#maxNestingDepth()}, {@link JsonOptions#maxNumberLength()}, {@link
   * JsonOptions#maxStringLength()}); its readers fail on content after the value ({@code
   * FAIL_ON_TRAILING_TOKENS}). Everything else is the mapper's and the options' other JSON settings
   * are ignored: naming, case-insensitivity, numbers from strings, unknown properties, nulls,
   * indentation, {@code java.time} support (register {@code JavaTimeModule} yourself) and default
   * typing (if you enable it, you own what it can instantiate).
   *
   * <p>Build the codec once and reuse it: two such codecs are equal only when they hold the same
   * mapper instance, and each distinct codec gets its own cache of readers and writers. The mapper
   * must be a {@link JsonMapper} or a subclass that overrides {@code copy()}.
   *
   * @param mapper the mapper whose configuration to read and write with
   * @return a codec for {@link JsonOptions.Builder#codec}
   * @throws NullPointerException if {@code mapper} is null
   */
  public static Jackson2Codec withMapper(ObjectMapper mapper) {
    return new Jackson2Codec(
        Objects.requireNonNull(mapper, "mapper == null"), HeldLoaders.callerOfCaller());
  }

  /**
   * With {@link #withMapper}: the loaders of the mapper's serializers, deserializers and their
   * modifiers (what its modules added), annotation introspectors, naming strategy, handler
   * instantiator, problem handlers and injectable values, of its type factory, and of the class
   * that called {@code withMapper}, as the mapper was then: httpjson keeps this codec's bindings
   * with a plugin's loader rather than for the life of the JVM.
   */
  @Override
  public Set<ClassLoader> classLoaders() {
    return loaders;
  }

  @Override
  public String name() {
    return mapper == null ? "jackson2" : "jackson2(custom mapper)";
  }

  @Override
  public JsonBinding bind(JsonOptions options) {
    if (mapper == null) {
      return new Jackson2Binding(newMapper(options));
    }
    ObjectMapper copy = mapper.copy();
    copy.getFactory().setStreamReadConstraints(constraints(options));
    if (options.strictRecords()) {
      copy.registerModule(StrictRecords.INSTANCE);
    }
    copy.setTypeFactory(ownTypes(copy.getTypeFactory()));
    return new Jackson2Binding(copy);
  }

  private static StreamReadConstraints constraints(JsonOptions options) {
    return StreamReadConstraints.builder()
        .maxNestingDepth(options.maxNestingDepth())
        .maxNumberLength(options.maxNumberLength())
        .maxStringLength(options.maxStringLength())
        .build();
  }

  /**
   * {@code types} with a cache of its own. Jackson 2's mappers share {@link
   * TypeFactory#defaultInstance()}, whose cache is static and keeps the classes it resolved: a
   * plugin's types read once would keep the plugin's class loader alive for as long as Jackson is
   * loaded, although httpjson binds such types with a mapper of the plugin's own. With a cache per
   * mapper, the types go with the mapper.
   */
  private static TypeFactory ownTypes(TypeFactory types) {
    return types.withCache(new LRUMap<Object, JavaType>(16, 200));
  }

  /**
   * A {@code Set} is read in the document's order, as with every codec (and as a {@code Map} is): a
   * {@code LinkedHashSet}, where Jackson reads a {@code HashSet}.
   */
  private static final com.fasterxml.jackson.databind.module.SimpleModule ORDERED_SETS =
      new com.fasterxml.jackson.databind.module.SimpleModule("httpjson-ordered-sets")
          .addAbstractTypeMapping(java.util.Set.class, java.util.LinkedHashSet.class);

  /**
   * Indented JSON as every codec writes it (and System.Text.Json's {@code WriteIndented}): two
   * spaces a level, {@code "name": value}, an array's elements one a line, {@code []} and {@code
   * {}} when empty. Jackson's default writes {@code "name" : value} and arrays on one line.
   */
  private static final DefaultPrettyPrinter INDENTED =
      new DefaultPrettyPrinter(
              Separators.createDefaultInstance()
                  .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                  .withObjectEmptySeparator("")
                  .withArrayEmptySeparator(""))
          .withObjectIndenter(new DefaultIndenter("  ", "\n"))
          .withArrayIndenter(new DefaultIndenter("  ", "\n"));

  /** Builds the mapper for {@code options}; called once per distinct options value. */
  static ObjectMapper newMapper(JsonOptions options) {
    JsonFactory factory = JsonFactory.builder().streamReadConstraints(constraints(options)).build();
    JsonMapper.Builder b =
        JsonMapper.builder(factory)
            .typeFactory(ownTypes(TypeFactory.defaultInstance()))
            .addModule(new JavaTimeModule())
            .addModule(new Jdk8Module())
            .addModule(EpochRange.MODULE)
            .addModule(StrictScalars.MODULE)
            .addModule(StrictScalars.LOCALES)
            .configure(
                MapperFeature.ACCEPT_CASE_INSENSITIVE_PROPERTIES,
                options.caseInsensitiveProperties())
            .configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, options.numbersFromStrings())
            .configure(
                DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
                !options.ignoreUnknownProperties())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // As every codec: a number is not an enum's index.
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            // An integral type reads an integer literal only: 1.5, 2.0 and 1e2 into an int fail,
            // as with the other codecs, rather than being truncated or rounded.
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            // As the Jackson 3 codec: a read OffsetDateTime/ZonedDateTime keeps its offset, as
            // .NET's DateTimeOffset does, so a value read and posted back is the same text.
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .addModule(ORDERED_SETS)
            .addModule(UnknownProperties.MODULE)
            // A char[] as an array of one-character strings, as every codec writes it.
            .enable(SerializationFeature.WRITE_CHAR_ARRAYS_AS_JSON_ARRAYS)
            .configure(SerializationFeature.INDENT_OUTPUT, options.indent())
            .defaultPrettyPrinter(INDENTED)
            // A character outside the Basic Multilingual Plane is written as its four UTF-8
            // bytes, as the other codecs write it, not as two escaped surrogates.
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8);
    StrictScalars.coercions(b);
    if (options.naming() != JsonOptions.Naming.AS_DECLARED) {
      b.propertyNamingStrategy(new Renaming(options.naming()));
    }
    if (options.caseInsensitiveProperties()) {
      b.addModule(ExactCase.MODULE);
    }
    if (!options.writeNulls()) {
      // A null property is omitted, and so is an empty Optional (written as null); a map's entry
      // and a list's element are kept, as with every codec.
      b.defaultPropertyInclusion(
          JsonInclude.Value.construct(JsonInclude.Include.NON_ABSENT, JsonInclude.Include.ALWAYS));
      for (PrimitiveOptional optional : PrimitiveOptional.values()) {
        b.withConfigOverride(
            optional.type(),
            o ->
                o.setInclude(
                    JsonInclude.Value.construct(
                        JsonInclude.Include.NON_EMPTY, JsonInclude.Include.ALWAYS)));
      }
    }
    if (options.strictRecords()) {
      b.addModule(StrictRecords.INSTANCE);
    }
    return b.build();
  }

  /**
   * The module that reflects on your types, so that {@code opens your.pkg to dev.httpjson;} is
   * enough on the module path.
   *
   * @return the library's module
   */
  @Override
  public Set<Module> reflectiveModules() {
    return REFLECTIVE;
  }

  private static final Set<Module> REFLECTIVE = Set.of(ObjectMapper.class.getModule());

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof Jackson2Codec && ((Jackson2Codec) o).mapper == mapper;
  }

  @Override
  public int hashCode() {
    return mapper == null ? 0 : System.identityHashCode(mapper);
  }

  @Override
  public String toString() {
    return "Jackson2Codec{" + name() + "}";
  }

  /**
   * A {@link JsonOptions.Naming} as every codec applies it ({@link NameRules}), where Jackson's own
   * strategies split words otherwise.
   */
  static final class Renaming extends PropertyNamingStrategies.NamingBase {
    private static final long serialVersionUID = 1L;
    private final JsonOptions.Naming naming;

    Renaming(JsonOptions.Naming naming) {
      this.naming = naming;
    }

    @Override
    public @Nullable String translate(@Nullable String name) {
      return name == null ? null : NameRules.apply(naming, name);
    }
  }
}
