package dev.httpjson.jackson;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
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
 * ±HH:MM} — by hand, as .NET's System.Text.Json does, instead of through a {@link
 * java.time.format.DateTimeFormatter} (which builds maps and copies per value, and was a quarter of
 * the time of reading the seed's forecasts). Anything else — another shape, an invalid field, a
 * number, a format set with {@code @JsonFormat} — goes to Jackson's own deserializer, unchanged:
 * for the strings it takes, this reads exactly what Jackson reads (checked against it in tests).
 */
final class FastDateTimes {
  private FastDateTimes() {}

  /** The module that puts the fast readers in front of Jackson's for both types. */
  static final SimpleModule MODULE =
      new SimpleModule("httpjson-date-times")
          .addDeserializer(OffsetDateTime.class, new OffsetDateTimes())
          .addDeserializer(Instant.class, new Instants());

  private static final int[] SCALE = {
    100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1
  };

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
  }

  /** As Jackson's private {@code InstantDeserializer.getZone}, for the types read here. */
  private static ZoneId zone(DeserializationContext ctxt) {
    ZoneId zone = ctxt.getTimeZone().toZoneId();
    return ctxt.isEnabled(DateTimeFeature.NORMALIZE_DESERIALIZED_ZONE_ID)
        ? zone.normalized()
        : zone;
  }

  /**
   * Parses {@code yyyy-MM-ddTHH:mm:ss[.f{1,9}](Z|±HH:MM)} with every field in range, or returns
   * null for any other string.
   */
  static @Nullable OffsetDateTime parse(String s) {
    int n = s.length();
    if (n < 20 || n > 35) {
      return null;
    }
    if (s.charAt(4) != '-'
        || s.charAt(7) != '-'
        || s.charAt(10) != 'T'
        || s.charAt(13) != ':'
        || s.charAt(16) != ':') {
      return null;
    }
    int year = digits(s, 0, 4);
    int month = digits(s, 5, 2);
    int day = digits(s, 8, 2);
    int hour = digits(s, 11, 2);
    int minute = digits(s, 14, 2);
    int second = digits(s, 17, 2);
    if ((year | month | day | hour | minute | second) < 0) {
      return null;
    }
    int i = 19;
    int nano = 0;
    if (s.charAt(i) == '.') {
      int start = ++i;
      while (i < n && i - start < 9 && isDigit(s.charAt(i))) {
        nano = nano * 10 + (s.charAt(i++) - '0');
      }
      int length = i - start;
      if (length == 0 || (i < n && isDigit(s.charAt(i)))) {
        return null; // no digit, or more than nine
      }
      nano *= SCALE[length - 1];
    }
    if (i >= n) {
      return null; // no offset
    }
    ZoneOffset offset;
    char c = s.charAt(i);
    if (c == 'Z' && i == n - 1) {
      offset = ZoneOffset.UTC;
    } else if ((c == '+' || c == '-') && i == n - 6 && s.charAt(i + 3) == ':') {
      int hours = digits(s, i + 1, 2);
      int minutes = digits(s, i + 4, 2);
      if ((hours | minutes) < 0 || hours > 18 || minutes > 59) {
        return null;
      }
      int total = hours * 3600 + minutes * 60;
      if (total > 18 * 3600) {
        return null;
      }
      offset = ZoneOffset.ofTotalSeconds(c == '-' ? -total : total);
    } else {
      return null;
    }
    if (month < 1
        || month > 12
        || day < 1
        || day > lengthOfMonth(year, month)
        || hour > 23
        || minute > 59
        || second > 59) {
      return null;
    }
    return OffsetDateTime.of(year, month, day, hour, minute, second, nano, offset);
  }

  private static int lengthOfMonth(int year, int month) {
    switch (month) {
      case 2:
        return (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
      case 4:
      case 6:
      case 9:
      case 11:
        return 30;
      default:
        return 31;
    }
  }

  /** The decimal value of {@code count} ASCII digits at {@code at}, or -1. */
  private static int digits(String s, int at, int count) {
    int value = 0;
    for (int i = at; i < at + count; i++) {
      char c = s.charAt(i);
      if (!isDigit(c)) {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
