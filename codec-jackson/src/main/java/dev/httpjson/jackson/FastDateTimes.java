package dev.httpjson.jackson;

import dev.httpjson.spi.IsoDateTimes;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.ext.javatime.deser.InstantDeserializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * Reads the common shape of an ISO-8601 date-time — {@code 2026-11-30T09:15:00.1234567+01:00}:
 * four-digit year, seconds, an optional fraction of one to nine digits, and {@code Z} or {@code
 * ±HH:MM} — by hand ({@link IsoDateTimes}), as .NET's System.Text.Json does, instead of through a
 * {@link java.time.format.DateTimeFormatter} (which builds maps and copies per value, and was a
 * quarter of the time of reading the seed's forecasts). Anything else — another shape, an invalid
 * field, a number, a format set with {@code @JsonFormat} — goes to Jackson's own deserializer,
 * unchanged: for the strings it takes, this reads exactly what Jackson reads (checked against it in
 * tests).
 */
final class FastDateTimes {
  private FastDateTimes() {}

  /** The module that puts the fast readers in front of Jackson's for both types. */
  static final SimpleModule MODULE =
      new SimpleModule("httpjson-date-times")
          .addDeserializer(OffsetDateTime.class, new OffsetDateTimes())
          .addDeserializer(Instant.class, new Instants());

  /** {@code OffsetDateTime}: Jackson's deserializer, with the fast path first. */
  static final class OffsetDateTimes extends InstantDeserializer<OffsetDateTime> {
    OffsetDateTimes() {
      super(OFFSET_DATE_TIME, null, DateTimeFormatter.ISO_OFFSET_DATE_TIME, null, null, null);
    }

    @Override
    protected OffsetDateTime _fromString(JsonParser p, DeserializationContext ctxt, String string) {
      OffsetDateTime value = parse(string);
      if (value == null) {
        return super._fromString(p, ctxt, string);
      }
      return shouldAdjustToContextTimezone(ctxt) ? adjust.apply(value, zone(ctxt)) : value;
    }

    @Override
    protected OffsetDateTime _fromDecimal(DeserializationContext ctxt, BigDecimal value) {
      return super._fromDecimal(ctxt, inRange(ctxt, handledType(), value));
    }
  }

  /** {@code Instant}: Jackson's deserializer, with the fast path first. */
  static final class Instants extends InstantDeserializer<Instant> {
    Instants() {
      super(INSTANT, null, DateTimeFormatter.ISO_INSTANT, null, null, null);
    }

    @Override
    protected Instant _fromString(JsonParser p, DeserializationContext ctxt, String string) {
      OffsetDateTime value = parse(string);
      return value == null ? super._fromString(p, ctxt, string) : value.toInstant();
    }

    @Override
    protected Instant _fromDecimal(DeserializationContext ctxt, BigDecimal value) {
      return super._fromDecimal(ctxt, inRange(ctxt, handledType(), value));
    }
  }

  private static final BigDecimal MIN_SECONDS = BigDecimal.valueOf(Instant.MIN.getEpochSecond());
  private static final BigDecimal MAX_SECONDS = BigDecimal.valueOf(Instant.MAX.getEpochSecond());

  /**
   * Epoch seconds outside {@link Instant}'s range fail as a read failure: Jackson reads an exponent
   * past its limit as zero ({@code 1e400} would be 1970-01-01).
   */
  static BigDecimal inRange(DeserializationContext ctxt, Class<?> type, BigDecimal seconds) {
    if (seconds.compareTo(MIN_SECONDS) < 0 || seconds.compareTo(MAX_SECONDS) > 0) {
      ctxt.handleWeirdNumberValue(type, seconds, "epoch seconds outside the range of Instant");
    }
    return seconds;
  }

  /** As Jackson's private {@code InstantDeserializer.getZone}, for the types read here. */
  private static ZoneId zone(DeserializationContext ctxt) {
    ZoneId zone = ctxt.getTimeZone().toZoneId();
    return ctxt.isEnabled(DateTimeFeature.NORMALIZE_DESERIALIZED_ZONE_ID)
        ? zone.normalized()
        : zone;
  }

  /** The fast path: {@link IsoDateTimes#parseOffsetDateTime}, which declines other shapes. */
  static @Nullable OffsetDateTime parse(String s) {
    return IsoDateTimes.parseOffsetDateTime(s);
  }
}
