package dev.httpjson.gson;

import com.google.gson.Gson;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * A string only from a JSON string and a boolean only from {@code true} or {@code false}, as every
 * codec reads them (issue 29): Gson reads a number or a boolean into a {@code String}, and {@code
 * "true"}, {@code "1"} or any other string into a {@code boolean} ({@code "yes"} as {@code false}).
 * A map's key reaches an adapter as a string from another reader, and is not refused.
 */
final class StrictScalars implements TypeAdapterFactory {
  @Override
  public <T> @Nullable TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
    Class<?> raw = type.getRawType();
    boolean string = raw == String.class;
    if (raw == char.class || raw == Character.class) {
      return characters(gson.getDelegateAdapter(this, type), raw.isPrimitive());
    }
    if (!string && raw != boolean.class && raw != Boolean.class) {
      return null;
    }
    TypeAdapter<T> delegate = gson.getDelegateAdapter(this, type);
    return new TypeAdapter<T>() {
      @Override
      public void write(JsonWriter out, T value) throws IOException {
        delegate.write(out, value);
      }

      @Override
      public T read(JsonReader in) throws IOException {
        if (in instanceof LimitedJsonReader) {
          JsonToken token = in.peek();
          if (token == JsonToken.NULL && raw == boolean.class) {
            in.nextNull(); // strict records name the component in their own error
            throw ((LimitedJsonReader) in).failure("Cannot read null into boolean", null);
          }
          if (string
              ? token == JsonToken.NUMBER || token == JsonToken.BOOLEAN
              : token == JsonToken.STRING || token == JsonToken.NUMBER) {
            throw ((LimitedJsonReader) in)
                .failure(
                    "Cannot read "
                        + (string ? "String" : "boolean")
                        + " from a "
                        + (token == JsonToken.NUMBER
                            ? "number"
                            : token == JsonToken.STRING ? "string" : "boolean"),
                    null);
          }
        }
        return delegate.read(in);
      }
    };
  }

  /**
   * A {@code char} or {@code Character} only from a one-character string, as a {@code String} is
   * read: Gson takes the text of a number ({@code 1} as {@code '1'}), and leaves a {@code char}
   * field's initial value for {@code null}.
   */
  private static <T> TypeAdapter<T> characters(TypeAdapter<T> delegate, boolean primitive) {
    return new TypeAdapter<T>() {
      @Override
      public void write(JsonWriter out, T value) throws IOException {
        delegate.write(out, value);
      }

      @Override
      public T read(JsonReader in) throws IOException {
        if (in instanceof LimitedJsonReader) {
          JsonToken token = in.peek();
          if (token == JsonToken.NUMBER || token == JsonToken.BOOLEAN) {
            throw ((LimitedJsonReader) in)
                .failure(
                    "Cannot read char from a "
                        + (token == JsonToken.NUMBER ? "number" : "boolean")
                        + ": a char is a one-character string",
                    null);
          }
          if (token == JsonToken.NULL && primitive) {
            in.nextNull(); // strict records name the component in their own error
            throw ((LimitedJsonReader) in).failure("Cannot read null into char", null);
          }
        }
        return delegate.read(in);
      }
    };
  }
}
