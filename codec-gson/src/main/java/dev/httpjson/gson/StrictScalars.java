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
}
