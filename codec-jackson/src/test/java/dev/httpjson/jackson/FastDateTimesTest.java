package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.httpjson.JsonOptions;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TimeZone;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The hand-written date-time reader against Jackson's own: for every string, the same value or a
 * failure from both — over the strings the fast path takes and the ones around them it must leave
 * to Jackson.
 */
class FastDateTimesTest {

  @Test
  void theWebMapperReadsDateTimesWithTheFastReaders() {
    JsonMapper web = JacksonCodec.newMapper(JsonOptions.web());
    assertThat(deserializer(web, OffsetDateTime.class))
        .isInstanceOf(FastDateTimes.OffsetDateTimes.class);
    assertThat(deserializer(web, Instant.class)).isInstanceOf(FastDateTimes.Instants.class);
  }

  @Test
  void readsWhatJacksonReadsForGeneratedStrings() {
    List<String> inputs = generated(new Random(42), 4_000);
    inputs.addAll(edges());
    for (UnaryOperator<JsonMapper.Builder> config : configurations()) {
      JsonMapper stock = config.apply(JsonMapper.builder()).build();
      JsonMapper fast = config.apply(JsonMapper.builder()).addModule(FastDateTimes.MODULE).build();
      int fastPath = 0;
      for (String s : inputs) {
        assertSameOutcome(stock, fast, s, OffsetDateTime.class);
        assertSameOutcome(stock, fast, s, Instant.class);
        fastPath += FastDateTimes.parse(s) != null ? 1 : 0;
      }
      assertThat(fastPath).as("strings the fast path took").isGreaterThan(500);
    }
  }

  @Test
  void theCommonShapesTakeTheFastPath() {
    assertThat(FastDateTimes.parse("2026-11-30T09:15:00Z"))
        .isEqualTo(OffsetDateTime.of(2026, 11, 30, 9, 15, 0, 0, ZoneOffset.UTC));
    assertThat(FastDateTimes.parse("2026-11-30T09:15:00.1234567+01:00"))
        .isEqualTo(OffsetDateTime.of(2026, 11, 30, 9, 15, 0, 123_456_700, ZoneOffset.ofHours(1)));
    assertThat(FastDateTimes.parse("2024-02-29T23:59:59.999999999-18:00")).isNotNull();
    assertThat(FastDateTimes.parse("2023-02-29T00:00:00Z")).isNull();
    assertThat(FastDateTimes.parse("2026-11-30T09:15:00.1234567890Z")).isNull();
    assertThat(FastDateTimes.parse("2026-11-30T09:15:00+0100")).isNull();
  }

  record Stamped(@JsonFormat(pattern = "dd/MM/yyyy HH:mm xxx") OffsetDateTime at) {}

  @Test
  void aFormatSetOnThePropertyIsJacksons() {
    JsonMapper web = JacksonCodec.newMapper(JsonOptions.web());
    Stamped s = web.readValue("{\"at\":\"30/11/2026 09:15 +01:00\"}", Stamped.class);
    assertThat(s.at())
        .isEqualTo(OffsetDateTime.of(2026, 11, 30, 9, 15, 0, 0, ZoneOffset.ofHours(1)));
  }

  private static List<UnaryOperator<JsonMapper.Builder>> configurations() {
    return List.of(
        b -> b.disable(DateTimeFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE), // httpjson's web()
        b -> b.enable(DateTimeFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE),
        b ->
            b.enable(DateTimeFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                .defaultTimeZone(TimeZone.getTimeZone("Europe/Paris")),
        b ->
            b.enable(DateTimeFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                .enable(DateTimeFeature.TRUNCATE_TO_MSECS_ON_READ)
                .defaultTimeZone(TimeZone.getTimeZone("America/New_York")));
  }

  private static void assertSameOutcome(
      JsonMapper stock, JsonMapper fast, String s, Class<?> type) {
    String json = "\"" + s + "\"";
    Object expected;
    try {
      expected = stock.readValue(json, type);
    } catch (RuntimeException e) {
      expected = "failed: " + e.getClass().getName();
    }
    Object actual;
    try {
      actual = fast.readValue(json, type);
    } catch (RuntimeException e) {
      actual = "failed: " + e.getClass().getName();
    }
    assertThat(actual).as("%s as %s", s, type.getSimpleName()).isEqualTo(expected);
  }

  /** Mostly the fast path's shape, with a field out of range or a character off now and then. */
  private static List<String> generated(Random r, int count) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      StringBuilder b = new StringBuilder();
      b.append(pad(r.nextInt(20) == 0 ? r.nextInt(10_000) : 1900 + r.nextInt(300), 4));
      b.append('-').append(pad(r.nextInt(20) == 0 ? r.nextInt(14) : 1 + r.nextInt(12), 2));
      b.append('-').append(pad(r.nextInt(20) == 0 ? r.nextInt(33) : 1 + r.nextInt(31), 2));
      b.append(r.nextInt(50) == 0 ? 't' : 'T');
      b.append(pad(r.nextInt(20) == 0 ? 24 : r.nextInt(24), 2));
      b.append(':').append(pad(r.nextInt(30) == 0 ? 60 : r.nextInt(60), 2));
      b.append(':').append(pad(r.nextInt(30) == 0 ? 60 : r.nextInt(60), 2));
      int fraction = r.nextInt(12) - 1; // -1: none; 0: a bare dot; 10, 11: too many digits
      if (fraction >= 0) {
        b.append('.');
        for (int d = 0; d < fraction; d++) {
          b.append((char) ('0' + r.nextInt(10)));
        }
      }
      switch (r.nextInt(8)) {
        case 0:
          b.append('Z');
          break;
        case 1:
          b.append(r.nextInt(10) == 0 ? "z" : "Z");
          break;
        case 2:
          b.append(r.nextBoolean() ? '+' : '-')
              .append(pad(r.nextInt(20), 2))
              .append(':')
              .append(pad(r.nextInt(61), 2));
          break;
        case 3:
          b.append(r.nextBoolean() ? "+00:00" : "-00:00");
          break;
        case 4:
          b.append(r.nextBoolean() ? '+' : '-').append(pad(r.nextInt(19), 2)).append("00");
          break;
        case 5:
          b.append(r.nextBoolean() ? '+' : '-').append(pad(r.nextInt(19), 2));
          break;
        case 6:
          b.append(r.nextBoolean() ? "+18:00" : "-18:00");
          break;
        default:
          // no offset
      }
      String s = b.toString();
      out.add(r.nextInt(40) == 0 ? " " + s : s);
    }
    return out;
  }

  private static List<String> edges() {
    return new ArrayList<>(
        List.of(
            "0000-01-01T00:00:00Z",
            "9999-12-31T23:59:59.999999999Z",
            "2000-02-29T12:00:00Z",
            "1900-02-29T12:00:00Z",
            "2026-11-30T09:15:00.Z",
            "2026-11-30T09:15:00+18:01",
            "2026-11-30T09:15:00+14:00",
            "2026-11-30T09:15:00-00:00",
            "2026-11-30T09:15Z",
            "2026-11-30 09:15:00Z",
            "2026-11-30T09:15:00Z ",
            "+2026-11-30T09:15:00Z",
            "1700000000",
            "1700000000.5",
            "",
            "x"));
  }

  private static String pad(int value, int width) {
    String s = Integer.toString(value);
    return "0".repeat(Math.max(0, width - s.length())) + s;
  }

  private static Object deserializer(JsonMapper mapper, Class<?> type) {
    return mapper._deserializationContext().findRootValueDeserializer(mapper.constructType(type));
  }
}
