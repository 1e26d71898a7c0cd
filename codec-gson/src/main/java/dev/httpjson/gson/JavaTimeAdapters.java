package dev.httpjson.gson;

import com.google.gson.Gson;
import com.google.gson.JsonSyntaxException;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import dev.httpjson.codec.support.internal.IsoDateTimes;
import dev.httpjson.codec.support.internal.ScalarKind;
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
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * {@code java.time} as ISO-8601 text, as the Jackson codecs write it: an offset date-time keeps the
 * offset it was read with; a zoned date-time is written with its offset only; an instant is read
 * from any offset and written in UTC. Gson would write a {@code Year}, {@code YearMonth}, {@code
 * MonthDay}, {@code Period} or zone as the object of its fields, and could not read its text.
 *
 * <p>One factory whose adapter is made when Gson first meets a type, not one adapter and two
 * lambdas per type up front: a Gson built for one call's options pays for none of the types its
 * values do not use.
 */
final class JavaTimeAdapters implements TypeAdapterFactory {
  /** The types, in the order of {@link Iso#kind}; any other {@link ZoneId} reads as a zone id. */
  private static final List<Class<?>> TYPES =
      List.of(
          LocalDate.class,
          LocalTime.class,
          LocalDateTime.class,
          OffsetDateTime.class,
          ZonedDateTime.class,
          OffsetTime.class,
          Instant.class,
          Duration.class,
          Year.class,
          YearMonth.class,
          MonthDay.class,
          Period.class,
          ZoneOffset.class,
          ZoneId.class);

  private static final int ZONE_ID = 13;

  @Override
  @SuppressWarnings("unchecked")
  public <T> @Nullable TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
    Class<? super T> raw = type.getRawType();
    int kind = TYPES.indexOf(raw);
    if (kind < 0 && ZoneId.class.isAssignableFrom(raw)) {
      kind = ZONE_ID; // a region (ZoneRegion is not public)
    }
    return kind < 0 ? null : (TypeAdapter<T>) new Iso(kind, raw);
  }

  /** One {@code java.time} type as its ISO-8601 text; null as JSON null. */
  private static final class Iso extends TypeAdapter<Object> {
    private final int kind;
    private final Class<?> type;

    Iso(int kind, Class<?> type) {
      this.kind = kind;
      this.type = type;
    }

    @Override
    public void write(JsonWriter out, @Nullable Object value) throws IOException {
      if (value == null) {
        out.nullValue();
      } else if (kind == 1) {
        // Seconds always, and a fraction of as many digits as it needs, as Jackson writes them
        // (toString drops zero seconds and writes a fraction in groups of three).
        out.value(DateTimeFormatter.ISO_LOCAL_TIME.format((LocalTime) value));
      } else if (kind == 2) {
        out.value(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format((LocalDateTime) value));
      } else if (kind == 3 || kind == 4) { // a zoned date-time with its offset only
        out.value(
            DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                (java.time.temporal.TemporalAccessor) value));
      } else if (kind == 9) { // a year past 9999 signed, as YearMonth.parse reads it
        out.value(IsoDateTimes.YEAR_MONTH.format((YearMonth) value));
      } else if (kind >= 12) {
        out.value(((ZoneId) value).getId());
      } else {
        out.value(value.toString());
      }
    }

    @Override
    public @Nullable Object read(JsonReader in) throws IOException {
      JsonToken token = in.peek();
      if (token == JsonToken.NULL) {
        in.nextNull();
        return null;
      }
      if (token != JsonToken.STRING) {
        throw new JsonSyntaxException(ScalarKind.DATE.tokenProblem(type, token));
      }
      String text = in.nextString();
      Object value;
      try {
        value = parse(text);
      } catch (DateTimeException e) {
        throw new JsonSyntaxException("Cannot parse '" + text + "': " + e.getMessage(), e);
      }
      if (!type.isInstance(value)) { // a region's id read for a declared ZoneOffset subtype
        throw new JsonSyntaxException(
            "Expected a " + type.getName() + " but was " + value.getClass().getName());
      }
      return value;
    }

    private Object parse(String text) {
      switch (kind) {
        case 0:
          return LocalDate.parse(text);
        case 1:
          return LocalTime.parse(text);
        case 2:
          return LocalDateTime.parse(text);
        case 3:
          return IsoDateTimes.offsetDateTime(text);
        case 4:
          return ZonedDateTime.parse(text);
        case 5:
          return OffsetTime.parse(text);
        case 6:
          return IsoDateTimes.instant(text);
        case 7:
          return Duration.parse(text);
        case 8:
          return Year.parse(text);
        case 9:
          return YearMonth.parse(text);
        case 10:
          return MonthDay.parse(text);
        case 11:
          return Period.parse(text);
        case 12:
          return ZoneOffset.of(text);
        default:
          return ZoneId.of(text);
      }
    }
  }
}
