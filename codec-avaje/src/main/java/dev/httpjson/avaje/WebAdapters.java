package dev.httpjson.avaje;

import dev.httpjson.spi.IsoDateTimes;
import io.avaje.json.JsonAdapter;
import io.avaje.json.JsonDataException;
import io.avaje.json.JsonReader;
import io.avaje.json.JsonWriter;
import io.avaje.jsonb.AdapterFactory;
import io.avaje.jsonb.Jsonb;
import io.avaje.jsonb.Types;
import java.io.Serializable;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The adapters httpjson's own Jsonb uses in place of avaje's, so that values read and write as with
 * the other codecs: {@code java.time} in ISO-8601 as Jackson writes it (an offset date-time keeps
 * its offset and fraction as given, seconds always written; an instant read from any offset and
 * written in UTC), and untyped values ({@code Object}) with integers as {@code Integer}, {@code
 * Long} or {@code BigInteger} and other numbers as {@code Double}; {@code Serializable} is read as
 * {@code Object}.
 */
final class WebAdapters {
  private WebAdapters() {}

  static final AdapterFactory FACTORY =
      (Type type, Jsonb jsonb) -> {
        // Serializable as well: the base type of most historical deserialization gadgets, read
        // here as plain JSON values (maps, lists, strings, numbers, booleans), all Serializable.
        if (type == Object.class || type == Serializable.class) {
          return new Untyped(jsonb).nullSafe();
        }
        if (type == float.class) {
          return WebAdapters.FLOAT;
        }
        if (type == Float.class) {
          return WebAdapters.FLOAT.nullSafe();
        }
        if (type == OffsetDateTime.class) {
          return iso(WebAdapters::offsetDateTime, DateTimeFormatter.ISO_OFFSET_DATE_TIME::format);
        }
        if (type == ZonedDateTime.class) {
          return iso(ZonedDateTime::parse, DateTimeFormatter.ISO_OFFSET_DATE_TIME::format);
        }
        if (type == Instant.class) {
          return iso(s -> offsetDateTime(s).toInstant(), Instant::toString);
        }
        if (type == LocalDateTime.class) {
          return iso(LocalDateTime::parse, DateTimeFormatter.ISO_LOCAL_DATE_TIME::format);
        }
        if (type == LocalTime.class) {
          return iso(LocalTime::parse, DateTimeFormatter.ISO_LOCAL_TIME::format);
        }
        if (type == OffsetTime.class) {
          return iso(OffsetTime::parse, DateTimeFormatter.ISO_OFFSET_TIME::format);
        }
        if (type == LocalDate.class) {
          return iso(LocalDate::parse, LocalDate::toString);
        }
        if (type == UUID.class) {
          return iso(WebAdapters::uuid, UUID::toString);
        }
        if (type instanceof ParameterizedType
            && ((ParameterizedType) type).getRawType() == Optional.class) {
          return new Optionals(
              jsonb.adapter(((ParameterizedType) type).getActualTypeArguments()[0]));
        }
        return null;
      };

  /** A float rounded once from the number's text, where avaje's rounds it through a double. */
  private static final JsonAdapter<Float> FLOAT =
      new JsonAdapter<Float>() {
        @Override
        public void toJson(JsonWriter writer, Float value) {
          writer.value((double) value);
        }

        @Override
        public Float fromJson(JsonReader reader) {
          return reader instanceof WebReader
              ? ((WebReader) reader).readFloat()
              : (float) reader.readDouble();
        }
      };

  /** The common ISO-8601 shape by hand, any other by {@link OffsetDateTime#parse}. */
  private static OffsetDateTime offsetDateTime(String s) {
    OffsetDateTime fast = IsoDateTimes.parseOffsetDateTime(s);
    return fast != null ? fast : OffsetDateTime.parse(s);
  }

  /**
   * Only the canonical 8-4-4-4-12 form: {@link UUID#fromString} also takes {@code "1-1-1-1-1"} and
   * reads it as some other UUID.
   */
  private static UUID uuid(String s) {
    boolean canonical = s.length() == 36;
    for (int i = 0; canonical && i < 36; i++) {
      char c = s.charAt(i);
      boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
      canonical = dash ? c == '-' : Character.digit(c, 16) >= 0 && c <= 'f';
    }
    if (!canonical) {
      throw new JsonDataException("Cannot parse '" + s + "': not a UUID (8-4-4-4-12 hex digits)");
    }
    return UUID.fromString(s);
  }

  /**
   * {@code Optional}: JSON {@code null} reads as {@link Optional#empty()}, as in the other codecs
   * (avaje's adapter reads it as a null reference), and an empty one writes as {@code null}.
   */
  private static final class Optionals implements JsonAdapter<Optional<Object>> {
    private final JsonAdapter<Object> value;

    Optionals(JsonAdapter<Object> value) {
      this.value = value;
    }

    @Override
    public Optional<Object> fromJson(JsonReader reader) {
      return reader.isNullValue() ? Optional.empty() : Optional.ofNullable(value.fromJson(reader));
    }

    @Override
    public void toJson(JsonWriter writer, @Nullable Optional<Object> optional) {
      if (optional == null || optional.isEmpty()) {
        writer.nullValue();
      } else {
        value.toJson(writer, optional.get());
      }
    }
  }

  private static <T> JsonAdapter<T> iso(Function<String, T> parse, Function<T, String> format) {
    return new JsonAdapter<T>() {
      @Override
      public void toJson(JsonWriter writer, T value) {
        writer.value(format.apply(value));
      }

      @Override
      public T fromJson(JsonReader reader) {
        String text = reader.readString();
        try {
          return parse.apply(text);
        } catch (DateTimeException e) {
          throw new JsonDataException("Cannot parse '" + text + "': " + e.getMessage(), e);
        }
      }
    }.nullSafe();
  }

  /** {@code Object}: maps, lists, strings, numbers, booleans and null. */
  private static final class Untyped implements JsonAdapter<Object> {
    private final Jsonb jsonb;

    Untyped(Jsonb jsonb) {
      this.jsonb = jsonb;
    }

    @Override
    public Object fromJson(JsonReader reader) {
      switch (reader.currentToken()) {
        case BEGIN_ARRAY:
          {
            List<Object> list = new ArrayList<>();
            reader.beginArray();
            while (reader.hasNextElement()) {
              list.add(readNullable(reader));
            }
            reader.endArray();
            return list;
          }
        case BEGIN_OBJECT:
          {
            Map<String, Object> map = new LinkedHashMap<>();
            reader.beginObject();
            while (reader.hasNextField()) {
              String name = reader.nextField();
              map.put(name, readNullable(reader));
            }
            reader.endObject();
            return map;
          }
        case STRING:
          return reader.readString();
        case BOOLEAN:
          return reader.readBoolean();
        default:
          return reader instanceof WebReader
              ? ((WebReader) reader).readNumber()
              : number(reader.readDecimal());
      }
    }

    private Object readNullable(JsonReader reader) {
      return reader.isNullValue() ? null : fromJson(reader);
    }

    private static Number number(BigDecimal d) {
      if (d.scale() != 0) {
        return d.doubleValue();
      }
      BigInteger i = d.unscaledValue();
      if (i.bitLength() < 32) {
        return i.intValue();
      }
      if (i.bitLength() < 64) {
        return i.longValue();
      }
      return i;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void toJson(JsonWriter writer, Object value) {
      Class<?> c = value.getClass();
      if (c == Object.class) {
        writer.beginObject();
        writer.endObject();
      } else if (value instanceof Optional) {
        Optional<Object> o = (Optional<Object>) value;
        if (o.isPresent()) {
          toJson(writer, o.get());
        } else {
          writer.nullValue();
        }
      } else if (value instanceof Map) {
        ((JsonAdapter) jsonb.adapter(Types.mapOf(Object.class))).toJson(writer, value);
      } else if (value instanceof Collection) {
        ((JsonAdapter) jsonb.adapter(Types.newParameterizedType(Collection.class, Object.class)))
            .toJson(writer, value);
      } else {
        ((JsonAdapter) jsonb.adapter(c)).toJson(writer, value);
      }
    }
  }
}
