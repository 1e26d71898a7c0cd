package dev.httpjson.codec.support.internal;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.SignStyle;
import java.time.temporal.ChronoField;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A fast reader of the common shape of an ISO-8601 date-time, for codecs: {@code
 * 2026-11-30T09:15:00.1234567+01:00} — a four-digit year, seconds, an optional fraction of one to
 * nine digits, and {@code Z} or {@code ±HH:MM}. .NET's serializer reads date-times by hand for the
 * same reason: {@link OffsetDateTime#parse(CharSequence)} goes through a {@link
 * java.time.format.DateTimeFormatter}, which builds maps and copies per value, and was a quarter of
 * the time of reading the seed's forecasts. A codec tries this first and gives any text it declines
 * to its library's own parser, so that every other shape, and every error, stays the library's.
 */
public final class IsoDateTimes {
  private static final int[] SCALE = {
    100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1
  };

  private IsoDateTimes() {}

  /**
   * A {@link java.time.YearMonth} as its ISO-8601 text, the text {@link
   * java.time.YearMonth#parse(CharSequence)} reads: a year past 9999 signed ({@code +10537-09}),
   * where {@code toString()} leaves the sign out, and read only so signed, where Jackson's own
   * pattern ({@code u-MM}) reads the unsigned text and refuses the signed one. Every codec writes
   * and reads a {@code YearMonth} with it.
   */
  public static final DateTimeFormatter YEAR_MONTH =
      new DateTimeFormatterBuilder()
          .appendValue(ChronoField.YEAR, 4, 10, SignStyle.EXCEEDS_PAD)
          .appendLiteral('-')
          .appendValue(ChronoField.MONTH_OF_YEAR, 2)
          .toFormatter();

  /**
   * An {@link OffsetDateTime}: the common ISO-8601 shape by hand, any other by {@link
   * OffsetDateTime#parse(CharSequence)}.
   *
   * @param s the text
   * @return the date-time
   * @throws java.time.format.DateTimeParseException if {@code s} is no ISO-8601 offset date-time
   */
  public static OffsetDateTime offsetDateTime(String s) {
    OffsetDateTime fast = parseOffsetDateTime(s);
    return fast != null ? fast : OffsetDateTime.parse(s);
  }

  /**
   * An {@link Instant}: the common ISO-8601 shape by hand, any other by {@link
   * Instant#parse(CharSequence)}, as the Jackson codecs read it: seconds required, and years past
   * {@link OffsetDateTime}'s range ({@link Instant#MAX}) read.
   *
   * @param s the text
   * @return the instant
   * @throws java.time.format.DateTimeParseException if {@code s} is no ISO-8601 instant
   */
  public static Instant instant(String s) {
    OffsetDateTime fast = parseOffsetDateTime(s);
    return fast != null ? fast.toInstant() : Instant.parse(s);
  }

  /**
   * Parses {@code s} if it has the common shape with every field in range, to exactly the value
   * {@link OffsetDateTime#parse(CharSequence)} gives; returns null for any other text (another
   * shape, a field out of range, surrounding blanks), which the caller parses its own way.
   *
   * @param s the text of a JSON string
   * @return the date-time, or null when {@code s} is not in the common shape
   */
  public static @Nullable OffsetDateTime parseOffsetDateTime(String s) {

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

  /**
   * Parses {@code yyyy-MM-dd} in ASCII digits, a valid date, to exactly the value {@link
   * LocalDate#parse(CharSequence)} gives; returns null for any other text (another shape, a 30th of
   * February), which the caller parses its own way.
   *
   * @param s the text of a JSON string
   * @return the date, or null when {@code s} is not a plain calendar date
   */
  public static @Nullable LocalDate parseLocalDate(String s) {
    if (s.length() != 10 || s.charAt(4) != '-' || s.charAt(7) != '-') {
      return null;
    }
    int year = digits(s, 0, 4);
    int month = digits(s, 5, 2);
    int day = digits(s, 8, 2);
    if (year < 0 || month < 1 || month > 12 || day < 1 || day > lengthOfMonth(year, month)) {
      return null;
    }
    return LocalDate.of(year, month, day);
  }

  private static final BigDecimal MIN_SECONDS = BigDecimal.valueOf(Instant.MIN.getEpochSecond());
  private static final BigDecimal MAX_SECONDS = BigDecimal.valueOf(Instant.MAX.getEpochSecond());

  /**
   * Why a number cannot be read as epoch seconds: outside {@link Instant}'s range (a library may
   * read an exponent past its limit as zero, {@code 1e400} as 1970-01-01); else null.
   *
   * @param seconds the number read
   * @return the problem, or null
   */
  public static @Nullable String epochSecondsProblem(BigDecimal seconds) {
    return seconds.compareTo(MIN_SECONDS) < 0 || seconds.compareTo(MAX_SECONDS) > 0
        ? "epoch seconds outside the range of Instant"
        : null;
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

  /** The ISO formatter each type's {@code parse(CharSequence)} uses. */
  private static final Map<Class<?>, DateTimeFormatter> ISO =
      Map.of(
          Instant.class, DateTimeFormatter.ISO_INSTANT,
          OffsetDateTime.class, DateTimeFormatter.ISO_OFFSET_DATE_TIME,
          ZonedDateTime.class, DateTimeFormatter.ISO_ZONED_DATE_TIME,
          LocalDate.class, DateTimeFormatter.ISO_LOCAL_DATE,
          LocalDateTime.class, DateTimeFormatter.ISO_LOCAL_DATE_TIME,
          LocalTime.class, DateTimeFormatter.ISO_LOCAL_TIME,
          OffsetTime.class, DateTimeFormatter.ISO_OFFSET_TIME);

  /**
   * Whether {@code type} is read from the text of an ISO formatter ({@link #isIsoText} holds it to
   * that text).
   *
   * @param type the class read
   * @return whether its text is an ISO formatter's
   */
  public static boolean hasIsoText(Class<?> type) {
    return ISO.containsKey(type);
  }

  /**
   * Whether {@code text} is what {@code type}'s ISO formatter parses, as Gson and avaje-jsonb read
   * it (true for a type without one). The common shapes are answered without a formatter: a
   * date-time {@link #parseOffsetDateTime} takes, and a {@code yyyy-MM-dd} date.
   *
   * @param type the class read
   * @param text the text read
   * @return whether the type's ISO formatter parses it
   */
  public static boolean isIsoText(Class<?> type, String text) {
    DateTimeFormatter formatter = ISO.get(type);
    if (formatter == null) {
      return true;
    }
    if ((type == Instant.class || type == OffsetDateTime.class)
        && parseOffsetDateTime(text) != null) {
      return true;
    }
    if (type == LocalDate.class && isPlainDate(text)) {
      return true;
    }
    try {
      formatter.parse(text);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  /**
   * Why {@code key} cannot be a map key of the date or time {@code type}: it is not the ISO-8601
   * text its type reads as a value (nor empty, nor a number); null when it is.
   *
   * @param type the key's class, one {@link #hasIsoText} holds
   * @param key the key as read
   * @return the problem, or null
   */
  public static @Nullable String keyProblem(Class<?> type, String key) {
    return key.isEmpty() || ScalarRules.isJsonNumber(key) || !isIsoText(type, key)
        ? "not ISO-8601 as " + type.getSimpleName() + ".parse reads it"
        : null;
  }

  private static boolean isPlainDate(String s) {
    if (s.length() != 10 || s.charAt(4) != '-' || s.charAt(7) != '-') {
      return false;
    }
    for (int i = 0; i < 10; i++) {
      if (i != 4 && i != 7 && !isDigit(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
