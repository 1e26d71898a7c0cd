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
      // Not nullSafe(): JSON null is Optional.empty() in a list or a map too, not a null element.
      return (TypeAdapter<T>) new OptionalAdapter(value);
    }
    if (raw == OptionalInt.class) {
      return (TypeAdapter<T>) new OptionalIntAdapter(gson.getAdapter(int.class));
    }
    if (raw == OptionalLong.class) {
      return (TypeAdapter<T>) new OptionalLongAdapter(gson.getAdapter(long.class));
    }
    if (raw == OptionalDouble.class) {
      return (TypeAdapter<T>) new OptionalDoubleAdapter(gson.getAdapter(double.class));
    }
    return null;
  }

  private static final class OptionalAdapter extends TypeAdapter<Optional<Object>> {
    private final TypeAdapter<Object> value;

    OptionalAdapter(TypeAdapter<Object> value) {
      this.value = value;
    }

    @Override
    public void write(JsonWriter out, @Nullable Optional<Object> v) throws IOException {
      if (v != null && v.isPresent()) {
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

  // The value of an OptionalInt, OptionalLong or OptionalDouble is read and written by the adapter
  // of its primitive, so the number rules of a plain field hold inside one too (Gson's own reader
  // took " 1" into an OptionalInt and clamped 9223372036854775808 into an OptionalLong).

  private static final class OptionalIntAdapter extends TypeAdapter<OptionalInt> {
    private final TypeAdapter<Integer> value;

    OptionalIntAdapter(TypeAdapter<Integer> value) {
      this.value = value;
    }

    @Override
    public void write(JsonWriter out, @Nullable OptionalInt v) throws IOException {
      if (v == null || v.isEmpty()) {
        out.nullValue();
      } else {
        value.write(out, v.getAsInt());
      }
    }

    @Override
    public OptionalInt read(JsonReader in) throws IOException {
      if (in.peek() == JsonToken.NULL) {
        in.nextNull();
        return OptionalInt.empty();
      }
      return OptionalInt.of(value.read(in));
    }
  }

  private static final class OptionalLongAdapter extends TypeAdapter<OptionalLong> {
    private final TypeAdapter<Long> value;

    OptionalLongAdapter(TypeAdapter<Long> value) {
      this.value = value;
    }

    @Override
    public void write(JsonWriter out, @Nullable OptionalLong v) throws IOException {
      if (v == null || v.isEmpty()) {
        out.nullValue();
      } else {
        value.write(out, v.getAsLong());
      }
    }

    @Override
    public OptionalLong read(JsonReader in) throws IOException {
      if (in.peek() == JsonToken.NULL) {
        in.nextNull();
        return OptionalLong.empty();
      }
      return OptionalLong.of(value.read(in));
    }
  }

  private static final class OptionalDoubleAdapter extends TypeAdapter<OptionalDouble> {
    private final TypeAdapter<Double> value;

    OptionalDoubleAdapter(TypeAdapter<Double> value) {
      this.value = value;
    }

    @Override
    public void write(JsonWriter out, @Nullable OptionalDouble v) throws IOException {
      if (v == null || v.isEmpty()) {
        out.nullValue();
      } else {
        value.write(out, v.getAsDouble());
      }
    }

    @Override
    public OptionalDouble read(JsonReader in) throws IOException {
      if (in.peek() == JsonToken.NULL) {
        in.nextNull();
        return OptionalDouble.empty();
      }
      return OptionalDouble.of(value.read(in));
    }
  }
}
