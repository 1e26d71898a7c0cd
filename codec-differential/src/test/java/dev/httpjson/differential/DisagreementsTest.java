package dev.httpjson.differential;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Disagreements the differential run found, each shrunk to its smallest document: those still open
 * tagged {@code tofix}, so each runs expecting failure (CI's tofix check) until the codecs agree
 * (the others guard the fix), and each is the test an entry of {@link KnownDisagreements} names.
 * Where issue 29 has not decided what is right (its "judgment calls"), the test asks only that the
 * four codecs agree; where a README rule decides it, the test asks for that.
 */
class DisagreementsTest {
  // ---- found by the run: a rule already decides them ----

  /**
   * README: a number in a string is read in RFC 8259 syntax only (row 19's rule). J3, J2 read
   * these.
   */
  @Test
  void aNumberInAStringIsReadOnlyInJsonSyntax() {
    for (String text : List.of("\"+1\"", "\"01\"", "\" 1\"", "\"1 \"")) {
      assertEveryCodecRefuses(Shapes.IntBox.class, "{\"v\":" + text + "}");
    }
    // Gson also reads a double from a number with spaces around it.
    assertEveryCodecRefuses(Shapes.DoubleBox.class, "{\"v\":\" 1\"}");
  }

  /** README: a value out of the type's range is a JsonReadException. J3, J2 read Infinity. */
  @Test
  void aNumberPastFloatsRangeIsRefused() {
    assertEveryCodecRefuses(Shapes.FloatBox.class, "{\"v\":1e309}");
    assertEveryCodecRefuses(Shapes.FloatBox.class, "{\"v\":3.5e38}");
  }

  /**
   * README (W1): every codec writes a lone surrogate as an escape, "and a string read back is the
   * same string". Gson refused to read it (its strict mode refuses an unpaired surrogate).
   */
  @Test
  void aLoneSurrogateEscapeReadsBackWithEveryCodec() {
    assertEveryCodecReads(
        Shapes.StringBox.class, "{\"v\":\"\\ud800\"}", new Shapes.StringBox("\uD800"));
    // In a property that is skipped, too.
    assertEveryCodecReads(Shapes.IntBox.class, "{\"x\":\"\\udc00\",\"v\":1}", new Shapes.IntBox(1));
  }

  /**
   * W1 again: avaje wrote "\uD800é" as the escape followed by U+FFFD and a byte that is not UTF-8.
   */
  @Test
  void aLoneHighSurrogateBeforeANonAsciiCharacterIsWrittenAsAnEscape() {
    Shapes.StringBox value = new Shapes.StringBox("\uD800é");
    Map<Codecs, String> written = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      try {
        written.put(
            codec,
            new String(
                JsonType.of(Shapes.StringBox.class, codec.options).toJsonBytes(value), UTF_8));
      } catch (JsonWriteException e) {
        written.put(codec, "refused: " + e.getMessage());
      }
    }
    assertThat(written)
        .allSatisfy(
            (codec, json) ->
                assertThat(json).as(codec.label).isEqualToIgnoringCase("{\"v\":\"\\ud800é\"}"));
  }

  /**
   * README: a non-ASCII character is written as itself, in UTF-8. Jackson 2 wrote a character
   * outside the Basic Multilingual Plane (an emoji) as two {@code \\u} escapes of its surrogates,
   * twelve bytes where the others write four, in a value, a name and a map key alike.
   */
  @Test
  void aCharacterOutsideTheBasicPlaneIsWrittenAsItsUtf8Bytes() {
    Map<Codecs, String> written = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      try {
        written.put(
            codec,
            new String(
                JsonType.of(Shapes.StringMap.class, codec.options)
                    .toJsonBytes(new Shapes.StringMap(Map.of("\uD83D\uDE00", "a\uD83D\uDE00é"))),
                UTF_8));
      } catch (JsonWriteException e) {
        written.put(codec, "refused: " + e.getMessage());
      }
    }
    assertThat(written)
        .allSatisfy(
            (codec, json) ->
                assertThat(json)
                    .as(codec.label)
                    .isEqualTo("{\"v\":{\"\uD83D\uDE00\":\"a\uD83D\uDE00é\"}}"));
  }

  /**
   * A failure's message says what was wrong in JSON's words, with every codec, not in a Java
   * exception's: Gson's said {@code java.lang.IllegalStateException: Expected BEGIN_OBJECT but was
   * BEGIN_ARRAY} for an array where an object belongs.
   */
  @Test
  void aShapeMismatchIsSaidWithoutAJavaExceptionName() {
    List<Object[]> cases =
        List.of(
            new Object[] {Shapes.IntBox.class, "[]"},
            new Object[] {Shapes.Inner.class, "{\"name\":[]}"},
            new Object[] {Shapes.IntegerLists.class, "{\"v\":[[1],{}]}"},
            new Object[] {Shapes.LongMap.class, "{\"v\":[]}"});
    for (Object[] c : cases) {
      Map<Codecs, Outcome> outcomes = read((Type) c[0], (String) c[1]);
      assertThat(outcomes.values())
          .as(describe((String) c[1], (Type) c[0], outcomes))
          .allMatch(
              o ->
                  o instanceof Outcome.Refused r
                      && !r.message().matches("(?s).*\\b[\\w.]+(Exception|Error): .*"));
    }
  }

  /**
   * A document cut short is said to be so in plain words, with every codec: the Jackson codecs
   * added where the open array or object started in a description of the source that is always
   * redacted ({@code (start marker at [Source: REDACTED
   * (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); byte offset: #UNKNOWN])}).
   */
  @Test
  void aCutDocumentIsSaidWithoutARedactedSource() {
    for (String json : List.of("[1,2", "{\"a\":[1", "{\"a\":{\"b\":1", "[{\"a\":\"x\"")) {
      Map<Codecs, Outcome> outcomes = read(Object.class, json);
      assertThat(outcomes.values())
          .as(describe(json, Object.class, outcomes))
          .allMatch(
              o ->
                  o instanceof Outcome.Refused r
                      && r.message().contains("end-of-input")
                      && !r.message().contains("Source:"));
    }
    Map<Codecs, Outcome> streamed =
        stream(Integer.class, Target.Stream.ARRAY, "[1,2,3".getBytes(UTF_8));
    assertThat(streamed.values())
        .as(describe("[1,2,3 streamed", Integer.class, streamed))
        .allMatch(o -> o instanceof Outcome.Cut c && !c.message().contains("Source:"));
  }

  /**
   * A streamed element that fails is named by its index, with every codec, after every element
   * before it: the path of the failure is the element's ({@code $[2]}, {@code $[1].v}) in a
   * top-level array, and the value's own ({@code $}, {@code $.v}) in NDJSON. The Jackson codecs
   * left the index out of a failure inside an element ({@code $.v}) and named a mismatched element
   * {@code $[1][0]} (NDJSON: {@code $[0]}); Gson named a failing number by the index after it.
   */
  @Test
  void aFailingStreamElementIsNamedByItsIndex() {
    assertEveryStreamFailsAt(Integer.class, Target.Stream.ARRAY, "[1,2,\"x\",4]", 2, "$[2]");
    assertEveryStreamFailsAt(Integer.class, Target.Stream.ARRAY, "[1,2,3.5]", 2, "$[2]");
    assertEveryStreamFailsAt(
        Shapes.IntBox.class, Target.Stream.ARRAY, "[{\"v\":1},{\"v\":\"x\"}]", 1, "$[1].v");
    assertEveryStreamFailsAt(Shapes.IntBox.class, Target.Stream.ARRAY, "[{\"v\":1},[]]", 1, "$[1]");
    assertEveryStreamFailsAt(
        Shapes.IntBox.class, Target.Stream.NDJSON, "{\"v\":1}\n{\"v\":\"x\"}\n", 1, "$.v");
    assertEveryStreamFailsAt(Shapes.IntBox.class, Target.Stream.NDJSON, "{\"v\":1}\n[1]\n", 1, "$");
  }

  /**
   * An element of an array that fails to read is named by its own index, with every codec, in a
   * nested array or list as at the top level, and once: Gson named the element after it ({@code
   * $.v[1]} for a failing {@code $.v[0]}) once it had consumed the value (a null or a fraction into
   * an {@code int[]}, an unknown enum name, an empty {@code char}, a byte out of range), and its
   * own adapters' messages added {@code ; at path $.v[0]} before that.
   */
  @Test
  void aFailingArrayElementIsNamedByItsIndex() {
    Object[][] cases = {
      {Shapes.IntArray.class, "{\"v\":[null]}", "$.v[0]"},
      {Shapes.IntArray.class, "{\"v\":[1,1.5]}", "$.v[1]"},
      {Shapes.IntegerList.class, "{\"v\":[1,\"x\"]}", "$.v[1]"},
      {Shapes.ColorList.class, "{\"v\":[\"RED\",\"red\"]}", "$.v[1]"},
      {Shapes.CharArray.class, "{\"v\":[\"\"]}", "$.v[0]"},
      {Shapes.UuidList.class, "{\"v\":[\"x\"]}", "$.v[0]"},
      {Shapes.LocalDateList.class, "{\"v\":[\"x\"]}", "$.v[0]"},
      {Shapes.FloatList.class, "{\"v\":[1,1e39]}", "$.v[1]"},
      {byte[].class, "[1,256]", "$[1]"},
      {new JsonType<List<java.net.URL>>() {}.type(), "[\"x\"]", "$[0]"},
      {new JsonType<List<List<Integer>>>() {}.type(), "[[1],[2,2.5]]", "$[1][1]"},
    };
    for (Object[] c : cases) {
      String json = (String) c[1];
      Map<Codecs, Outcome> outcomes = read((Type) c[0], json);
      assertThat(outcomes.values())
          .as(describe(json, (Type) c[0], outcomes))
          .allMatch(
              o ->
                  o instanceof Outcome.Refused r
                      && r.message().contains(" path " + c[2] + " (")
                      && !r.message().contains("; at path"));
    }
  }

  /**
   * A map key that fails to read is said once, without a path of its own inside the problem: Gson
   * read the key on a reader of its own and said {@code Cannot read a UUID from "x": not 8-4-4-4-12
   * hex digits at $} before the location.
   */
  @Test
  void aFailingMapKeyIsSaidWithoutAStrayPath() {
    Object[][] cases = {
      {Shapes.UuidKeyMap.class, "{\"v\":{\"x\":1}}"},
      {Shapes.IntKeyMap.class, "{\"v\":{\"x\":\"a\"}}"},
      {Shapes.ColorKeyMap.class, "{\"v\":{\"x\":1}}"},
      {Shapes.DoubleKeyMap.class, "{\"v\":{\"NaN\":\"a\"}}"},
    };
    for (Object[] c : cases) {
      String json = (String) c[1];
      Map<Codecs, Outcome> outcomes = read((Type) c[0], json);
      assertThat(outcomes.values())
          .as(describe(json, (Type) c[0], outcomes))
          .allMatch(
              o ->
                  o instanceof Outcome.Refused r
                      && !r.message().contains(" at $ ")
                      && !r.message().contains("; at path"));
    }
  }

  /**
   * A string of other than one character into a {@code char} is refused in the same words by every
   * codec, in every position. avaje-jsonb said {@code String index out of range: 0} for {@code ""}
   * and {@code Expected a char but was "ab" at path} (a sentence cut off before its location); Gson
   * {@code Expecting single character, got: 'ab' (length 2)}.
   */
  @Test
  void aStringOfOtherThanOneCharacterIntoACharIsSaidAlike() {
    Object[][] cases = {
      {Character.class, "\"\""},
      {char.class, "\"ab\""},
      {Shapes.CharBox.class, "{\"v\":\"\"}"},
      {Shapes.BoxedChar.class, "{\"v\":\"ab\"}"},
      {Shapes.CharArray.class, "{\"v\":[\"a\",\"\"]}"},
      {new JsonType<List<Character>>() {}.type(), "[\"abc\"]"},
    };
    for (Object[] c : cases) {
      String json = (String) c[1];
      Map<Codecs, Outcome> outcomes = read((Type) c[0], json);
      assertThat(outcomes.values())
          .as(describe(json, (Type) c[0], outcomes))
          .allMatch(
              o ->
                  o instanceof Outcome.Refused r
                      && r.message().contains(": a char is a string of one character at "));
    }
    assertEveryCodecReads(
        Shapes.CharArray.class,
        "{\"v\":[\"a\",\"\\u00e9\"]}",
        new Shapes.CharArray(new char[] {'a', '\u00e9'}));
  }

  /**
   * {@code null} into a primitive is refused in the same words by every codec, naming no library
   * setting, and a {@code short} out of range as an {@code int} is. Jackson 3 said {@code Cannot
   * map `null` into type `double` (set `DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES` to
   * 'false' to allow)}, a setting httpjson's user does not hold; avaje-jsonb said {@code Expecting
   * '"' for string start} for a {@code char}, and {@code Expected a short but was 40000 at path} (a
   * sentence cut off before its location) for a {@code short}.
   */
  @Test
  void aNullIntoAPrimitiveAndAShortOutOfRangeAreSaidAlike() {
    Object[][] cases = {
      {Shapes.IntBox.class, "{\"v\":null}", "Cannot read null into int"},
      {Shapes.DoubleBox.class, "{\"v\":null}", "Cannot read null into double"},
      {Shapes.BooleanBox.class, "{\"v\":null}", "Cannot read null into boolean"},
      {Shapes.CharBox.class, "{\"v\":null}", "Cannot read null into char"},
      {
        Shapes.ShortBox.class,
        "{\"v\":40000}",
        "Cannot read short from the number 40000: out of range of short"
      },
      {
        short[].class, "[-40000]", "Cannot read short from the number -40000: out of range of short"
      },
    };
    for (Object[] c : cases) {
      String json = (String) c[1];
      Map<Codecs, Outcome> outcomes = read((Type) c[0], json);
      assertThat(outcomes.values())
          .as(describe(json, (Type) c[0], outcomes))
          .allMatch(
              o ->
                  o instanceof Outcome.Refused r
                      && r.message().startsWith((String) c[2])
                      && !r.message().contains("DeserializationFeature")
                      && !r.message().contains(" at path at "));
    }
  }

  private static void assertEveryStreamFailsAt(
      Type element, Target.Stream format, String body, int before, String path) {
    Map<Codecs, Outcome> outcomes = stream(element, format, body.getBytes(UTF_8));
    assertThat(outcomes.values())
        .as(describe(body + " streamed as " + format, element, outcomes))
        .allMatch(
            o ->
                o instanceof Outcome.Cut cut
                    && cut.before().size() == before
                    && cut.message().contains(" path " + path + " ("));
  }

  /**
   * Every codec writes a string as the same text: U+2028 and U+2029 as themselves (Gson escaped
   * them), a control character as its short escape or a {@code \\u} escape with upper-case hex
   * digits (Gson wrote lower case; avaje-jsonb, in a string holding a lone surrogate, wrote {@code
   * \\u0008} for {@code \\b}). The run's round trips check every value so.
   */
  @Test
  void everyCodecEscapesAStringAlike() {
    String value = "a\u2028b\u2029c\u001f\b\t</script>é\"\\";
    String expected = "\"a\u2028b\u2029c\\u001F\\b\\t</script>é\\\"\\\\\"";
    for (String s : List.of(value, value + "\uD800")) {
      Map<Codecs, String> written = new EnumMap<>(Codecs.class);
      for (Codecs codec : Codecs.ALL) {
        try {
          written.put(
              codec, new String(JsonType.of(String.class, codec.options).toJsonBytes(s), UTF_8));
        } catch (JsonWriteException e) {
          written.put(codec, "refused: " + e.getMessage());
        }
      }
      String json =
          s.equals(value) ? expected : expected.substring(0, expected.length() - 1) + "\\uD800\"";
      assertThat(written)
          .allSatisfy((codec, text) -> assertThat(text).as(codec.label).isEqualTo(json));
    }
  }

  /**
   * README: a date or time is its ISO-8601 text, as Jackson writes it, with every codec, and reads
   * back. Gson wrote a {@code Year}, {@code YearMonth}, {@code MonthDay}, {@code Period}, {@code
   * ZoneId} or {@code ZoneOffset} as the object of its fields (and could not read the text), and a
   * {@code LocalTime} or {@code LocalDateTime} without its zero seconds and with its fraction in
   * groups of three; Jackson and avaje-jsonb wrote a {@code Year} as a number, which the Jackson
   * codecs then refused to read, and Jackson a {@code Month} as its number; avaje-jsonb wrote an
   * {@code OffsetTime}'s zero seconds.
   */
  @Test
  void everyDateAndTimeTypeIsWrittenAsItsIsoTextAndReadsBack() {
    Object[][] cases = {
      {LocalTime.of(1, 2), "\"01:02:00\""},
      {LocalTime.of(1, 2, 3, 500_000_000), "\"01:02:03.5\""},
      {LocalDateTime.of(2024, 1, 1, 0, 0), "\"2024-01-01T00:00:00\""},
      {LocalDateTime.of(2024, 1, 1, 0, 0, 0, 500_000_000), "\"2024-01-01T00:00:00.5\""},
      {OffsetTime.of(1, 0, 0, 0, ZoneOffset.UTC), "\"01:00Z\""},
      {Year.of(2024), "\"2024\""},
      {YearMonth.of(2024, 2), "\"2024-02\""},
      {MonthDay.of(2, 29), "\"--02-29\""},
      {Period.of(1, 2, 3), "\"P1Y2M3D\""},
      {ZoneId.of("Europe/Paris"), "\"Europe/Paris\""},
      {ZoneOffset.ofHours(2), "\"+02:00\""},
      {Month.MAY, "\"MAY\""},
      {Duration.ofMillis(1500), "\"PT1.5S\""},
    };
    for (Object[] c : cases) {
      Object value = c[0];
      String json = (String) c[1];
      @SuppressWarnings("unchecked")
      Class<Object> type =
          (Class<Object>)
              (value instanceof ZoneId && !(value instanceof ZoneOffset)
                  ? ZoneId.class
                  : value.getClass());
      Map<Codecs, String> written = new EnumMap<>(Codecs.class);
      for (Codecs codec : Codecs.ALL) {
        try {
          written.put(
              codec, new String(JsonType.of(type, codec.options).toJsonBytes(value), UTF_8));
        } catch (JsonWriteException e) {
          written.put(codec, "refused: " + e.getMessage());
        }
      }
      assertThat(written)
          .as("%s written", value)
          .allSatisfy((codec, text) -> assertThat(text).as(codec.label).isEqualTo(json));
      assertEveryCodecReads(type, json, value);
    }
    // A number is not a date or time, a year neither.
    assertEveryCodecRefuses(Year.class, "2024");
    assertEveryCodecRefuses(ZoneOffset.class, "7200");
    assertEveryCodecRefuses(Month.class, "5");
  }

  /**
   * README: a number or a boolean is not read into a string, nor into a {@code URI}, which is one.
   * Jackson 2 and 3 and Gson read {@code 1} as the URI {@code "1"}; avaje-jsonb refused it.
   */
  @Test
  void aNumberOrABooleanIsNotAUri() {
    for (String literal : List.of("1", "1.5", "-0", "true")) {
      assertEveryCodecRefuses(Shapes.UriBox.class, "{\"v\":" + literal + "}");
      assertEveryCodecRefuses(java.net.URI.class, literal);
    }
    assertEveryCodecReads(
        Shapes.UriBox.class,
        "{\"v\":\"https://example.com/a?b=1\"}",
        new Shapes.UriBox(java.net.URI.create("https://example.com/a?b=1")));
  }

  /**
   * An empty URI reference ({@code URI.create("")}, RFC 3986 section 4.1) is written as {@code ""}
   * by every codec, and reads back with every codec, in every position. The Jackson codecs refused
   * to read it (Gson and avaje-jsonb read it), saying it could be read by enabling a {@code
   * CoercionConfig}, which httpjson's user does not hold. A {@code URL} cannot be empty: every
   * codec refuses it, and no message points at a library's configuration.
   */
  @Test
  void anEmptyUriReadsBackAndAnEmptyUrlIsRefusedInPlainWords() {
    java.net.URI empty = java.net.URI.create("");
    Map<Codecs, String> written = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      try {
        written.put(
            codec,
            JsonType.of(Shapes.UriBox.class, codec.options).toJson(new Shapes.UriBox(empty)));
      } catch (JsonWriteException e) {
        written.put(codec, "refused: " + e.getMessage());
      }
    }
    assertThat(written)
        .allSatisfy((codec, json) -> assertThat(json).as(codec.label).isEqualTo("{\"v\":\"\"}"));
    assertEveryCodecReads(Shapes.UriBox.class, "{\"v\":\"\"}", new Shapes.UriBox(empty));
    assertEveryCodecReads(java.net.URI.class, "\"\"", empty);
    assertEveryCodecReads(new JsonType<List<java.net.URI>>() {}.type(), "[\"\"]", List.of(empty));
    assertEveryCodecReads(
        new JsonType<Map<String, java.net.URI>>() {}.type(), "{\"k\":\"\"}", Map.of("k", empty));

    for (Type type : List.of(java.net.URL.class, new JsonType<List<java.net.URL>>() {}.type())) {
      String json = type == java.net.URL.class ? "\"\"" : "[\"\"]";
      Map<Codecs, Outcome> outcomes = read(type, json);
      assertThat(outcomes.values())
          .as(describe(json, type, outcomes))
          .allMatch(o -> o instanceof Outcome.Refused r && !r.message().contains("CoercionConfig"));
    }
  }

  /**
   * A key repeated in an object read into a {@code Map} is said in the same words whatever the
   * key's type, where a codec refuses it (avaje-jsonb: see docs/codecs.md; the others keep the last
   * value). avaje-jsonb said {@code Duplicate key 'RED' in a map} for an enum key, but {@code Map
   * key 'a' has multiple values at path} (a sentence cut off before its location) for a {@code
   * String}, an {@code Integer} or a date key.
   */
  @Test
  void aRepeatedMapKeyIsSaidAlikeWhateverTheKeysType() {
    Object[][] cases = {
      {Shapes.LongMap.class, "{\"v\":{\"a\":1,\"a\":2}}", "a"},
      {Shapes.IntKeyMap.class, "{\"v\":{\"1\":\"a\",\"1\":\"b\"}}", "1"},
      {Shapes.DateKeyMap.class, "{\"v\":{\"2024-01-01\":1,\"2024-01-01\":2}}", "2024-01-01"},
      {Shapes.ColorKeyMap.class, "{\"v\":{\"RED\":1,\"RED\":2}}", "RED"},
      {new JsonType<Map<String, Integer>>() {}.type(), "{\"a\":1,\"a\":2}", "a"},
    };
    for (Object[] c : cases) {
      String json = (String) c[1];
      Map<Codecs, Outcome> outcomes = read((Type) c[0], json);
      String said = "Duplicate key '" + c[2] + "' in a map";
      assertThat(outcomes.values())
          .as(describe(json, (Type) c[0], outcomes))
          .allMatch(
              o ->
                  o instanceof Outcome.Value
                      || (o instanceof Outcome.Refused r
                          && r.message().startsWith(said)
                          && !r.message().contains("at path at")));
    }
  }

  /**
   * A {@code Set} keeps the document's order, as a {@code Map} does, with every codec, so that a
   * set read and written again is the same text. The Jackson codecs read a {@code HashSet}, in hash
   * order; Gson and avaje-jsonb a {@code LinkedHashSet}.
   */
  @Test
  void aSetKeepsTheDocumentsOrder() throws Exception {
    List<String> order = List.of("b", "c", "a", "é", "10", "9");
    String json = "[\"b\",\"c\",\"a\",\"é\",\"10\",\"9\"]";
    Map<String, List<String>> read = new java.util.LinkedHashMap<>();
    for (Codecs codec : Codecs.ALL) {
      try {
        read.put(
            codec.label + " (a component)",
            new ArrayList<>(
                JsonType.of(Shapes.SetBox.class, codec.options)
                    .fromJson("{\"v\":" + json + "}")
                    .v()));
        read.put(
            codec.label + " (the top level)",
            new ArrayList<>(
                new JsonType<java.util.Set<String>>() {}.withOptions(codec.options)
                    .fromJson(json)));
      } catch (dev.httpjson.HttpJsonException e) {
        throw new AssertionError(codec.label, e);
      }
    }
    assertThat(read)
        .allSatisfy((reader, elements) -> assertThat(elements).as(reader).isEqualTo(order));
  }

  /**
   * README: a date reads the text {@code Instant.parse} reads. An Instant at either end of its
   * range is written by every codec and was read back only by Jackson.
   */
  @Test
  void instantMaxReadsBackWithEveryCodec() {
    assertEveryCodecReads(Instant.class, "\"+1000000000-12-31T23:59:59.999999999Z\"", Instant.MAX);
    assertEveryCodecReads(Instant.class, "\"-1000000000-01-01T00:00:00Z\"", Instant.MIN);
  }

  /**
   * README: a name is valid Unicode, so a lone surrogate escape in a name is refused, and a map key
   * holding one fails to write. avaje read it (and refused to write it); the others refused it.
   */
  @Test
  void aLoneSurrogateEscapeInANameReadsAlike() {
    assertEveryCodecRefuses(Shapes.LongMap.class, "{\"v\":{\"\\ud800\":1}}");
    assertEveryCodecRefuses(Shapes.IntBox.class, "{\"\\udc00\":1}");
    Map<Codecs, String> written = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      try {
        JsonType.of(Shapes.LongMap.class, codec.options)
            .toJson(new Shapes.LongMap(Map.of("\uD800", 1L)));
        written.put(codec, "written");
      } catch (JsonWriteException e) {
        written.put(codec, "refused");
      }
    }
    assertThat(written.values()).as("writes: %s", written).containsOnly("refused");
  }

  /**
   * README: a date reads only the ISO-8601 text its type's {@code java.time} ISO formatter reads,
   * nothing trimmed. Jackson read a trailing space, an offset without a colon, a date-time as a
   * date; Gson and avaje read an Instant without seconds.
   */
  @Test
  void dateTextIsReadAlike() {
    assertEveryCodecRefuses(LocalDate.class, "\"2024-01-01 \"");
    assertEveryCodecRefuses(LocalDate.class, "\"2024-01-01T00:00:00Z\"");
    assertEveryCodecRefuses(OffsetDateTime.class, "\"2024-01-01T00:00:00+0100\"");
    assertEveryCodecRefuses(Instant.class, "\"2024-01-01T00:00Z\"");
  }

  /** README: a string holding no digits is not a number. Jackson 2 read "\u0000" as 0. */
  @Test
  void aNulInAStringIsNotANumber() {
    assertEveryCodecRefuses(Shapes.IntBox.class, "{\"v\":\"\\u0000\"}");
  }

  // ---- issue 29's judgment calls, still open: the codecs must at least agree ----

  @Test
  void aNumberIntoADateIsReadAlike() {
    assertEveryCodecAgrees(Instant.class, "0");
    assertEveryCodecAgrees(LocalDate.class, "0");
    assertEveryCodecAgrees(Instant.class, "\"1700000000\"");
  }

  @Test
  void anEmptyStringIsReadAlike() {
    assertEveryCodecAgrees(Integer.class, "\"\"");
    assertEveryCodecAgrees(Shapes.IntBox.class, "{\"v\":\"\"}");
    assertEveryCodecAgrees(Float.class, "\"\\f\"");
    assertEveryCodecAgrees(UUID.class, "\"\"");
  }

  @Test
  void aNumberIntoABooleanIsReadAlike() {
    assertEveryCodecAgrees(Boolean.class, "1");
  }

  @Test
  void aBooleanInAStringIsReadAlike() {
    assertEveryCodecAgrees(Boolean.class, "\"true\"");
    assertEveryCodecAgrees(Boolean.class, "\"yes\"");
  }

  @Test
  void aNumberIntoAStringIsReadAlike() {
    assertEveryCodecAgrees(String.class, "1");
    assertEveryCodecAgrees(Shapes.StringBox.class, "{\"v\":true}");
  }

  @Test
  void nanInAStringIsReadAlike() {
    assertEveryCodecAgrees(Double.class, "\"NaN\"");
  }

  /** README: a UUID reads only from a string. Jackson read a number as its bits. */
  @Test
  void aNumberIntoAUuidIsReadAlike() {
    assertEveryCodecRefuses(UUID.class, "6518969689176098396473");
  }

  // ---- found by the run over every position (arrays, optionals, map keys, streams) ----

  /**
   * README: input that starts with a UTF-16 byte order mark is not UTF-8 JSON and fails, a single
   * value's as a sequence's. Gson and avaje-jsonb read {@code FE FF 00 7B 00 7D} as an empty
   * object.
   */
  @Test
  void aUtf16ByteOrderMarkIsRefusedInEveryReadPath() {
    assertEveryCodecRefuses(Integer.class, utf16("1"));
    assertEveryCodecRefuses(Shapes.BoxedFloat.class, utf16("{}"));
    assertEveryCodecRefuses(new JsonType<Map<Integer, String>>() {}.type(), utf16("{}"));
    assertEveryCodecRefuses(Object.class, utf16("[]"));
    assertEveryStreamRefuses(Shapes.CaseNames.class, Target.Stream.ARRAY, utf16("[]"));
    assertEveryStreamRefuses(Integer.class, Target.Stream.NDJSON, utf16("1"));
  }

  /**
   * README: in bytes, a UTF-8 byte order mark is skipped, as a body's. Gson's NDJSON reader read
   * {@code 1e-2} after the mark as 0.01 and then failed at {@code 2}.
   */
  @Test
  void aUtf8ByteOrderMarkBeforeNdjsonIsSkipped() {
    byte[] body = "\uFEFF1e-2\n".getBytes(UTF_8);
    assertEveryStreamReads(Double.class, Target.Stream.NDJSON, body, List.of(0.01));
  }

  /**
   * Two components whose names differ only in case: a name matching one exactly goes to that one.
   * Jackson 3 and 2 read {@code "ab"} into {@code aB}, so nothing they write reads back.
   */
  @Test
  void aNameThatMatchesExactlyGoesToItsComponent() {
    assertEveryCodecReads(
        Shapes.CaseNames.class, "{\"ab\":\"x\"}", new Shapes.CaseNames("x", null));
    assertEveryCodecReads(
        Shapes.CaseNames.class, "{\"aB\":\"x\"}", new Shapes.CaseNames(null, "x"));
    assertEveryCodecReads(
        Shapes.CaseNames.class, "{\"ab\":\"a\",\"aB\":\"b\"}", new Shapes.CaseNames("a", "b"));
    assertEveryStreamReads(
        Shapes.CaseNames.class,
        Target.Stream.ARRAY,
        "[{\"ab\":\"x\"}]".getBytes(UTF_8),
        List.of(new Shapes.CaseNames("x", null)));
    // A name matching neither exactly: no rule says which, but every codec picks the same one.
    assertEveryCodecAgrees(Shapes.CaseNames.class, "{\"AB\":\"x\"}");
  }

  /** README: null into a primitive fails. Jackson 2 read null in a primitive array as zero. */
  @Test
  void nullIntoAPrimitiveArrayElementIsRefused() {
    assertEveryCodecRefuses(Shapes.IntArray.class, "{\"v\":[null]}");
    assertEveryCodecRefuses(Shapes.LongArray.class, "{\"v\":[null]}");
    assertEveryCodecRefuses(Shapes.DoubleArray.class, "{\"v\":[null]}");
    assertEveryCodecRefuses(Shapes.FloatArray.class, "{\"v\":[null]}");
    assertEveryCodecRefuses(char[].class, "[null]");
    assertEveryCodecRefuses(int[].class, "[1,null]");
  }

  /**
   * README: a number in a string is read in JSON's own syntax only, and an integral type reads no
   * fraction or exponent, in every position. Jackson read {@code "\t1"} and {@code ".5"} in
   * primitive arrays; Jackson and Gson read {@code " 1"} and {@code "5."} into an {@code
   * OptionalInt} or {@code OptionalDouble}; Gson read {@code "-0e0"} into an {@code OptionalInt}.
   */
  @Test
  void aNumberInAStringIsReadOnlyInJsonSyntaxInEveryPosition() {
    assertEveryCodecRefuses(Shapes.IntArray.class, "{\"v\":[\"\\t1\"]}");
    assertEveryCodecRefuses(Shapes.LongArray.class, "{\"v\":[\"\\t1\"]}");
    assertEveryCodecRefuses(Shapes.DoubleArray.class, "{\"v\":[\".5\"]}");
    assertEveryCodecRefuses(Shapes.OptionalIntBox.class, "{\"v\":\" 1\"}");
    assertEveryCodecRefuses(Shapes.OptionalIntBox.class, "{\"v\":\"-0e0\"}");
    assertEveryCodecRefuses(Shapes.OptionalDoubleBox.class, "{\"v\":\"5.\"}");
    assertEveryCodecRefuses(Shapes.OptionalDoubleBox.class, "{\"v\":\"NaN\"}");
    // What JSON's syntax allows reads in every position.
    assertEveryCodecReads(
        Shapes.OptionalIntBox.class,
        "{\"v\":\"12\"}",
        new Shapes.OptionalIntBox(OptionalInt.of(12)));
    assertEveryCodecReads(int[].class, "[\"-7\"]", new int[] {-7});
  }

  /**
   * README: a number map key is read as the number its text is in JSON's syntax. Jackson read
   * {@code "+1"}, {@code "01"} and {@code "١"} as 1, and {@code ".5"} as 0.5.
   */
  @Test
  void anIntegerMapKeyIsReadOnlyInJsonSyntax() {
    Type byInteger = new JsonType<Map<Integer, String>>() {}.type();
    assertEveryCodecRefuses(byInteger, "{\"+1\":\"x\"}");
    assertEveryCodecRefuses(byInteger, "{\" 1\":\"x\"}");
    assertEveryCodecRefuses(byInteger, "{\"01\":\"x\"}");
    assertEveryCodecRefuses(byInteger, "{\"\u0661\":\"x\"}");
    assertEveryCodecRefuses(Shapes.LongKeyMap.class, "{\"v\":{\"01\":1}}");
    assertEveryCodecRefuses(Shapes.DoubleKeyMap.class, "{\"v\":{\" 1\":\"x\"}}");
    assertEveryCodecRefuses(Shapes.DoubleKeyMap.class, "{\"v\":{\".5\":\"x\"}}");
    assertEveryCodecReads(byInteger, "{\"-1\":\"x\"}", Map.of(-1, "x"));
  }

  /**
   * README: a number past float's range into a float is refused, in every position. Jackson read
   * one in a {@code float[]} as Infinity; avaje-jsonb read a 10-digit exponent into a top-level
   * {@code Float} as Infinity.
   */
  @Test
  void aNumberPastFloatsRangeIsRefusedInEveryPosition() {
    assertEveryCodecRefuses(Shapes.FloatArray.class, "{\"v\":[4.196325905574478E73]}");
    assertEveryCodecRefuses(Float.class, "1E+2147483647");
    assertEveryCodecRefuses(Shapes.FloatList.class, "{\"v\":[1e39]}");
    assertEveryCodecRefuses(Shapes.FloatBox.class, "{\"v\":1e2147483648}");
  }

  /**
   * An element of a list in a list is read as its type, with its type's rules (an integral type
   * reads a value in its range only, a number in a string as the number). avaje-jsonb read
   * 4294967296 into a {@code List<List<Integer>>} (a {@code Long} in a list of {@code Integer}s),
   * {@code {}} (a {@code Map}), 1.5 (a {@code Double}) and {@code "12"} (a {@code String}).
   */
  // ---- failures at different paths, found by the longer run (200,000 documents) ----

  /**
   * An array where a list's {@code String} element is: every codec refuses it at the element.
   * Jackson 3 reads past it and refuses the record at {@code $} ("Unexpected token
   * (`JsonToken.END_ARRAY`) within Object value").
   */
  @Test
  void anArrayForAStringElementIsRefusedAtTheElement() {
    assertEveryCodecRefusesAt(Shapes.StringList.class, "{\"v\":[[\"x\"]]}", "$.v[0]");
  }

  /**
   * A {@code BigDecimal} whose exponent overflows, under a name matched regardless of case: the
   * path spells the name as the document does. Jackson 2 gives the declared name ({@code $.v[0]}),
   * as its failure carries no parser to read the name from.
   */
  @Test
  void aDecimalPastItsExponentIsRefusedAtThePathAsSpelt() {
    assertEveryCodecRefusesAt(Shapes.BigDecimalList.class, "{\"V\":[1e2147483648]}", "$.V[0]");
  }

  /**
   * A number past {@code long}'s range as a map's value in a streamed element: refused at the
   * value's key. Jackson 2's stream names the map ({@code $[0].counts}).
   */
  @Test
  void aNumberPastItsRangeInAStreamedMapIsRefusedAtItsKey() {
    byte[] body = "[{\"counts\":{\"u91\":20190122818952829285667}}]".getBytes(UTF_8);
    Map<Codecs, Outcome> outcomes = stream(Shapes.Mixed.class, Target.Stream.ARRAY, body);
    assertThat(outcomes.values())
        .as(describe(Show.document(body) + " streamed", Shapes.Mixed.class, outcomes))
        .allMatch(o -> o instanceof Outcome.Cut c && "$[0].counts.u91".equals(c.path()));
  }

  private static void assertEveryCodecRefusesAt(Type type, String json, String path) {
    Map<Codecs, String> paths = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      try {
        JsonType.of(type, codec.options).fromJson(json);
        paths.put(codec, "read");
      } catch (JsonReadException e) {
        paths.put(codec, e.path() + " (" + e.problem() + ")");
      } catch (Exception e) {
        paths.put(codec, e.toString());
      }
    }
    assertThat(paths.values())
        .as("%s into %s: %s", json, type.getTypeName(), paths)
        .allMatch(p -> p.startsWith(path + " ("));
  }

  /**
   * A failure of one cause is said in the same words (the problem's first line) by every codec, as
   * the run compares them under {@code -Dhttpjson.differential.problems=true}: a number in a string
   * that is no number, a token of another shape, a number past the type's range. Each codec worded
   * its library's mapping failures itself (Jackson: "Cannot deserialize value of type `int` from
   * String", "Numeric value (...) out of range of `int`"; Gson: "Expected a number but was ...";
   * avaje-jsonb: "Cannot read a number from ..."). {@code FailureWordsTest} holds the words for
   * every scalar type.
   */
  @Test
  void aFailureIsSaidInTheSameWordsByEveryCodec() throws Exception {
    for (String json : List.of("{\"v\":\"x\"}", "{\"v\":{}}", "{\"v\":99999999999}")) {
      Map<Codecs, String> problems = new EnumMap<>(Codecs.class);
      for (Codecs codec : Codecs.ALL) {
        try {
          JsonType.of(Shapes.IntBox.class, codec.options).fromJson(json);
          problems.put(codec, "read");
        } catch (JsonReadException e) {
          problems.put(codec, Outcome.firstLine(e.problem()));
        }
      }
      assertThat(new java.util.HashSet<>(problems.values()))
          .as("%s into IntBox: %s", json, problems)
          .hasSize(1);
    }
  }

  /**
   * avaje-jsonb's generated adapter for a record's {@code List<List<Integer>>} component asks for a
   * {@code List<List>}, so the inner elements are read untyped; no adapter factory of the codec can
   * tell which component asks, and avaje caches one adapter per type ({@code
   * AvajeContainerPositionRulesTest} says more).
   */
  @Tag("tofix")
  @Test
  void anElementOfAListInAListIsReadAsItsType() {
    assertEveryCodecRefuses(Shapes.IntegerLists.class, "{\"v\":[[4294967296]]}");
    assertEveryCodecRefuses(new JsonType<List<List<Integer>>>() {}.type(), "[[2147483648]]");
    assertEveryCodecRefuses(Shapes.IntegerLists.class, "{\"v\":[[{}]]}");
    assertEveryCodecRefuses(Shapes.IntegerLists.class, "{\"v\":[[1.5]]}");
    assertEveryCodecReads(
        Shapes.IntegerLists.class,
        "{\"v\":[[\"12\"]]}",
        new Shapes.IntegerLists(List.of(List.of(12))));
  }

  /**
   * README: a UUID reads only in the canonical 8-4-4-4-12 form, in every position. Jackson read a
   * 22-character base64 UUID and one followed by a NUL in a list, an Optional, a map value and a
   * stream.
   */
  @Test
  void aUuidIsReadOnlyInItsCanonicalFormInEveryPosition() {
    assertEveryCodecRefuses(Shapes.UuidBox.class, "{\"v\":\"Ej5FZ+ibEtOkVkJmFBdAAA==\"}");
    assertEveryCodecRefuses(
        Shapes.UuidBox.class, "{\"v\":\"123e4567-e89b-12d3-a456-426614174000 \"}");
    assertEveryCodecRefuses(Shapes.UuidList.class, "{\"v\":[\"Ej5FZ+ibEtOkVkJmFBdAAA\"]}");
    assertEveryCodecRefuses(Shapes.OptionalUuid.class, "{\"v\":\"Ej5FZ+ibEtOkVkJmFBdAAA\"}");
    assertEveryCodecRefuses(
        Shapes.UuidMap.class, "{\"v\":{\"a\":\"123e4567-e89b-12d3-a456-426614174000\\u0000\"}}");
    assertEveryStreamRefuses(
        UUID.class, Target.Stream.NDJSON, "\"Ej5FZ-ibEtOkVkJmFBdAAA==\"\n".getBytes(UTF_8));
  }

  /**
   * README: a value of the wrong shape is a JsonReadException. avaje-jsonb read {@code [{}]} into a
   * record; Gson read {@code []} into a map.
   */
  @Test
  void aValueOfTheWrongShapeIsRefused() {
    assertEveryCodecRefuses(Shapes.Mixed.class, "[{}]");
    assertEveryCodecRefuses(Shapes.FloatArray.class, "[{}]");
    assertEveryCodecRefuses(Shapes.ListMap.class, "{\"v\":[]}");
    assertEveryCodecRefuses(Shapes.IntKeyMap.class, "{\"v\":[]}");
    assertEveryCodecRefuses(new JsonType<Map<String, Object>>() {}.type(), "[]");
    assertEveryCodecRefuses(new JsonType<Map<String, Object>>() {}.type(), "[{}]");
    assertEveryCodecRefuses(Shapes.StringMap.class, "{\"v\":[{}]}");
    assertEveryCodecRefuses(new JsonType<List<Double>>() {}.type(), "\"[]\"");
    assertEveryStreamRefuses(Shapes.IntBox.class, Target.Stream.NDJSON, "[{}]\n".getBytes(UTF_8));
    assertEveryStreamRefuses(Shapes.Mixed.class, Target.Stream.ARRAY, "[[{}]]".getBytes(UTF_8));
  }

  /**
   * README: an Optional reads JSON null as empty, OptionalInt, OptionalLong and OptionalDouble too.
   * avaje-jsonb read null as a null {@code OptionalInt}.
   */
  @Test
  void nullIntoAPrimitiveOptionalIsEmpty() {
    assertEveryCodecReads(
        Shapes.OptionalIntBox.class,
        "{\"v\":null}",
        new Shapes.OptionalIntBox(OptionalInt.empty()));
    assertEveryCodecReads(
        Shapes.OptionalLongBox.class,
        "{\"v\":null}",
        new Shapes.OptionalLongBox(OptionalLong.empty()));
    assertEveryCodecReads(
        Shapes.OptionalDoubleBox.class,
        "{\"v\":null}",
        new Shapes.OptionalDoubleBox(OptionalDouble.empty()));
  }

  /**
   * README: a stream delivers an element only once it is complete (a number or literal in an array
   * once the {@code ,} or {@code ]} after it is read), then the failure. Jackson delivered 1 from
   * {@code [1_000]}, Jackson 2 0.0 from {@code [0.0.1]}, avaje-jsonb 1.0 from {@code [1.]};
   * avaje-jsonb did not deliver 65535 from a body cut after it, the others did.
   */
  @Test
  void aStreamThatFailsDeliversTheSameElementsFirst() {
    assertEveryStreamAgrees(Integer.class, Target.Stream.ARRAY, "[1_000]".getBytes(UTF_8));
    assertEveryStreamAgrees(Integer.class, Target.Stream.ARRAY, "[65535".getBytes(UTF_8));
    assertEveryStreamAgrees(Double.class, Target.Stream.ARRAY, "[1.5e-1000".getBytes(UTF_8));
    assertEveryStreamAgrees(Double.class, Target.Stream.ARRAY, "[0.0.1]".getBytes(UTF_8));
    assertEveryStreamAgrees(Double.class, Target.Stream.ARRAY, "[1.]".getBytes(UTF_8));
    assertEveryStreamCuts(
        Integer.class, Target.Stream.ARRAY, "[7,65535".getBytes(UTF_8), List.of(7));
    assertEveryStreamCuts(
        Double.class, Target.Stream.NDJSON, "2\n1.".getBytes(UTF_8), List.of(2.0));
  }

  /**
   * README: a {@code byte[]} reads only padded standard base64 (RFC 4648 section 4) from a string,
   * nothing else in it, in every position. Jackson 3 read base64 with a blank, a tab or a line
   * break in it.
   */
  @Test
  void aByteArrayReadsOnlyPaddedStandardBase64() {
    for (String text :
        List.of(
            "\"AQ I=\"",
            "\"AQI=\\n\"",
            "\"AQ\\r\\nI=\"",
            "\" AQI=\"",
            "\"AQ\\tI=\"",
            "\"-_8=\"",
            "\"AQI\"")) {
      assertEveryCodecRefuses(byte[].class, text);
      assertEveryCodecRefuses(new JsonType<List<byte[]>>() {}.type(), "[" + text + "]");
      assertEveryCodecRefuses(
          new JsonType<Map<String, byte[]>>() {}.type(), "{\"k\":" + text + "}");
      assertEveryStreamRefuses(
          byte[].class, Target.Stream.ARRAY, ("[" + text + "]").getBytes(UTF_8));
    }
    assertEveryCodecReads(byte[].class, "\"+/8=\"", new byte[] {(byte) 0xFB, (byte) 0xFF});
  }

  /**
   * README: {@code null} into an {@code Optional} is empty in every position, the top level and a
   * stream element too. Gson read a top-level null as a null reference, the others as empty.
   */
  @Test
  void aTopLevelNullIntoAnOptionalIsEmpty() {
    Type optional = new JsonType<Optional<Integer>>() {}.type();
    assertEveryCodecReads(optional, "null", Optional.empty());
    assertEveryStreamReads(
        optional,
        Target.Stream.ARRAY,
        "[null,1]".getBytes(UTF_8),
        List.of(Optional.empty(), Optional.of(1)));
    assertEveryStreamReads(
        optional, Target.Stream.NDJSON, "null\n".getBytes(UTF_8), List.of(Optional.empty()));
  }

  /**
   * README: a number into a {@code char} or {@code Character} is refused, as into a {@code String},
   * in every position. Jackson read 65 as 'A', Gson 0 as '0'; avaje-jsonb refused.
   */
  @Test
  void aNumberIntoACharIsRefused() {
    assertEveryCodecRefuses(Character.class, "65");
    assertEveryCodecRefuses(char.class, "65");
    assertEveryCodecRefuses(Shapes.BoxedChar.class, "{\"v\":0}");
    assertEveryStreamRefuses(Character.class, Target.Stream.ARRAY, "[65]".getBytes(UTF_8));
  }

  /**
   * README: a {@code BigDecimal} reads any exponent it can hold exactly, within {@code
   * maxNumberLength}. avaje-jsonb refused a 10-digit one, the others read it.
   */
  @Test
  void aTenDigitExponentIntoABigDecimalIsReadExactly() {
    assertEveryCodecReads(BigDecimal.class, "-1e1000000000", new BigDecimal("-1e1000000000"));
  }

  /**
   * README: a {@code char[]} is written (and read) as an array of one-character strings, by every
   * codec. Jackson wrote a string, Gson and avaje-jsonb an array, and neither read the other's.
   */
  @Test
  void aCharArrayIsWrittenAlike() throws JsonWriteException {
    Map<Codecs, String> written = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      written.put(codec, JsonType.of(char[].class, codec.options).toJson(new char[] {'a', 'b'}));
    }
    assertThat(java.util.Set.copyOf(written.values()))
        .as("writes: %s", written)
        .containsExactly("[\"a\",\"b\"]");
  }

  /**
   * README: writing a NaN or an infinity is a JsonWriteException, in arrays, lists, maps and
   * optionals too. Jackson 3 and 2 wrote {@code OptionalDouble.of(NaN)} as {@code "NaN"}.
   */
  @Test
  void aNonFiniteDoubleIsNotWrittenInAnyPosition() {
    List<Object> values =
        List.of(
            new Shapes.OptionalDoubleBox(OptionalDouble.of(Double.NaN)),
            new Shapes.OptionalDouble(Optional.of(Double.POSITIVE_INFINITY)),
            new Shapes.DoubleArray(new double[] {1, Double.NaN}),
            new Shapes.FloatArray(new float[] {Float.NEGATIVE_INFINITY}),
            new Shapes.FloatList(List.of(Float.NaN)),
            new Shapes.DoubleMap(Map.of("a", Double.NaN)),
            new Shapes.DoubleKeyMap(Map.of(Double.NaN, "a")),
            new double[] {Double.NaN});
    List<String> written = new ArrayList<>();
    for (Object value : values) {
      for (Codecs codec : Codecs.ALL) {
        try {
          @SuppressWarnings("unchecked")
          JsonType<Object> type = (JsonType<Object>) JsonType.of(value.getClass(), codec.options);
          written.add(codec.label + " wrote " + Show.text(value) + " as " + type.toJson(value));
        } catch (JsonWriteException e) {
          // Refused, as the README says.
        }
      }
    }
    assertThat(written).isEmpty();
  }

  /**
   * README: a map key holding a lone surrogate fails to write, a {@code Character} key too. Jackson
   * 3 and 2 wrote {@code '\uD800'} as the name {@code "\uD800"}, which no codec reads back.
   */
  @Test
  void aLoneSurrogateCharMapKeyIsNotWritten() {
    List<String> written = new ArrayList<>();
    Shapes.CharKeyMap value = new Shapes.CharKeyMap(Map.of('\uD800', 1));
    for (Codecs codec : Codecs.ALL) {
      try {
        written.add(
            codec.label
                + " wrote "
                + JsonType.of(Shapes.CharKeyMap.class, codec.options).toJson(value));
      } catch (JsonWriteException e) {
        // Refused, as the README says.
      }
    }
    assertThat(written).isEmpty();
  }

  // ---- found by the widened run (other types, nested generics, the other options) ----

  /**
   * README: a {@code URI} is a string, read as {@code URI.create} reads it, nothing trimmed.
   * Jackson 3 and 2 trimmed blanks and control characters ({@code "\t1"} read as {@code 1}, {@code
   * "\u0000"} as the empty URI); Gson and avaje-jsonb refused.
   */
  @Test
  void aUriIsReadFromItsOwnTextOnly() {
    for (String text : List.of("\"\\t1\"", "\"\\u0000\"", "\" http://a/\"", "\" \"")) {
      assertEveryCodecRefuses(java.net.URI.class, text);
      assertEveryCodecRefuses(Shapes.UriBox.class, "{\"v\":" + text + "}");
      assertEveryCodecRefuses(new JsonType<List<java.net.URI>>() {}.type(), "[" + text + "]");
      assertEveryStreamRefuses(
          java.net.URI.class, Target.Stream.ARRAY, ("[" + text + "]").getBytes(UTF_8));
    }
    assertEveryCodecReads(
        java.net.URI.class, "\"http://a/b?c#d\"", java.net.URI.create("http://a/b?c#d"));
    assertEveryCodecReads(java.net.URI.class, "\"\"", java.net.URI.create(""));
  }

  /**
   * README: an ignored property's value is checked as a read one is, a number against {@code
   * maxNumberLength} too. Gson skipped a number of an unknown property unchecked; the others
   * refused it.
   */
  @Test
  void anIgnoredPropertysNumberIsHeldToTheNumberLimit() throws Exception {
    Target limits = new Target(Shapes.StringList.class, null, Target.Variant.LIMITS);
    String json = "{\"x\":38405078452549862316469962799697845520516538262,\"v\":[]}";
    Map<Codecs, Outcome> outcomes = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      try {
        outcomes.put(codec, new Outcome.Value(limits.in(codec).fromJson(json)));
      } catch (JsonReadException e) {
        outcomes.put(codec, Outcome.Refused.of(e));
      }
    }
    assertThat(outcomes.values())
        .as(describe(json, Shapes.StringList.class, outcomes))
        .allMatch(o -> o instanceof Outcome.Refused r && r.problem().startsWith("Number value"));
  }

  /**
   * README: an ignored property's value is checked as a read one is, a string against {@code
   * maxStringLength} too. Jackson 3 and 2 skip an unknown property's string without its length;
   * Gson and avaje-jsonb refuse it.
   */
  @Test
  void anIgnoredPropertysStringIsHeldToTheStringLimit() throws Exception {
    Target limits = new Target(Shapes.StringList.class, null, Target.Variant.LIMITS);
    String json = "{\"x\":\"RqgB.nt-u@P,~;^9z-/5\",\"v\":[]}";
    Map<Codecs, Outcome> outcomes = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      try {
        outcomes.put(codec, new Outcome.Value(limits.in(codec).fromJson(json)));
      } catch (JsonReadException e) {
        outcomes.put(codec, Outcome.Refused.of(e));
      }
    }
    assertThat(outcomes.values())
        .as(describe(json, Shapes.StringList.class, outcomes))
        .allMatch(o -> o instanceof Outcome.Refused r && r.problem().startsWith("String value"));
  }

  /**
   * avaje-jsonb's generated adapter erases a generic type inside another one of a record component,
   * as for a list in a list (above): an {@code Optional<Integer>} in a list is read untyped (a long
   * in it), and a {@code Map<Integer, String>} in a list with string keys, never checked.
   */
  @Tag("tofix")
  @Test
  void anElementOfAGenericInAGenericComponentIsReadAsItsType() {
    assertEveryCodecRefuses(Shapes.Nested.class, "{\"maybes\":[9007199254740993]}");
    assertEveryCodecRefuses(Shapes.Nested.class, "{\"maybes\":[[]]}");
    assertEveryCodecRefuses(Shapes.Nested.class, "{\"tables\":[{\"01\":\"\"}]}");
  }

  /**
   * avaje-jsonb writes a {@code Map<Integer, String>} in a list component with a string key
   * adapter, and fails on the first key ("Integer cannot be cast to String"): the same erasure.
   */
  @Tag("tofix")
  @Test
  void aMapInAListComponentIsWrittenByItsKeyType() {
    Shapes.Nested value =
        new Shapes.Nested(
            List.of(), Map.of(), List.of(Map.of(1, "a")), Map.of(), List.of(), Optional.empty());
    Map<Codecs, String> written = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      try {
        written.put(codec, JsonType.of(Shapes.Nested.class, codec.options).toJson(value));
      } catch (JsonWriteException e) {
        written.put(codec, "refused: " + e.getMessage());
      }
    }
    assertThat(java.util.Set.copyOf(written.values()))
        .as("writes: %s", written)
        .containsExactly(
            "{\"maybes\":[],\"maybeByName\":{},\"tables\":[{\"1\":\"a\"}],\"idsByColor\":{},"
                + "\"blobs\":[],\"counts\":null}");
  }

  /**
   * README: a failure's JSON path is the same from every codec. With unknown properties refused,
   * Jackson 3 and 2 buffer an unknown property of a record (a creator's object) and report it once
   * the record's other properties are read, so a later failure is the one they report; Gson and
   * avaje-jsonb refuse the unknown property where it stands.
   */
  @Test
  void anUnknownPropertyIsRefusedBeforeALaterFailure() throws Exception {
    Map<Codecs, String> paths = new EnumMap<>(Codecs.class);
    Target strict = new Target(Shapes.Mixed.class, null, Target.Variant.STRICT);
    for (Codecs codec : Codecs.ALL) {
      try {
        strict.in(codec).fromJson("{\"B\":128,\"color\":\"\"}");
        paths.put(codec, "read");
      } catch (JsonReadException e) {
        paths.put(codec, e.path());
      }
    }
    assertThat(paths.values()).as("paths: %s", paths).allMatch("$.B"::equals);
  }

  /**
   * README: a number is held to {@code maxNumberLength}, a string to {@code maxStringLength}.
   * Jackson 3 and 2 read a number's text as a string where a floating-point number is read untyped
   * ({@code Object}, a map's value) or a failure quotes it, so a number longer than {@code
   * maxStringLength} and within {@code maxNumberLength} failed with the string limit.
   */
  @Test
  void aNumberIsHeldToTheNumberLimitNotTheStringLimit() throws Exception {
    Target limits = new Target(Object.class, null, Target.Variant.LIMITS);
    Map<Codecs, Outcome> outcomes = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      try {
        outcomes.put(codec, new Outcome.Value(limits.in(codec).fromJson("[1000000000000000.5]")));
      } catch (JsonReadException e) {
        outcomes.put(codec, Outcome.Refused.of(e));
      }
    }
    assertThat(outcomes.values())
        .as(describe("[1000000000000000.5]", Object.class, outcomes))
        .allMatch(o -> o.agreesWith(new Outcome.Value(List.of(1.0000000000000005E15))));
  }

  /**
   * README: a number is held to {@code maxNumberLength}, a string to {@code maxStringLength}.
   * Jackson 3 and 2 parse an integer past a {@code long} (into a {@code BigInteger}, a {@code long}
   * it overflows, or untyped) from its text read as a string, held to {@code maxStringLength}: 21
   * digits under a string limit of 16 and a number limit of 24 fail naming the string limit.
   */
  @Tag("tofix")
  @Test
  void anIntegerPastALongIsHeldToTheNumberLimitNotTheStringLimit() throws Exception {
    Target limits = new Target(java.math.BigInteger.class, null, Target.Variant.LIMITS);
    Map<Codecs, Outcome> outcomes = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      try {
        outcomes.put(codec, new Outcome.Value(limits.in(codec).fromJson("100000000000000000000")));
      } catch (JsonReadException e) {
        outcomes.put(codec, Outcome.Refused.of(e));
      }
    }
    assertThat(outcomes.values())
        .as(describe("100000000000000000000", java.math.BigInteger.class, outcomes))
        .allMatch(
            o ->
                o.agreesWith(new Outcome.Value(new java.math.BigInteger("100000000000000000000"))));
  }

  /**
   * README: a failure's JSON path is the same from every codec, an element's index its place in the
   * document. Jackson 3 and 2 named an element of a {@code Set} by the size of the set read so far,
   * so after a repeated element the index was too small ({@code $[1]} for the third element of
   * {@code ["","",{}]}); Gson and avaje-jsonb say {@code $[2]}.
   */
  @Test
  void aFailingSetElementIsNamedByItsIndexInTheDocument() {
    assertEveryCodecRefusesAt(
        new JsonType<java.util.Set<String>>() {}.type(), "[\"\",\"\",{}]", "$[2]");
    assertEveryCodecRefusesAt(Shapes.SetBox.class, "{\"v\":[\"a\",\"a\",1]}", "$.v[2]");
  }

  /**
   * README: a number over {@code maxNumberLength} fails naming it, whichever path reads it. Jackson
   * 2 read a top-level {@code BigDecimal} of 26 characters under a limit of 24 from a {@code
   * String} ({@code fromJson(String)}), and refused it from bytes, as every other codec does.
   */
  @Test
  void aNumberFromTextIsHeldToTheNumberLimit() throws Exception {
    Target limits = new Target(BigDecimal.class, null, Target.Variant.LIMITS);
    Map<Codecs, Outcome> outcomes = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      try {
        outcomes.put(
            codec, new Outcome.Value(limits.in(codec).fromJson("43.64192701502801072422487")));
      } catch (JsonReadException e) {
        outcomes.put(codec, Outcome.Refused.of(e));
      }
    }
    assertThat(outcomes.values())
        .as(describe("43.64192701502801072422487 (a String)", BigDecimal.class, outcomes))
        .allMatch(o -> o instanceof Outcome.Refused);
  }

  /**
   * README: {@code java.time} values are written as their ISO-8601 text and read back from it, as
   * the type's {@code parse} reads it. A {@code YearMonth} past year 9999 was written by every
   * codec as its {@code toString()} ({@code "10537-09"}), which {@code YearMonth.parse} refuses
   * (ISO 8601 signs an expanded year: {@code "+10537-09"}); and Jackson 3 and 2 read a {@code
   * YearMonth} by a pattern of their own, which takes {@code "10537-09"} and refuses {@code
   * "+10000-01"}.
   */
  @Test
  void aYearMonthPastYear9999IsWrittenAsItsIsoTextAndReadBack() throws JsonWriteException {
    Map<Codecs, String> written = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      written.put(
          codec, JsonType.of(YearMonth.class, codec.options).toJson(YearMonth.of(10537, 9)));
    }
    assertThat(java.util.Set.copyOf(written.values()))
        .as("writes: %s", written)
        .containsExactly("\"+10537-09\"");
    assertEveryCodecReads(YearMonth.class, "\"+10000-01\"", YearMonth.of(10000, 1));
    assertEveryCodecRefuses(YearMonth.class, "\"10537-09\"");
  }

  private static byte[] utf16(String text) {
    byte[] chars = text.getBytes(java.nio.charset.StandardCharsets.UTF_16BE);
    byte[] out = new byte[chars.length + 2];
    out[0] = (byte) 0xFE;
    out[1] = (byte) 0xFF;
    System.arraycopy(chars, 0, out, 2, chars.length);
    return out;
  }

  private static Map<Codecs, Outcome> stream(Type element, Target.Stream format, byte[] body) {
    Target target = new Target(element, format);
    Map<Codecs, Outcome> outcomes = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      outcomes.put(codec, Streams.read(target, codec, body));
    }
    return outcomes;
  }

  private static void assertEveryStreamRefuses(Type element, Target.Stream format, byte[] body) {
    Map<Codecs, Outcome> outcomes = stream(element, format, body);
    assertThat(outcomes.values())
        .as(describe(Show.document(body) + " streamed as " + format, element, outcomes))
        .allMatch(o -> o instanceof Outcome.Cut);
  }

  private static void assertEveryStreamAgrees(Type element, Target.Stream format, byte[] body) {
    Map<Codecs, Outcome> outcomes = stream(element, format, body);
    assertThat(Differential.agree(outcomes))
        .as(describe(Show.document(body) + " streamed as " + format, element, outcomes))
        .isTrue();
  }

  /** Every codec delivers {@code before}, then fails. */
  private static void assertEveryStreamCuts(
      Type element, Target.Stream format, byte[] body, List<Object> before) {
    Map<Codecs, Outcome> outcomes = stream(element, format, body);
    assertThat(outcomes.values())
        .as(describe(Show.document(body) + " streamed as " + format, element, outcomes))
        .allMatch(o -> o instanceof Outcome.Cut cut && Same.values(cut.before(), before));
  }

  private static void assertEveryStreamReads(
      Type element, Target.Stream format, byte[] body, List<Object> expected) {
    Map<Codecs, Outcome> outcomes = stream(element, format, body);
    assertThat(outcomes.values())
        .as(describe(Show.document(body) + " streamed as " + format, element, outcomes))
        .allMatch(o -> o.agreesWith(new Outcome.Value(expected)));
  }

  private static void assertEveryCodecRefuses(Type type, byte[] bytes) {
    Map<Codecs, Outcome> outcomes = read(type, bytes);
    assertThat(outcomes.values())
        .as(describe(Show.document(bytes), type, outcomes))
        .allMatch(o -> o instanceof Outcome.Refused);
  }

  // ----

  private static Map<Codecs, Outcome> read(Type type, String json) {
    return read(type, json.getBytes(UTF_8));
  }

  private static Map<Codecs, Outcome> read(Type type, byte[] bytes) {
    Map<Codecs, Outcome> outcomes = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      try {
        outcomes.put(codec, new Outcome.Value(JsonType.of(type, codec.options).fromJson(bytes)));
      } catch (JsonReadException e) {
        outcomes.put(codec, new Outcome.Refused(e.getMessage()));
      } catch (Exception e) {
        outcomes.put(codec, new Outcome.Crashed(e));
      }
    }
    return outcomes;
  }

  private static String describe(String json, Type type, Map<Codecs, Outcome> outcomes) {
    List<String> lines = new ArrayList<>();
    lines.add(Show.escape(json) + " → " + type.getTypeName());
    outcomes.forEach((codec, outcome) -> lines.add("  " + codec.label + ": " + outcome));
    return String.join("\n", lines);
  }

  private static void assertEveryCodecAgrees(Type type, String json) {
    Map<Codecs, Outcome> outcomes = read(type, json);
    assertThat(Differential.agree(outcomes)).as(describe(json, type, outcomes)).isTrue();
  }

  private static void assertEveryCodecRefuses(Type type, String json) {
    Map<Codecs, Outcome> outcomes = read(type, json);
    assertThat(outcomes.values())
        .as(describe(json, type, outcomes))
        .allMatch(o -> o instanceof Outcome.Refused);
  }

  private static void assertEveryCodecReads(Type type, String json, Object expected) {
    Map<Codecs, Outcome> outcomes = read(type, json);
    assertThat(outcomes.values())
        .as(describe(json, type, outcomes))
        .allMatch(o -> o.agreesWith(new Outcome.Value(expected)));
  }
}
