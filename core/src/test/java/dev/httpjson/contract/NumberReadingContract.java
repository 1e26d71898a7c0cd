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
import dev.httpjson.spi.JsonCodec;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How every codec reads and writes numbers (issue 29): the value the text denotes, correctly
 * rounded, or a {@link JsonReadException}, never a nearby value. An integral type reads only an
 * integer literal: a fraction or an exponent into {@code int}, {@code long}, {@code short}, {@code
 * byte} or {@code BigInteger} fails, as does a value out of the type's range and {@code null} into
 * a primitive. A codec module runs it by subclassing and naming its codec.
 */
public abstract class NumberReadingContract {
  /** A {@code double} component. */
  public record DoubleBox(double v) {}

  /** A {@code Double} component. */
  public record BoxedDouble(Double v) {}

  /** A {@code double[]} component. */
  public record DoubleArray(double[] v) {}

  /** A {@code float} component. */
  public record FloatBox(float v) {}

  /** An {@code int} component. */
  public record IntBox(int v) {}

  /** A {@code long} component. */
  public record LongBox(long v) {}

  /** A {@code short} component. */
  public record ShortBox(short v) {}

  /** A {@code byte} component. */
  public record ByteBox(byte v) {}

  /** A {@code boolean} component. */
  public record BooleanBox(boolean v) {}

  /** A {@code BigInteger} component. */
  public record BigIntegerBox(BigInteger v) {}

  /** A {@code BigDecimal} component. */
  public record BigDecimalBox(BigDecimal v) {}

  /** A list of {@code Integer}. */
  public record IntegerList(List<Integer> v) {}

  /** A list of {@code Double}. */
  public record DoubleList(List<Double> v) {}

  /** The types a null into a primitive is tried on. */
  private static final List<Class<?>> PRIMITIVE_BOXES =
      List.of(
          DoubleBox.class,
          FloatBox.class,
          IntBox.class,
          LongBox.class,
          ShortBox.class,
          ByteBox.class,
          BooleanBox.class);

  protected JsonOptions options;

  /** The codec under test. */
  protected abstract JsonCodec codec();

  @BeforeEach
  void buildOptions() {
    options = JsonOptions.newBuilder().codec(codec()).build();
  }

  private <T> T read(Class<T> type, String json) throws HttpJsonException {
    return JsonType.of(type, options).fromJson(json.getBytes(UTF_8));
  }

  private <T> String write(Class<T> type, T value) throws JsonWriteException {
    return JsonType.of(type, options).toJson(value);
  }

  private static long bits(double d) {
    return Double.doubleToRawLongBits(d);
  }

  private void assertRefused(Class<?> type, String json) {
    assertThatThrownBy(() -> read(type, json))
        .as("%s into %s", json, type.getSimpleName())
        .isInstanceOf(JsonReadException.class);
  }

  // Row 1

  @ParameterizedTest
  @ValueSource(strings = {"1e-70", "1E-70", "1e-65", "1e-299", "1234567890123e-100", "-5e-200"})
  public void smallDoubleKeepsItsNegativeExponent(String text) throws Exception {
    double expected = Double.parseDouble(text);

    assertThat(read(DoubleBox.class, "{\"v\":" + text + "}").v()).isEqualTo(expected);
    assertThat(read(BoxedDouble.class, "{\"v\":" + text + "}").v()).isEqualTo(expected);
    assertThat(read(DoubleArray.class, "{\"v\":[" + text + "]}").v()).containsExactly(expected);
    assertThat(read(Double.class, text)).isEqualTo(expected);
  }

  @Test
  public void smallDoubleSurvivesTheCodecsOwnOutput() throws Exception {
    String written = write(DoubleBox.class, new DoubleBox(1e-70));

    assertThat(read(DoubleBox.class, written).v()).isEqualTo(1e-70);
  }

  @Test
  public void smallDoubleReadOverHttpKeepsItsNegativeExponent() throws Exception {
    try (MockWebServer server = LoopbackServer.start()) {
      server.enqueue(LoopbackServer.json(200, "{\"v\":1e-70}"));
      DoubleBox value =
          HttpJson.getFromJson(
              HttpClient.newHttpClient(),
              LoopbackServer.uri(server, "/d"),
              JsonType.of(DoubleBox.class, options));

      assertThat(value.v()).isEqualTo(1e-70);
    }
  }

  // Row 2

  @ParameterizedTest
  @ValueSource(strings = {"1000000000000000.5", "1234567890123456.7", "9999999999999999.25"})
  public void sixteenDigitIntegerPartWithFractionReadsAsTheNumber(String text) throws Exception {
    assertThat(read(DoubleBox.class, "{\"v\":" + text + "}").v())
        .isEqualTo(Double.parseDouble(text));
  }

  // Row 3

  static Stream<String> shortestFormDoubles() {
    Random random = new Random(29);
    List<String> texts = new ArrayList<>();
    texts.add("5713993.375809611");
    while (texts.size() < 300) {
      double d =
          texts.size() % 2 == 0
              ? Double.longBitsToDouble(random.nextLong())
              : random.nextDouble() * Math.pow(10, random.nextInt(40) - 20);
      if (Double.isFinite(d)) {
        texts.add(Double.toString(d));
      }
    }
    return texts.stream();
  }

  @Test
  public void shortestFormDoublesReadBackExactly() throws Exception {
    List<String> wrong = new ArrayList<>();
    for (String text : shortestFormDoubles().toList()) {
      double expected = Double.parseDouble(text);
      double got = read(DoubleBox.class, "{\"v\":" + text + "}").v();
      if (bits(got) != bits(expected)) {
        wrong.add(text + " read as " + got);
      }
    }

    assertThat(wrong).isEmpty();
  }

  // Row 4

  @ParameterizedTest
  @ValueSource(strings = {"7.006492321624086e-46", "1.4E-45", "3.4028235677973366e38", "0.1"})
  public void floatIsRoundedOnceFromTheText(String text) throws Exception {
    float expected = Float.parseFloat(text);

    assertThat(read(FloatBox.class, "{\"v\":" + text + "}").v()).isEqualTo(expected);
    assertThat(read(Float.class, text)).isEqualTo(expected);
  }

  /** A number past float's range is refused, not read as an infinity (a double's is infinity). */
  @ParameterizedTest
  @ValueSource(strings = {"3.5e38", "-1e39", "1e309"})
  public void aNumberPastFloatsRangeIsRefused(String text) throws Exception {
    assertRefused(FloatBox.class, "{\"v\":" + text + "}");
    assertRefused(Float.class, text);
  }

  // Row 5

  @ParameterizedTest
  @ValueSource(strings = {"0.1e1", "1.0", "1e0"})
  public void fractionOrExponentSyntaxReadsAsDoubleIntoObject(String text) throws Exception {
    assertThat(read(Object.class, text)).isEqualTo(1.0d);
  }

  /** Into {@code Object}, an integer literal is the smallest of Integer, Long, BigInteger. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "1197190153",
        "-2147483648",
        "2147483648",
        "-9223372036854775808",
        "9223372036854775808",
        "0",
        "-0"
      })
  public void anIntegerLiteralIntoObjectIsTheSmallestIntegralType(String text) throws Exception {
    BigInteger exact = new BigInteger(text);
    Object expected =
        exact.bitLength() < 32
            ? (Object) exact.intValue()
            : exact.bitLength() < 64 ? (Object) exact.longValue() : (Object) exact;

    assertThat(read(Object.class, text)).isEqualTo(expected);
    assertThat(read(Object.class, "[" + text + "]")).isEqualTo(List.of(expected));
  }

  @Test
  public void negativeZeroReadsAsNegativeZeroIntoObject() throws Exception {
    assertThat(read(Object.class, "-0.0")).isInstanceOf(Double.class);
    assertThat(bits((Double) read(Object.class, "-0.0"))).isEqualTo(bits(-0.0));
  }

  @Test
  public void negativeZeroReadsAsNegativeZeroIntoDouble() throws Exception {
    assertThat(bits(read(DoubleBox.class, "{\"v\":-0.0}").v())).isEqualTo(bits(-0.0));
    assertThat(bits(read(Double.class, "-0.0"))).isEqualTo(bits(-0.0));
  }

  // Row 9

  public static Stream<Class<?>> primitiveBoxes() {
    return PRIMITIVE_BOXES.stream();
  }

  @ParameterizedTest
  @MethodSource("primitiveBoxes")
  public void nullIntoPrimitiveIsRefused(Class<?> type) throws Exception {
    assertRefused(type, "{\"v\":null}");
  }

  /** Only an explicit null fails: a missing component (records are not strict here) is zero. */
  @Test
  public void missingPrimitiveComponentReadsAsItsDefault() throws Exception {
    assertThat(read(DoubleBox.class, "{}")).isEqualTo(new DoubleBox(0));
    assertThat(read(FloatBox.class, "{}")).isEqualTo(new FloatBox(0));
    assertThat(read(IntBox.class, "{}")).isEqualTo(new IntBox(0));
    assertThat(read(LongBox.class, "{}")).isEqualTo(new LongBox(0));
    assertThat(read(ShortBox.class, "{}")).isEqualTo(new ShortBox((short) 0));
    assertThat(read(ByteBox.class, "{}")).isEqualTo(new ByteBox((byte) 0));
    assertThat(read(BooleanBox.class, "{}")).isEqualTo(new BooleanBox(false));
  }

  // Row 10

  @ParameterizedTest
  @ValueSource(strings = {"9223372036854775808", "-9223372036854775809", "1e19"})
  public void longOutOfRangeIsRefused(String text) throws Exception {
    assertRefused(LongBox.class, "{\"v\":" + text + "}");
    assertRefused(Long.class, text);
  }

  // Row 11

  @Test
  public void intShortAndByteOutOfRangeAreRefused() throws Exception {
    assertRefused(ShortBox.class, "{\"v\":32768}");
    assertRefused(ShortBox.class, "{\"v\":-32769}");
    assertRefused(IntBox.class, "{\"v\":2147483648}");
    assertRefused(IntBox.class, "{\"v\":-2147483649}");
    assertRefused(ByteBox.class, "{\"v\":256}");
    assertRefused(ByteBox.class, "{\"v\":-129}");
  }

  @Test
  public void integralValuesAtTheEdgesOfTheirRangeAreRead() throws Exception {
    assertThat(read(ShortBox.class, "{\"v\":-32768}").v()).isEqualTo(Short.MIN_VALUE);
    assertThat(read(IntBox.class, "{\"v\":2147483647}").v()).isEqualTo(Integer.MAX_VALUE);
    assertThat(read(LongBox.class, "{\"v\":-9223372036854775808}").v()).isEqualTo(Long.MIN_VALUE);
  }

  // Row 12

  @ParameterizedTest
  @ValueSource(
      strings = {"1.5", "-2.5", "0.9999999999999999999999", "2.0", "1e2", "1E+2", "-0.0", "10e-1"})
  public void fractionOrExponentIntoIntegralTypeIsRefused(String text) throws Exception {
    String json = "{\"v\":" + text + "}";
    assertRefused(IntBox.class, json);
    assertRefused(LongBox.class, json);
    assertRefused(ShortBox.class, json);
    assertRefused(BigIntegerBox.class, json);
    assertRefused(Integer.class, text);
  }

  @Test
  public void fractionOfALargeLongIsRefused() throws Exception {
    assertRefused(LongBox.class, "{\"v\":9007199254740993.0}");
  }

  @Test
  public void integralValuesAreReadExactly() throws Exception {
    assertThat(read(LongBox.class, "{\"v\":9007199254740993}").v()).isEqualTo(9007199254740993L);
    assertThat(read(BigIntegerBox.class, "{\"v\":-123456789012345678901234567890}").v())
        .isEqualTo(new BigInteger("-123456789012345678901234567890"));
    assertThat(read(BigDecimalBox.class, "{\"v\":0.1000000000000000055511151231257827}").v())
        .isEqualTo(new BigDecimal("0.1000000000000000055511151231257827"));
  }

  // Row 18

  @Test
  public void hugeNegativeExponentReadsAsZeroIntoDouble() throws Exception {
    assertThat(read(DoubleList.class, "{\"v\":[1e-2147483648]}").v()).containsExactly(0.0);
  }

  @Test
  public void hugeNegativeExponentIntoIntegerIsRefusedAsAFraction() throws Exception {
    assertThatThrownBy(() -> read(IntegerList.class, "{\"v\":[1e-2147483648]}"))
        .isInstanceOf(JsonReadException.class)
        .hasMessageNotContaining("end-of-input");
  }

  // Row 19

  @ParameterizedTest
  @ValueSource(strings = {"\"\u0661\u0662\u0663\"", "\"\u0967\u0968\"", "\"\uff11\""})
  public void nonAsciiDigitsAreNotANumber(String json) throws Exception {
    assertRefused(Integer.class, json);
    assertRefused(Long.class, json);
    assertRefused(BigDecimal.class, json);
    assertRefused(BigInteger.class, json);
    assertRefused(Double.class, json);
    assertRefused(IntBox.class, "{\"v\":" + json + "}");
    assertRefused(BigDecimalBox.class, "{\"v\":" + json + "}");
  }

  /**
   * A string holding no digits is not a number: not a NUL, nor blanks (Jackson 2 read {@code
   * "\\u0000"} into an {@code int} as 0, trimming it to nothing).
   */
  @ParameterizedTest
  @ValueSource(strings = {"\"\\u0000\"", "\" \"", "\"\\t\"", "\"1\\u0000\"", "\"\\u00001\""})
  public void aStringOfControlCharactersIsNotANumber(String json) throws Exception {
    assertRefused(Integer.class, json);
    assertRefused(Long.class, json);
    assertRefused(Double.class, json);
    assertRefused(IntBox.class, "{\"v\":" + json + "}");
    assertRefused(LongBox.class, "{\"v\":" + json + "}");
    assertRefused(ShortBox.class, "{\"v\":" + json + "}");
    assertRefused(ByteBox.class, "{\"v\":" + json + "}");
    assertRefused(DoubleBox.class, "{\"v\":" + json + "}");
    assertRefused(FloatBox.class, "{\"v\":" + json + "}");
  }

  // Judgment calls (issue 29): one rule for every codec

  /** {@code -0} into a floating-point type is read with its sign, as {@code -0.0} is. */
  @Test
  public void minusZeroIntegerLiteralIntoADoubleKeepsItsSign() throws Exception {
    assertThat(bits(read(DoubleBox.class, "{\"v\":-0}").v())).isEqualTo(bits(-0.0));
    assertThat(bits(read(Double.class, "-0"))).isEqualTo(bits(-0.0));
    assertThat(bits(read(DoubleList.class, "{\"v\":[-0]}").v().get(0))).isEqualTo(bits(-0.0));
    assertThat(Float.floatToRawIntBits(read(FloatBox.class, "{\"v\":-0}").v()))
        .isEqualTo(Float.floatToRawIntBits(-0.0f));
  }

  /** JSON has no NaN or infinity: the literals some parsers take are refused. */
  @ParameterizedTest
  @ValueSource(strings = {"NaN", "Infinity", "-Infinity", "+Infinity", "-NaN", "inf"})
  public void nanAndInfinityLiteralsAreRefused(String literal) throws Exception {
    assertRefused(DoubleBox.class, "{\"v\":" + literal + "}");
    assertRefused(BoxedDouble.class, "{\"v\":" + literal + "}");
    assertRefused(FloatBox.class, "{\"v\":" + literal + "}");
    assertRefused(Double.class, literal);
    assertRefused(Object.class, "[" + literal + "]");
  }

  /**
   * A number in a string (read when {@code numbersFromStrings} is on, as in the web defaults) is
   * spelt as a JSON number: not {@code "NaN"} or {@code "Infinity"}, no spaces, signs, hex or
   * leading zeros.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "NaN",
        "Infinity",
        "-Infinity",
        " 1",
        "1 ",
        "+1",
        "0x10",
        "01",
        ".5",
        "1.",
        "1_000",
        "",
        "1e",
        "--1"
      })
  public void aNumberInAStringIsSpeltAsAJsonNumber(String text) throws Exception {
    String json = "\"" + text + "\"";
    assertRefused(DoubleBox.class, "{\"v\":" + json + "}");
    assertRefused(FloatBox.class, "{\"v\":" + json + "}");
    assertRefused(IntBox.class, "{\"v\":" + json + "}");
    assertRefused(LongBox.class, "{\"v\":" + json + "}");
    assertRefused(BigDecimalBox.class, "{\"v\":" + json + "}");
    assertRefused(Double.class, json);
    assertRefused(Integer.class, json);
  }

  @Test
  public void aJsonNumberInAStringIsReadWithTheWebDefaults() throws Exception {
    assertThat(read(IntBox.class, "{\"v\":\"-12\"}").v()).isEqualTo(-12);
    assertThat(read(DoubleBox.class, "{\"v\":\"-1.5e2\"}").v()).isEqualTo(-150.0);
    assertThat(read(BigDecimalBox.class, "{\"v\":\"0.10\"}").v()).isEqualTo(new BigDecimal("0.10"));
  }

  /** A {@code byte} is signed: 128 to 255 are out of its range, not read as -128 to -1. */
  @ParameterizedTest
  @ValueSource(strings = {"128", "200", "255"})
  public void byteOf128To255IsOutOfRange(String text) throws Exception {
    assertRefused(ByteBox.class, "{\"v\":" + text + "}");
    assertRefused(Byte.class, text);
    assertRefused(ByteBox.class, "{\"v\":\"" + text + "\"}");
  }

  @Test
  public void byteAtTheEdgesOfItsRangeIsRead() throws Exception {
    assertThat(read(ByteBox.class, "{\"v\":127}").v()).isEqualTo((byte) 127);
    assertThat(read(ByteBox.class, "{\"v\":-128}").v()).isEqualTo((byte) -128);
  }

  /** {@code NaN} and the infinities have no JSON text: writing one fails. */
  @Test
  public void nanAndInfinitiesFailToWrite() {
    for (double d : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
      assertThatThrownBy(() -> write(DoubleBox.class, new DoubleBox(d)))
          .as("%s in a record", d)
          .isInstanceOf(JsonWriteException.class);
      assertThatThrownBy(() -> write(Double.class, d))
          .as("%s alone", d)
          .isInstanceOf(JsonWriteException.class);
      assertThatThrownBy(() -> write(FloatBox.class, new FloatBox((float) d)))
          .as("%s as a float", d)
          .isInstanceOf(JsonWriteException.class);
      assertThatThrownBy(() -> write(DoubleArray.class, new DoubleArray(new double[] {1, d})))
          .as("%s in a double[]", d)
          .isInstanceOf(JsonWriteException.class);
      assertThatThrownBy(() -> write(DoubleList.class, new DoubleList(List.of(1.0, d))))
          .as("%s in a List<Double>", d)
          .isInstanceOf(JsonWriteException.class);
      assertThatThrownBy(
              () ->
                  JsonType.mapOf(Object.class)
                      .withOptions(options)
                      .toJson(java.util.Map.of("v", (Object) d)))
          .as("%s in a Map<String, Object>", d)
          .isInstanceOf(JsonWriteException.class);
    }
  }

  // maxNumberLength on the paths that read a number's text

  /** Every type a number is read into, as a record component and alone. */
  private static final List<Class<?>> NUMBER_TYPES =
      List.of(
          DoubleBox.class,
          BoxedDouble.class,
          FloatBox.class,
          IntBox.class,
          LongBox.class,
          BigIntegerBox.class,
          BigDecimalBox.class);

  /**
   * Over {@link JsonOptions#maxNumberLength()} (by a margin: the libraries count the limit in
   * characters or in digits), a number fails naming the option, also where a codec reads the
   * number's text itself, and at once, not after parsing a huge number.
   */
  @ParameterizedTest
  @ValueSource(ints = {1100, 200_000})
  @Timeout(30)
  public void aNumberLongerThanMaxNumberLengthFailsNamingTheLimit(int length) throws Exception {
    String number = "-0." + "1".repeat(length - 3);
    for (Class<?> type : NUMBER_TYPES) {
      assertThatThrownBy(() -> read(type, "{\"v\":" + number + "}"))
          .as("%s characters into %s", length, type.getSimpleName())
          .isInstanceOf(JsonReadException.class)
          .hasMessageContaining("JsonOptions.maxNumberLength");
    }
    for (Class<?> type : List.of(Double.class, BigDecimal.class, Object.class)) {
      assertThatThrownBy(() -> read(type, number))
          .as("%s characters into a top-level %s", length, type.getSimpleName())
          .isInstanceOf(JsonReadException.class)
          .hasMessageContaining("JsonOptions.maxNumberLength");
    }
    assertThatThrownBy(() -> read(DoubleList.class, "{\"v\":[1," + number + "]}"))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("JsonOptions.maxNumberLength");
  }

  /** Just under the limit (and over the 100 characters avaje-jsonb's parser reads), exactly. */
  @Test
  public void aNumberJustUnderMaxNumberLengthIsReadExactly() throws Exception {
    String digits = "7".repeat(JsonOptions.DEFAULT_MAX_NUMBER_LENGTH - 10);

    assertThat(read(BigDecimalBox.class, "{\"v\":0." + digits + "}").v())
        .isEqualTo(new BigDecimal("0." + digits));
    assertThat(read(BigIntegerBox.class, "{\"v\":" + digits + "}").v())
        .isEqualTo(new BigInteger(digits));
    assertThat(read(DoubleBox.class, "{\"v\":0." + digits + "}").v())
        .isEqualTo(Double.parseDouble("0." + digits));
    assertThat(read(Double.class, "0." + digits)).isEqualTo(Double.parseDouble("0." + digits));
    assertThat(read(Object.class, "-" + digits)).isEqualTo(new BigInteger("-" + digits));
    assertThat(read(Object.class, "[0." + digits + "]"))
        .isEqualTo(List.of(Double.parseDouble("0." + digits)));
  }

  // Row W3

  @Test
  public void negativeZeroIsWrittenWithItsSign() throws Exception {
    assertThat(write(DoubleBox.class, new DoubleBox(-0.0))).isEqualTo("{\"v\":-0.0}");
    assertThat(write(Double.class, -0.0)).isEqualTo("-0.0");
    assertThat(bits(read(DoubleBox.class, write(DoubleBox.class, new DoubleBox(-0.0))).v()))
        .isEqualTo(bits(-0.0));
  }
}
