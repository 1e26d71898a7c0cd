package dev.httpjson.gson;

import com.google.gson.Gson;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.httpjson.codec.support.internal.ReadProblems;
import dev.httpjson.codec.support.internal.ScalarKind;
import dev.httpjson.codec.support.internal.ScalarRules;
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
    if (raw != String.class
        && raw != java.net.URI.class
        && raw != java.net.URL.class
        && raw != boolean.class
        && raw != Boolean.class
        && raw != char.class
        && raw != Character.class) {
      return null;
    }
    return new DelegateAdapter<T>(gson.getDelegateAdapter(this, type)) {
      @Override
      public T read(JsonReader in) throws IOException {
        if (in instanceof LimitedJsonReader) {
          JsonToken token = in.peek();
          String problem = problem(raw, token);
          if (problem != null) {
            if (token == JsonToken.NULL) {
              in.nextNull(); // strict records name the component in their own error
            }
            throw ((LimitedJsonReader) in).failure(problem, null);
          }
          if ((raw == char.class || raw == Character.class) && token == JsonToken.STRING) {
            String s = in.nextString();
            if (s.length() != 1) {
              throw ((LimitedJsonReader) in).failure(notOneCharacter(s), null);
            }
            @SuppressWarnings("unchecked")
            T c = (T) Character.valueOf(s.charAt(0));
            return c;
          }
        }
        return delegate.read(in);
      }
    };
  }

  /** Why {@code s} is not a {@code char}, in the words of every codec. */
  static String notOneCharacter(String s) {
    return "Cannot read a char from a string of "
        + s.length()
        + " characters: a char is a string of one character";
  }

  /**
   * Why {@code token} cannot be read into {@code raw}, or null. A {@code char} or {@code Character}
   * is read only from a one-character string, as a {@code String} is: Gson takes the text of a
   * number ({@code 1} as {@code '1'}), and leaves a {@code char} field's initial value for {@code
   * null}.
   */
  private static @Nullable String problem(Class<?> raw, JsonToken token) {
    // A URI or a URL is a string, as with every codec.
    boolean string = raw == String.class || raw == java.net.URI.class || raw == java.net.URL.class;
    boolean character = raw == char.class || raw == Character.class;
    String name = string ? raw.getSimpleName() : character ? "char" : "boolean";
    if (token == JsonToken.NULL) {
      return raw.isPrimitive() ? ScalarRules.nullProblem(raw) : null;
    }
    if (string || character
        ? token != JsonToken.NUMBER && token != JsonToken.BOOLEAN
        : token == JsonToken.BOOLEAN) {
      return null;
    }
    return character
        ? ScalarKind.CHAR.tokenProblem(char.class, token)
        : ReadProblems.shapeProblem(name, token);
  }
}
