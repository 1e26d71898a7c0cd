package dev.httpjson.contract;

import static dev.httpjson.contract.LoopbackServer.bytes;
import static dev.httpjson.contract.LoopbackServer.json;
import static java.nio.charset.StandardCharsets.UTF_16LE;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonException;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.contract.Models.WeatherForecast;
import java.io.ByteArrayOutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hostile response bodies (the "Body" rows of docs/RELIABILITY.md): each ends in a documented
 * exception naming the problem, never a partial value, a StackOverflowError or a silent
 * replacement. Every codec gives the same error shape ({@link JsonReadException} with line, column,
 * path and target type) and the same limits.
 *
 * <p>A codec module runs it by subclassing and naming its codec. Where a library forces a
 * difference, the codec overrides the hook that names it (each is listed in the README's codec
 * table); no row is loosened for every codec.
 */
public abstract class HostileBodyContract extends HostileServerHarness {
  /**
   * A decimal amount. The rows' own types are nested, not local, so that a codec without reflection
   * can import them and generate their adapters.
   */
  public record Price(BigDecimal amount) {}

  /** A double and a long. */
  public record Gauge(double value, long count) {}

  // ---- nesting ----

  @Test
  public void hundredThousandNestedArraysFailAtTheNestingLimitWithoutStackOverflow() {
    server.enqueue(json(200, "[".repeat(100_000) + "]".repeat(100_000)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/deep"), JsonType.of(Object.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("nesting depth")
        .hasMessageContaining(String.valueOf(JsonOptions.DEFAULT_MAX_NESTING_DEPTH))
        .hasMessageContaining("JsonOptions.maxNestingDepth");
  }

  @Test
  public void hundredThousandNestedObjectsFailAtTheNestingLimitWithoutStackOverflow() {
    server.enqueue(json(200, "{\"a\":".repeat(100_000) + "1" + "}".repeat(100_000)));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/deep"), JsonType.mapOf(Object.class).withOptions(options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("nesting depth")
        .hasMessageContaining("500");
  }

  @Test
  public void nestingExactlyAtTheLimitParses() throws Exception {
    int depth = JsonOptions.DEFAULT_MAX_NESTING_DEPTH;
    server.enqueue(json(200, "[".repeat(depth) + "]".repeat(depth)));

    assertThat(HttpJson.getFromJson(client, uri("/deep"), JsonType.of(List.class, options)))
        .hasSize(1);
  }

  @Test
  public void nestingOneBeyondTheLimitFails() {
    int depth = JsonOptions.DEFAULT_MAX_NESTING_DEPTH + 1;
    server.enqueue(json(200, "[".repeat(depth) + "]".repeat(depth)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/deep"), JsonType.of(List.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("nesting depth")
        .hasMessageContaining("JsonOptions.maxNestingDepth");
  }

  @Test
  public void aLowerNestingLimitIsHonouredToTheLevel() throws Exception {
    JsonOptions ten = options.toBuilder().maxNestingDepth(10).build();
    server.enqueue(json(200, "{\"a\":".repeat(10) + "1" + "}".repeat(10)));
    server.enqueue(json(200, "{\"a\":".repeat(11) + "1" + "}".repeat(11)));

    assertThat(
            HttpJson.getFromJson(
                client, uri("/ten"), JsonType.mapOf(Object.class).withOptions(ten)))
        .containsKey("a");
    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/eleven"), JsonType.mapOf(Object.class).withOptions(ten)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("nesting depth")
        .hasMessageContaining("(10")
        .hasMessageContaining("JsonOptions.maxNestingDepth");
  }

  @Test
  public void deeplyNestedStreamElementFailsTheIterationAtTheNestingLimit() throws Exception {
    server.enqueue(json(200, "[" + "[".repeat(100_000) + "]".repeat(100_000) + "]"));

    try (Stream<Object> stream =
        HttpJson.getFromJsonAsStream(client, uri("/deep"), JsonType.of(Object.class, options))) {
      assertThatThrownBy(stream::count)
          .isInstanceOf(UncheckedIOException.class)
          .cause()
          .isInstanceOf(JsonReadException.class)
          .hasMessageContaining("nesting depth");
    }
  }

  // ---- numbers, strings, names ----

  @Test
  public void numberOfMoreThanMaxNumberLengthDigitsFailsNamingTheLimit() {
    server.enqueue(json(200, "{\"temperatureC\":" + "1".repeat(1001) + "}"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/n"), JsonType.of(WeatherForecast.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("Number value length")
        .hasMessageContaining("1000")
        .hasMessageContaining("JsonOptions.maxNumberLength");
  }

  @Test
  public void topLevelNumberOfMoreThanMaxNumberLengthDigitsFailsForAnInt() {
    server.enqueue(json(200, "9".repeat(1001)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/n"), JsonType.of(Integer.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("1000");
  }

  @Test
  public void numberOfExactlyMaxNumberLengthDigitsParsesIntoABigInteger() throws Exception {
    int digits = Math.min(JsonOptions.DEFAULT_MAX_NUMBER_LENGTH, longestNumberTheParserReads());
    server.enqueue(json(200, "9".repeat(digits)));

    assertThat(HttpJson.getFromJson(client, uri("/n"), JsonType.of(BigInteger.class, options)))
        .isEqualTo(new BigInteger("9".repeat(digits)));
    if (digits < JsonOptions.DEFAULT_MAX_NUMBER_LENGTH) {
      server.enqueue(json(200, "9".repeat(digits + 1)));
      assertThatThrownBy(
              () -> HttpJson.getFromJson(client, uri("/n"), JsonType.of(BigInteger.class, options)))
          .isInstanceOf(JsonReadException.class)
          .hasMessageContaining("JsonOptions.maxNumberLength");
    }
  }

  /**
   * The longest number, in characters, the codec's library parses whatever {@link
   * JsonOptions#maxNumberLength()} allows (avaje-jsonb: 100); a longer one must fail with a {@link
   * JsonReadException} that names the option. Listed in the README's codec table.
   */
  protected int longestNumberTheParserReads() {
    return Integer.MAX_VALUE;
  }

  @Test
  public void numberThatOverflowsAnIntFailsWithThePath() {
    server.enqueue(json(200, "{\"temperatureC\":99999999999}"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/n"), JsonType.of(WeatherForecast.class, options)))
        .isInstanceOfSatisfying(
            JsonReadException.class, e -> assertThat(e.path()).isEqualTo("$.temperatureC"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e2000000000", "1e-2000000000", "-9.99e999999999"})
  public void numberWithAHugeExponentIntoABigIntegerFailsQuickly(String number) {
    server.enqueue(json(200, number));
    long start = System.nanoTime();

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/n"), JsonType.of(BigInteger.class, options)))
        .isInstanceOf(JsonReadException.class);
    assertThat(java.time.Duration.ofNanos(System.nanoTime() - start))
        .isLessThan(java.time.Duration.ofSeconds(10));
  }

  /** Found by the fuzzer: was a raw NumberFormatException from Jackson's BigDecimalParser. */
  @Test
  public void numberOutOfBigDecimalRangeIsAJsonReadExceptionWithThePath() {
    String huge = "-123490.099999999999999999999987654321e-99999999999995";
    server.enqueue(json(200, huge));
    server.enqueue(json(200, "{\"amount\":" + huge + "}"));
    server.enqueue(json(200, "{\"a\":" + huge + "}"));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/n"), JsonType.of(BigDecimal.class, options)))
        .isInstanceOf(JsonReadException.class);
    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/n"), JsonType.of(Price.class, options)))
        .isInstanceOfSatisfying(
            JsonReadException.class, e -> assertThat(e.path()).isEqualTo("$.amount"));
    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/n"), JsonType.mapOf(BigDecimal.class).withOptions(options)))
        .isInstanceOf(JsonReadException.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e2000000000", "-1e400", "1e309"})
  public void numberWithAHugeExponentIsInfinityForADoubleAndAnErrorForALong(String number)
      throws Exception {
    server.enqueue(json(200, "{\"value\":" + number + ",\"count\":0}"));
    server.enqueue(json(200, "{\"count\":" + number + "}"));

    server.enqueue(json(200, "[" + number + "]"));

    Gauge reading = HttpJson.getFromJson(client, uri("/d"), JsonType.of(Gauge.class, options));
    assertThat(reading.value()).isInfinite();
    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/l"), JsonType.of(Gauge.class, options)))
        .isInstanceOf(JsonReadException.class);
    assertThat(
            HttpJson.getFromJson(
                client, uri("/o"), JsonType.listOf(Object.class).withOptions(options)))
        .singleElement()
        .isEqualTo(number.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
  }

  @Test
  public void stringLongerThanMaxStringLengthFailsNamingTheLimit() {
    JsonOptions small = options.toBuilder().maxStringLength(64).build();
    server.enqueue(json(200, "{\"displayName\":\"" + "x".repeat(65) + "\"}"));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/s"), JsonType.of(Named.class, small)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("String value length")
        .hasMessageContaining("64")
        .hasMessageContaining("JsonOptions.maxStringLength");
  }

  @Test
  public void stringOfExactlyMaxStringLengthParses() throws Exception {
    JsonOptions small = options.toBuilder().maxStringLength(64).build();
    server.enqueue(json(200, "{\"displayName\":\"" + "x".repeat(64) + "\"}"));

    assertThat(HttpJson.getFromJson(client, uri("/s"), JsonType.of(Named.class, small)))
        .isEqualTo(new Named("x".repeat(64)));
  }

  /**
   * The parsers' limit on a property name (Jackson's {@code maxNameLength} default), not a {@code
   * JsonOptions} setting.
   */
  protected static final int MAX_NAME_LENGTH = 50_000;

  /**
   * The longest property name, in characters, the codec reads: {@link #MAX_NAME_LENGTH} unless its
   * library's parser reads less (avaje-jsonb: 32,000, the length of the strings it reads). Listed
   * in the README's codec table.
   */
  protected int longestNameTheParserReads() {
    return MAX_NAME_LENGTH;
  }

  @Test
  public void hugePropertyNameFailsAtTheParsersNameLimit() {
    server.enqueue(json(200, "{\"" + "k".repeat(200_000) + "\":1}"));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/k"), JsonType.of(Map.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("Name length")
        .hasMessageContaining(String.valueOf(longestNameTheParserReads()))
        .hasMessageContaining("not a JsonOptions setting");
  }

  @Test
  public void propertyNameOfExactlyTheNameLimitParses() throws Exception {
    int limit = longestNameTheParserReads();
    server.enqueue(json(200, "{\"" + "k".repeat(limit) + "\":1}"));

    assertThat(
            HttpJson.getFromJson(
                client, uri("/k"), JsonType.mapOf(Integer.class).withOptions(options)))
        .containsEntry("k".repeat(limit), 1);
  }

  // ---- error shape: line, column, path, target type, content type ----

  @Test
  public void typeMismatchNamesLineColumnPathTypeAndContentType() {
    server.enqueue(json(200, "{\n  \"date\": \"2026-11-30\",\n  \"temperatureC\": [1]\n}"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/e"), JsonType.of(WeatherForecast.class, options)))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> assertShape(e, 3, "$.temperatureC", WeatherForecast.class));
  }

  @Test
  public void syntaxErrorNamesLineColumnPathTypeAndContentType() {
    server.enqueue(json(200, "{\n  \"displayName\": \"a\",\n  \"x\": tru\n}"));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/e"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(JsonReadException.class, e -> assertShape(e, 3, null, Named.class));
  }

  @Test
  public void numberOverTheLimitNamesLineColumnAndPath() {
    server.enqueue(json(200, "{\n\"temperatureC\": " + "1".repeat(1001) + "}"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/e"), JsonType.of(WeatherForecast.class, options)))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> assertShape(e, 2, "$.temperatureC", WeatherForecast.class));
  }

  @Test
  public void stringOverTheLimitNamesLineColumnAndPath() {
    JsonOptions small = options.toBuilder().maxStringLength(64).build();
    server.enqueue(json(200, "{\n\"displayName\": \"" + "x".repeat(65) + "\"}"));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/e"), JsonType.of(Named.class, small)))
        .isInstanceOfSatisfying(
            JsonReadException.class, e -> assertShape(e, 2, "$.displayName", Named.class));
  }

  @Test
  public void nestingOverTheLimitNamesLineColumnAndPath() {
    server.enqueue(json(200, "{\"a\":\n" + "[".repeat(600) + "]".repeat(600) + "}"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/e"), JsonType.mapOf(Object.class).withOptions(options)))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertShape(e, 2, null, JsonType.mapOf(Object.class).type());
              assertThat(e.path()).startsWith("$.a[0][0]");
            });
  }

  @Test
  public void limitInATranscodedBodyNamesLineColumnAndPath() {
    server.enqueue(
        bytes(
            200,
            "application/json; charset=ISO-8859-1",
            ("{\"date\":\"2026-11-30\",\n\"temperatureC\": " + "1".repeat(1001) + "}")
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/e"), JsonType.of(WeatherForecast.class, options)))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.line()).as(e.getMessage()).isEqualTo(2);
              assertThat(e.column()).as(e.getMessage()).isPositive();
              assertThat(e.path()).isEqualTo("$.temperatureC");
              assertThat(e.getMessage()).contains("JsonOptions.maxNumberLength");
            });
  }

  @Test
  public void limitInAStreamedElementNamesLineColumnAndPath() throws Exception {
    JsonOptions small = options.toBuilder().maxStringLength(64).build();
    server.enqueue(
        json(200, "[{\"displayName\":\"a\"},\n{\"displayName\":\"" + "x".repeat(65) + "\"}]"));

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/e"), JsonType.of(Named.class, small))) {
      assertThatThrownBy(stream::count)
          .isInstanceOf(UncheckedIOException.class)
          .cause()
          .isInstanceOfSatisfying(
              JsonReadException.class,
              e -> {
                assertThat(e.line()).as(e.getMessage()).isEqualTo(2);
                assertThat(e.column()).as(e.getMessage()).isPositive();
                assertThat(e.path()).isEqualTo("$[1].displayName");
                assertThat(e.getMessage()).contains("JsonOptions.maxStringLength");
              });
    }
  }

  @Test
  public void trailingContentNamesLineColumnAndType() {
    server.enqueue(json(200, "{\"displayName\":\"a\"}\n\n  xyz"));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/e"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(JsonReadException.class, e -> assertShape(e, 3, null, Named.class));
  }

  @Test
  public void truncationNamesLineColumnAndType() {
    server.enqueue(json(200, "{\n\"displayName\": \"abc"));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/e"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(JsonReadException.class, e -> assertShape(e, 2, null, Named.class));
  }

  @Test
  public void invalidUtf8NamesLineColumnAndType() {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes("\n".getBytes(UTF_8));
    body.writeBytes(namedWithRawBytes("C3 28"));
    server.enqueue(bytes(200, "application/json", body.toByteArray()));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/e"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(JsonReadException.class, e -> assertShape(e, 2, null, Named.class));
  }

  /**
   * The shape every codec gives: a 1-based line (as expected) and column, the path ({@code null}:
   * any path from the root), the target type, the content type, all in the message too.
   */
  protected static void assertShape(
      JsonReadException e, long line, String path, java.lang.reflect.Type type) {
    assertThat(e.line()).as("line of: %s", e.getMessage()).isEqualTo(line);
    assertThat(e.column()).as("column of: %s", e.getMessage()).isPositive();
    if (path != null) {
      assertThat(e.path()).as("path of: %s", e.getMessage()).isEqualTo(path);
    } else {
      assertThat(e.path()).as("path of: %s", e.getMessage()).startsWith("$");
    }
    assertThat(e.targetType()).isEqualTo(type);
    assertThat(e.contentType()).isEqualTo("application/json");
    assertThat(e.getMessage())
        .contains(e.problem())
        .contains(" at line " + line + " column " + e.column())
        .contains(" path " + e.path())
        .contains(type.getTypeName())
        .contains("application/json");
  }

  // ---- truncation and trailing content ----

  @Test
  public void everyProperPrefixOfADocumentFailsAndNoneReturnsAPartialValue() {
    String doc =
        "{\"date\":\"2026-11-30\",\"temperatureC\":21,\"temperatureF\":69,"
            + "\"summary\":\"Mild ✓\"}";
    byte[] full = doc.getBytes(UTF_8);
    for (int cut = 1; cut < full.length; cut++) {
      byte[] prefix = java.util.Arrays.copyOf(full, cut);
      server.enqueue(bytes(200, "application/json", prefix));
      int at = cut;
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJson(
                      client, uri("/t"), JsonType.of(WeatherForecast.class, options)))
          .as("prefix of %d bytes", at)
          .isInstanceOf(JsonReadException.class);
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"displayName\":\"a\"}xyz",
        "{\"displayName\":\"a\"}}",
        "{\"displayName\":\"a\"}]",
        "{\"displayName\":\"a\"},",
        "{\"displayName\":\"a\"} {\"displayName\":\"b\"}",
        "{\"displayName\":\"a\"}\u0000",
        "{\"displayName\":\"a\"}<html>"
      })
  public void trailingGarbageAfterAValidValueIsAnError(String body) {
    server.enqueue(json(200, body));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/g"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"{\"displayName\":\"é\"} {}", "{\"displayName\":\"é\"}]", "[1] xyz"})
  public void trailingContentInATranscodedBodyIsAnError(String body) {
    server.enqueue(
        bytes(
            200,
            "application/json; charset=ISO-8859-1",
            body.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/g"), JsonType.of(Object.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("ISO-8859-1");
  }

  @Test
  public void trailingWhitespaceAfterTheValueIsAllowed() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"a\"} \r\n\t\n"));

    assertThat(HttpJson.getFromJson(client, uri("/w"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("a"));
  }

  @Test
  public void trailingGarbageAfterAStreamedArrayFailsTheStream() throws Exception {
    server.enqueue(json(200, "[{\"displayName\":\"a\"}] garbage"));

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/g"), JsonType.of(Named.class, options))) {
      assertThatThrownBy(stream::count)
          .isInstanceOf(UncheckedIOException.class)
          .cause()
          .isInstanceOf(JsonReadException.class);
    }
  }

  // ---- duplicates and empties ----

  @Test
  public void duplicateKeysInAMapLastValueWins() throws Exception {
    server.enqueue(json(200, "{\"k\":1,\"j\":0,\"k\":2}"));
    server.enqueue(json(200, "{\"k\":{\"a\":1},\"k\":[2]}"));

    if (!repeatedMapKeyLastValueWins()) {
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJson(
                      client, uri("/d"), JsonType.mapOf(Integer.class).withOptions(options)))
          .isInstanceOfSatisfying(
              JsonReadException.class, e -> assertThat(e.path()).isEqualTo("$.k"));
      assertThat(HttpJson.getFromJson(client, uri("/d"), JsonType.of(Object.class, options)))
          .isEqualTo(Map.of("k", List.of(2)));
      return;
    }
    assertThat(
            HttpJson.getFromJson(
                client, uri("/d"), JsonType.mapOf(Integer.class).withOptions(options)))
        .containsExactly(Map.entry("k", 2), Map.entry("j", 0));
    assertThat(HttpJson.getFromJson(client, uri("/d"), JsonType.of(Object.class, options)))
        .isEqualTo(Map.of("k", List.of(2)));
  }

  @Test
  public void duplicateKeysInMapsOfOtherKeyAndMapTypesLastValueWins() throws Exception {
    server.enqueue(json(200, "{\"1\":\"a\",\"2\":\"b\",\"1\":\"c\"}"));
    server.enqueue(json(200, "{\"b\":1,\"a\":2,\"b\":3}"));
    server.enqueue(json(200, "{\"b\":1,\"a\":2,\"b\":3}"));

    if (!repeatedMapKeyLastValueWins()) {
      // A repeated key fails at the key.
      Class<? extends HttpJsonException> failure = JsonReadException.class;
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJson(
                      client,
                      uri("/d"),
                      new JsonType<Map<Integer, String>>() {}.withOptions(options)))
          .isExactlyInstanceOf(failure);
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJson(
                      client,
                      uri("/d"),
                      new JsonType<java.util.SortedMap<String, Integer>>() {}.withOptions(options)))
          .isExactlyInstanceOf(failure);
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJson(
                      client,
                      uri("/d"),
                      new JsonType<java.util.TreeMap<String, Long>>() {}.withOptions(options)))
          .isExactlyInstanceOf(failure)
          .hasMessageContaining("java.util.TreeMap");
      return;
    }
    assertThat(
            HttpJson.getFromJson(
                client, uri("/d"), new JsonType<Map<Integer, String>>() {}.withOptions(options)))
        .containsExactly(Map.entry(1, "c"), Map.entry(2, "b"));
    assertThat(
            HttpJson.getFromJson(
                client,
                uri("/d"),
                new JsonType<java.util.SortedMap<String, Integer>>() {}.withOptions(options)))
        .isInstanceOf(java.util.SortedMap.class)
        .containsExactly(Map.entry("a", 2), Map.entry("b", 3));
    assertThat(
            HttpJson.getFromJson(
                client,
                uri("/d"),
                new JsonType<java.util.TreeMap<String, Long>>() {}.withOptions(options)))
        .containsExactly(Map.entry("a", 2L), Map.entry("b", 3L));
  }

  @Test
  public void numericMapKeysAreReadFromNamesAlsoWithoutNumbersFromStrings() throws Exception {
    JsonOptions strict = options.toBuilder().numbersFromStrings(false).build();
    server.enqueue(json(200, "{\"1\":10,\"2\":20}"));

    assertThat(
            HttpJson.getFromJson(
                client, uri("/k"), new JsonType<Map<Long, Integer>>() {}.withOptions(strict)))
        .containsExactly(Map.entry(1L, 10), Map.entry(2L, 20));
  }

  /**
   * Whether a key repeated in a JSON object read into a {@code Map} takes the last value ({@code
   * true}, the default), or fails with a {@link JsonReadException} at that key ({@code false}:
   * avaje-jsonb's map adapter refuses a repeated key). Listed in the README's codec table.
   */
  protected boolean repeatedMapKeyLastValueWins() {
    return true;
  }

  @Test
  public void duplicateComponentOfARecordStillBeingReadLastValueWins() throws Exception {
    server.enqueue(
        json(
            200,
            "{\"summary\":\"first\",\"date\":\"2026-11-30\",\"summary\":\"second\","
                + "\"temperatureC\":1,\"temperatureF\":33}"));

    assertThat(HttpJson.getFromJson(client, uri("/d"), JsonType.of(WeatherForecast.class, options)))
        .isEqualTo(new WeatherForecast(java.time.LocalDate.of(2026, 11, 30), 1, 33, "second"));
  }

  @Test
  public void duplicateKeyAfterEveryComponentOfARecordWasRead() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"first\",\"displayName\":\"second\"}"));

    if (repeatedKeyAfterACompleteRecordLastValueWins()) {
      assertThat(HttpJson.getFromJson(client, uri("/d"), JsonType.of(Named.class, options)))
          .isEqualTo(new Named("second"));
      return;
    }
    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/d"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertShape(e, 1, "$.displayName", Named.class);
              assertThat(e.problem()).contains("'displayName'");
            });
  }

  /**
   * Whether a key repeated in an object read into a record, once every component of the record was
   * read, takes the last value as everywhere else ({@code true}, the default), or fails with a
   * {@link JsonReadException} at that key ({@code false}): Jackson 2 builds the record as soon as
   * its last component is read and has nowhere to put a later value (jackson-databind issue 4690,
   * fixed in Jackson 3.1 only). Listed in the README's codec table.
   */
  protected boolean repeatedKeyAfterACompleteRecordLastValueWins() {
    return true;
  }

  @Test
  public void whitespaceOnlyBodyIsAnErrorNotNull() {
    server.enqueue(json(200, "  \r\n "));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/e"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class);
  }

  /**
   * A whitespace-only body is an error for a stream too, as for a one-shot read: only a body of
   * zero bytes is empty. Arrays and NDJSON alike, in UTF-8 and in UTF-16.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "application/json",
        "application/x-ndjson",
        "application/json; charset=utf-16",
        "application/x-ndjson; charset=utf-16"
      })
  public void whitespaceOnlyBodyFailsAStreamAsItFailsAOneShotRead(String contentType)
      throws Exception {
    byte[] blank =
        "  \r\n \n"
            .getBytes(
                contentType.contains("utf-16")
                    ? java.nio.charset.StandardCharsets.UTF_16LE
                    : UTF_8);
    server.enqueue(bytes(200, contentType, blank));
    server.enqueue(bytes(200, contentType, blank));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/one"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class);
    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/stream"), JsonType.of(Named.class, options))) {
      assertThatThrownBy(() -> stream.iterator().hasNext())
          .isInstanceOf(UncheckedIOException.class)
          .cause()
          .isInstanceOfSatisfying(
              JsonReadException.class,
              e -> {
                assertThat(e.getMessage()).contains("only whitespace");
                assertThat(e.line()).isEqualTo(3);
                assertThat(e.getMessage()).contains(Named.class.getName());
              });
    }
  }

  @Test
  public void aByteOrderMarkAndWhitespaceFailAStreamToo() throws Exception {
    server.enqueue(
        bytes(200, "application/json", new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, ' '}));

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/stream"), JsonType.of(Named.class, options))) {
      assertThatThrownBy(() -> stream.iterator().hasNext())
          .isInstanceOf(UncheckedIOException.class)
          .hasCauseInstanceOf(JsonReadException.class);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"application/json", "application/x-ndjson"})
  public void aStreamThatStartsWithWhitespaceStillReadsItsElements(String contentType)
      throws Exception {
    String body =
        contentType.endsWith("ndjson")
            ? "\n  \n{\"displayName\":\"a\"}\n"
            : "\n  \n[{\"displayName\":\"a\"}]";
    server.enqueue(bytes(200, contentType, body.getBytes(UTF_8)));
    server.enqueue(bytes(200, contentType, new byte[0]));

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, options))) {
      assertThat(stream.map(Named::displayName)).containsExactly("a");
    }
    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/empty"), JsonType.of(Named.class, options))) {
      assertThat(stream).as("zero bytes: an empty stream").isEmpty();
    }
  }

  // ---- charsets ----

  /** Byte sequences RFC 3629 forbids, each placed inside a JSON string. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "C3 28", // lead byte followed by a non-continuation
        "80", // lone continuation byte
        "E2 82", // truncated three-byte sequence before the closing quote
        "FF", // never valid in UTF-8
        "FE", // never valid in UTF-8
        "F8 88 80 80 80", // five-byte form, removed from UTF-8
        "C0 AF", // overlong '/'
        "E0 80 AF", // overlong '/'
        "F0 80 80 AF", // overlong '/'
        "ED A0 80", // U+D800, a surrogate, encoded in UTF-8
        "F4 90 80 80", // U+110000, above the Unicode range
        "F5 80 80 80" // lead byte above F4
      })
  public void invalidUtf8InAStringIsAnErrorNotAReplacementCharacter(String hex) {
    server.enqueue(bytes(200, "application/json", namedWithRawBytes(hex)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/u"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("UTF-8");
  }

  @Test
  public void invalidUtf8IsAnErrorAlsoWhenTheCharsetIsNamed() {
    server.enqueue(bytes(200, "application/json; charset=UTF-8", namedWithRawBytes("C3 28")));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/u"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("UTF-8");
  }

  @Test
  public void invalidUtf8InAStreamedElementFailsTheIteration() throws Exception {
    byte[] named = namedWithRawBytes("C3 28");
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes("[{\"displayName\":\"a\"},".getBytes(UTF_8));
    body.writeBytes(named);
    body.writeBytes("]".getBytes(UTF_8));
    server.enqueue(bytes(200, "application/json", body.toByteArray()));

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/u"), JsonType.of(Named.class, options))) {
      assertThatThrownBy(stream::count)
          .isInstanceOf(UncheckedIOException.class)
          .cause()
          .isInstanceOf(JsonReadException.class)
          .hasMessageContaining("UTF-8");
    }
  }

  /**
   * The parser sniffs UTF-16/32 from the first bytes even on the UTF-8 path; bytes that look like
   * UTF-32 (or a UCS-4 byte order it does not support) but do not decode are still a
   * JsonReadException (found by the fuzzer; was a raw CharConversionException / IOException).
   */
  @ParameterizedTest
  @ValueSource(strings = {"0000001273706c21794e616d65220800", "002900000000ff217a"})
  public void bodyThatLooksLikeUtf32ButDoesNotDecodeIsAJsonReadException(String hex) {
    server.enqueue(bytes(200, "application/json", java.util.HexFormat.of().parseHex(hex)));
    server.enqueue(bytes(200, null, java.util.HexFormat.of().parseHex(hex)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/u32"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("application/json");
    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/u32"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class);
  }

  @Test
  public void longMultiByteTextReadsExactlyAcrossEveryBufferBoundary() throws Exception {
    // 11 bytes and 6 UTF-16 characters a repetition
    String text = "é✓😀ab".repeat(Math.min(40_000, longestStringTheParserReads() / 11));
    server.enqueue(json(200, "{\"displayName\":\"" + text + "\"}"));
    server.enqueue(
        bytes(
            200,
            "application/json",
            ("[{\"displayName\":\"" + text + "\"},{\"displayName\":\"✓\"}]").getBytes(UTF_8)));

    assertThat(HttpJson.getFromJson(client, uri("/u"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named(text));
    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/u"), JsonType.of(Named.class, options))) {
      assertThat(stream).containsExactly(new Named(text), new Named("✓"));
    }
  }

  /**
   * The longest string, in bytes of UTF-8, the codec's library parses whatever {@link
   * JsonOptions#maxStringLength()} allows (avaje-jsonb: about 32,000 characters); a longer one
   * fails with a {@link JsonReadException} that says so. Listed in the README's codec table.
   */
  protected int longestStringTheParserReads() {
    return Integer.MAX_VALUE;
  }

  @Test
  public void utf8ByteOrderMarkIsSkippedWithoutAContentType() throws Exception {
    byte[] json = OK_JSON.getBytes(UTF_8);
    byte[] body = new byte[json.length + 3];
    body[0] = (byte) 0xEF;
    body[1] = (byte) 0xBB;
    body[2] = (byte) 0xBF;
    System.arraycopy(json, 0, body, 3, json.length);
    server.enqueue(bytes(200, null, body));

    assertThat(HttpJson.getFromJson(client, uri("/bom"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("ok"));
  }

  @Test
  public void littleEndianUtf16WithByteOrderMarkReadsUnderCharsetUtf16() throws Exception {
    byte[] text = "{\"displayName\":\"Zoë ✓\"}".getBytes(UTF_16LE);
    byte[] body = new byte[text.length + 2];
    body[0] = (byte) 0xFF;
    body[1] = (byte) 0xFE;
    System.arraycopy(text, 0, body, 2, text.length);
    server.enqueue(bytes(200, "application/json; charset=utf-16", body));

    assertThat(HttpJson.getFromJson(client, uri("/u16"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("Zoë ✓"));
  }

  @Test
  public void utf16BodyWithAnOddByteCountFailsNamingTheCharset() {
    byte[] text = "{\"displayName\":\"x\"}".getBytes(java.nio.charset.StandardCharsets.UTF_16BE);
    server.enqueue(
        bytes(200, "application/json; charset=utf-16BE", java.util.Arrays.copyOf(text, 37)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/u16"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("UTF-16");
  }

  @Test
  public void illegalCharsetNameFailsNamingIt() {
    server.enqueue(bytes(200, "application/json; charset=\"@@bad@@\"", OK_JSON.getBytes(UTF_8)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/cs"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("@@bad@@");
  }

  @Test
  public void unknownCharsetFailsTheStreamNamingIt() {
    server.enqueue(bytes(200, "application/json; charset=x-klingon", "[]".getBytes(UTF_8)));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJsonAsStream(client, uri("/cs"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("x-klingon");
  }

  // ---- status and content types ----

  @Test
  public void htmlErrorPageFromA500IsAStatusExceptionWithTheBodyPrefix() {
    String page =
        "<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head>"
            + "<body><h1>Whoops</h1>"
            + "<pre>"
            + "stack trace line\n".repeat(2000)
            + "</pre></body></html>";
    server.enqueue(bytes(500, "text/html; charset=utf-8", page.getBytes(UTF_8)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/boom"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(500);
              assertThat(e.body()).startsWith("<!DOCTYPE html>");
              assertThat(e.bodyTruncated()).isTrue();
              assertThat(e.problem()).isEmpty();
              assertThat(e.getMessage())
                  .contains("500")
                  .contains("/boom")
                  .contains("Internal Server Error");
            });
  }

  // ---- compression ----

  private static final String ARRAY = "[{\"displayName\":\"a\"},{\"displayName\":\"b\"}]";

  private MockResponse encoded(String encoding, byte[] body) {
    return Compressed.response(200, "application/json", encoding, body);
  }

  /** The body fails the one-shot call, both forms, and the stream, with a message naming it. */
  private void failsEveryShape(String encoding, byte[] body, String message) {
    server.enqueue(encoded(encoding, body));
    server.enqueue(encoded(encoding, body));
    server.enqueue(encoded(encoding, body));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/z"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining(message);
    assertThatThrownBy(
            () ->
                HttpJson.getFromJsonAsync(client, uri("/z"), JsonType.of(Named.class, options))
                    .get(10, java.util.concurrent.TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining(message);
    assertThatThrownBy(
            () -> {
              try (Stream<Named> stream =
                  HttpJson.getFromJsonAsStream(
                      client, uri("/z"), JsonType.of(Named.class, options))) {
                stream.forEach(n -> {});
              }
            })
        .satisfiesAnyOf(
            e -> assertThat(e).isInstanceOf(JsonReadException.class).hasMessageContaining(message),
            e ->
                assertThat(e)
                    .isInstanceOf(UncheckedIOException.class)
                    .cause()
                    .isInstanceOf(JsonReadException.class)
                    .hasMessageContaining(message));
  }

  @Test
  public void truncatedGzipFailsSayingTheBodyEndedEarly() {
    byte[] gz = Compressed.gzip("[" + "{\"displayName\":\"abcdefghij\"},".repeat(200) + "{}]");
    byte[] cut = java.util.Arrays.copyOf(gz, gz.length / 2);

    failsEveryShape("gzip", cut, "ended early");
  }

  @Test
  public void gzipWithABadCrcFails() {
    byte[] gz = Compressed.gzip(ARRAY);
    gz[gz.length - 8] ^= 0x55; // the CRC-32 in the trailer

    failsEveryShape("gzip", gz, "CRC-32 mismatch");
  }

  @Test
  public void gzipWithABadHeaderFails() {
    byte[] magic = Compressed.gzip(ARRAY);
    magic[1] = 0x00;
    byte[] method = Compressed.gzip(ARRAY);
    method[2] = 7;

    failsEveryShape("gzip", magic, "not gzip data");
    failsEveryShape("gzip", method, "unknown compression method 7");
  }

  @Test
  public void bytesAfterTheGzipMemberFail() {
    byte[] gz = Compressed.gzip(ARRAY);
    byte[] trailing = java.util.Arrays.copyOf(gz, gz.length + 4);
    trailing[gz.length] = 'j';

    failsEveryShape("gzip", trailing, "unexpected bytes after the end");
  }

  @Test
  public void bytesAfterTheDeflateStreamFail() {
    byte[] z = Compressed.deflate(ARRAY.getBytes(UTF_8), false);
    byte[] trailing = java.util.Arrays.copyOf(z, z.length + 3);

    failsEveryShape("deflate", trailing, "unexpected bytes after the end");
  }

  @Test
  public void concatenatedGzipMembersAreOneBody() throws Exception {
    byte[] first = Compressed.gzip("[{\"displayName\":\"a\"},");
    byte[] second = Compressed.gzip("{\"displayName\":\"b\"}]");
    byte[] both = java.util.Arrays.copyOf(first, first.length + second.length);
    System.arraycopy(second, 0, both, first.length, second.length);
    server.enqueue(encoded("gzip", both));

    assertThat(
            HttpJson.getFromJson(
                client, uri("/z"), JsonType.listOf(Named.class).withOptions(options)))
        .containsExactly(new Named("a"), new Named("b"));
  }

  @Test
  public void aDoubleGzippedBodyFailsSayingTheDecodedBodyIsStillGzip() {
    server.enqueue(encoded("gzip", Compressed.gzip(Compressed.gzip(OK_JSON.getBytes(UTF_8)))));
    server.enqueue(encoded("gzip", Compressed.gzip(Compressed.gzip(OK_JSON.getBytes(UTF_8)))));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/z"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("still gzip");
    assertThatThrownBy(
            () ->
                HttpJson.getFromJsonAsync(client, uri("/z"), JsonType.of(Named.class, options))
                    .get(10, java.util.concurrent.TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("still gzip");
  }

  @ParameterizedTest
  @ValueSource(strings = {"br", "zstd", "x-foo", "compress"})
  public void anEncodingHttpjsonCannotDecodeFailsNamingIt(String encoding) {
    failsEveryShape(encoding, "\u000b\u0003\u0080{}\u0003".getBytes(UTF_8), "'" + encoding + "'");
  }

  @Test
  public void stackedEncodingsFailNamingThem() {
    byte[] twice = Compressed.gzip(Compressed.deflate(ARRAY.getBytes(UTF_8), false));

    failsEveryShape("deflate, gzip", twice, "'deflate, gzip': more than one coding");
  }

  @Test
  public void identityPassesThrough() throws Exception {
    server.enqueue(encoded("identity", ARRAY.getBytes(UTF_8)));
    server.enqueue(encoded("identity", ARRAY.getBytes(UTF_8)));

    assertThat(
            HttpJson.getFromJson(
                client, uri("/z"), JsonType.listOf(Named.class).withOptions(options)))
        .hasSize(2);
    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/z"), JsonType.of(Named.class, options))) {
      assertThat(stream).containsExactly(new Named("a"), new Named("b"));
    }
  }

  @Test
  public void gzipWithAnEmptyBodyIsAnEmptyBody() throws Exception {
    server.enqueue(encoded("gzip", new byte[0]));
    server.enqueue(encoded("gzip", Compressed.gzip("")));
    server.enqueue(encoded("deflate", new byte[0]));

    assertThat(HttpJson.getFromJson(client, uri("/z"), JsonType.of(Named.class, options))).isNull();
    assertThat(HttpJson.getFromJson(client, uri("/z"), JsonType.of(Named.class, options))).isNull();
    assertThat(
            HttpJson.getFromJsonAsync(client, uri("/z"), JsonType.of(Named.class, options))
                .get(10, java.util.concurrent.TimeUnit.SECONDS))
        .isNull();
  }

  @Test
  public void gzipDeclaredOverAPlainJsonBodyFailsSayingItLooksUncompressed() {
    failsEveryShape("gzip", ARRAY.getBytes(UTF_8), "looks like an uncompressed body");
  }

  @Test
  public void aTruncatedGzipStreamDeliversTheWholeElementsThenFails() {
    // 5 000 elements (about 140 KB decoded): far more than any codec reads ahead, so the elements
    // before the cut arrive whole before the truncation is seen.
    byte[] gz =
        Compressed.gzip(
            "["
                + String.join(
                    ",", java.util.Collections.nCopies(5000, "{\"displayName\":\"abcdefghij\"}"))
                + "]");
    server.enqueue(encoded("gzip", java.util.Arrays.copyOf(gz, gz.length - 4)));
    List<Named> seen = new java.util.ArrayList<>();

    assertThatThrownBy(
            () -> {
              try (Stream<Named> stream =
                  HttpJson.getFromJsonAsStream(
                      client, uri("/z"), JsonType.of(Named.class, options))) {
                stream.forEach(seen::add);
              }
            })
        .satisfiesAnyOf(
            e -> assertThat(e).isInstanceOf(JsonReadException.class),
            e -> assertThat(e).cause().isInstanceOf(JsonReadException.class));
    assertThat(seen.size()).isBetween(4000, 5000);
    assertThat(seen).containsOnly(new Named("abcdefghij"));
  }

  protected static byte[] namedWithRawBytes(String hex) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes("{\"displayName\":\"ab".getBytes(UTF_8));
    for (String h : hex.split(" ")) {
      out.write(Integer.parseInt(h, 16));
    }
    out.writeBytes("cd\"}".getBytes(UTF_8));
    return out.toByteArray();
  }
}
