package dev.httpjson.differential;

import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.spi.Names;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;

/** A type documents are read into, with the {@link JsonType} of each codec for it. */
final class Target {
  /**
   * Every target: one record per component type and position (primitive arrays, lists, optionals,
   * map keys, names differing in case), the mixed records, top-level values, and stream elements.
   */
  static final List<Target> ALL =
      List.of(
          new Target(Shapes.IntBox.class),
          new Target(Shapes.BoxedInt.class),
          new Target(Shapes.LongBox.class),
          new Target(Shapes.BoxedLong.class),
          new Target(Shapes.ShortBox.class),
          new Target(Shapes.BoxedShort.class),
          new Target(Shapes.ByteBox.class),
          new Target(Shapes.BoxedByte.class),
          new Target(Shapes.DoubleBox.class),
          new Target(Shapes.BoxedDouble.class),
          new Target(Shapes.FloatBox.class),
          new Target(Shapes.BoxedFloat.class),
          new Target(Shapes.BooleanBox.class),
          new Target(Shapes.BoxedBoolean.class),
          new Target(Shapes.CharBox.class),
          new Target(Shapes.BoxedChar.class),
          new Target(Shapes.BigDecimalBox.class),
          new Target(Shapes.BigIntegerBox.class),
          new Target(Shapes.StringBox.class),
          new Target(Shapes.ColorBox.class),
          new Target(Shapes.LocalDateBox.class),
          new Target(Shapes.InstantBox.class),
          new Target(Shapes.OffsetDateTimeBox.class),
          new Target(Shapes.UuidBox.class),
          new Target(Shapes.OptionalString.class),
          new Target(Shapes.OptionalInteger.class),
          new Target(Shapes.OptionalDouble.class),
          new Target(Shapes.OptionalBoxedLong.class),
          new Target(Shapes.OptionalBigDecimal.class),
          new Target(Shapes.OptionalUuid.class),
          new Target(Shapes.OptionalColor.class),
          new Target(Shapes.OptionalDate.class),
          new Target(Shapes.OptionalIntBox.class),
          new Target(Shapes.OptionalLongBox.class),
          new Target(Shapes.OptionalDoubleBox.class),
          new Target(Shapes.IntArray.class),
          new Target(Shapes.LongArray.class),
          new Target(Shapes.DoubleArray.class),
          new Target(Shapes.FloatArray.class),
          new Target(Shapes.CharArray.class),
          new Target(Shapes.IntegerList.class),
          new Target(Shapes.LongList.class),
          new Target(Shapes.DoubleList.class),
          new Target(Shapes.FloatList.class),
          new Target(Shapes.BigDecimalList.class),
          new Target(Shapes.StringList.class),
          new Target(Shapes.UuidList.class),
          new Target(Shapes.ColorList.class),
          new Target(Shapes.LocalDateList.class),
          new Target(Shapes.IntegerLists.class),
          new Target(Shapes.LongMap.class),
          new Target(Shapes.StringMap.class),
          new Target(Shapes.DoubleMap.class),
          new Target(Shapes.UuidMap.class),
          new Target(Shapes.InnerMap.class),
          new Target(Shapes.ListMap.class),
          new Target(Shapes.IntKeyMap.class),
          new Target(Shapes.LongKeyMap.class),
          new Target(Shapes.ColorKeyMap.class),
          new Target(Shapes.DoubleKeyMap.class),
          new Target(Shapes.UuidKeyMap.class),
          new Target(Shapes.CharKeyMap.class),
          new Target(Shapes.DateKeyMap.class),
          new Target(Shapes.CaseNames.class),
          new Target(Shapes.Inner.class),
          new Target(Shapes.Mixed.class),
          new Target(Shapes.Positions.class),
          new Target(Integer.class),
          new Target(Long.class),
          new Target(Short.class),
          new Target(Byte.class),
          new Target(Double.class),
          new Target(Float.class),
          new Target(Boolean.class),
          new Target(Character.class),
          new Target(String.class),
          new Target(BigDecimal.class),
          new Target(BigInteger.class),
          new Target(Shapes.Color.class),
          new Target(LocalDate.class),
          new Target(Instant.class),
          new Target(OffsetDateTime.class),
          new Target(UUID.class),
          new Target(Object.class),
          new Target(int[].class),
          new Target(double[].class),
          new Target(char[].class),
          new Target(new JsonType<List<Double>>() {}.type()),
          new Target(new JsonType<List<Long>>() {}.type()),
          new Target(new JsonType<List<List<Integer>>>() {}.type()),
          new Target(new JsonType<Map<String, Object>>() {}.type()),
          new Target(new JsonType<Map<Integer, String>>() {}.type()),
          new Target(new JsonType<Map<Shapes.Color, Integer>>() {}.type()),
          new Target(new JsonType<Optional<Integer>>() {}.type()),
          new Target(Integer.class, Stream.ARRAY),
          new Target(Long.class, Stream.NDJSON),
          new Target(Double.class, Stream.ARRAY),
          new Target(Double.class, Stream.NDJSON),
          new Target(BigDecimal.class, Stream.NDJSON),
          new Target(String.class, Stream.ARRAY),
          new Target(UUID.class, Stream.NDJSON),
          new Target(Shapes.Color.class, Stream.ARRAY),
          new Target(Shapes.IntBox.class, Stream.NDJSON),
          new Target(Shapes.CaseNames.class, Stream.ARRAY),
          new Target(Shapes.Positions.class, Stream.NDJSON),
          new Target(Shapes.Mixed.class, Stream.ARRAY),
          // ---- widened: base64, URIs, sets, more java.time, key types, nested generics ----
          new Target(Shapes.BytesBox.class),
          new Target(Shapes.BooleanArray.class),
          new Target(Shapes.ShortArray.class),
          new Target(Shapes.UriBox.class),
          new Target(Shapes.SetBox.class),
          new Target(Shapes.IntegerSet.class),
          new Target(Shapes.LocalDateTimeBox.class),
          new Target(Shapes.LocalTimeBox.class),
          new Target(Shapes.DurationBox.class),
          new Target(Shapes.ZonedDateTimeBox.class),
          new Target(Shapes.YearMonthBox.class),
          new Target(Shapes.BooleanKeyMap.class),
          new Target(Shapes.ShortKeyMap.class),
          new Target(Shapes.BigDecimalKeyMap.class),
          new Target(Shapes.InstantKeyMap.class),
          new Target(Shapes.Nested.class),
          new Target(Shapes.Checked.class),
          new Target(Shapes.Chain.class),
          new Target(Shapes.Wide.class),
          new Target(byte[].class),
          new Target(boolean[].class),
          new Target(long[].class),
          new Target(java.net.URI.class),
          new Target(java.time.Duration.class),
          new Target(java.time.LocalDateTime.class),
          new Target(java.time.ZonedDateTime.class),
          new Target(new JsonType<java.util.Set<String>>() {}.type()),
          new Target(new JsonType<List<byte[]>>() {}.type()),
          new Target(new JsonType<List<Optional<Integer>>>() {}.type()),
          new Target(new JsonType<Map<Boolean, String>>() {}.type()),
          new Target(new JsonType<Map<String, List<Map<String, Integer>>>>() {}.type()),
          new Target(byte[].class, Stream.ARRAY),
          new Target(java.time.Duration.class, Stream.NDJSON),
          new Target(Shapes.Nested.class, Stream.ARRAY),
          new Target(Shapes.Wide.class, Stream.NDJSON),
          // ---- the other options: strict matching, other namings, small limits ----
          new Target(Shapes.Mixed.class, null, Variant.STRICT),
          new Target(Shapes.Positions.class, null, Variant.STRICT),
          new Target(Shapes.CaseNames.class, null, Variant.STRICT),
          new Target(Shapes.IntKeyMap.class, null, Variant.STRICT),
          new Target(Shapes.Wide.class, null, Variant.STRICT),
          new Target(Integer.class, null, Variant.STRICT),
          new Target(Shapes.Mixed.class, null, Variant.SNAKE),
          new Target(Shapes.Wide.class, null, Variant.SNAKE),
          new Target(Shapes.Spelling.class, null, Variant.SNAKE),
          new Target(Shapes.Spelling.class, null, Variant.KEBAB),
          new Target(Shapes.Spelling.class, null, Variant.AS_DECLARED),
          new Target(Shapes.Wide.class, null, Variant.KEBAB),
          new Target(Shapes.Mixed.class, null, Variant.LIMITS),
          new Target(Shapes.Chain.class, null, Variant.LIMITS),
          new Target(Shapes.Nested.class, null, Variant.LIMITS),
          new Target(Shapes.StringList.class, null, Variant.LIMITS),
          new Target(Object.class, null, Variant.LIMITS),
          new Target(new JsonType<Map<String, Object>>() {}.type(), null, Variant.LIMITS),
          new Target(BigDecimal.class, null, Variant.LIMITS),
          new Target(Double.class, null, Variant.LIMITS),
          new Target(String.class, Stream.ARRAY, Variant.LIMITS));

  /** The options a target is read and written with: the web defaults, or one other setting. */
  enum Variant {
    WEB("", b -> b, n -> n),
    /** Exact names only, no numbers from strings, unknown properties refused. */
    STRICT(
        "strict",
        b ->
            b.caseInsensitiveProperties(false)
                .numbersFromStrings(false)
                .ignoreUnknownProperties(false),
        n -> n),
    SNAKE("snake_case", b -> b.naming(JsonOptions.Naming.SNAKE_CASE), Names::snakeCase),
    KEBAB("kebab-case", b -> b.naming(JsonOptions.Naming.KEBAB_CASE), Names::kebabCase),
    AS_DECLARED("as declared", b -> b.naming(JsonOptions.Naming.AS_DECLARED), n -> n),
    /** Limits a generated document reaches: nesting, string and number lengths. */
    LIMITS(
        "small limits", b -> b.maxNestingDepth(6).maxStringLength(16).maxNumberLength(24), n -> n);

    final String label;
    final UnaryOperator<JsonOptions.Builder> options;

    /** How a document spells a declared name under these options. */
    final UnaryOperator<String> naming;

    Variant(
        String label, UnaryOperator<JsonOptions.Builder> options, UnaryOperator<String> naming) {
      this.label = label;
      this.options = options;
      this.naming = naming;
    }
  }

  /** How a stream target's document is read: a top-level array, or NDJSON. */
  enum Stream {
    ARRAY("application/json"),
    NDJSON("application/x-ndjson");

    final String contentType;

    Stream(String contentType) {
      this.contentType = contentType;
    }
  }

  private static final Type MAP_OF_OBJECTS = new JsonType<Map<String, Object>>() {}.type();

  final Type type;
  final String name;

  /** Null for a single value; else the document is a stream of elements of {@link #type}. */
  final Stream stream;

  final Variant variant;

  private final Map<Codecs, JsonType<?>> types = new EnumMap<>(Codecs.class);

  Target(Type type) {
    this(type, null);
  }

  Target(Type type, Stream stream) {
    this(type, stream, Variant.WEB);
  }

  Target(Type type, Stream stream, Variant variant) {
    this.type = type;
    this.stream = stream;
    this.variant = variant;
    String typeName =
        type.getTypeName()
            .replace("dev.httpjson.differential.Shapes$", "")
            .replace("java.lang.", "")
            .replace("java.util.", "");
    String name = stream == null ? typeName : "stream of " + typeName + " (" + stream + ")";
    this.name = variant == Variant.WEB ? name : name + " [" + variant.label + "]";
    for (Codecs codec : Codecs.ALL) {
      JsonOptions options =
          variant == Variant.WEB
              ? codec.options
              : variant.options.apply(codec.options.toBuilder()).build();
      types.put(codec, JsonType.of(type, options));
    }
  }

  /** The codec's type for this target. */
  @SuppressWarnings("unchecked")
  JsonType<Object> in(Codecs codec) {
    return (JsonType<Object>) types.get(codec);
  }

  /** Whether a value of it can be generated, written and compared after reading back. */
  boolean roundTrips() {
    Class<?> raw = Generator.raw(type);
    // Under small limits, what is written may be more than is read back (alike: the document run).
    return stream == null
        && raw != Object.class
        && !type.equals(MAP_OF_OBJECTS)
        && variant != Variant.LIMITS;
  }

  @Override
  public String toString() {
    return name;
  }
}
