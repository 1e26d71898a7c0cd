package dev.httpjson.jackson;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.httpjson.codec.support.internal.IsoDateTimes;
import dev.httpjson.codec.support.internal.ScalarRules;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.Month;
import java.time.OffsetDateTime;
import java.time.Year;
import java.time.YearMonth;
import java.time.format.DateTimeFormatter;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.ext.javatime.deser.InstantDeserializer;
import tools.jackson.databind.ext.javatime.deser.LocalDateDeserializer;
import tools.jackson.databind.ext.javatime.deser.YearMonthDeserializer;
import tools.jackson.databind.ext.javatime.ser.YearMonthSerializer;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * Reads the common shape of an ISO-8601 date-time — {@code 2026-11-30T09:15:00.1234567+01:00}:
 * four-digit year, seconds, an optional fraction of one to nine digits, and {@code Z} or {@code
 * ±HH:MM} — by hand ({@link IsoDateTimes}), as .NET's System.Text.Json does, instead of through a
 * {@link java.time.format.DateTimeFormatter} (which builds maps and copies per value, and was a
 * quarter of the time of reading the seed's forecasts); and a calendar date, {@code 2026-11-30}
 * (four-digit year, ASCII digits), straight into {@link LocalDate#of}. Anything else — another
 * shape, an invalid field, a number, a format set with {@code @JsonFormat} — goes to Jackson's own
 * deserializer, unchanged: for the strings it takes, this reads exactly what Jackson reads (checked
 * against it in tests).
 */
final class FastDateTimes {
  private FastDateTimes() {}

  /** The module that puts the fast readers in front of Jackson's for both types. */
  static final SimpleModule MODULE =
      new SimpleModule("httpjson-date-times")
          .addDeserializer(OffsetDateTime.class, new OffsetDateTimes())
          .addDeserializer(Instant.class, new Instants())
          .addDeserializer(LocalDate.class, new LocalDates())
          // A Year is its ISO-8601 text, as Jackson 2 and the other codecs write it: Jackson 3
          // wrote a number, which it then refused to read. A Month is an enum, written by name. A
          // YearMonth by IsoDateTimes.YEAR_MONTH (a year past 9999 signed), both ways.
          .addSerializer(Year.class, ToStringSerializer.instance)
          .addSerializer(Month.class, ToStringSerializer.instance)
          .addDeserializer(Month.class, new Months())
          .addSerializer(YearMonth.class, new YearMonthSerializer(IsoDateTimes.YEAR_MONTH))
          .addDeserializer(YearMonth.class, new YearMonthDeserializer(IsoDateTimes.YEAR_MONTH));

  /**
   * {@code Month} by its name only, as any enum: Jackson 3's own reader also took a number (its
   * one-based index), which no other codec reads.
   */
  static final class Months extends StdScalarDeserializer<Month> {
    private static final long serialVersionUID = 1L;

    Months() {
      super(Month.class);
    }

    @Override
    public Month deserialize(JsonParser p, DeserializationContext ctxt) throws JacksonException {
      if (p.currentToken() != JsonToken.VALUE_STRING) {
        return (Month) ctxt.handleUnexpectedToken(Month.class, p);
      }
      String name = p.getString();
      try {
        return ScalarRules.month(name);
      } catch (IllegalArgumentException e) {
        return (Month) ctxt.handleWeirdStringValue(Month.class, name, "%s", e.getMessage());
      }
    }
  }

  /** {@code OffsetDateTime}: Jackson's deserializer, with the fast path first. */
  static final class OffsetDateTimes extends InstantDeserializer<OffsetDateTime> {
    OffsetDateTimes() {
      super(OFFSET_DATE_TIME, null, DateTimeFormatter.ISO_OFFSET_DATE_TIME, null, null, null);
    }

    @Override
    protected OffsetDateTime _fromString(JsonParser p, DeserializationContext ctxt, String string) {
      // Adjusting to the context's zone (a @JsonFormat asks for it) is left to Jackson's path.
      OffsetDateTime value =
          shouldAdjustToContextTimezone(ctxt) ? null : IsoDateTimes.parseOffsetDateTime(string);
      return value == null ? super._fromString(p, ctxt, string) : value;
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
      OffsetDateTime value = IsoDateTimes.parseOffsetDateTime(string);
      return value == null ? super._fromString(p, ctxt, string) : value.toInstant();
    }

    @Override
    protected Instant _fromDecimal(DeserializationContext ctxt, BigDecimal value) {
      return super._fromDecimal(ctxt, inRange(ctxt, handledType(), value));
    }
  }

  /**
   * {@code LocalDate}: Jackson's deserializer, with the fast path first while it reads by the ISO
   * formatter (a {@code @JsonFormat} pattern gives Jackson's own, which parses by the pattern).
   */
  static final class LocalDates extends LocalDateDeserializer {
    LocalDates() {
      super(DateTimeFormatter.ISO_LOCAL_DATE);
    }

    private LocalDates(LocalDates base, Boolean leniency) {
      super(base, leniency);
    }

    private LocalDates(LocalDates base, JsonFormat.Shape shape) {
      super(base, shape);
    }

    @Override
    protected LocalDateDeserializer withLeniency(Boolean leniency) {
      return new LocalDates(this, leniency);
    }

    @Override
    protected LocalDateDeserializer withShape(JsonFormat.Shape shape) {
      return new LocalDates(this, shape);
    }

    @Override
    protected LocalDate _fromString(JsonParser p, DeserializationContext ctxt, String string) {
      LocalDate value =
          _formatter == DateTimeFormatter.ISO_LOCAL_DATE
              ? IsoDateTimes.parseLocalDate(string)
              : null;
      return value == null ? super._fromString(p, ctxt, string) : value;
    }
  }

  /**
   * Epoch seconds outside {@link Instant}'s range fail as a read failure ({@link
   * IsoDateTimes#epochSecondsProblem}).
   */
  static BigDecimal inRange(DeserializationContext ctxt, Class<?> type, BigDecimal seconds) {
    String problem = IsoDateTimes.epochSecondsProblem(seconds);
    if (problem != null) {
      ctxt.handleWeirdNumberValue(type, seconds, "%s", problem);
    }
    return seconds;
  }
}
