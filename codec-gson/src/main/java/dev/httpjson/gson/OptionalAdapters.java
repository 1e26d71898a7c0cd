package dev.httpjson.gson;

import com.google.gson.Gson;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * {@code Optional}, {@code OptionalInt}, {@code OptionalLong} and {@code OptionalDouble} as the
 * Jackson codecs read and write them: the value itself, or null for empty. Gson has no adapter for
 * them and, since Java 17 keeps {@code java.util} closed, cannot read them by reflection either.
 */
final class OptionalAdapters implements TypeAdapterFactory {
  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public <T> @Nullable TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
    Class<? super T> raw = type.getRawType();
    if (raw == Optional.class) {
      Type element =
          type.getType() instanceof ParameterizedType
              ? ((ParameterizedType) type.getType()).getActualTypeArguments()[0]
              : Object.class;
      TypeAdapter<Object> value = (TypeAdapter<Object>) gson.getAdapter(TypeToken.get(element));
      return (TypeAdapter<T>) new OptionalAdapter(value).nullSafe();
    }
    if (raw == OptionalInt.class) {
      return (TypeAdapter<T>) OPTIONAL_INT;
    }
    if (raw == OptionalLong.class) {
      return (TypeAdapter<T>) OPTIONAL_LONG;
    }
    if (raw == OptionalDouble.class) {
      return (TypeAdapter<T>) OPTIONAL_DOUBLE;
    }
    return null;
  }

  private static final class OptionalAdapter extends TypeAdapter<Optional<Object>> {
    private final TypeAdapter<Object> value;

    OptionalAdapter(TypeAdapter<Object> value) {
      this.value = value;
    }

    @Override
    public void write(JsonWriter out, Optional<Object> v) throws IOException {
      if (v.isPresent()) {
        value.write(out, v.get());
      } else {
        out.nullValue();
      }
    }

    @Override
    public Optional<Object> read(JsonReader in) throws IOException {
      if (in.peek() == JsonToken.NULL) {
        in.nextNull();
        return Optional.empty();
      }
      return Optional.ofNullable(value.read(in));
    }
  }

  private static final TypeAdapter<OptionalInt> OPTIONAL_INT =
      new TypeAdapter<OptionalInt>() {
        @Override
        public void write(JsonWriter out, @Nullable OptionalInt v) throws IOException {
          if (v == null || v.isEmpty()) {
            out.nullValue();
          } else {
            out.value(v.getAsInt());
          }
        }

        @Override
        public OptionalInt read(JsonReader in) throws IOException {
          if (in.peek() == JsonToken.NULL) {
            in.nextNull();
            return OptionalInt.empty();
          }
          return OptionalInt.of(in.nextInt());
        }
      };

  private static final TypeAdapter<OptionalLong> OPTIONAL_LONG =
      new TypeAdapter<OptionalLong>() {
        @Override
        public void write(JsonWriter out, @Nullable OptionalLong v) throws IOException {
          if (v == null || v.isEmpty()) {
            out.nullValue();
          } else {
            out.value(v.getAsLong());
          }
        }

        @Override
        public OptionalLong read(JsonReader in) throws IOException {
          if (in.peek() == JsonToken.NULL) {
            in.nextNull();
            return OptionalLong.empty();
          }
          return OptionalLong.of(in.nextLong());
        }
      };

  private static final TypeAdapter<OptionalDouble> OPTIONAL_DOUBLE =
      new TypeAdapter<OptionalDouble>() {
        @Override
        public void write(JsonWriter out, @Nullable OptionalDouble v) throws IOException {
          if (v == null || v.isEmpty()) {
            out.nullValue();
          } else {
            out.value(v.getAsDouble());
          }
        }

        @Override
        public OptionalDouble read(JsonReader in) throws IOException {
          if (in.peek() == JsonToken.NULL) {
            in.nextNull();
            return OptionalDouble.empty();
          }
          return OptionalDouble.of(in.nextDouble());
        }
      };
}
