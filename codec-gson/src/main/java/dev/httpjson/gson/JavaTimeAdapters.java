package dev.httpjson.gson;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonSyntaxException;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import dev.httpjson.codec.support.internal.IsoDateTimes;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
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
    b.registerTypeAdapter(LocalTime.class, iso(LocalTime::parse, LocalTime::toString));
    b.registerTypeAdapter(LocalDateTime.class, iso(LocalDateTime::parse, LocalDateTime::toString));
    b.registerTypeAdapter(
        OffsetDateTime.class,
        iso(IsoDateTimes::offsetDateTime, DateTimeFormatter.ISO_OFFSET_DATE_TIME::format));
    b.registerTypeAdapter(
        ZonedDateTime.class,
        iso(ZonedDateTime::parse, DateTimeFormatter.ISO_OFFSET_DATE_TIME::format));
    b.registerTypeAdapter(OffsetTime.class, iso(OffsetTime::parse, OffsetTime::toString));
    b.registerTypeAdapter(Instant.class, iso(IsoDateTimes::instant, Instant::toString));
    b.registerTypeAdapter(Duration.class, iso(Duration::parse, Duration::toString));
  }

  private static <T> TypeAdapter<T> iso(Function<String, T> parse, Function<T, String> format) {
    return new TypeAdapter<T>() {
      @Override
      public void write(JsonWriter out, T value) throws IOException {
        out.value(format.apply(value));
      }

      @Override
      public T read(JsonReader in) throws IOException {
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
