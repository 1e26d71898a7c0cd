package dev.httpjson.codec.support.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.DateTimeStrings;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The fast reader against {@link OffsetDateTime#parse}: the same value wherever it answers. */
class IsoDateTimesTest {
  /** The shape the reader takes (fields in range aside). */
  private static final String COMMON =
      "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|[+-]\\d{2}:\\d{2})";

  @Test
  void whereItAnswersItAnswersWhatOffsetDateTimeParseDoes() {
    List<String> inputs = DateTimeStrings.generated(new Random(11), 20_000);
    inputs.addAll(DateTimeStrings.edges());
    int answered = 0;
    int declinedButValid = 0;
    for (String s : inputs) {
      OffsetDateTime fast = IsoDateTimes.parseOffsetDateTime(s);
      OffsetDateTime jdk;
      try {
        jdk = OffsetDateTime.parse(s);
      } catch (DateTimeParseException e) {
        jdk = null;
      }
      if (fast != null) {
        answered++;
        assertThat(fast).as(s).isEqualTo(jdk);
      } else if (jdk != null) {
        // Left to the library: allowed for the shapes it does not take (lower-case t, ±HH:MM:ss).
        declinedButValid++;
        assertThat(s).as("declined although in the common shape").doesNotMatch(COMMON);
      }
    }
    assertThat(answered).isGreaterThan(5_000);
    assertThat(declinedButValid).isPositive();
  }

  @Test
  void theCommonShapes() {
    assertThat(IsoDateTimes.parseOffsetDateTime("2026-11-30T09:15:00Z"))
        .isEqualTo(OffsetDateTime.of(2026, 11, 30, 9, 15, 0, 0, ZoneOffset.UTC));
    assertThat(IsoDateTimes.parseOffsetDateTime("2026-11-30T09:15:00.1234567+01:00"))
        .isEqualTo(OffsetDateTime.of(2026, 11, 30, 9, 15, 0, 123_456_700, ZoneOffset.ofHours(1)));
    assertThat(IsoDateTimes.parseOffsetDateTime("2024-02-29T23:59:59.999999999-18:00")).isNotNull();
    assertThat(IsoDateTimes.parseOffsetDateTime("2023-02-29T00:00:00Z")).isNull();
    assertThat(IsoDateTimes.parseOffsetDateTime("2026-11-30T09:15:00.1234567890Z")).isNull();
    assertThat(IsoDateTimes.parseOffsetDateTime("2026-11-30T09:15:00+0100")).isNull();
    assertThat(IsoDateTimes.parseOffsetDateTime("2026-11-30T09:15:00.5")).isNull();
  }

  @Test
  void aCalendarDateReadsAsLocalDateParseReadsItOrIsDeclined() {
    for (LocalDate d = LocalDate.of(1999, 12, 1); d.getYear() < 2101; d = d.plusDays(7)) {
      assertThat(IsoDateTimes.parseLocalDate(d.toString())).isEqualTo(d);
    }
    assertThat(IsoDateTimes.parseLocalDate("2024-02-29")).isEqualTo(LocalDate.of(2024, 2, 29));
    assertThat(IsoDateTimes.parseLocalDate("0000-01-01")).isEqualTo(LocalDate.of(0, 1, 1));
    for (String declined :
        List.of(
            "2100-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-1-01", "2026/01/01")) {
      assertThat(IsoDateTimes.parseLocalDate(declined)).as(declined).isNull();
    }
  }

  @Test
  void epochSecondsOutsideInstantsRangeAreRefused() {
    assertThat(IsoDateTimes.epochSecondsProblem(new BigDecimal("1e400")))
        .isEqualTo("epoch seconds outside the range of Instant");
    assertThat(IsoDateTimes.epochSecondsProblem(BigDecimal.valueOf(Instant.MIN.getEpochSecond())))
        .isNull();
    assertThat(
            IsoDateTimes.epochSecondsProblem(
                BigDecimal.valueOf(Instant.MAX.getEpochSecond()).add(BigDecimal.ONE)))
        .isNotNull();
    assertThat(IsoDateTimes.epochSecondsProblem(new BigDecimal("1700000000.5"))).isNull();
  }
}
