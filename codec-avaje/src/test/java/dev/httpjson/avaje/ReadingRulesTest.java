package dev.httpjson.avaje;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.avaje.TestModels.Appointment;
import dev.httpjson.avaje.TestModels.Calendar;
import dev.httpjson.avaje.TestModels.Hashed;
import dev.httpjson.avaje.TestModels.Sensor;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.contract.Models.Page;
import dev.httpjson.contract.Models.WeatherForecast;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.lang.reflect.Type;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How the codec reads, below the HTTP calls: the three inputs alike, avaje's leniencies refused,
 * httpjson's limits and error shape, and the options avaje has no setting for.
 */
class ReadingRulesTest {
  private static final JsonOptions WEB = JsonOptions.newBuilder().codec(new AvajeCodec()).build();

  private static <T> JsonReader<T> reader(Type type, JsonOptions options) {
    return options.codec().bind(options).reader(type);
  }

  private static <T> JsonReader<T> reader(Class<T> type, JsonOptions options) {
    return options.codec().bind(options).reader(type);
  }

  private static <T> JsonReader<T> reader(Class<T> type) {
    return reader(type, WEB);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(UTF_8);
  }

  /** Reads from bytes, from a stream and from characters; all three must agree. */
  private static <T> T readAllWays(JsonReader<T> reader, String json) throws Exception {
    byte[] bytes = utf8(json);
    T fromBytes = reader.read(bytes, 0, bytes.length);
    assertThat(reader.read(new ByteArrayInputStream(bytes))).isEqualTo(fromBytes);
    assertThat(reader.read(new StringReader(json))).isEqualTo(fromBytes);
    return fromBytes;
  }

  /** Fails from bytes, from a stream and from characters; returns the failure from bytes. */
  private static JsonReadException failAllWays(JsonReader<?> reader, String json) {
    byte[] bytes = utf8(json);
    assertThatThrownBy(() -> reader.read(new ByteArrayInputStream(bytes)))
        .as("from a stream: %s", json)
        .isInstanceOf(JsonReadException.class);
    assertThatThrownBy(() -> reader.read(new StringReader(json)))
        .as("from characters: %s", json)
        .isInstanceOf(JsonReadException.class);
    try {
      reader.read(bytes, 0, bytes.length);
    } catch (JsonReadException e) {
      return e;
    } catch (Exception e) {
      throw new AssertionError("from bytes, not a JsonReadException: " + json, e);
    }
    throw new AssertionError("from bytes, no failure: " + json);
  }

  @Test
  void bytesStreamsAndCharactersReadTheSameNestedRecords() throws Exception {
    String json =
        "{\"owner\":\"ada\",\"next\":{\"title\":\"a\",\"at\":\"2025-06-01T06:30:00Z\","
            + "\"day\":\"2025-06-01\",\"local\":\"2025-06-01T08:30:00.5+05:30\"},\"later\":[]}";

    Calendar calendar = readAllWays(reader(Calendar.class), json);

    assertThat(calendar.owner()).isEqualTo("ada");
    assertThat(calendar.next().at()).isEqualTo(Instant.parse("2025-06-01T06:30:00Z"));
    assertThat(calendar.next().local().getOffset()).isEqualTo(ZoneOffset.ofHoursMinutes(5, 30));
    assertThat(calendar.later()).isEmpty();
  }

  @Test
  void bytesAreReadFromTheirRangeOnly() throws Exception {
    byte[] json = utf8("]]]{\"displayName\":\"range\"}[[[");

    assertThat(reader(Named.class).read(json, 3, json.length - 6)).isEqualTo(new Named("range"));
  }

  @Test
  void aStreamIsReadThroughTheWhitespaceAfterTheValueAndNotClosed() throws Exception {
    boolean[] closed = {false};
    ByteArrayInputStream in =
        new ByteArrayInputStream(utf8("{\"displayName\":\"s\"}  \n\t ")) {
          @Override
          public void close() {
            closed[0] = true;
          }
        };

    assertThat(reader(Named.class).read(in)).isEqualTo(new Named("s"));
    assertThat(in.read()).isEqualTo(-1);
    assertThat(closed[0]).isFalse();
  }

  @Test
  void contentAfterTheValueIsAnErrorAtItsPosition() {
    for (String json :
        new String[] {
          "{\"displayName\":\"a\"} {}", "{\"displayName\":\"a\"}]", "{\"displayName\":\"a\"},"
        }) {
      JsonReadException e = failAllWays(reader(Named.class), json);
      assertThat(e.problem()).as(json).startsWith("Trailing token");
      int at = json.indexOf('}') + 1;
      while (json.charAt(at) == ' ') {
        at++;
      }
      assertThat(e.line()).isEqualTo(1);
      assertThat(e.column()).as(json).isEqualTo(at + 1);
      assertThat(e.path()).isEqualTo("$");
    }
    assertThat(failAllWays(reader(Integer.class), "42 43").problem()).startsWith("Trailing token");
    assertThat(failAllWays(reader(Boolean.class), "truex").problem())
        .isEqualTo("Unrecognized token 'truex'");
  }

  @Test
  void whatAvajesParserWouldAcceptOutsideJsonIsRefused() {
    String[] notJson = {
      "\u00A0{\"displayName\":\"nbsp\"}",
      "\u000B{\"displayName\":\"vertical tab\"}",
      "{\"displayName\":\"raw\nnewline\"}",
      "{\"displayName\":\"tab\tinside\"}",
      "{'displayName':\"single quotes\"}",
      "{displayName:\"unquoted\"}",
      "{\"displayName\":\"a\" /* comment */}",
      "{\"displayName\":\"a\",}",
      "{,\"displayName\":\"a\"}",
      "{\"displayName\":\"a\" \"x\":1}",
    };
    for (String json : notJson) {
      failAllWays(reader(Named.class), json);
    }
    for (String number : new String[] {"+1", ".5", "01", "1.", "0x10", "NaN", "Infinity", "1e"}) {
      failAllWays(reader(Double.class), number);
      failAllWays(reader(Map.class), "{\"n\":" + number + "}");
    }
    assertThat(failAllWays(reader(Named.class), "{\"displayName\":\"a\",\"x\":oops}").path())
        .isEqualTo("$.x");
  }

  @Test
  void malformedJsonFailsWithLineColumnAndPath() {
    String json = "{\n  \"owner\": \"ada\",\n  \"later\": [{\"title\": \"a\"}, {\"title\": }]\n}";

    JsonReadException e = failAllWays(reader(Calendar.class), json);

    assertThat(e.line()).isEqualTo(3);
    assertThat(e.column()).isEqualTo(json.split("\n")[2].indexOf("}]") + 1);
    assertThat(e.path()).isEqualTo("$.later[1].title");
  }

  @Test
  void aTypeMismatchNamesTheTypeAndPath() {
    JsonReadException e =
        failAllWays(
            reader(new JsonType<List<WeatherForecast>>() {}.type(), WEB),
            "[{\"temperatureC\":1},{\"temperatureC\":[1]}]");

    assertThat(e.problem()).isEqualTo("Cannot read int from an array");
    assertThat(e.path()).isEqualTo("$[1].temperatureC");
  }

  @Test
  void theParserLimitsOfTheOptionsApplyWithLineColumnAndPath() {
    JsonOptions small =
        WEB.toBuilder().maxNestingDepth(3).maxStringLength(5).maxNumberLength(4).build();

    JsonReadException deep = failAllWays(reader(Object.class, small), "[[[\n[]]]]");
    JsonReadException string =
        failAllWays(reader(Named.class, small), "{\n \"displayName\": \"abcdef\"}");
    JsonReadException number =
        failAllWays(reader(Sensor.class, small), "{\"sensorId\":\"s\",\"readingCount\":12345}");

    assertThat(deep.problem())
        .isEqualTo(
            "Document nesting depth (4) exceeds the maximum allowed (3) (the limit is"
                + " JsonOptions.maxNestingDepth)");
    assertThat(deep.line()).isEqualTo(2);
    assertThat(deep.column()).isEqualTo(1);
    assertThat(string.problem()).contains("(6)").contains("JsonOptions.maxStringLength");
    assertThat(string.line()).isEqualTo(2);
    assertThat(string.path()).isEqualTo("$.displayName");
    assertThat(number.problem()).contains("(5)").contains("JsonOptions.maxNumberLength");
    assertThat(number.path()).isEqualTo("$.readingCount");
    assertThat(readAllWaysUnchecked(reader(Named.class, small), "{\"displayName\":\"abcde\"}"))
        .isEqualTo(new Named("abcde"));
  }

  private static <T> T readAllWaysUnchecked(JsonReader<T> reader, String json) {
    try {
      return readAllWays(reader, json);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void stringLengthCountsCharactersNotBytesOrEscapes() throws Exception {
    JsonOptions small = WEB.toBuilder().maxStringLength(3).build();

    assertThat(readAllWays(reader(Named.class, small), "{\"displayName\":\"é\\u00e9\\n\"}"))
        .isEqualTo(new Named("éé\n"));
    assertThat(readAllWays(reader(Named.class, small), "{\"displayName\":\"\uD83D\uDE00a\"}"))
        .isEqualTo(new Named("\uD83D\uDE00a"));
    failAllWays(reader(Named.class, small), "{\"displayName\":\"\uD83D\uDE00ab\"}");
  }

  @Test
  void avajesOwnCapOnStringsFailsSayingSo() {
    JsonReadException string =
        failAllWays(reader(Named.class), "{\"displayName\":\"" + "x".repeat(70_000) + "\"}");

    assertThat(string.problem())
        .contains("avaje-jsonb's parser")
        .contains("JsonOptions.maxStringLength");
    assertThat(string.path()).isEqualTo("$.displayName");
  }

  /** Numbers are read from their text, so avaje's parser's cap of 100 characters does not apply. */
  @Test
  void numbersLongerThanAvajesOwnCapAreReadUpToMaxNumberLength() throws Exception {
    String digits = "1".repeat(150);

    Object map = readAllWays(reader(Map.class), "{\"n\":" + digits + "}");
    assertThat(map).isEqualTo(Map.of("n", new BigInteger(digits)));
    assertThat(readAllWays(reader(java.math.BigDecimal.class), "-" + digits + ".5"))
        .isEqualTo(new java.math.BigDecimal("-" + digits + ".5"));
    assertThat(readAllWays(reader(double.class), "0." + digits))
        .isEqualTo(Double.parseDouble("0." + digits));
    JsonReadException tooLong =
        failAllWays(
            reader(Map.class, WEB.toBuilder().maxNumberLength(149).build()),
            "{\"n\":" + digits + "}");
    assertThat(tooLong.problem()).contains("JsonOptions.maxNumberLength");
    assertThat(tooLong.path()).isEqualTo("$.n");
  }

  @Test
  void invalidUtf8IsAnErrorInEveryInput() throws Exception {
    byte[][] invalid = {
      {'"', (byte) 0xC3, (byte) 0x28, '"'}, // a lead byte without its continuation
      {'"', (byte) 0xC0, (byte) 0xAF, '"'}, // an overlong '/'
      {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'}, // an encoded surrogate
      {'"', (byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80, '"'}, // beyond U+10FFFF
      {'"', (byte) 0xE2, (byte) 0x82}, // cut short
    };
    JsonReader<String> strings = reader(String.class);
    for (byte[] bytes : invalid) {
      assertThatThrownBy(() -> strings.read(bytes, 0, bytes.length))
          .isInstanceOf(JsonReadException.class);
      assertThatThrownBy(() -> strings.read(new ByteArrayInputStream(bytes)))
          .isInstanceOf(JsonReadException.class);
    }
    byte[] first = invalid[0];
    assertThatThrownBy(() -> strings.read(first, 0, first.length)).hasMessageContaining("UTF-8");
    byte[] fine = "\"é€\uD83D\uDE00\"".getBytes(UTF_8);
    assertThat(strings.read(fine, 0, fine.length)).isEqualTo("é€\uD83D\uDE00");
  }

  @Test
  void aUtf8ByteOrderMarkIsSkippedAndAUtf16OneRefused() throws Exception {
    byte[] utf8 = utf8("\uFEFF{\"displayName\":\"bom\"}");
    byte[] utf16 = "\uFEFF{\"displayName\":\"seize\"}".getBytes("UTF-16LE");

    assertThat(reader(Named.class).read(utf8, 0, utf8.length)).isEqualTo(new Named("bom"));
    assertThat(reader(Named.class).read(new ByteArrayInputStream(utf8)))
        .isEqualTo(new Named("bom"));
    // Bytes are UTF-8 JSON: another charset is decoded by httpjson from the one a response names.
    assertThatThrownBy(() -> reader(Named.class).read(utf16, 0, utf16.length))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("UTF-16LE byte order mark");
    assertThatThrownBy(() -> reader(Named.class).read(new ByteArrayInputStream(utf16)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("UTF-16LE byte order mark");
  }

  @Test
  void numbersFromStringsFollowTheOptions() throws Exception {
    String json = "{\"sensorId\":\"s\",\"readingCount\":\"21\"}";
    JsonOptions strict = WEB.toBuilder().numbersFromStrings(false).build();

    assertThat(readAllWays(reader(Sensor.class), json).readingCount()).isEqualTo(21);
    assertThat(failAllWays(reader(Sensor.class, strict), json).problem())
        .isEqualTo("Cannot read int from a JSON string (JsonOptions.numbersFromStrings is off)");
  }

  @Test
  void namesFollowTheNamingAndCaseOptions() throws Exception {
    JsonOptions snake = WEB.toBuilder().naming(JsonOptions.Naming.SNAKE_CASE).build();
    JsonOptions exact =
        WEB.toBuilder().caseInsensitiveProperties(false).ignoreUnknownProperties(false).build();

    assertThat(
            readAllWays(reader(Sensor.class, snake), "{\"SENSOR_ID\":\"s\",\"reading_count\":2}"))
        .isEqualTo(new Sensor("s", 2, null));
    assertThat(readAllWays(reader(Sensor.class), "{\"SensorID\":\"s\",\"READINGCOUNT\":3}"))
        .isEqualTo(new Sensor("s", 3, null));
    JsonReadException e = failAllWays(reader(Sensor.class, exact), "{\"SensorId\":\"s\"}");
    assertThat(e.problem())
        .isEqualTo(
            "Unrecognized property \"SensorId\" (known properties: \"sensorId\","
                + " \"readingCount\", \"lastValue\")");
    assertThat(e.path()).isEqualTo("$.SensorId");
  }

  @Test
  void untypedValuesReadAsTheOtherCodecsReadThem() throws Exception {
    Object value =
        readAllWays(
            reader(Object.class),
            "{\"i\":1,\"l\":3000000000,\"b\":123456789012345678901234567890,\"d\":1.5,"
                + "\"e\":1e2,\"s\":\"x\",\"t\":true,\"n\":null,\"a\":[1,{\"x\":[]}]}");

    assertThat(value).isInstanceOf(Map.class);
    Map<?, ?> map = (Map<?, ?>) value;
    assertThat(map.get("i")).isEqualTo(1);
    assertThat(map.get("l")).isEqualTo(3_000_000_000L);
    assertThat(map.get("b")).isEqualTo(new BigInteger("123456789012345678901234567890"));
    assertThat(map.get("d")).isEqualTo(1.5);
    assertThat(map.get("e")).isEqualTo(100.0);
    assertThat(map.get("s")).isEqualTo("x");
    assertThat(map.get("t")).isEqualTo(true);
    assertThat(map.containsKey("n")).isTrue();
    assertThat(map.get("n")).isNull();
    assertThat(map.get("a")).isEqualTo(List.of(1, Map.of("x", List.of())));
    Object list = readAllWays(reader(List.class), "[1,\"a\"]");
    assertThat(list).isEqualTo(List.of(1, "a"));
  }

  @Test
  void javaTimeReadsIsoTextWithAnyOffset() throws Exception {
    Appointment a =
        readAllWays(
            reader(Appointment.class),
            "{\"title\":\"t\",\"at\":\"2025-06-01T08:30:00+02:00\",\"day\":\"2025-06-01\","
                + "\"local\":\"2025-06-01T08:30:00.123456789-05:00\"}");

    assertThat(a.at()).isEqualTo(Instant.parse("2025-06-01T06:30:00Z"));
    assertThat(a.day()).isEqualTo(LocalDate.of(2025, 6, 1));
    assertThat(a.local())
        .isEqualTo(OffsetDateTime.of(2025, 6, 1, 8, 30, 0, 123_456_789, ZoneOffset.ofHours(-5)));
    JsonReadException e =
        failAllWays(reader(Appointment.class), "{\"title\":\"t\",\"day\":\"2025-13-01\"}");
    assertThat(e.problem()).contains("2025-13-01");
    assertThat(e.path()).isEqualTo("$.day");
  }

  @Test
  void nullAndEmptyBodiesOfAValue() throws Exception {
    assertThat(readAllWays(reader(Named.class), "null")).isNull();
    assertThat(failAllWays(reader(Named.class), "  ").problem()).contains("end-of-input");
    assertThat(failAllWays(reader(Named.class), "{\"displayName\":\"a\"").problem())
        .contains("end-of-input");
  }

  /**
   * Found by {@code GuardFuzzTest} (differential against Jackson 3): a valid number whose exponent
   * avaje's parser cannot hold failed "Error parsing number", or for a short one read the exponent
   * modulo 2^32 ({@code 1e4294967297} as 10), where Jackson and the other codecs read the double's
   * infinity, or zero for a negative exponent.
   */
  @Test
  void aNumberWithAnExponentBeyondAnIntReadsAsInfinity() throws Exception {
    double inf = Double.POSITIVE_INFINITY;
    JsonReader<Object> untyped = reader(Object.class);

    assertThat(readAllWays(untyped, "1e1000000008888888888")).isEqualTo(inf);
    assertThat(readAllWays(untyped, "-1e999999999999")).isEqualTo(-inf);
    assertThat(readAllWays(untyped, "1e4294967297")).isEqualTo(inf);
    assertThat(readAllWays(untyped, "1E+0000000000004294967297 ")).isEqualTo(inf);
    assertThat(readAllWays(untyped, "1e-1000000008888888888")).isEqualTo(0.0);
    assertThat(readAllWays(untyped, "-1e-1000000008888888888")).isEqualTo(-0.0);
    assertThat(readAllWays(untyped, "0.0e1000000008888888888")).isEqualTo(0.0);
    assertThat(
            readAllWays(
                untyped, "[1e1000000008888888888, -2.5E+4294967297,1e-1000000008888888888,7]"))
        .isEqualTo(List.of(inf, -inf, 0.0, 7));
    assertThat(readAllWays(untyped, "{\"a\":-1e999999999999,\"b\":{\"c\":[1e4294967297]}}"))
        .isEqualTo(Map.of("a", -inf, "b", Map.of("c", List.of(inf))));
    // An exponent of nine digits is avaje's to read, as before.
    assertThat(readAllWays(untyped, "[1e999999999,1e-999999999]")).isEqualTo(List.of(inf, 0.0));
  }

  @Test
  void aNumberWithAWideExponentIsADoubleNotAnIntegerOrADecimal() throws Exception {
    assertThat(readAllWays(reader(Double.class), "1e1000000008888888888"))
        .isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(readAllWays(reader(double.class), "-1e-1000000008888888888")).isEqualTo(-0.0);
    // As Jackson: too large for an integer.
    JsonReadException tooLarge = failAllWays(reader(Integer.class), "1e1000000008888888888");
    assertThat(tooLarge.problem())
        .isEqualTo("Cannot read int from the number 1e1000000008888888888: out of range of int");
    assertThat(failAllWays(reader(Long.class), "-1e999999999999").problem())
        .isEqualTo("Cannot read long from the number -1e999999999999: out of range of long");
    // Tiny, or zero, but written with an exponent: refused, as every codec refuses 1e2 into an int.
    assertThat(failAllWays(reader(Long.class), "1e-1000000008888888888").problem())
        .startsWith("Cannot read a fraction or an exponent into long");
    assertThat(failAllWays(reader(Integer.class), "0e1000000008888888888").problem())
        .startsWith("Cannot read a fraction or an exponent into int");
    // No BigDecimal holds such an exponent (Jackson: "value exceeds limits").
    assertThat(failAllWays(reader(java.math.BigDecimal.class), "1e-1000000008888888888").problem())
        .isEqualTo(
            "Cannot read BigDecimal from the number 1e-1000000008888888888: out of range of"
                + " BigDecimal");
    assertThat(failAllWays(reader(BigInteger.class), "1e4294967297").problem())
        .startsWith("Numeric value (1e4294967297) out of range of BigInteger");
    // In a record: refused at its path, where avaje read 10.
    JsonReadException field =
        failAllWays(reader(Sensor.class), "{\"sensorId\":\"s\",\"readingCount\":1e4294967297}");
    assertThat(field.problem())
        .isEqualTo("Cannot read int from the number 1e4294967297: out of range of int");
    assertThat(field.path()).isEqualTo("$.readingCount");
    assertThat(field.column()).isEqualTo(32);
    // Longer than avaje's parser reads: read from its text all the same.
    assertThat(readAllWays(reader(Object.class), "[1e" + "9".repeat(120) + "]"))
        .isEqualTo(List.of(Double.POSITIVE_INFINITY));
  }

  @Test
  void aNumberWithAWideExponentReadsAsADoubleInASequence() throws Exception {
    JsonSequenceReader<Object> sequence = WEB.codec().bind(WEB).sequenceReader(Object.class);
    List<Object> lines = new ArrayList<>();
    List<Object> elements = new ArrayList<>();

    try (JsonSequenceReader.Cursor<Object> cursor =
        sequence.values(
            new ByteArrayInputStream(
                utf8("[1e1000000008888888888]\n{\"a\":1e-1000000008888888888}\n[2]\n")))) {
      while (cursor.next()) {
        lines.add(cursor.value());
      }
    }
    try (JsonSequenceReader.Cursor<Object> cursor =
        sequence.array(new ByteArrayInputStream(utf8("[2, -1e4294967297 ,{}]")))) {
      while (cursor.next()) {
        elements.add(cursor.value());
      }
    }

    assertThat(lines)
        .isEqualTo(List.of(List.of(Double.POSITIVE_INFINITY), Map.of("a", 0.0), List.of(2)));
    assertThat(elements).isEqualTo(List.of(2, Double.NEGATIVE_INFINITY, Map.of()));
  }

  /**
   * avaje's parser matches keys against the names of the object being read by a hash of their raw
   * bytes, gives an unmatched key as its raw text, escapes and all, and does so in every object
   * nested in a named one; it keeps the names of an object a failed read was in when it is pooled,
   * so the next read of an unnamed object (a {@code Map}, {@code Object}) took that path too.
   */
  @Test
  void anEscapedKeyReadsUnescapedAfterAReadFailedInsideARecord() throws Exception {
    byte[] failing = utf8("{\"displayName\":[1]}");
    assertThatThrownBy(() -> reader(Named.class).read(failing, 0, failing.length))
        .isInstanceOf(JsonReadException.class);
    byte[] json = utf8("{\"foo\\u0000bar\":42}");

    assertThat(reader(Object.class).read(json, 0, json.length))
        .isEqualTo(Map.of("foo\u0000bar", 42));
  }

  @Test
  void escapedKeysReadUnescapedInAndUnderARecord() throws Exception {
    assertThat(readAllWays(reader(Named.class), "{\"displayN\\u0061me\":\"x\"}"))
        .isEqualTo(new Named("x"));
    JsonReader<Page<Map<String, Object>>> pages =
        reader(new JsonType<Page<Map<String, Object>>>() {}.type(), WEB);

    Page<Map<String, Object>> page =
        readAllWays(
            pages, "{\"items\":[{\"a\\u0041\":1,\"tab\\there\":{\"\\\"q\\\"\":2}}],\"total\":1}");

    assertThat(page.items()).isEqualTo(List.of(Map.of("aA", 1, "tab\there", Map.of("\"q\"", 2))));
  }

  @Test
  void aNameWithTheHashOfAPropertyIsNotThatProperty() throws Exception {
    assertThat(readAllWays(reader(Hashed.class), "{\"jvqpfqg\":\"x\"}")).isEqualTo(new Hashed("x"));
    assertThat(readAllWays(reader(Hashed.class), "{\"jaczypz\":\"x\"}"))
        .isEqualTo(new Hashed(null));
    JsonOptions strict = WEB.toBuilder().ignoreUnknownProperties(false).build();
    assertThat(failAllWays(reader(Hashed.class, strict), "{\"jaczypz\":\"x\"}").problem())
        .startsWith("Unrecognized property \"jaczypz\"");
  }
}
