package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.httpjson.JsonOptions;
import dev.httpjson.contract.DateTimeStrings;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
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
    List<String> inputs = DateTimeStrings.generated(new Random(42), 4_000);
    inputs.addAll(DateTimeStrings.edges());
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
