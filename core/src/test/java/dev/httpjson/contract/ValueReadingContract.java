package dev.httpjson.contract;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import dev.httpjson.spi.JsonCodec;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Values every codec must read and write alike (issue 29: optionals, enums, dates from numbers,
 * UUIDs, strings, trailing content, writes), through {@link JsonType}. A codec module runs it by
 * subclassing and naming its codec; a codec added later inherits every row.
 */
public abstract class ValueReadingContract {
  /** An optional component. */
  public record Maybe(Optional<String> s) {}

  /** An enum whose names are its JSON values. */
  public enum Color {
    RED,
    GREEN
  }

  /** A record holding a {@link Color}. */
  public record Paint(Color v) {}

  /** An enum whose {@code toString()} is not its name: JSON carries the name. */
  public enum Shade {
    LIGHT,
    DARK;

    @Override
    public String toString() {
      return "shade " + name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** A record holding a {@link Shade}. */
  public record Tint(Shade v) {}

  /** A record holding an {@link Instant}. */
  public record When(Instant v) {}

  /** A record holding an {@link OffsetDateTime}. */
  public record WhenOffset(OffsetDateTime v) {}

  /** A record holding a {@link LocalDate}. */
  public record Day(LocalDate v) {}

  /** A record holding a {@link String}. */
  public record Text(String v) {}

  /** A record holding a {@code boolean}. */
  public record Flag(boolean v) {}

  /** A record holding a {@code Boolean}. */
  public record BoxedFlag(Boolean v) {}

  /** A record holding an {@code Integer}. */
  public record Count(Integer v) {}

  /** A record holding a {@link UUID}. */
  public record Id(UUID v) {}

  /** A record holding a map keyed by {@link Color}. */
  public record ByColor(Map<Color, Integer> v) {}

  /** A record holding a map keyed by {@link Shade}, whose {@code toString()} is not its name. */
  public record ByShade(Map<Shade, Integer> v) {}

  private JsonOptions options;

  /** The codec under test. */
  protected abstract JsonCodec codec();

  @BeforeEach
  void setUpOptions() {
    options = JsonOptions.newBuilder().codec(codec()).build();
  }

  private <T> T read(Class<T> type, String json) throws HttpJsonException {
    return JsonType.of(type, options).fromJson(json.getBytes(UTF_8));
  }

  private <T> String write(Class<T> type, T value) throws JsonWriteException {
    return JsonType.of(type, options).toJson(value);
  }

  // ---- row 6: optionals ----

  @Test
  public void nullIntoAnOptionalComponentReadsAsEmpty() throws Exception {
    assertThat(read(Maybe.class, "{\"s\":null}")).isEqualTo(new Maybe(Optional.empty()));
  }

  @Test
  public void anEmptyOptionalWrittenReadsBackAsEmpty() throws Exception {
    String json = write(Maybe.class, new Maybe(Optional.empty()));

    assertThat(read(Maybe.class, json)).isEqualTo(new Maybe(Optional.empty()));
  }

  // ---- row 7: unknown enum values ----

  @ParameterizedTest
  @ValueSource(strings = {"\"PURPLE\"", "1", "\"0\"", "\"RED \""})
  public void anUnknownEnumValueFailsToRead(String value) throws Exception {
    assertThatThrownBy(() -> read(Paint.class, "{\"v\":" + value + "}"))
        .isInstanceOf(JsonReadException.class);
  }

  // ---- row 8: enums by name ----

  @Test
  public void anEnumIsReadByItsNameNotItsToString() throws Exception {
    assertThat(read(Tint.class, "{\"v\":\"DARK\"}")).isEqualTo(new Tint(Shade.DARK));
  }

  @Test
  public void anEnumIsWrittenByItsNameNotItsToString() throws Exception {
    assertThat(write(Tint.class, new Tint(Shade.LIGHT))).isEqualTo("{\"v\":\"LIGHT\"}");
  }

  @Test
  public void anEnumsToStringIsNotReadAsItsName() throws Exception {
    assertThatThrownBy(() -> read(Tint.class, "{\"v\":\"shade dark\"}"))
        .isInstanceOf(JsonReadException.class);
  }

  // ---- row 13: a number past double's range into a date ----

  @Test
  public void aNumberPastDoublesRangeFailsToReadAsAnInstant() throws Exception {
    assertThatThrownBy(() -> read(When.class, "{\"v\":1e400}"))
        .isInstanceOf(JsonReadException.class);
    assertThatThrownBy(() -> read(Instant.class, "1e400")).isInstanceOf(JsonReadException.class);
  }

  @Test
  public void aNumberPastDoublesRangeFailsToReadAsAnOffsetDateTime() throws Exception {
    assertThatThrownBy(() -> read(WhenOffset.class, "{\"v\":1e400}"))
        .isInstanceOf(JsonReadException.class);
    assertThatThrownBy(() -> read(OffsetDateTime.class, "1e400"))
        .isInstanceOf(JsonReadException.class);
  }

  // ---- row 14: a number past the dates' range ----

  @ParameterizedTest
  @ValueSource(classes = {Instant.class, LocalDate.class, OffsetDateTime.class})
  public void aNumberPastTheDateRangeFailsAsAReadFailure(Class<?> type) throws Exception {
    assertThatThrownBy(() -> read(type, "1e18")).isInstanceOf(JsonReadException.class);
  }

  // ---- dates: ISO-8601 text as java.time's ISO formatters read it ----

  /**
   * {@link Instant#MAX} and {@link Instant#MIN}, which every codec writes with years past {@link
   * OffsetDateTime}'s range, read back ({@link Instant#parse}'s rule).
   */
  @Test
  public void anInstantAtEitherEndOfItsRangeReadsBack() throws Exception {
    assertThat(read(Instant.class, "\"+1000000000-12-31T23:59:59.999999999Z\""))
        .isEqualTo(Instant.MAX);
    assertThat(read(Instant.class, "\"-1000000000-01-01T00:00:00Z\"")).isEqualTo(Instant.MIN);
    for (Instant end : List.of(Instant.MAX, Instant.MIN)) {
      assertThat(read(When.class, write(When.class, new When(end)))).isEqualTo(new When(end));
    }
  }

  /**
   * A date or time reads only the text its type's ISO formatter parses ({@code Instant.parse},
   * {@code OffsetDateTime.parse}, {@code LocalDate.parse}, …): nothing trimmed, an offset with its
   * colon, an instant with its seconds, and a date-time is not a date (Jackson read all of these).
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "LocalDate 2024-01-01 ",
        "LocalDate  2024-01-01",
        "LocalDate 2024-01-01T00:00:00Z",
        "LocalDate 2024-01-01T00:00:00",
        "LocalDateTime 2024-01-01T00:00:00Z",
        "LocalDateTime 2024-01-01T00:00:00 ",
        "OffsetDateTime 2024-01-01T00:00:00+0100",
        "OffsetDateTime 2024-01-01T00:00:00Z ",
        "OffsetDateTime  2024-01-01T00:00:00Z",
        "Instant 2024-01-01T00:00Z",
        "Instant 2024-01-01T00:00:00+0100",
        "Instant 2024-01-01T00:00:00Z ",
        "Instant 2024-01-01"
      })
  public void dateTextIsReadOnlyAsTheIsoFormatterReadsIt(String typeAndText) throws Exception {
    int space = typeAndText.indexOf(' ');
    Class<?> type = Class.forName("java.time." + typeAndText.substring(0, space));
    String json = "\"" + typeAndText.substring(space + 1) + "\"";
    assertThatThrownBy(() -> read(type, json))
        .as("%s into %s", json, type.getSimpleName())
        .isInstanceOf(JsonReadException.class);
    if (type == LocalDate.class) {
      assertThatThrownBy(() -> read(Day.class, "{\"v\":" + json + "}"))
          .isInstanceOf(JsonReadException.class);
    } else if (type == Instant.class) {
      assertThatThrownBy(() -> read(When.class, "{\"v\":" + json + "}"))
          .isInstanceOf(JsonReadException.class);
    } else if (type == OffsetDateTime.class) {
      assertThatThrownBy(() -> read(WhenOffset.class, "{\"v\":" + json + "}"))
          .isInstanceOf(JsonReadException.class);
    }
  }

  /** What the ISO formatters do parse, beyond the common shape, every codec reads. */
  @Test
  public void dateTextTheIsoFormatterReadsIsRead() throws Exception {
    assertThat(read(Instant.class, "\"2024-01-01T00:00:00+01:00\""))
        .isEqualTo(Instant.parse("2023-12-31T23:00:00Z"));
    assertThat(read(OffsetDateTime.class, "\"2024-01-01T00:00+01:00\""))
        .isEqualTo(OffsetDateTime.parse("2024-01-01T00:00:00+01:00"));
    assertThat(read(Day.class, "{\"v\":\"2024-02-29\"}"))
        .isEqualTo(new Day(LocalDate.of(2024, 2, 29)));
    assertThat(read(LocalDateTime.class, "\"2024-01-01T10:15\""))
        .isEqualTo(LocalDateTime.of(2024, 1, 1, 10, 15));
  }

  // ---- row 15: UUIDs ----

  @ParameterizedTest
  @ValueSource(strings = {"1-1-1-1-1", "123e4567-e89b-12d3-a456-4266141740000"})
  public void aStringThatIsNotACanonicalUuidFailsToRead(String value) throws Exception {
    assertThatThrownBy(() -> read(UUID.class, "\"" + value + "\""))
        .isInstanceOf(JsonReadException.class);
  }

  /** A UUID is a string: a number is not read as its bits (Jackson did), nor a boolean. */
  @ParameterizedTest
  @ValueSource(strings = {"6518969689176098396473", "0", "-1", "1.5", "true"})
  public void aNumberIsNotReadAsAUuid(String value) throws Exception {
    assertThatThrownBy(() -> read(UUID.class, value)).isInstanceOf(JsonReadException.class);
    assertThatThrownBy(() -> read(Id.class, "{\"v\":" + value + "}"))
        .isInstanceOf(JsonReadException.class);
  }

  @Test
  public void aCanonicalUuidReads() throws Exception {
    assertThat(read(UUID.class, "\"123e4567-e89b-12d3-a456-426614174000\""))
        .isEqualTo(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"));
  }

  // ---- row 16: control characters in a skipped string ----

  @Test
  public void aRawTabInAnIgnoredPropertysStringFailsToRead() throws Exception {
    assertThatThrownBy(() -> read(Models.Named.class, "{\"displayName\":\"x\",\"other\":\"a\tb\"}"))
        .isInstanceOf(JsonReadException.class);
  }

  // ---- row 17: NUL after a value ----

  @ParameterizedTest
  @ValueSource(classes = {Integer.class, Object.class})
  public void aNulAfterTheValueIsTrailingContent(Class<?> type) throws Exception {
    assertThatThrownBy(() -> JsonType.of(type, options).fromJson(new byte[] {0x31, 0x00}))
        .isInstanceOf(JsonReadException.class);
  }

  // ---- judgment calls: coercions only some libraries make are refused by every codec ----

  /** A number or a boolean is not a string (System.Text.Json refuses both too). */
  @ParameterizedTest
  @ValueSource(strings = {"1", "-1.5", "1e2", "true", "false"})
  public void aNumberOrABooleanIsNotReadAsAString(String value) throws Exception {
    assertThatThrownBy(() -> read(Text.class, "{\"v\":" + value + "}"))
        .isInstanceOf(JsonReadException.class);
    assertThatThrownBy(() -> read(String.class, value)).isInstanceOf(JsonReadException.class);
    assertThatThrownBy(
            () ->
                JsonType.listOf(String.class)
                    .withOptions(options)
                    .fromJson("[\"a\"," + value + "]"))
        .isInstanceOf(JsonReadException.class);
  }

  /** A boolean is {@code true} or {@code false}, not a string or a number. */
  @ParameterizedTest
  @ValueSource(strings = {"\"true\"", "\"false\"", "1", "0", "\"1\"", "\"yes\""})
  public void onlyTheLiteralsAreReadAsABoolean(String value) throws Exception {
    assertThatThrownBy(() -> read(Flag.class, "{\"v\":" + value + "}"))
        .isInstanceOf(JsonReadException.class);
    assertThatThrownBy(() -> read(BoxedFlag.class, "{\"v\":" + value + "}"))
        .isInstanceOf(JsonReadException.class);
    assertThatThrownBy(() -> read(Boolean.class, value)).isInstanceOf(JsonReadException.class);
  }

  /** An empty string is not {@code null}: into anything but a string it fails. */
  @ParameterizedTest
  @ValueSource(
      classes = {
        Integer.class,
        Double.class,
        BigDecimal.class,
        Boolean.class,
        Color.class,
        LocalDate.class,
        Instant.class,
        OffsetDateTime.class,
        UUID.class,
        Paint.class
      })
  public void anEmptyStringIsNotNull(Class<?> type) throws Exception {
    assertThatThrownBy(() -> read(type, "\"\"")).isInstanceOf(JsonReadException.class);
  }

  @Test
  public void anEmptyStringIsNotNullInARecord() throws Exception {
    for (Class<?> type :
        List.of(Count.class, BoxedFlag.class, Paint.class, When.class, Day.class, Id.class)) {
      assertThatThrownBy(() -> read(type, "{\"v\":\"\"}"))
          .as(type.getSimpleName())
          .isInstanceOf(JsonReadException.class);
    }
    assertThat(read(Text.class, "{\"v\":\"\"}")).isEqualTo(new Text(""));
  }

  /**
   * A date is an ISO-8601 string: a number (or digits in a string) is not read as epoch seconds or
   * days, nor an array.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {"1700000000", "1700000000.5", "0", "-1", "[2026,1,2]", "\"1700000000\"", "\"20\""})
  public void aNumberOrAnArrayIsNotReadAsADate(String value) throws Exception {
    for (Class<?> type :
        List.of(Instant.class, OffsetDateTime.class, LocalDate.class, LocalDateTime.class)) {
      assertThatThrownBy(() -> read(type, value))
          .as("%s into %s", value, type.getSimpleName())
          .isInstanceOf(JsonReadException.class);
    }
    assertThatThrownBy(() -> read(When.class, "{\"v\":" + value + "}"))
        .isInstanceOf(JsonReadException.class);
    assertThatThrownBy(() -> read(Day.class, "{\"v\":" + value + "}"))
        .isInstanceOf(JsonReadException.class);
  }

  // ---- judgment call: lone surrogates on read ----

  /**
   * A {@code \\u} escape of a lone surrogate (which JSON's grammar allows) reads as that char, so
   * that a string every codec writes (see W1) reads back the same. Gson's strict mode refuses it:
   * the Gson codec reads a string value in its legacy strict mode and checks the rules that mode
   * drops itself.
   */
  @ParameterizedTest
  @ValueSource(strings = {"\uD800", "a\uDC00b", "\uDBFF\uDBFF", "\uDC00\uD800"})
  public void aLoneSurrogateEscapeReadsAsItsChar(String value) throws Exception {
    String escaped =
        value
            .replace("\uD800", "\\ud800")
            .replace("\uDC00", "\\uDC00")
            .replace("\uDBFF", "\\udbff");
    assertThat(read(String.class, "\"" + escaped + "\"")).isEqualTo(value);
    assertThat(read(Text.class, "{\"v\":\"" + escaped + "\"}")).isEqualTo(new Text(value));
    assertThat(read(Text.class, write(Text.class, new Text(value)))).isEqualTo(new Text(value));
  }

  @Test
  public void anEscapedSurrogatePairReadsAsOneCharacter() throws Exception {
    assertThat(read(String.class, "\"\\ud83d\\ude00\"")).isEqualTo("\uD83D\uDE00");
  }

  /**
   * A name is valid Unicode: a lone surrogate's escape in a name is a {@link JsonReadException},
   * also in a name that is skipped (the Jackson and Gson parsers refuse it), and a map key holding
   * one fails to write; a pair of escapes is one character.
   */
  @ParameterizedTest
  @ValueSource(strings = {"\\ud800", "\\udc00", "a\\ud800b", "\\ud800\\u0041", "\\udbff\\udbff"})
  public void aLoneSurrogateEscapeInANameIsRefused(String name) throws Exception {
    JsonType<Map<String, Long>> map = JsonType.mapOf(Long.class).withOptions(options);
    assertThatThrownBy(() -> map.fromJson("{\"" + name + "\":1}"))
        .isInstanceOf(JsonReadException.class);
    assertThatThrownBy(() -> read(Count.class, "{\"" + name + "\":1,\"v\":2}"))
        .isInstanceOf(JsonReadException.class);
  }

  @Test
  public void aMapKeyWithALoneSurrogateFailsToWrite() throws Exception {
    JsonType<Map<String, Long>> map = JsonType.mapOf(Long.class).withOptions(options);
    for (String key : List.of("\uD800", "a\uDC00", "\uDBFF\uDBFF")) {
      assertThatThrownBy(() -> map.toJson(Map.of(key, 1L)))
          .as(key)
          .isInstanceOf(JsonWriteException.class);
    }
  }

  @Test
  public void anEscapedSurrogatePairInANameIsOneCharacter() throws Exception {
    JsonType<Map<String, Long>> map = JsonType.mapOf(Long.class).withOptions(options);
    assertThat(map.fromJson("{\"\\ud83d\\ude00\":1}")).isEqualTo(Map.of("\uD83D\uDE00", 1L));
    assertThat(map.fromJson(map.toJson(Map.of("\uD83D\uDE00", 1L))))
        .isEqualTo(Map.of("\uD83D\uDE00", 1L));
  }

  // ---- judgment call: a byte order mark in a string ----

  /**
   * A {@code String} is characters, not bytes: U+FEFF before the value is not a byte order mark but
   * a character JSON does not allow there (System.Text.Json refuses it too). In bytes, a UTF-8 byte
   * order mark is skipped, as in a response body.
   */
  @Test
  public void aByteOrderMarkCharacterInAStringIsRefused() throws Exception {
    for (String json : List.of("\uFEFF{\"v\":\"a\"}", "\uFEFF1", "\uFEFF\"a\"")) {
      Class<?> type =
          json.contains("{") ? Text.class : json.contains("\"") ? String.class : Integer.class;
      assertThatThrownBy(() -> JsonType.of(type, options).fromJson(json))
          .as(json)
          .isInstanceOf(JsonReadException.class);
    }
  }

  @Test
  public void aUtf8ByteOrderMarkInBytesIsSkipped() throws Exception {
    byte[] json = "\uFEFF{\"v\":\"a\"}".getBytes(UTF_8);

    assertThat(JsonType.of(Text.class, options).fromJson(json)).isEqualTo(new Text("a"));
  }

  // ---- enums as map keys ----

  @Test
  public void anEnumMapKeyIsWrittenByItsName() throws Exception {
    Map<Shade, Integer> map = new java.util.LinkedHashMap<>();
    map.put(Shade.LIGHT, 1);
    map.put(Shade.DARK, 2);

    assertThat(write(ByShade.class, new ByShade(map)))
        .isEqualTo("{\"v\":{\"LIGHT\":1,\"DARK\":2}}");
  }

  @Test
  public void anEnumMapKeyIsReadByItsName() throws Exception {
    assertThat(read(ByShade.class, "{\"v\":{\"DARK\":2,\"LIGHT\":1}}"))
        .isEqualTo(new ByShade(Map.of(Shade.DARK, 2, Shade.LIGHT, 1)));
    assertThat(read(ByColor.class, "{\"v\":{\"GREEN\":1}}"))
        .isEqualTo(new ByColor(Map.of(Color.GREEN, 1)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"PURPLE", "0", "1", "RED ", "red", "shade dark", ""})
  public void anUnknownEnumMapKeyFailsToRead(String key) throws Exception {
    assertThatThrownBy(() -> read(ByColor.class, "{\"v\":{\"" + key + "\":1}}"))
        .isInstanceOf(JsonReadException.class);
    assertThatThrownBy(() -> read(ByShade.class, "{\"v\":{\"" + key + "\":1}}"))
        .isInstanceOf(JsonReadException.class);
  }

  /**
   * A stream read by a codec is UTF-8 too: a zero byte among its first bytes is not a reason to
   * read it as UTF-16 ({@code 31 00} would be {@code 1}, {@code [\\0 1\\0 ]\\0} would be {@code
   * [1]}).
   */
  @Test
  public void aZeroByteAtTheStartOfASequenceIsNotUtf16() throws Exception {
    dev.httpjson.spi.JsonSequenceReader<Object> sequences =
        options.codec().bind(options).sequenceReader(Object.class);
    byte[][] inputs = {{0x31, 0x00}, {0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00}};
    for (byte[] input : inputs) {
      boolean array = input[0] == 0x5B;
      assertThatThrownBy(
              () -> {
                try (dev.httpjson.spi.JsonSequenceReader.Cursor<Object> cursor =
                    array
                        ? sequences.array(new java.io.ByteArrayInputStream(input))
                        : sequences.values(new java.io.ByteArrayInputStream(input))) {
                  while (cursor.next()) {
                    cursor.value();
                  }
                }
              })
          .as(array ? "an array" : "NDJSON values")
          .isInstanceOf(JsonReadException.class);
    }
  }

  // ---- W1: lone surrogates on write ----

  /** One rule for every codec: a lone surrogate is written as a {@code \\u} escape. */
  @ParameterizedTest
  @ValueSource(strings = {"\uD800", "a\uDC00b", "\uDBFF"})
  public void aLoneSurrogateIsWrittenAsAnEscape(String value) throws Exception {
    String expected =
        value
            .replace("\uD800", "\\ud800")
            .replace("\uDC00", "\\udc00")
            .replace("\uDBFF", "\\udbff");

    String json = write(String.class, value);

    assertThat(json).isEqualToIgnoringCase("\"" + expected + "\"");
    assertThat(new String(JsonType.of(String.class, options).toJsonBytes(value), UTF_8))
        .isEqualToIgnoringCase("\"" + expected + "\"");
  }

  /** Beside non-ASCII characters, which are written as themselves, in UTF-8. */
  @ParameterizedTest
  @ValueSource(strings = {"\uD800\u00e9", "\u00e9\uDC00", "\u20ac\uD800\u4e2d\uDBFF"})
  public void aLoneSurrogateBesideNonAsciiCharactersIsWrittenAsAnEscape(String value)
      throws Exception {
    String expected =
        value
            .replace("\uD800\u4e2d", "\\ud800\u4e2d")
            .replace("\uD800\u00e9", "\\ud800\u00e9")
            .replace("\u00e9\uDC00", "\u00e9\\udc00")
            .replace("\uDBFF", "\\udbff");

    byte[] json = JsonType.of(Text.class, options).toJsonBytes(new Text(value));

    assertThat(new String(json, UTF_8)).isEqualToIgnoringCase("{\"v\":\"" + expected + "\"}");
    assertThat(UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(json)).toString())
        .as("well-formed UTF-8")
        .isEqualToIgnoringCase("{\"v\":\"" + expected + "\"}");
    assertThat(write(Text.class, new Text(value)))
        .isEqualToIgnoringCase("{\"v\":\"" + expected + "\"}");
  }

  @Test
  public void aLoneSurrogateInAListIsWrittenAsAnEscape() throws Exception {
    JsonType<List<String>> type = JsonType.listOf(String.class).withOptions(options);

    assertThat(type.toJson(List.of("a", "\uD800", "b")))
        .isEqualToIgnoringCase("[\"a\",\"\\ud800\",\"b\"]");
  }

  @Test
  public void aSurrogatePairIsWrittenAsItsCharacter() throws Exception {
    String json = new String(JsonType.of(String.class, options).toJsonBytes("\uD83D\uDE00"), UTF_8);

    assertThat(read(String.class, json)).isEqualTo("\uD83D\uDE00");
  }

  // ---- W2: null map keys ----

  @Test
  @SuppressWarnings("unchecked")
  public void aMapWithANullKeyFailsToWrite() throws Exception {
    Map<String, Integer> map = new HashMap<>();
    map.put(null, 1);
    JsonType<Map<String, Integer>> type = JsonType.mapOf(Integer.class).withOptions(options);

    assertThatThrownBy(() -> type.toJson(map)).isInstanceOf(JsonWriteException.class);
  }
}
