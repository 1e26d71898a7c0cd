package dev.httpjson.differential;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** The types documents are read into: one record per component type, and two that mix them. */
public final class Shapes {
  private Shapes() {}

  /** An enum read and written by its name. */
  public enum Color {
    RED,
    GREEN,
    BLUE
  }

  public record IntBox(int v) {}

  public record BoxedInt(Integer v) {}

  public record LongBox(long v) {}

  public record BoxedLong(Long v) {}

  public record ShortBox(short v) {}

  public record BoxedShort(Short v) {}

  public record ByteBox(byte v) {}

  public record BoxedByte(Byte v) {}

  public record DoubleBox(double v) {}

  public record BoxedDouble(Double v) {}

  public record FloatBox(float v) {}

  public record BoxedFloat(Float v) {}

  public record BooleanBox(boolean v) {}

  public record BoxedBoolean(Boolean v) {}

  public record BigDecimalBox(BigDecimal v) {}

  public record BigIntegerBox(BigInteger v) {}

  public record StringBox(String v) {}

  public record ColorBox(Color v) {}

  public record LocalDateBox(LocalDate v) {}

  public record InstantBox(Instant v) {}

  public record OffsetDateTimeBox(OffsetDateTime v) {}

  public record UuidBox(UUID v) {}

  public record OptionalString(Optional<String> v) {}

  public record OptionalInteger(Optional<Integer> v) {}

  public record OptionalDouble(Optional<Double> v) {}

  public record IntegerList(List<Integer> v) {}

  public record DoubleList(List<Double> v) {}

  public record StringList(List<String> v) {}

  public record LongMap(Map<String, Long> v) {}

  public record StringMap(Map<String, String> v) {}

  /** A nested record, also in a list. */
  public record Inner(String name, long count, Optional<Double> ratio, Color color) {}

  /** Every kind at once, some camel-cased, with a nested record and a list of them. */
  public record Mixed(
      int i,
      Integer boxedInt,
      long l,
      Long boxedLong,
      short s,
      byte b,
      double d,
      Double boxedDouble,
      float f,
      boolean z,
      Boolean boxedBoolean,
      BigDecimal dec,
      BigInteger big,
      String str,
      Color color,
      Optional<String> maybe,
      Optional<Integer> maybeInt,
      List<String> names,
      List<Double> values,
      Map<String, Long> counts,
      LocalDate date,
      Instant at,
      OffsetDateTime when,
      UUID id,
      Inner inner,
      List<Inner> inners) {}
}
