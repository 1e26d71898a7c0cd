package dev.httpjson.testing;

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

  // Row 5

  @ParameterizedTest
  @ValueSource(strings = {"0.1e1", "1.0", "1e0"})
  public void fractionOrExponentSyntaxReadsAsDoubleIntoObject(String text) throws Exception {
    assertThat(read(Object.class, text)).isEqualTo(1.0d);
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

  // Row W3

  @Test
  public void negativeZeroIsWrittenWithItsSign() throws Exception {
    assertThat(write(DoubleBox.class, new DoubleBox(-0.0))).isEqualTo("{\"v\":-0.0}");
    assertThat(write(Double.class, -0.0)).isEqualTo("-0.0");
    assertThat(bits(read(DoubleBox.class, write(DoubleBox.class, new DoubleBox(-0.0))).v()))
        .isEqualTo(bits(-0.0));
  }
}
