package dev.httpjson.differential;

import dev.httpjson.JsonType;
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
          new Target(Shapes.Mixed.class, Stream.ARRAY));

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

  private final Map<Codecs, JsonType<?>> types = new EnumMap<>(Codecs.class);

  Target(Type type) {
    this(type, null);
  }

  Target(Type type, Stream stream) {
    this.type = type;
    this.stream = stream;
    String typeName =
        type.getTypeName()
            .replace("dev.httpjson.differential.Shapes$", "")
            .replace("java.lang.", "")
            .replace("java.util.", "");
    this.name = stream == null ? typeName : "stream of " + typeName + " (" + stream + ")";
    for (Codecs codec : Codecs.ALL) {
      types.put(codec, JsonType.of(type, codec.options));
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
    return stream == null && raw != Object.class && !type.equals(MAP_OF_OBJECTS);
  }

  @Override
  public String toString() {
    return name;
  }
}
