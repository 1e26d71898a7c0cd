package dev.httpjson.jackson;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.httpjson.JsonOptions;
import dev.httpjson.codec.support.internal.HeldLoaders;
import dev.httpjson.codec.support.internal.NameRules;
import dev.httpjson.codec.support.internal.ScalarRules.PrimitiveOptional;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonCodec;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.util.LinkedNode;

/**
 * The Jackson 3 codec, found by {@link java.util.ServiceLoader} when {@code httpjson-jackson} is on
 * the class or module path.
 *
 * <p>By default it builds one {@link JsonMapper} per distinct {@link JsonOptions} (httpjson caches
 * it) from the options' naming, leniency and parser limits, with Jackson's polymorphic default
 * typing off.
 *
 * <p><b>Dates.</b> {@code java.time} values are ISO-8601 text, never timestamps. An {@link
 * java.time.OffsetDateTime} or {@link java.time.ZonedDateTime} keeps the offset it was read with
 * ({@code "2025-06-01T08:30:00+02:00"} reads as 08:30+02:00 and is written back as the same text;
 * {@code "Z"} stays {@code "Z"}); a {@code ZonedDateTime} is written with its offset only, without
 * a {@code [Region/City]} suffix. An {@link java.time.Instant} is a point on the time line: it
 * reads any offset and is always written in UTC ({@code "2025-06-01T06:30:00Z"}). Fractional
 * seconds keep their digits, except that trailing zeros of an {@code OffsetDateTime} or {@code
 * ZonedDateTime} are dropped ({@code .120} is written {@code .12}), as .NET writes them. A date or
 * time reads only from a string its type's {@code java.time} ISO formatter parses ({@code
 * Instant.parse}, {@code LocalDate.parse}, …), nothing trimmed, as with every codec; a property
 * with its own {@code @JsonFormat} pattern reads by that pattern. To use a mapper of your own
 * instead — your modules, mix-ins and features — pass {@link #withMapper(JsonMapper)} to {@link
 * JsonOptions.Builder#codec}; the mapper is then used as given and only httpjson's transport
 * settings (size limit, timeout) apply:
 *
 * <pre>{@code
 * JsonOptions options = JsonOptions.newBuilder()
 *     .codec(JacksonCodec.withMapper(myMapper))
 *     .build();
 * }</pre>
 *
 * <p><b>jackson-annotations.</b> Jackson 3 keeps its annotations in the Jackson 2 artifact {@code
 * com.fasterxml.jackson.core:jackson-annotations}, and Jackson 3.3 needs its version 2.23 or newer.
 * A Jackson 2 BOM older than that (on its own or imported by a framework's BOM) pins it older; the
 * codec then fails when it is first bound (the first call) or given a mapper, with an {@link
 * IllegalStateException} that names the version found, its jar and the fix, instead of Jackson's
 * {@code NoClassDefFoundError}.
 *
 * <p>Immutable and thread-safe. Two codecs are equal when both build their own mappers, or both use
 * the same mapper instance, so options built with a new {@code JacksonCodec} per call still share
 * one cache.
 */
public final class JacksonCodec implements JsonCodec {
  private final @Nullable JsonMapper mapper;
  private final Set<ClassLoader> loaders;

  /** The codec that builds its mappers from the options (the one ServiceLoader finds). */
  public JacksonCodec() {
    this.mapper = null;
    this.loaders = Set.of();
  }

  private JacksonCodec(JsonMapper mapper, Class<?> maker) {
    this.mapper = mapper;
    this.loaders = heldLoaders(mapper, maker);
  }

  /**
   * The loaders of what {@code mapper} holds, as far as Jackson shows them, and of the code that
   * made the codec: a plugin's mapper, configured with the plugin's modules, keeps the plugin.
   */
  private static Set<ClassLoader> heldLoaders(JsonMapper mapper, Class<?> maker) {
    java.util.List<Object> held = new java.util.ArrayList<>();
    SerializationConfig ser = mapper.serializationConfig();
    DeserializationConfig deser = mapper.deserializationConfig();
    for (LinkedNode<?> n = deser.getProblemHandlers(); n != null; n = n.next()) {
      held.add(n.value());
    }
    return HeldLoaders.of(
        maker,
        mapper,
        mapper.registeredModules(),
        mapper.getTypeFactory().getClassLoader(),
        mapper.getInjectableValues(),
        ser.getAnnotationIntrospector() == null
            ? null
            : ser.getAnnotationIntrospector().allIntrospectors(),
        deser.getAnnotationIntrospector() == null
            ? null
            : deser.getAnnotationIntrospector().allIntrospectors(),
        ser.getPropertyNamingStrategy(),
        ser.getHandlerInstantiator(),
        deser.getHandlerInstantiator(),
        ser.getFilterProvider(),
        held);
  }

  /**
   * A codec that uses {@code mapper} as given: the options' JSON settings (naming, leniency, nulls,
   * indentation, parser limits) are ignored, and so are httpjson's web defaults — configure the
   * mapper for what you need, dates included. Build the codec once and reuse it: two such codecs
   * are equal only when they hold the same mapper instance, and each distinct codec gets its own
   * cache of readers and writers.
   *
   * @param mapper the mapper to read and write with
   * @return a codec for {@link JsonOptions.Builder#codec}
   * @throws NullPointerException if {@code mapper} is null
   * @throws IllegalStateException if the {@code com.fasterxml.jackson.core:jackson-annotations}
   *     found is older than Jackson 3 needs (a Jackson 2 BOM pinned older downgrades it), naming
   *     the version found and the one needed
   */
  public static JacksonCodec withMapper(JsonMapper mapper) {
    Objects.requireNonNull(mapper, "mapper == null");
    AnnotationsCheck.require();
    return new JacksonCodec(mapper, HeldLoaders.callerOfCaller());
  }

  @Override
  public String name() {
    return mapper == null ? "jackson" : "jackson(custom mapper)";
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the {@code com.fasterxml.jackson.core:jackson-annotations}
   *     found is older than Jackson 3 needs, naming the version found and the one needed
   */
  @Override
  public JsonBinding bind(JsonOptions options) {
    AnnotationsCheck.require();
    return new JacksonBinding(mapper != null ? mapper : newMapper(options));
  }

  /**
   * Jackson's databind module, which reads and writes users' types by reflection: httpjson opens to
   * it the packages a user opened to {@code dev.httpjson}.
   */
  @Override
  public Set<Module> reflectiveModules() {
    return REFLECTIVE;
  }

  private static final Set<Module> REFLECTIVE = Set.of(JsonMapper.class.getModule());

  /**
   * With {@link #withMapper}: the loaders of the mapper's modules, annotation introspectors, naming
   * strategy, handler instantiator, problem handlers and injectable values, of its type factory,
   * and of the class that called {@code withMapper}, so that httpjson keeps this codec's bindings
   * with a plugin's loader rather than for the life of the JVM.
   */
  @Override
  public Set<ClassLoader> classLoaders() {
    return loaders;
  }

  /**
   * A {@code Set} is read in the document's order, as with every codec (and as a {@code Map} is): a
   * {@code LinkedHashSet}, where Jackson reads a {@code HashSet}.
   */
  private static final tools.jackson.databind.module.SimpleModule ORDERED_SETS =
      new tools.jackson.databind.module.SimpleModule("httpjson-ordered-sets")
          .addAbstractTypeMapping(java.util.Set.class, java.util.LinkedHashSet.class);

  /**
   * Indented JSON as every codec writes it (and System.Text.Json's {@code WriteIndented}): two
   * spaces a level, {@code "name": value}, an array's elements one a line, {@code []} and {@code
   * {}} when empty. Jackson's default writes {@code "name" : value} and arrays on one line.
   */
  private static final DefaultPrettyPrinter INDENTED =
      new DefaultPrettyPrinter(
              Separators.createDefaultInstance()
                  .withObjectNameValueSpacing(Separators.Spacing.AFTER)
                  .withObjectEmptySeparator("")
                  .withArrayEmptySeparator(""))
          .withObjectIndenter(new DefaultIndenter("  ", "\n"))
          .withArrayIndenter(new DefaultIndenter("  ", "\n"));

  /** Builds the mapper for {@code options}; called once per distinct options value. */
  static JsonMapper newMapper(JsonOptions options) {
    JsonFactory factory =
        JsonFactory.builder()
            .streamReadConstraints(
                StreamReadConstraints.builder()
                    .maxNestingDepth(options.maxNestingDepth())
                    .maxNumberLength(options.maxNumberLength())
                    .maxStringLength(options.maxStringLength())
                    .build())
            .build();
    JsonMapper.Builder b =
        JsonMapper.builder(factory)
            .configure(
                MapperFeature.ACCEPT_CASE_INSENSITIVE_PROPERTIES,
                options.caseInsensitiveProperties())
            .configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, options.numbersFromStrings())
            .configure(
                DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
                !options.ignoreUnknownProperties())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // As every codec: an enum is its name both ways (Jackson 3 defaults to toString()),
            // and a number is not an enum's index.
            .disable(EnumFeature.READ_ENUMS_USING_TO_STRING)
            .disable(EnumFeature.WRITE_ENUMS_USING_TO_STRING)
            .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            // An integral type reads an integer literal only: 1.5, 2.0 and 1e2 into an int fail,
            // as with the other codecs, rather than being truncated or rounded.
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            // Jackson adjusts a read OffsetDateTime/ZonedDateTime to UTC by default; .NET's
            // DateTimeOffset keeps the offset, so a value read and posted back is the same text.
            .disable(DateTimeFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
            .disable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS)
            .addModule(ORDERED_SETS)
            // A char[] as an array of one-character strings, as every codec writes it.
            .enable(SerializationFeature.WRITE_CHAR_ARRAYS_AS_JSON_ARRAYS)
            .configure(SerializationFeature.INDENT_OUTPUT, options.indent())
            .defaultPrettyPrinter(INDENTED)
            .addModule(FastDateTimes.MODULE)
            .addModule(StrictScalars.MODULE)
            .addModule(StrictScalars.LOCALES);
    StrictScalars.coercions(b);
    if (options.naming() != JsonOptions.Naming.AS_DECLARED) {
      b.propertyNamingStrategy(new Renaming(options.naming()));
    }
    if (options.caseInsensitiveProperties()) {
      b.addModule(ExactCase.MODULE);
    }
    b.addModule(options.strictRecords() ? StrictRecords.STRICT : StrictRecords.LENIENT);
    if (!options.writeNulls()) {
      // A null property is omitted, and so is an empty Optional (written as null); a map's entry
      // and a list's element are kept, as with every codec.
      b.changeDefaultPropertyInclusion(
          incl ->
              incl.withValueInclusion(JsonInclude.Include.NON_ABSENT)
                  .withContentInclusion(JsonInclude.Include.ALWAYS));
      for (PrimitiveOptional optional : PrimitiveOptional.values()) {
        b.withConfigOverride(
            optional.type(),
            o ->
                o.setInclude(
                    JsonInclude.Value.construct(
                        JsonInclude.Include.NON_EMPTY, JsonInclude.Include.ALWAYS)));
      }
    }
    return b.build();
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof JacksonCodec other && other.mapper == mapper;
  }

  @Override
  public int hashCode() {
    return mapper == null ? 0 : System.identityHashCode(mapper);
  }

  @Override
  public String toString() {
    return "JacksonCodec{" + name() + "}";
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
