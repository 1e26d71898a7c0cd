package dev.httpjson.contract;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonCodec;
import dev.httpjson.spi.JsonSequenceReader;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.lang.reflect.Array;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The reading and writing rules of the README's rules table, each stated once and checked in every
 * position a value is read from or written to: a record's field, an array element, a list element,
 * an {@code Optional*}, a map key, a map value, the top level and a stream element. A rule that
 * held for a record's plain fields but not in an array or an {@code OptionalInt} is the bug this
 * contract exists for, so each row runs over the positions rather than naming one.
 *
 * <p>Each parameterized row is one rule and one JSON token; its invocations are the positions. The
 * token is placed as the position places a value: {@code {"v":X}} for a field or an {@code
 * Optional*}, {@code [X]} for an array or a list, {@code {"X":"a"}} for a map key (a token that is
 * not a string is quoted), {@code {"k":X}} for a map value, {@code X} at the top level, and {@code
 * [X]} and {@code X\n} for a streamed array and NDJSON.
 *
 * <p>A codec module runs it by subclassing and naming its codec. A difference its library forces is
 * a hook, never a loosened row.
 */
public abstract class PositionRulesContract {

  // ---- models: one record per target type and position that needs one ----

  /** An {@code int} field. */
  public record IntField(int v) {}

  /** An {@code OptionalInt} field. */
  public record IntOptional(OptionalInt v) {}

  /** A {@code long} field. */
  public record LongField(long v) {}

  /** An {@code OptionalLong} field. */
  public record LongOptional(OptionalLong v) {}

  /** A {@code double} field. */
  public record DoubleField(double v) {}

  /** An {@code OptionalDouble} field. */
  public record DoubleOptional(OptionalDouble v) {}

  /** A {@code float} field. */
  public record FloatField(float v) {}

  /** An {@code Optional<Float>} field. */
  public record FloatOptional(Optional<Float> v) {}

  /** A {@code boolean} field. */
  public record BooleanField(boolean v) {}

  /** A {@code char} field. */
  public record CharField(char v) {}

  /** An {@code Optional<Character>} field. */
  public record CharOptional(Optional<Character> v) {}

  /** A {@code BigDecimal} field. */
  public record DecimalField(BigDecimal v) {}

  /** An {@code Optional<BigDecimal>} field. */
  public record DecimalOptional(Optional<BigDecimal> v) {}

  /** A {@code UUID} field. */
  public record UuidField(UUID v) {}

  /** An {@code Optional<UUID>} field. */
  public record UuidOptional(Optional<UUID> v) {}

  /** A record read where a shape mismatch is tried. */
  public record Point(int v) {}

  /** A {@link Point} field. */
  public record PointField(Point v) {}

  /** A map field. */
  public record MapField(Map<String, Integer> v) {}

  /** A list field. */
  public record ListField(List<Integer> v) {}

  /** An {@code int[]} field. */
  public record IntArrayField(int[] v) {}

  /** Two properties whose names differ only in case. */
  public record Cased(String ab, String aB) {}

  /** A {@link Cased} field. */
  public record CasedField(Cased v) {}

  /** A class with two fields whose names differ only in case. */
  public static class CasedBean {
    /** Read from {@code "ab"}. */
    public @Nullable String ab;

    /** Read from {@code "aB"}. */
    public @Nullable String aB;

    /** An instance with neither set. */
    public CasedBean() {}
  }

  /** A {@code Number} field. */
  public record NumberField(Number v) {}

  /** A {@code short} field. */
  public record ShortField(short v) {}

  /** An {@code Optional<Short>} field. */
  public record ShortOptional(Optional<Short> v) {}

  /** A {@code byte} field. */
  public record ByteField(byte v) {}

  /** An {@code Optional<Byte>} field. */
  public record ByteOptional(Optional<Byte> v) {}

  /** A {@code BigInteger} field. */
  public record BigIntegerField(BigInteger v) {}

  /** An {@code Optional<BigInteger>} field. */
  public record BigIntegerOptional(Optional<BigInteger> v) {}

  /** An {@code Optional<Boolean>} field. */
  public record BooleanOptional(Optional<Boolean> v) {}

  /** A {@code String} field. */
  public record StringField(String v) {}

  /** An {@code Optional<String>} field. */
  public record StringOptional(Optional<String> v) {}

  /** An enum read and written by its name. */
  public enum Color {
    RED,
    GREEN
  }

  /** A {@link Color} field. */
  public record ColorField(Color v) {}

  /** An {@code Optional<Color>} field. */
  public record ColorOptional(Optional<Color> v) {}

  /** An {@link Instant} field. */
  public record InstantField(Instant v) {}

  /** An {@code Optional<Instant>} field. */
  public record InstantOptional(Optional<Instant> v) {}

  /** A {@link LocalDate} field. */
  public record DateField(LocalDate v) {}

  /** An {@code Optional<LocalDate>} field. */
  public record DateOptional(Optional<LocalDate> v) {}

  /** A class whose field has an initializer: {@code null} into it fails, not keeps the 7. */
  public static class Initialized {
    /** Seven unless read. */
    public int n = 7;

    /** A new instance, its {@code n} 7. */
    public Initialized() {}
  }

  // ---- positions ----

  /** Where a value is read from or written to. */
  public enum Position {
    /** A record component: {@code {"v":X}}. */
    FIELD,
    /** An element of an array ({@code int[]}, {@code UUID[]}, …) at the top level: {@code [X]}. */
    ARRAY_ELEMENT,
    /** An element of a {@code List}: {@code [X]}. */
    LIST_ELEMENT,
    /** The value of an {@code Optional*} record component: {@code {"v":X}}. */
    OPTIONAL,
    /** A key of a {@code Map}: {@code {"X":"a"}}. */
    MAP_KEY,
    /** A value of a {@code Map<String, …>}: {@code {"k":X}}. */
    MAP_VALUE,
    /** The document itself: {@code X}. */
    TOP_LEVEL,
    /** An element of a streamed array ({@code [X]}) and of NDJSON ({@code X\n}). */
    STREAM_ELEMENT
  }

  private static final Set<Position> ALL = EnumSet.allOf(Position.class);

  /** Every position but a map key, for tokens a key cannot be (it is always a string). */
  private static final Set<Position> VALUES = EnumSet.complementOf(EnumSet.of(Position.MAP_KEY));

  /** The positions of a primitive: a field and an array element. */
  private static final Set<Position> PRIMITIVE = EnumSet.of(Position.FIELD, Position.ARRAY_ELEMENT);

  /** The type read or written, and the Java type each position gives it. */
  public enum Target {
    INT(Integer.class, int[].class, IntField.class, IntOptional.class),
    LONG(Long.class, long[].class, LongField.class, LongOptional.class),
    DOUBLE(Double.class, double[].class, DoubleField.class, DoubleOptional.class),
    FLOAT(Float.class, float[].class, FloatField.class, FloatOptional.class),
    BOOLEAN(Boolean.class, boolean[].class, BooleanField.class, BooleanOptional.class),
    CHAR(Character.class, char[].class, CharField.class, CharOptional.class),
    DECIMAL(BigDecimal.class, BigDecimal[].class, DecimalField.class, DecimalOptional.class),
    ID(UUID.class, UUID[].class, UuidField.class, UuidOptional.class),
    POINT(Point.class, Point[].class, PointField.class, null),
    MAP(parameterized(Map.class, String.class, Integer.class), null, MapField.class, null),
    LIST(parameterized(List.class, Integer.class), null, ListField.class, null),
    INT_ARRAY(int[].class, null, IntArrayField.class, null),
    CASED(Cased.class, Cased[].class, CasedField.class, null),
    SHORT(Short.class, short[].class, ShortField.class, ShortOptional.class),
    BYTE(Byte.class, Byte[].class, ByteField.class, ByteOptional.class),
    BIG_INTEGER(
        BigInteger.class, BigInteger[].class, BigIntegerField.class, BigIntegerOptional.class),
    STRING(String.class, String[].class, StringField.class, StringOptional.class),
    COLOR(Color.class, Color[].class, ColorField.class, ColorOptional.class),
    INSTANT(Instant.class, Instant[].class, InstantField.class, InstantOptional.class),
    DATE(LocalDate.class, LocalDate[].class, DateField.class, DateOptional.class),
    OPTIONAL_INT(OptionalInt.class, OptionalInt[].class, IntOptional.class, null),
    OPTIONAL_LONG(OptionalLong.class, OptionalLong[].class, LongOptional.class, null),
    OPTIONAL_DOUBLE(OptionalDouble.class, OptionalDouble[].class, DoubleOptional.class, null),
    OPTIONAL_STRING(parameterized(Optional.class, String.class), null, StringOptional.class, null);

    final Type type;
    final @Nullable Class<?> array;
    final Class<?> field;
    final @Nullable Class<?> optional;

    Target(Type type, @Nullable Class<?> array, Class<?> field, @Nullable Class<?> optional) {
      this.type = type;
      this.array = array;
      this.field = field;
      this.optional = optional;
    }

    boolean has(Position position) {
      switch (position) {
        case ARRAY_ELEMENT:
          return array != null;
        case OPTIONAL:
          return optional != null;
        case MAP_KEY:
          return type == Integer.class
              || type == Long.class
              || type == Double.class
              || type == Float.class
              || type == Character.class
              || type == BigDecimal.class
              || type == UUID.class
              || type == Short.class
              || type == Byte.class
              || type == BigInteger.class
              || type == Color.class
              || type == Instant.class
              || type == LocalDate.class;
        default:
          return true;
      }
    }
  }

  /** What an {@code Optional*} holding nothing extracts as. */
  private static final Object EMPTY = new Object[] {"<empty>"};

  /** What a row expects: a value, or a {@link JsonReadException} / {@link JsonWriteException}. */
  private static final Object REFUSED = new Object[] {"<refused>"};

  private static final Map<JsonOptions, JsonBinding> BINDINGS = new ConcurrentHashMap<>();

  protected JsonOptions options;

  /** The codec under test. */
  protected abstract JsonCodec codec();

  @BeforeEach
  void buildOptions() {
    options = JsonOptions.newBuilder().codec(codec()).build();
  }

  // ---- the rows ----

  private static final List<Target> INTEGRAL =
      List.of(Target.INT, Target.LONG, Target.SHORT, Target.BYTE, Target.BIG_INTEGER);

  private static final List<Target> NUMBERS =
      List.of(
          Target.INT,
          Target.LONG,
          Target.SHORT,
          Target.BYTE,
          Target.BIG_INTEGER,
          Target.DOUBLE,
          Target.FLOAT,
          Target.DECIMAL);

  /** Rule 1: a number in a string is JSON's number syntax in ASCII digits, never NaN/Infinity. */
  public static Stream<Arguments> numberInAStringIsJsonNumberSyntax() {
    List<Arguments> rows = new ArrayList<>();
    List<String> notNumbers =
        List.of(
            " 1",
            "1 ",
            "\\t1",
            "1\\u0000",
            "01",
            "-01",
            "+1",
            "\u0661",
            "\uff11",
            "\u0967",
            ".5",
            "1.",
            "0x10",
            "1_0",
            "1d",
            "1f",
            "1L",
            "null",
            "NaN",
            "-NaN",
            "Infinity",
            "-Infinity",
            "",
            "--1",
            "1e");
    for (Target t : NUMBERS) {
      for (String text : notNumbers) {
        rows.addAll(over(t, "\"" + text + "\"", REFUSED, ALL));
      }
      rows.addAll(over(t, "\"12\"", number(t, "12"), ALL));
      rows.addAll(over(t, "\"-7\"", number(t, "-7"), ALL));
    }
    for (Target t : List.of(Target.DOUBLE, Target.FLOAT, Target.DECIMAL)) {
      rows.addAll(over(t, "\"-1.5e1\"", number(t, "-1.5e1"), ALL));
    }
    for (Target t : INTEGRAL) {
      for (String text : List.of("1.5", "1e2", "2.0", "1E+2", "-0.0")) {
        rows.addAll(over(t, "\"" + text + "\"", REFUSED, ALL));
      }
    }
    return rows.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} into {0} at {3}")
  @MethodSource
  public void numberInAStringIsJsonNumberSyntax(
      Target target, String token, Object expected, Position position) throws Exception {
    check(target, token, expected, position);
  }

  /**
   * Rule 1, with {@code numbersFromStrings} off: no number is read from a string, in any position
   * (a map key, always a string, is read as its type's text).
   */
  public static Stream<Arguments> noNumberFromAStringWhenNumbersFromStringsIsOff() {
    List<Arguments> rows = new ArrayList<>();
    for (Target t : NUMBERS) {
      rows.addAll(over(t, "\"12\"", REFUSED, VALUES));
      rows.addAll(over(t, "\"12\"", number(t, "12"), EnumSet.of(Position.MAP_KEY)));
      rows.addAll(over(t, "12", number(t, "12"), VALUES));
    }
    return rows.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} into {0} at {3}")
  @MethodSource
  public void noNumberFromAStringWhenNumbersFromStringsIsOff(
      Target target, String token, Object expected, Position position) throws Exception {
    options = JsonOptions.newBuilder().codec(codec()).numbersFromStrings(false).build();
    check(target, token, expected, position);
  }

  /**
   * Rules 1, 3 and 4 in a {@code byte[]} read from a JSON array: each element is a byte literal in
   * range, never {@code null} (the library's own form of a {@code byte[]}, such as Jackson's
   * base64, is not a rule here).
   */
  @Test
  public void aByteArrayElementFollowsTheByteRules() {
    for (String json :
        List.of("[null]", "[\" 1\"]", "[\"01\"]", "[128]", "[-129]", "[1.5]", "[1e2]", "[true]")) {
      assertThatThrownBy(() -> read(byte[].class, json))
          .as(json)
          .isInstanceOf(JsonReadException.class);
    }
    for (String json : List.of("[null]", "[\" 1\"]", "[32768]", "[1.0]")) {
      assertThatThrownBy(() -> read(short[].class, json))
          .as(json)
          .isInstanceOf(JsonReadException.class);
    }
  }

  /** Rule 2: {@code -0} into a {@code double} or {@code float} keeps its sign. */
  public static Stream<Arguments> minusZeroKeepsItsSign() {
    List<Arguments> rows = new ArrayList<>();
    for (String token : List.of("-0", "-0.0", "-0e0", "\"-0\"", "\"-0.0\"")) {
      rows.addAll(over(Target.DOUBLE, token, -0.0d, ALL));
      rows.addAll(over(Target.FLOAT, token, -0.0f, ALL));
    }
    rows.addAll(over(Target.DOUBLE, "0", 0.0d, ALL));
    return rows.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} into {0} at {3}")
  @MethodSource
  public void minusZeroKeepsItsSign(Target target, String token, Object expected, Position position)
      throws Exception {
    check(target, token, expected, position);
  }

  /**
   * Rule 3: a number outside the target's range fails, and an integral type reads integer literals
   * only (into a {@code double}, a number past its range is an infinity, as with every codec); a
   * {@code BigDecimal} reads any exponent it can hold, exactly.
   */
  public static Stream<Arguments> numberOutsideTheTargetsRangeFails() {
    List<Arguments> rows = new ArrayList<>();
    for (String token :
        List.of("1e39", "-1e39", "3.5e38", "1e309", "1e1000000000", "-1e1000000000", "\"1e39\"")) {
      rows.addAll(over(Target.FLOAT, token, REFUSED, ALL));
    }
    rows.addAll(over(Target.FLOAT, "3.4028235e38", Float.MAX_VALUE, ALL));
    rows.addAll(over(Target.FLOAT, "1e-1000000000", 0.0f, ALL));
    rows.addAll(over(Target.FLOAT, "1e-50", 0.0f, ALL));
    for (String token :
        List.of("2147483648", "-2147483649", "1e2", "1.0", "1e1000000000", "\"2147483648\"")) {
      rows.addAll(over(Target.INT, token, REFUSED, ALL));
    }
    for (String token :
        List.of(
            "9223372036854775808",
            "-9223372036854775809",
            "1e2",
            "1E2",
            "100.0",
            "1e1000000000",
            "\"9223372036854775808\"")) {
      rows.addAll(over(Target.LONG, token, REFUSED, ALL));
    }
    rows.addAll(over(Target.LONG, "9223372036854775807", Long.MAX_VALUE, ALL));
    for (String token : List.of("128", "255", "-129", "1e2", "\"200\"")) {
      rows.addAll(over(Target.BYTE, token, REFUSED, ALL));
    }
    rows.addAll(over(Target.BYTE, "-128", (byte) -128, ALL));
    for (String token : List.of("32768", "-32769", "1e2")) {
      rows.addAll(over(Target.SHORT, token, REFUSED, ALL));
    }
    rows.addAll(over(Target.SHORT, "-32768", Short.MIN_VALUE, ALL));
    for (String token : List.of("1e2", "1.0", "1E+2")) {
      rows.addAll(over(Target.BIG_INTEGER, token, REFUSED, ALL));
    }
    rows.addAll(
        over(
            Target.BIG_INTEGER,
            "-123456789012345678901234567890",
            new BigInteger("-123456789012345678901234567890"),
            ALL));
    rows.addAll(over(Target.DECIMAL, "1e2147483648", REFUSED, ALL));
    for (String text : List.of("1e1000000000", "-1.5e-1000000000", "1E+999999999")) {
      rows.addAll(over(Target.DECIMAL, text, new BigDecimal(text), VALUES));
      rows.addAll(over(Target.DECIMAL, "\"" + text + "\"", new BigDecimal(text), ALL));
    }
    return rows.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} into {0} at {3}")
  @MethodSource
  public void numberOutsideTheTargetsRangeFails(
      Target target, String token, Object expected, Position position) throws Exception {
    check(target, token, expected, position);
  }

  /** Rule 4: {@code null} into a primitive fails (a field and an array element). */
  public static Stream<Arguments> nullIntoAPrimitiveFails() {
    List<Arguments> rows = new ArrayList<>();
    for (Target t :
        List.of(
            Target.INT, Target.LONG, Target.DOUBLE, Target.FLOAT, Target.BOOLEAN, Target.CHAR)) {
      rows.addAll(over(t, "null", REFUSED, PRIMITIVE));
    }
    // A boxed element or value may be null.
    rows.addAll(
        over(
            Target.INT,
            "null",
            null,
            EnumSet.of(Position.LIST_ELEMENT, Position.MAP_VALUE, Position.STREAM_ELEMENT)));
    return rows.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} into {0} at {3}")
  @MethodSource
  public void nullIntoAPrimitiveFails(
      Target target, String token, @Nullable Object expected, Position position) throws Exception {
    check(target, token, expected, position);
  }

  /** Rule 4, for a class: the field's initializer does not survive an explicit {@code null}. */
  @Test
  public void nullIntoAnInitializedPrimitiveFieldFails() throws Exception {
    assertThatThrownBy(() -> read(Initialized.class, "{\"n\":null}"))
        .isInstanceOf(JsonReadException.class);
    assertThat(read(Initialized.class, "{}").n).isEqualTo(7);
    assertThat(read(Initialized.class, "{\"n\":3}").n).isEqualTo(3);
  }

  /**
   * Rule 5: a shape mismatch fails, never read as the first element, an empty value or a wrapped
   * one: an array into a record or a map, an object or a scalar into a list or an array, an array
   * or an object into a number.
   */
  public static Stream<Arguments> shapeMismatchFails() {
    List<Arguments> rows = new ArrayList<>();
    for (String token :
        List.of("[{\"v\":1},{\"v\":2}]", "[{\"v\":1}]", "[]", "1", "\"v\"", "true")) {
      rows.addAll(over(Target.POINT, token, REFUSED, VALUES));
      rows.addAll(over(Target.MAP, token, REFUSED, VALUES));
    }
    rows.addAll(over(Target.MAP, "[{}]", REFUSED, VALUES));
    for (String token : List.of("{}", "{\"v\":1}", "1", "\"1\"", "true")) {
      rows.addAll(over(Target.LIST, token, REFUSED, VALUES));
      rows.addAll(over(Target.INT_ARRAY, token, REFUSED, VALUES));
    }
    for (String token : List.of("[1]", "[]", "{}", "{\"v\":1}")) {
      rows.addAll(over(Target.INT, token, REFUSED, VALUES));
      rows.addAll(over(Target.DOUBLE, token, REFUSED, VALUES));
    }
    for (String token : List.of("[1]", "[]", "{}", "{\"v\":1}")) {
      rows.addAll(over(Target.OPTIONAL_INT, token, REFUSED, VALUES));
    }
    rows.addAll(over(Target.POINT, "{\"v\":2}", new Point(2), VALUES));
    return rows.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} into {0} at {3}")
  @MethodSource
  public void shapeMismatchFails(Target target, String token, Object expected, Position position)
      throws Exception {
    check(target, token, expected, position);
  }

  private static final String CANONICAL_ID = "123e4567-e89b-12d3-a456-426614174000";

  /** Rule 6: a UUID reads only its canonical 8-4-4-4-12 text (hex digits of either case). */
  public static Stream<Arguments> uuidReadsOnlyItsCanonicalText() {
    List<Arguments> rows = new ArrayList<>();
    for (String text :
        List.of(
            " " + CANONICAL_ID,
            CANONICAL_ID + " ",
            "\\t" + CANONICAL_ID,
            CANONICAL_ID + "\\u0000",
            "\\u0000" + CANONICAL_ID,
            "AAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAA==",
            "EjRWeJASNFZ4kBI0VniQEg",
            CANONICAL_ID.replace("-", ""),
            "{" + CANONICAL_ID + "}",
            CANONICAL_ID.substring(0, 35) + "g",
            "+" + CANONICAL_ID.substring(1),
            "1-1-1-1-1",
            "")) {
      rows.addAll(over(Target.ID, "\"" + text + "\"", REFUSED, ALL));
    }
    rows.addAll(over(Target.ID, "1", REFUSED, VALUES));
    rows.addAll(over(Target.ID, "\"" + CANONICAL_ID + "\"", UUID.fromString(CANONICAL_ID), ALL));
    rows.addAll(
        over(
            Target.ID,
            "\"" + CANONICAL_ID.toUpperCase(java.util.Locale.ROOT) + "\"",
            UUID.fromString(CANONICAL_ID),
            ALL));
    return rows.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} into {0} at {3}")
  @MethodSource
  public void uuidReadsOnlyItsCanonicalText(
      Target target, String token, Object expected, Position position) throws Exception {
    check(target, token, expected, position);
  }

  /** Rule 7: an {@code Optional*} reads {@code null} as empty, never as a null reference. */
  public static Stream<Arguments> optionalReadsNullAsEmpty() {
    List<Arguments> rows = new ArrayList<>();
    for (Target t : Target.values()) {
      if (t.optional != null) {
        rows.addAll(over(t, "null", EMPTY, EnumSet.of(Position.OPTIONAL)));
      }
    }
    // An Optional* itself in every position that holds a value.
    rows.addAll(over(Target.OPTIONAL_INT, "null", OptionalInt.empty(), VALUES));
    rows.addAll(over(Target.OPTIONAL_LONG, "null", OptionalLong.empty(), VALUES));
    rows.addAll(over(Target.OPTIONAL_DOUBLE, "null", OptionalDouble.empty(), VALUES));
    rows.addAll(over(Target.OPTIONAL_STRING, "null", Optional.empty(), VALUES));
    rows.addAll(over(Target.OPTIONAL_INT, "\"7\"", OptionalInt.of(7), VALUES));
    rows.addAll(over(Target.OPTIONAL_INT, "\" 7\"", REFUSED, VALUES));
    rows.addAll(over(Target.OPTIONAL_DOUBLE, "-0", OptionalDouble.of(-0.0), VALUES));
    rows.addAll(over(Target.OPTIONAL_STRING, "\"a\"", Optional.of("a"), VALUES));
    return rows.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} into {0} at {3}")
  @MethodSource
  public void optionalReadsNullAsEmpty(
      Target target, String token, Object expected, Position position) throws Exception {
    check(target, token, expected, position);
  }

  /**
   * Rule 8: each property is matched by its exact name first; a name matching none exactly is
   * matched regardless of case (the web defaults).
   */
  public static Stream<Arguments> propertyMatchedByItsExactNameFirst() {
    List<Arguments> rows = new ArrayList<>();
    rows.addAll(over(Target.CASED, "{\"ab\":\"1\",\"aB\":\"2\"}", new Cased("1", "2"), VALUES));
    rows.addAll(over(Target.CASED, "{\"aB\":\"2\",\"ab\":\"1\"}", new Cased("1", "2"), VALUES));
    rows.addAll(over(Target.CASED, "{\"aB\":\"2\"}", new Cased(null, "2"), VALUES));
    rows.addAll(over(Target.CASED, "{\"ab\":\"1\"}", new Cased("1", null), VALUES));
    // Where two names differ only in case, a name in a third spelling could be either: it matches
    // neither, and is an unknown property (ignored in the web defaults).
    rows.addAll(over(Target.CASED, "{\"AB\":\"1\"}", new Cased(null, null), VALUES));
    rows.addAll(over(Target.POINT, "{\"V\":3}", new Point(3), VALUES));
    return rows.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} into {0} at {3}")
  @MethodSource
  public void propertyMatchedByItsExactNameFirst(
      Target target, String token, Object expected, Position position) throws Exception {
    check(target, token, expected, position);
  }

  /** Rule 8, for a class: its fields too are matched by their exact names first. */
  @Test
  public void aClassPropertyIsMatchedByItsExactNameFirst() throws Exception {
    CasedBean bean = read(CasedBean.class, "{\"aB\":\"2\",\"ab\":\"1\"}");
    assertThat(bean.ab).isEqualTo("1");
    assertThat(bean.aB).isEqualTo("2");
    bean = read(CasedBean.class, "{\"ab\":\"1\"}");
    assertThat(bean.ab).isEqualTo("1");
    assertThat(bean.aB).isNull();
  }

  /**
   * A string reads only from a JSON string, a boolean only from {@code true} or {@code false}, an
   * enum only from its name, and {@code ""} is nothing but an empty string.
   */
  public static Stream<Arguments> stringsBooleansAndEnumsReadOnlyTheirOwnForm() {
    List<Arguments> rows = new ArrayList<>();
    for (String token : List.of("1", "-1.5", "1e2", "true", "false", "{}", "[\"a\"]")) {
      rows.addAll(over(Target.STRING, token, REFUSED, VALUES));
    }
    rows.addAll(over(Target.STRING, "\"\"", "", ALL));
    rows.addAll(over(Target.STRING, "\"1\"", "1", ALL));
    for (String token : List.of("\"true\"", "\"false\"", "1", "0", "\"1\"", "\"yes\"", "\"\"")) {
      rows.addAll(over(Target.BOOLEAN, token, REFUSED, VALUES));
    }
    rows.addAll(over(Target.BOOLEAN, "true", true, VALUES));
    rows.addAll(over(Target.BOOLEAN, "false", false, VALUES));
    for (String token : List.of("\"PURPLE\"", "\"red\"", "\"RED \"", "\"0\"", "\"1\"", "\"\"")) {
      rows.addAll(over(Target.COLOR, token, REFUSED, ALL));
    }
    for (String token : List.of("0", "1", "true")) {
      rows.addAll(over(Target.COLOR, token, REFUSED, VALUES));
    }
    rows.addAll(over(Target.COLOR, "\"GREEN\"", Color.GREEN, ALL));
    return rows.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} into {0} at {3}")
  @MethodSource
  public void stringsBooleansAndEnumsReadOnlyTheirOwnForm(
      Target target, String token, Object expected, Position position) throws Exception {
    check(target, token, expected, position);
  }

  /**
   * A date or time reads only from the ISO-8601 text its type's {@code java.time} formatter parses,
   * nothing trimmed; never from a number or digits in a string.
   */
  public static Stream<Arguments> datesReadOnlyTheirIsoText() {
    List<Arguments> rows = new ArrayList<>();
    for (String text :
        List.of(
            "2024-01-01T00:00:00Z ",
            " 2024-01-01T00:00:00Z",
            "2024-01-01T00:00Z",
            "2024-01-01T00:00:00+0100",
            "2024-01-01",
            "1700000000",
            "0",
            "")) {
      rows.addAll(over(Target.INSTANT, "\"" + text + "\"", REFUSED, ALL));
    }
    for (String text :
        List.of(
            "2024-01-01 ", "2024-01-01T00:00:00", "2024-01-01T00:00:00Z", "20240101", "19000")) {
      rows.addAll(over(Target.DATE, "\"" + text + "\"", REFUSED, ALL));
    }
    for (String token : List.of("1700000000", "1e400", "[2024,1,1]")) {
      rows.addAll(over(Target.INSTANT, token, REFUSED, VALUES));
      rows.addAll(over(Target.DATE, token, REFUSED, VALUES));
    }
    rows.addAll(
        over(
            Target.INSTANT,
            "\"2024-01-01T01:00:00+01:00\"",
            Instant.parse("2024-01-01T00:00:00Z"),
            ALL));
    rows.addAll(over(Target.DATE, "\"2024-02-29\"", LocalDate.of(2024, 2, 29), ALL));
    return rows.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} into {0} at {3}")
  @MethodSource
  public void datesReadOnlyTheirIsoText(
      Target target, String token, Object expected, Position position) throws Exception {
    check(target, token, expected, position);
  }

  /**
   * Rule 9: a body is UTF-8 JSON: a UTF-16 or UTF-32 byte-order mark, or a zero byte, at its start
   * is not read as another encoding (a UTF-8 byte-order mark is skipped), as a single value and as
   * a stream.
   */
  @Test
  public void bytesThatAreNotUtf8JsonFail() throws Exception {
    byte[][] notUtf8 = {
      {(byte) 0xFE, (byte) 0xFF, 0x00, 0x31},
      {(byte) 0xFF, (byte) 0xFE, 0x31, 0x00},
      {0x00, 0x00, (byte) 0xFE, (byte) 0xFF, 0x00, 0x00, 0x00, 0x31},
      {0x00, 0x31},
      {0x31, 0x00}
    };
    for (byte[] bytes : notUtf8) {
      String shown = Arrays.toString(bytes);
      for (Class<?> type : List.of(Integer.class, Object.class)) {
        assertThatThrownBy(() -> JsonType.of(type, options).fromJson(bytes))
            .as("%s into %s", shown, type.getSimpleName())
            .isInstanceOf(JsonReadException.class);
      }
      assertThatThrownBy(() -> streamed(Integer.class, bytes, false))
          .as("%s as NDJSON", shown)
          .isInstanceOf(JsonReadException.class);
      byte[] array = new byte[bytes.length + 2];
      array[0] = '[';
      System.arraycopy(bytes, 0, array, 1, bytes.length);
      array[array.length - 1] = ']';
      assertThatThrownBy(() -> streamed(Integer.class, array, true))
          .as("%s in an array", shown)
          .isInstanceOf(JsonReadException.class);
    }
    byte[] utf8Bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 0x31};
    assertThat(JsonType.of(Integer.class, options).fromJson(utf8Bom)).isEqualTo(1);
    assertThat(streamed(Integer.class, utf8Bom, false)).containsExactly(1);
  }

  /**
   * A stream delivers an element only once it is complete: a string, object or array at its closing
   * character; a number or literal once what ends it is read: in an array the {@code ,} or {@code
   * ]} after it, in NDJSON the whitespace after it or the body's end. So a stream that fails
   * delivers the same elements first with every codec, and never the start of a number that the
   * body cut or that goes on in a way JSON does not allow ({@code 1} from {@code [1_000]}, {@code
   * 65535} from {@code [65535} then the end).
   */
  public static Stream<Arguments> aStreamDeliversAnElementOnlyOnceItIsComplete() {
    List<Arguments> rows = new ArrayList<>();
    // An array: the body, the elements delivered, whether it then fails.
    rows.add(streamRow(Integer.class, "[1_000]", false, List.of(), true));
    rows.add(streamRow(Integer.class, "[1,2_000]", false, List.of(1), true));
    rows.add(streamRow(Double.class, "[0.0.1]", false, List.of(), true));
    rows.add(streamRow(Double.class, "[1.]", false, List.of(), true));
    rows.add(streamRow(Double.class, "[1.5,2.]", false, List.of(1.5), true));
    rows.add(streamRow(Double.class, "[1e]", false, List.of(), true));
    rows.add(streamRow(Double.class, "[-]", false, List.of(), true));
    rows.add(streamRow(Double.class, "[1.5e-1000", false, List.of(), true));
    rows.add(streamRow(Integer.class, "[65535", false, List.of(), true));
    rows.add(streamRow(Integer.class, "[1,65535", false, List.of(1), true));
    rows.add(streamRow(Integer.class, "[1}", false, List.of(), true));
    rows.add(streamRow(Integer.class, "[1 2]", false, List.of(), true));
    rows.add(streamRow(Integer.class, "[1,2 }", false, List.of(1), true));
    rows.add(streamRow(Boolean.class, "[true", false, List.of(), true));
    rows.add(streamRow(Boolean.class, "[truex]", false, List.of(), true));
    rows.add(streamRow(Boolean.class, "[false,true", false, List.of(false), true));
    rows.add(streamRow(String.class, "[\"a\"x]", false, List.of("a"), true));
    rows.add(streamRow(String.class, "[\"a\"", false, List.of("a"), true));
    rows.add(streamRow(Point.class, "[{\"v\":1}x]", false, List.of(new Point(1)), true));
    rows.add(streamRow(Point.class, "[{\"v\":1}", false, List.of(new Point(1)), true));
    rows.add(streamRow(Integer.class, "[\n 1, 2 ,3\n]", false, List.of(1, 2, 3), false));
    // NDJSON: the body's end ends a value, as it ends a one-shot read.
    rows.add(streamRow(Integer.class, "1_000\n", true, List.of(), true));
    rows.add(streamRow(Integer.class, "1\n2_000\n", true, List.of(1), true));
    rows.add(streamRow(Double.class, "1.\n", true, List.of(), true));
    rows.add(streamRow(Double.class, "1\n2.", true, List.of(1.0), true));
    rows.add(streamRow(Boolean.class, "true\ntru", true, List.of(true), true));
    rows.add(streamRow(Point.class, "{\"v\":1}\n{\"v\"", true, List.of(new Point(1)), true));
    rows.add(streamRow(Integer.class, "1\n2", true, List.of(1, 2), false));
    // Whole bodies: what is inside a string or a nested value does not end an element.
    rows.add(
        streamRow(
            String.class,
            "[\"a\\\"]\", \"b]\" ,\"c\\\\\",\"{[\"]",
            false,
            List.of("a\"]", "b]", "c\\", "{["),
            false));
    rows.add(streamRow(String.class, "\"x y\"\r\n\r\n\"z\"\n", true, List.of("x y", "z"), false));
    rows.add(
        streamRow(
            parameterized(Map.class, String.class, Integer.class),
            "[{\"}\":1,\"]\":2},{}]",
            false,
            List.of(Map.of("}", 1, "]", 2), Map.of()),
            false));
    rows.add(
        streamRow(
            parameterized(List.class, Integer.class),
            "[[1,2],[],[3]]",
            false,
            List.of(List.of(1, 2), List.of(), List.of(3)),
            false));
    rows.add(
        streamRow(
            Boolean.class, "[true,false,null]", false, Arrays.asList(true, false, null), false));
    rows.add(
        streamRow(Double.class, "[-0.5e+3,1E-2,0]\n", false, List.of(-500.0, 0.01, 0.0), false));
    return rows.stream();
  }

  private static Arguments streamRow(
      Type type, String body, boolean ndjson, List<@Nullable Object> delivered, boolean fails) {
    return Arguments.of(type.getTypeName(), type, body, ndjson, delivered, fails);
  }

  @ParameterizedTest(name = "[{index}] {2} streamed as {0}")
  @MethodSource
  public void aStreamDeliversAnElementOnlyOnceItIsComplete(
      String name,
      Type type,
      String body,
      boolean ndjson,
      List<@Nullable Object> delivered,
      boolean fails)
      throws Exception {
    String contentType = ndjson ? "application/x-ndjson" : "application/json";
    // UTF-8 bytes, and characters decoded from another charset: a parser reads each differently.
    for (String charset : List.of("", "; charset=iso-8859-1")) {
      assertStreamed(
          "read " + contentType + charset,
          () ->
              HttpJson.readFromJsonAsStream(
                  new BodyResponse(body.getBytes(UTF_8), contentType + charset),
                  JsonType.of(type, options)),
          delivered,
          fails);
    }
    // Over HTTP, blocking and asynchronous.
    try (mockwebserver3.MockWebServer server = LoopbackServer.start()) {
      for (int i = 0; i < 2; i++) {
        server.enqueue(
            new mockwebserver3.MockResponse.Builder()
                .setHeader("Content-Type", contentType)
                .body(body)
                .build());
      }
      java.net.URI uri = LoopbackServer.uri(server, "/elements");
      HttpClient client = HttpClient.newHttpClient();
      assertStreamed(
          "getFromJsonAsStream",
          () -> HttpJson.getFromJsonAsStream(client, uri, JsonType.of(type, options)),
          delivered,
          fails);
      assertStreamed(
          "getFromJsonAsStreamAsync",
          () ->
              HttpJson.getFromJsonAsStreamAsync(client, uri, JsonType.of(type, options))
                  .get(30, java.util.concurrent.TimeUnit.SECONDS),
          delivered,
          fails);
    }
  }

  private interface StreamOpener {
    Stream<?> open() throws Exception;
  }

  private static void assertStreamed(
      String how, StreamOpener opener, List<@Nullable Object> delivered, boolean fails)
      throws Exception {
    List<@Nullable Object> seen = new ArrayList<>();
    Throwable failure = null;
    try (Stream<?> stream = opener.open()) {
      java.util.Iterator<?> elements = stream.iterator();
      while (elements.hasNext()) {
        seen.add(elements.next());
      }
    } catch (UncheckedHttpJsonException e) {
      failure = e.getCause();
    }
    assertThat(seen).as("%s: the elements delivered", how).isEqualTo(delivered);
    if (fails) {
      assertThat(failure).as("%s: then fails", how).isInstanceOf(JsonReadException.class);
    } else {
      assertThat(failure).as("%s: then ends", how).isNull();
    }
  }

  /** A response whose body is {@code bytes}, labelled {@code contentType}. */
  private record BodyResponse(byte[] bytes, String contentType)
      implements HttpResponse<InputStream> {
    @Override
    public int statusCode() {
      return 200;
    }

    @Override
    public HttpRequest request() {
      return HttpRequest.newBuilder(uri()).build();
    }

    @Override
    public Optional<HttpResponse<InputStream>> previousResponse() {
      return Optional.empty();
    }

    @Override
    public HttpHeaders headers() {
      return HttpHeaders.of(Map.of("Content-Type", List.of(contentType)), (n, v) -> true);
    }

    @Override
    public InputStream body() {
      return new ByteArrayInputStream(bytes);
    }

    @Override
    public Optional<javax.net.ssl.SSLSession> sslSession() {
      return Optional.empty();
    }

    @Override
    public java.net.URI uri() {
      return java.net.URI.create("http://127.0.0.1/elements");
    }

    @Override
    public HttpClient.Version version() {
      return HttpClient.Version.HTTP_1_1;
    }
  }

  /** A number into a {@code char} fails, as into a {@code String}; so does a string of two. */
  public static Stream<Arguments> charReadsOnlyAOneCharacterString() {
    List<Arguments> rows = new ArrayList<>();
    for (String token : List.of("65", "0", "1.5", "-1", "true", "[\"a\"]")) {
      rows.addAll(over(Target.CHAR, token, REFUSED, VALUES));
    }
    for (String token : List.of("\"\"", "\"ab\"", "\"\\ud83d\\ude00\"")) {
      rows.addAll(over(Target.CHAR, token, REFUSED, ALL));
    }
    rows.addAll(over(Target.CHAR, "\"a\"", 'a', ALL));
    rows.addAll(over(Target.CHAR, "\"7\"", '7', ALL));
    rows.addAll(over(Target.CHAR, "\"\\u00e9\"", '\u00e9', ALL));
    return rows.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} into {0} at {3}")
  @MethodSource
  public void charReadsOnlyAOneCharacterString(
      Target target, String token, Object expected, Position position) throws Exception {
    check(target, token, expected, position);
  }

  /**
   * A name is valid Unicode in every position: a {@code Character} map key that is half a surrogate
   * pair fails to write, as a {@code String} key holding one does; as a value it is written as an
   * escape and reads back.
   */
  @Test
  public void aLoneSurrogateCharacterKeyFailsToWrite() throws Exception {
    Type keys = parameterized(Map.class, Character.class, String.class);
    for (char c : new char[] {'\uD800', '\uDC00'}) {
      assertThatThrownBy(() -> writeAs(keys, Map.of(c, "a")))
          .as("\\u%04x as a key", (int) c)
          .isInstanceOf(JsonWriteException.class);
      String written = write(CharField.class, new CharField(c));
      assertThat(read(CharField.class, written)).isEqualTo(new CharField(c));
    }
  }

  /** A {@code char[]} is an array of one-character strings both ways, not one string. */
  @Test
  public void aCharArrayIsAnArrayOfOneCharacterStrings() throws Exception {
    assertThat(write(char[].class, new char[] {'a', 'b'})).isEqualTo("[\"a\",\"b\"]");
    assertThat(write(IntArrayField.class, new IntArrayField(new int[] {1})))
        .isEqualTo("{\"v\":[1]}");
    assertThat(read(char[].class, "[\"a\",\"b\"]")).containsExactly('a', 'b');
    assertThat(read(char[].class, write(char[].class, new char[] {'x', '"'})))
        .containsExactly('x', '"');
    for (String json : List.of("\"ab\"", "\"\"", "[\"ab\"]", "[97]", "[null]", "97")) {
      assertThatThrownBy(() -> read(char[].class, json))
          .as(json)
          .isInstanceOf(JsonReadException.class);
    }
  }

  /**
   * Rule 10: a non-finite {@code double} or {@code float} fails to write with a {@link
   * JsonWriteException} wherever it sits; a finite one is written as its shortest text everywhere.
   */
  public static Stream<Arguments> aNonFiniteNumberFailsToWrite() {
    List<Arguments> rows = new ArrayList<>();
    Set<Position> written = EnumSet.complementOf(EnumSet.of(Position.STREAM_ELEMENT));
    for (double d : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
      rows.addAll(over(Target.DOUBLE, d, REFUSED, written));
      rows.addAll(over(Target.FLOAT, (float) d, REFUSED, written));
    }
    rows.addAll(over(Target.DOUBLE, 1.5d, "1.5", written));
    rows.addAll(over(Target.DOUBLE, -0.0d, "-0.0", written));
    rows.addAll(over(Target.FLOAT, 0.1f, "0.1", written));
    rows.addAll(over(Target.CHAR, 'a', "\"a\"", written));
    rows.addAll(
        over(Target.ID, UUID.fromString(CANONICAL_ID), "\"" + CANONICAL_ID + "\"", written));
    rows.addAll(over(Target.COLOR, Color.RED, "\"RED\"", written));
    rows.addAll(over(Target.STRING, "\u00e9\"", "\"\u00e9\\\"\"", written));
    rows.addAll(over(Target.SHORT, (short) -3, "-3", written));
    rows.addAll(
        over(
            Target.INSTANT,
            Instant.parse("2024-01-01T00:00:00Z"),
            "\"2024-01-01T00:00:00Z\"",
            written));
    rows.addAll(over(Target.DATE, LocalDate.of(2024, 2, 29), "\"2024-02-29\"", written));
    return rows.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} of {0} at {3}")
  @MethodSource
  public void aNonFiniteNumberFailsToWrite(
      Target target, Object value, Object expected, Position position) throws Exception {
    Object wrapped = wrap(target, value, position);
    Type type = javaType(target, position);
    if (expected == REFUSED) {
      assertThatThrownBy(() -> writeAs(type, wrapped))
          .as("%s of %s at %s", value, target, position)
          .isInstanceOf(JsonWriteException.class);
      return;
    }
    String json = writeAs(type, wrapped);
    assertThat(json).isEqualTo(placed(position, (String) expected));
    assertThat(extract(target, position, readAs(type, json))).isEqualTo(value);
  }

  /** Rule 10 for a value whose declared type is {@code Number} or {@code Object}. */
  @Test
  public void aNonFiniteNumberDeclaredAsNumberOrObjectFailsToWrite() throws Exception {
    for (Number n : List.of(Double.NaN, Float.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY)) {
      assertThatThrownBy(() -> write(NumberField.class, new NumberField(n)))
          .as("%s in a Number field", n)
          .isInstanceOf(JsonWriteException.class);
      assertThatThrownBy(() -> writeAs(parameterized(List.class, Number.class), List.of(n)))
          .as("%s in a List<Number>", n)
          .isInstanceOf(JsonWriteException.class);
      assertThatThrownBy(() -> writeAs(parameterized(List.class, Object.class), List.of(n)))
          .as("%s in a List<Object>", n)
          .isInstanceOf(JsonWriteException.class);
      assertThatThrownBy(() -> writeAs(Number.class, n))
          .as("%s as a Number", n)
          .isInstanceOf(JsonWriteException.class);
    }
    assertThat(write(NumberField.class, new NumberField(-1.5))).isEqualTo("{\"v\":-1.5}");
    assertThat(write(NumberField.class, new NumberField(7))).isEqualTo("{\"v\":7}");
  }

  // ---- the machinery ----

  private static List<Arguments> over(
      Target target, Object token, @Nullable Object expected, Set<Position> positions) {
    List<Arguments> rows = new ArrayList<>();
    for (Position p : positions) {
      if (target.has(p)) {
        rows.add(Arguments.of(target, token, expected, p));
      }
    }
    return rows;
  }

  /** The number {@code text} denotes, as {@code target}'s boxed type. */
  private static Object number(Target target, String text) {
    switch (target) {
      case INT:
        return Integer.parseInt(text);
      case LONG:
        return Long.parseLong(text);
      case DOUBLE:
        return Double.parseDouble(text);
      case FLOAT:
        return Float.parseFloat(text);
      case DECIMAL:
        return new BigDecimal(text);
      case SHORT:
        return Short.parseShort(text);
      case BYTE:
        return Byte.parseByte(text);
      case BIG_INTEGER:
        return new BigInteger(text);
      default:
        throw new IllegalArgumentException(target.name());
    }
  }

  /** The token placed as {@code position} places a value. */
  private static String placed(Position position, String token) {
    switch (position) {
      case FIELD:
      case OPTIONAL:
        return "{\"v\":" + token + "}";
      case ARRAY_ELEMENT:
      case LIST_ELEMENT:
      case STREAM_ELEMENT:
        return "[" + token + "]";
      case MAP_KEY:
        return "{" + (token.startsWith("\"") ? token : "\"" + token + "\"") + ":\"a\"}";
      case MAP_VALUE:
        return "{\"k\":" + token + "}";
      case TOP_LEVEL:
        return token;
    }
    throw new AssertionError(position);
  }

  private static Type javaType(Target target, Position position) {
    switch (position) {
      case FIELD:
        return target.field;
      case OPTIONAL:
        return target.optional;
      case ARRAY_ELEMENT:
        return target.array;
      case LIST_ELEMENT:
        return parameterized(List.class, target.type);
      case MAP_KEY:
        return parameterized(Map.class, target.type, String.class);
      case MAP_VALUE:
        return parameterized(Map.class, String.class, target.type);
      case TOP_LEVEL:
      case STREAM_ELEMENT:
        return target.type;
    }
    throw new AssertionError(position);
  }

  private void check(Target target, String token, @Nullable Object expected, Position position)
      throws Exception {
    Type type = javaType(target, position);
    String json = placed(position, token);
    if (position == Position.STREAM_ELEMENT) {
      byte[] array = json.getBytes(UTF_8);
      byte[] ndjson = (token + "\n").getBytes(UTF_8);
      if (expected == REFUSED) {
        assertThatThrownBy(() -> streamed(type, array, true))
            .as("%s streamed as an array of %s", json, target)
            .isInstanceOf(JsonReadException.class);
        assertThatThrownBy(() -> streamed(type, ndjson, false))
            .as("%s streamed as NDJSON of %s", token, target)
            .isInstanceOf(JsonReadException.class);
      } else {
        assertThat(streamed(type, array, true))
            .as("%s streamed as an array of %s", json, target)
            .containsExactly(expected);
        assertThat(streamed(type, ndjson, false))
            .as("%s streamed as NDJSON of %s", token, target)
            .containsExactly(expected);
      }
      return;
    }
    if (expected == REFUSED) {
      assertThatThrownBy(
              () -> {
                Object read = readAs(type, json);
                throw new AssertionError(
                    "read as " + show(extract(target, position, read)) + ", not refused");
              })
          .as("%s into %s", json, type.getTypeName())
          .isInstanceOf(JsonReadException.class);
      return;
    }
    Object read = readAs(type, json);
    assertThat(extract(target, position, read))
        .as("%s into %s", json, type.getTypeName())
        .isEqualTo(expected);
  }

  /** The one value {@code read} holds at {@code position}. */
  private static @Nullable Object extract(Target target, Position position, @Nullable Object read)
      throws Exception {
    if (read == null) {
      return null;
    }
    switch (position) {
      case FIELD:
        return component(read);
      case OPTIONAL:
        Object o = component(read);
        if (o == null) {
          return null;
        } else if (o instanceof OptionalInt) {
          return ((OptionalInt) o).isPresent() ? (Object) ((OptionalInt) o).getAsInt() : EMPTY;
        } else if (o instanceof OptionalLong) {
          return ((OptionalLong) o).isPresent() ? (Object) ((OptionalLong) o).getAsLong() : EMPTY;
        } else if (o instanceof OptionalDouble) {
          return ((OptionalDouble) o).isPresent()
              ? (Object) ((OptionalDouble) o).getAsDouble()
              : EMPTY;
        }
        return ((Optional<?>) o).isPresent() ? ((Optional<?>) o).get() : EMPTY;
      case ARRAY_ELEMENT:
        assertThat(Array.getLength(read)).isEqualTo(1);
        return Array.get(read, 0);
      case LIST_ELEMENT:
        assertThat((List<?>) read).hasSize(1);
        return ((List<?>) read).get(0);
      case MAP_KEY:
        assertThat((Map<?, ?>) read).hasSize(1);
        return ((Map<?, ?>) read).keySet().iterator().next();
      case MAP_VALUE:
        assertThat((Map<?, ?>) read).hasSize(1);
        return ((Map<?, ?>) read).get("k");
      default:
        return read;
    }
  }

  private static @Nullable Object component(Object record) throws Exception {
    RecordComponent[] components = record.getClass().getRecordComponents();
    return components[0].getAccessor().invoke(record);
  }

  /** {@code value} placed at {@code position}, to write. */
  private static Object wrap(Target target, Object value, Position position) throws Exception {
    switch (position) {
      case FIELD:
        return target.field.getDeclaredConstructors()[0].newInstance(value);
      case OPTIONAL:
        Object optional =
            target == Target.DOUBLE
                ? OptionalDouble.of((Double) value)
                : target == Target.INT
                    ? OptionalInt.of((Integer) value)
                    : target == Target.LONG ? OptionalLong.of((Long) value) : Optional.of(value);
        return target.optional.getDeclaredConstructors()[0].newInstance(optional);
      case ARRAY_ELEMENT:
        Object array = Array.newInstance(target.array.getComponentType(), 1);
        Array.set(array, 0, value);
        return array;
      case LIST_ELEMENT:
        return List.of(value);
      case MAP_KEY:
        return Map.of(value, "a");
      case MAP_VALUE:
        return Map.of("k", value);
      default:
        return value;
    }
  }

  private static String show(@Nullable Object value) {
    if (value instanceof Double && ((Double) value) == 0) {
      return Double.doubleToRawLongBits((Double) value) < 0 ? "-0.0" : "0.0";
    }
    return value == EMPTY ? "empty" : String.valueOf(value);
  }

  private <T> T read(Class<T> type, String json) throws HttpJsonException {
    return JsonType.of(type, options).fromJson(json.getBytes(UTF_8));
  }

  private <T> String write(Class<T> type, T value) throws JsonWriteException {
    return JsonType.of(type, options).toJson(value);
  }

  private @Nullable Object readAs(Type type, String json) throws HttpJsonException {
    return JsonType.of(type, options).fromJson(json.getBytes(UTF_8));
  }

  @SuppressWarnings("unchecked")
  private String writeAs(Type type, Object value) throws JsonWriteException {
    return ((JsonType<Object>) JsonType.of(type, options)).toJson(value);
  }

  /** Every element of {@code bytes} read as a streamed array or as NDJSON. */
  private List<@Nullable Object> streamed(Type type, byte[] bytes, boolean array) throws Exception {
    JsonBinding binding = BINDINGS.computeIfAbsent(options, o -> o.codec().bind(o));
    JsonSequenceReader<Object> reader = binding.sequenceReader(type);
    List<@Nullable Object> values = new ArrayList<>();
    try (JsonSequenceReader.Cursor<Object> cursor =
        array
            ? reader.array(new ByteArrayInputStream(bytes))
            : reader.values(new ByteArrayInputStream(bytes))) {
      while (cursor.next()) {
        values.add(cursor.value());
      }
    }
    return values;
  }

  static ParameterizedType parameterized(Class<?> raw, Type... arguments) {
    return new ParameterizedType() {
      @Override
      public Type[] getActualTypeArguments() {
        return arguments.clone();
      }

      @Override
      public Type getRawType() {
        return raw;
      }

      @Override
      public @Nullable Type getOwnerType() {
        return null;
      }

      @Override
      public boolean equals(Object o) {
        return o instanceof ParameterizedType
            && ((ParameterizedType) o).getRawType().equals(raw)
            && ((ParameterizedType) o).getOwnerType() == null
            && Arrays.equals(((ParameterizedType) o).getActualTypeArguments(), arguments);
      }

      @Override
      public int hashCode() {
        return Arrays.hashCode(arguments) ^ raw.hashCode();
      }

      @Override
      public String toString() {
        StringBuilder sb = new StringBuilder(raw.getName()).append('<');
        for (int i = 0; i < arguments.length; i++) {
          sb.append(i == 0 ? "" : ", ").append(arguments[i].getTypeName());
        }
        return sb.append('>').toString();
      }
    };
  }
}
