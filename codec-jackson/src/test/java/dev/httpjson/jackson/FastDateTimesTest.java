package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.httpjson.JsonOptions;
import dev.httpjson.codec.support.internal.IsoDateTimes;
import dev.httpjson.contract.DateTimeStrings;
import java.time.Instant;
import java.time.LocalDate;
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
    assertThat(deserializer(web, LocalDate.class)).isInstanceOf(FastDateTimes.LocalDates.class);
  }

  @Test
  void readsTheDatesJacksonReadsAndFailsWhereItFails() {
    List<String> inputs = new ArrayList<>();
    for (String year : List.of("0000", "0001", "1970", "2000", "2024", "2100", "9999")) {
      for (int month = 0; month <= 13; month++) {
        for (int day = 0; day <= 32; day++) {
          inputs.add(String.format("%s-%02d-%02d", year, month, day));
        }
      }
    }
    inputs.addAll(
        List.of(
            "2026-1-01",
            "2026-01-1",
            " 2026-01-01",
            "2026-01-01 ",
            "+2026-01-01",
            "-2026-01-01",
            "+12026-01-01",
            "12026-01-01",
            "2026-01-01T00:00",
            "2026-01-01T00:00:00Z",
            "2026/01/01",
            "20260101",
            "2026-01-0a",
            "2026-0١-01",
            "٢٠٢٦-01-01",
            "2026-W01-1",
            ""));
    int fastPath = 0;
    for (UnaryOperator<JsonMapper.Builder> config : dateConfigurations()) {
      JsonMapper stock = config.apply(JsonMapper.builder()).build();
      JsonMapper fast = config.apply(JsonMapper.builder()).addModule(FastDateTimes.MODULE).build();
      assertThat(deserializer(fast, LocalDate.class)).isInstanceOf(FastDateTimes.LocalDates.class);
      for (String s : inputs) {
        assertSameOutcome(stock, fast, s, LocalDate.class);
        fastPath += IsoDateTimes.parseLocalDate(s) != null ? 1 : 0;
      }
    }
    assertThat(fastPath).as("strings the fast path took").isGreaterThan(3_000);
    assertThat(IsoDateTimes.parseLocalDate("2024-02-29")).isEqualTo(LocalDate.of(2024, 2, 29));
    assertThat(IsoDateTimes.parseLocalDate("2100-02-29")).as("not a leap year").isNull();
    assertThat(IsoDateTimes.parseLocalDate("0000-01-01")).isEqualTo(LocalDate.of(0, 1, 1));
  }

  record Dated(@JsonFormat(pattern = "dd/MM/yyyy") LocalDate on, LocalDate off) {}

  @Test
  void aDateFormatSetOnThePropertyIsJacksonsAndTheOtherPropertyStaysFast() {
    JsonMapper web = JacksonCodec.newMapper(JsonOptions.web());
    Dated d = web.readValue("{\"on\":\"30/11/2026\",\"off\":\"2026-12-01\"}", Dated.class);
    assertThat(d).isEqualTo(new Dated(LocalDate.of(2026, 11, 30), LocalDate.of(2026, 12, 1)));
  }

  private static List<UnaryOperator<JsonMapper.Builder>> dateConfigurations() {
    return List.of(
        b -> b,
        b ->
            b.withConfigOverride(
                LocalDate.class, o -> o.setFormat(JsonFormat.Value.forLeniency(false))),
        b ->
            b.withConfigOverride(
                LocalDate.class, o -> o.setFormat(JsonFormat.Value.forLeniency(true))));
  }

  @Test
  void readsWhatJacksonReadsForGeneratedStrings() {
    List<String> inputs = DateTimeStrings.generated(new Random(42), 4_000);
    inputs.addAll(DateTimeStrings.edges());
    for (UnaryOperator<JsonMapper.Builder> config : configurations()) {
      JsonMapper stock = config.apply(JsonMapper.builder()).build();
      JsonMapper fast = config.apply(JsonMapper.builder()).addModule(FastDateTimes.MODULE).build();
      int fastPath = 0;
      for (String s : inputs) {
        assertSameOutcome(stock, fast, s, OffsetDateTime.class);
        assertSameOutcome(stock, fast, s, Instant.class);
        fastPath += IsoDateTimes.parseOffsetDateTime(s) != null ? 1 : 0;
      }
      assertThat(fastPath).as("strings the fast path took").isGreaterThan(500);
    }
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

  /** The mapper's reader of {@code type}, inside the wrappers that check its input first. */
  private static Object deserializer(JsonMapper mapper, Class<?> type) {
    Object d =
        mapper._deserializationContext().findRootValueDeserializer(mapper.constructType(type));
    while (d instanceof tools.jackson.databind.deser.std.DelegatingDeserializer) {
      d = ((tools.jackson.databind.deser.std.DelegatingDeserializer) d).getDelegatee();
    }
    return d;
  }
}
