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
import java.util.UUID;

/** A type documents are read into, with the {@link JsonType} of each codec for it. */
final class Target {
  /** Every target: one record per component type, the mixed record, and top-level values. */
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
          new Target(Shapes.IntegerList.class),
          new Target(Shapes.DoubleList.class),
          new Target(Shapes.StringList.class),
          new Target(Shapes.LongMap.class),
          new Target(Shapes.StringMap.class),
          new Target(Shapes.Inner.class),
          new Target(Shapes.Mixed.class),
          new Target(Integer.class),
          new Target(Long.class),
          new Target(Double.class),
          new Target(Float.class),
          new Target(Boolean.class),
          new Target(String.class),
          new Target(BigDecimal.class),
          new Target(BigInteger.class),
          new Target(LocalDate.class),
          new Target(Instant.class),
          new Target(OffsetDateTime.class),
          new Target(UUID.class),
          new Target(Object.class),
          new Target(new JsonType<List<Double>>() {}.type()),
          new Target(new JsonType<Map<String, Object>>() {}.type()));

  final Type type;
  final String name;
  private final Map<Codecs, JsonType<?>> types = new EnumMap<>(Codecs.class);

  Target(Type type) {
    this.type = type;
    this.name =
        type.getTypeName()
            .replace("dev.httpjson.differential.Shapes$", "")
            .replace("java.lang.", "")
            .replace("java.util.", "");
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
    return raw != Object.class && raw != Map.class;
  }

  @Override
  public String toString() {
    return name;
  }
}
