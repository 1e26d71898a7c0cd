package dev.httpjson.differential;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import java.lang.reflect.Type;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
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
   * same string". Gson refuses to read it.
   */
  @Tag("tofix")
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

  // ----

  private static Map<Codecs, Outcome> read(Type type, String json) {
    Map<Codecs, Outcome> outcomes = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      try {
        outcomes.put(
            codec,
            new Outcome.Value(JsonType.of(type, codec.options).fromJson(json.getBytes(UTF_8))));
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
