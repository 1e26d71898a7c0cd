package dev.httpjson.differential;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
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

  // ---- the positions beyond a plain component: arrays, collections, optionals, map keys ----

  public record CharBox(char v) {}

  public record BoxedChar(Character v) {}

  public record IntArray(int[] v) {}

  public record LongArray(long[] v) {}

  public record DoubleArray(double[] v) {}

  public record FloatArray(float[] v) {}

  public record CharArray(char[] v) {}

  public record LongList(List<Long> v) {}

  public record FloatList(List<Float> v) {}

  public record BigDecimalList(List<BigDecimal> v) {}

  public record UuidList(List<UUID> v) {}

  public record ColorList(List<Color> v) {}

  public record LocalDateList(List<LocalDate> v) {}

  public record IntegerLists(List<List<Integer>> v) {}

  public record OptionalIntBox(OptionalInt v) {}

  public record OptionalLongBox(OptionalLong v) {}

  public record OptionalDoubleBox(java.util.OptionalDouble v) {}

  public record OptionalBoxedLong(Optional<Long> v) {}

  public record OptionalBigDecimal(Optional<BigDecimal> v) {}

  public record OptionalUuid(Optional<UUID> v) {}

  public record OptionalColor(Optional<Color> v) {}

  public record OptionalDate(Optional<LocalDate> v) {}

  public record IntKeyMap(Map<Integer, String> v) {}

  public record LongKeyMap(Map<Long, Integer> v) {}

  public record ColorKeyMap(Map<Color, Integer> v) {}

  public record DoubleKeyMap(Map<Double, String> v) {}

  public record UuidKeyMap(Map<UUID, Integer> v) {}

  public record CharKeyMap(Map<Character, Integer> v) {}

  public record DateKeyMap(Map<LocalDate, Integer> v) {}

  public record DoubleMap(Map<String, Double> v) {}

  public record UuidMap(Map<String, UUID> v) {}

  public record InnerMap(Map<String, Inner> v) {}

  public record ListMap(Map<String, List<Integer>> v) {}

  /** Two components whose names differ only in case. */
  public record CaseNames(String ab, String aB) {}

  /** The other positions at once: arrays, optionals of primitives, nested lists, enum keys. */
  public record Positions(
      int[] ints,
      double[] doubles,
      char c,
      Character boxedChar,
      OptionalInt oi,
      OptionalLong ol,
      java.util.OptionalDouble od,
      List<List<Double>> grid,
      List<UUID> ids,
      Map<Color, Long> byColor,
      Map<String, Inner> named,
      Optional<BigDecimal> amount) {}

  /** A record that holds one of its own: a chain as deep as the document. */
  public record Chain(Chain next) {}

  /** Every kind of null a value writes: a property, an empty optional, an element, an entry. */
  public record Nullables(
      String s,
      Optional<String> o,
      OptionalInt oi,
      List<String> l,
      Map<String, String> m,
      Integer i) {}

  /** Names whose words a naming policy must find: an acronym, a digit, a one-letter name. */
  public record Spelling(
      String userID, String HTTPServer, String v2Name, String sha512Hash, String x) {}

  /** A set, whose order is the document's. */
  public record SetBox(java.util.Set<String> v) {}

  /** A URI, which is a string. */
  public record UriBox(java.net.URI v) {}

  // ---- widened: base64, other java.time types, more key types, nested generics, options ----

  public record BytesBox(byte[] v) {}

  public record BooleanArray(boolean[] v) {}

  public record ShortArray(short[] v) {}

  public record LocalDateTimeBox(java.time.LocalDateTime v) {}

  public record LocalTimeBox(java.time.LocalTime v) {}

  public record DurationBox(java.time.Duration v) {}

  public record ZonedDateTimeBox(java.time.ZonedDateTime v) {}

  public record YearMonthBox(java.time.YearMonth v) {}

  public record IntegerSet(java.util.Set<Integer> v) {}

  public record BooleanKeyMap(Map<Boolean, Integer> v) {}

  public record ShortKeyMap(Map<Short, Integer> v) {}

  public record BigDecimalKeyMap(Map<BigDecimal, Integer> v) {}

  public record InstantKeyMap(Map<Instant, Integer> v) {}

  /** Generics inside generics: optionals in lists and maps, maps in lists, lists of arrays. */
  public record Nested(
      List<Optional<Integer>> maybes,
      Map<String, Optional<String>> maybeByName,
      List<Map<Integer, String>> tables,
      Map<Color, List<UUID>> idsByColor,
      List<byte[]> blobs,
      Optional<Map<String, Long>> counts) {}

  /** A record whose compact constructor refuses a value and fills in a default. */
  public record Checked(int v, String name) {
    public Checked {
      if (v < 0) {
        throw new IllegalArgumentException("v < 0: " + v);
      }
      name = name == null ? "none" : name;
    }
  }

  /** Every kind of the widened run at once, some names of several words. */
  public record Wide(
      byte[] payload,
      java.net.URI homePage,
      java.time.LocalDateTime localAt,
      java.time.LocalTime openAt,
      java.time.Duration timeToLive,
      java.time.ZonedDateTime zonedAt,
      java.time.YearMonth month,
      java.util.Set<String> tags,
      boolean[] flags,
      Map<Boolean, Integer> byFlag,
      Map<BigDecimal, Integer> byAmount,
      Checked checked,
      Chain chain) {}
}
