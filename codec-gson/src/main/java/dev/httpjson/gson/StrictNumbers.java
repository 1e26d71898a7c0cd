package dev.httpjson.gson;

import com.google.gson.Gson;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Numbers only from JSON numbers ({@code numbersFromStrings(false)}): Gson's own number adapters
 * accept {@code "42"} as well as {@code 42}, with no setting to refuse it.
 */
final class StrictNumbers implements TypeAdapterFactory {
  private static final Set<Class<?>> NUMBERS =
      Set.of(
          int.class,
          Integer.class,
          long.class,
          Long.class,
          short.class,
          Short.class,
          byte.class,
          Byte.class,
          double.class,
          Double.class,
          float.class,
          Float.class,
          BigDecimal.class,
          BigInteger.class,
          Number.class);

  @Override
  public <T> @Nullable TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
    if (!NUMBERS.contains(type.getRawType())) {
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
        if (in.peek() == JsonToken.STRING && in instanceof LimitedJsonReader) {
          throw ((LimitedJsonReader) in)
              .failure(
                  "Cannot read a number from a JSON string (JsonOptions.numbersFromStrings is off)",
                  null);
        }
        return delegate.read(in);
      }
    };
  }
}
