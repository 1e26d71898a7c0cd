package dev.httpjson.gson;

import com.google.gson.Gson;
import com.google.gson.JsonPrimitive;
import com.google.gson.JsonSyntaxException;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.httpjson.codec.support.internal.ScalarKind;
import dev.httpjson.codec.support.internal.ScalarRules;
import java.io.IOException;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Enums and UUIDs read only from the text Gson writes for them, as the other codecs read them: Gson
 * reads an unknown enum name as {@code null}, also takes an enum's {@code toString()}, and reads
 * {@code "1-1-1-1-1"} as some UUID.
 */
final class ExactValues implements TypeAdapterFactory {
  @Override
  @SuppressWarnings("unchecked")
  public <T> @Nullable TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
    Class<? super T> raw = type.getRawType();
    if (raw == UUID.class) {
      return (TypeAdapter<T>) new Uuids(gson.getDelegateAdapter(this, TypeToken.get(UUID.class)));
    }
    if (raw == java.util.Locale.class) {
      return (TypeAdapter<T>) LOCALES;
    }
    if (!Enum.class.isAssignableFrom(raw) || raw == Enum.class) {
      return null;
    }
    return new Enums<>(gson.getDelegateAdapter(this, type), raw);
  }

  private static final class Enums<T> extends DelegateAdapter<T> {
    private final Class<?> type;

    Enums(TypeAdapter<T> delegate, Class<?> type) {
      super(delegate);
      this.type = type;
    }

    @Override
    public @Nullable T read(JsonReader in) throws IOException {
      JsonToken token = in.peek();
      if (token == JsonToken.NULL) {
        return delegate.read(in);
      }
      if (token != JsonToken.STRING) {
        throw failure(in, "Cannot read enum " + type.getName() + " from " + token);
      }
      String name = in.nextString();
      T value = delegate.fromJsonTree(new JsonPrimitive(name));
      if (value == null || !name.equals(delegate.toJsonTree(value).getAsString())) {
        throw failure(
            in,
            "Cannot read enum " + type.getName() + " from \"" + name + "\": not one of its names");
      }
      return value;
    }
  }

  private static final class Uuids extends DelegateAdapter<UUID> {
    Uuids(TypeAdapter<UUID> delegate) {
      super(delegate);
    }

    @Override
    public @Nullable UUID read(JsonReader in) throws IOException {
      JsonToken token = in.peek();
      if (token == JsonToken.NULL) {
        return delegate.read(in);
      } else if (token != JsonToken.STRING) {
        throw failure(in, ScalarKind.UUID.tokenProblem(UUID.class, token));
      }
      String s = in.nextString();
      if (!ScalarRules.isCanonicalUuid(s)) {
        throw failure(in, "Cannot read a UUID from \"" + s + "\": not 8-4-4-4-12 hex digits");
      }
      return UUID.fromString(s);
    }
  }

  /**
   * A {@link java.util.Locale} as its BCP 47 language tag, and read from that tag or Java's own
   * form, as every codec reads and writes it (Gson writes {@code toString()}: {@code "en_US"}).
   */
  private static final TypeAdapter<java.util.Locale> LOCALES =
      new TypeAdapter<java.util.Locale>() {
        @Override
        public void write(com.google.gson.stream.JsonWriter out, java.util.@Nullable Locale value)
            throws IOException {
          if (value == null) {
            out.nullValue();
          } else {
            out.value(ScalarRules.localeText(value));
          }
        }

        @Override
        public java.util.@Nullable Locale read(JsonReader in) throws IOException {
          JsonToken token = in.peek();
          if (token == JsonToken.NULL) {
            in.nextNull();
            return null;
          } else if (token != JsonToken.STRING) {
            throw failure(in, ScalarKind.LOCALE.tokenProblem(java.util.Locale.class, token));
          }
          String text = in.nextString();
          try {
            return ScalarRules.locale(text);
          } catch (IllegalArgumentException e) {
            throw failure(in, "Cannot read a Locale from \"" + text + "\": " + e.getMessage());
          }
        }
      };

  private static IOException failure(JsonReader in, String problem) {
    if (in instanceof LimitedJsonReader) {
      return ((LimitedJsonReader) in).failure(problem, null);
    }
    throw new JsonSyntaxException(problem); // a key, read from a tree: no position
  }
}
