package dev.httpjson.gson;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonSyntaxException;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import dev.httpjson.codec.support.internal.IsoDateTimes;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.function.Function;

/**
 * {@code java.time} as ISO-8601 text, as the Jackson codecs write it: an offset date-time keeps the
 * offset it was read with; a zoned date-time is written with its offset only; an instant is read
 * from any offset and written in UTC.
 */
final class JavaTimeAdapters {
  private JavaTimeAdapters() {}

  static void register(GsonBuilder b) {
    b.registerTypeAdapter(LocalDate.class, iso(LocalDate::parse, LocalDate::toString));
    // Seconds always, and a fraction of as many digits as it needs, as Jackson writes them
    // (toString drops zero seconds and writes a fraction in groups of three).
    b.registerTypeAdapter(
        LocalTime.class, iso(LocalTime::parse, DateTimeFormatter.ISO_LOCAL_TIME::format));
    b.registerTypeAdapter(
        LocalDateTime.class,
        iso(LocalDateTime::parse, DateTimeFormatter.ISO_LOCAL_DATE_TIME::format));
    b.registerTypeAdapter(
        OffsetDateTime.class,
        iso(IsoDateTimes::offsetDateTime, DateTimeFormatter.ISO_OFFSET_DATE_TIME::format));
    b.registerTypeAdapter(
        ZonedDateTime.class,
        iso(ZonedDateTime::parse, DateTimeFormatter.ISO_OFFSET_DATE_TIME::format));
    b.registerTypeAdapter(OffsetTime.class, iso(OffsetTime::parse, OffsetTime::toString));
    b.registerTypeAdapter(Instant.class, iso(IsoDateTimes::instant, Instant::toString));
    b.registerTypeAdapter(Duration.class, iso(Duration::parse, Duration::toString));
    // Gson would write these as the objects of their fields, and could not read their text.
    b.registerTypeAdapter(Year.class, iso(Year::parse, Year::toString));
    b.registerTypeAdapter(YearMonth.class, iso(YearMonth::parse, YearMonth::toString));
    b.registerTypeAdapter(MonthDay.class, iso(MonthDay::parse, MonthDay::toString));
    b.registerTypeAdapter(Period.class, iso(Period::parse, Period::toString));
    // Any ZoneId (a ZoneRegion is not public), then a ZoneOffset as itself: registered last, it
    // is consulted first.
    b.registerTypeHierarchyAdapter(ZoneId.class, iso(ZoneId::of, ZoneId::getId));
    b.registerTypeAdapter(ZoneOffset.class, iso(ZoneOffset::of, ZoneOffset::getId));
  }

  private static <T> TypeAdapter<T> iso(Function<String, T> parse, Function<T, String> format) {
    return new TypeAdapter<T>() {
      @Override
      public void write(JsonWriter out, T value) throws IOException {
        out.value(format.apply(value));
      }

      @Override
      public T read(JsonReader in) throws IOException {
        if (in.peek() != JsonToken.STRING) {
          throw new JsonSyntaxException(
              "Cannot read a date or time from " + in.peek() + ": it is an ISO-8601 string");
        }
        String text = in.nextString();
        try {
          return parse.apply(text);
        } catch (DateTimeException e) {
          throw new JsonSyntaxException("Cannot parse '" + text + "': " + e.getMessage(), e);
        }
      }
    }.nullSafe();
  }
}
