package dev.httpjson.gson;

import com.google.gson.Gson;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.MalformedJsonException;
import dev.httpjson.codec.support.internal.ReadProblems;
import dev.httpjson.codec.support.internal.ScalarRules;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Numbers read from the token's text with the JDK, as every codec reads them: an integral type
 * takes an integer literal in its range only (Gson truncates {@code 1.5} to 1 when the value is an
 * int, clamps {@code 9223372036854775808} to {@code Long.MAX_VALUE} and wraps {@code 32768} into a
 * short, and reads 128 to 255 into a byte), a {@code float} is rounded once from the text (Gson
 * rounds through a double), and a number written as a string must use ASCII digits. With {@code
 * numbersFromStrings(false)} a string is refused outright: Gson's own adapters accept {@code "42"}
 * as well as {@code 42}, with no setting to refuse it.
 */
final class StrictNumbers implements TypeAdapterFactory {
  private final boolean fromStrings;

  StrictNumbers(boolean fromStrings) {
    this.fromStrings = fromStrings;
  }

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
    return new DelegateAdapter<T>(delegate) {
      @Override
      public T read(JsonReader in) throws IOException {
        JsonToken token = in.peek();
        if (token == JsonToken.NULL && type.getRawType().isPrimitive()) {
          // Gson reads null as no value, and leaves a field's initial value in place. The reader
          // consumes it first: strict records name the component in their own error.
          in.nextNull();
          throw failure(in, ScalarRules.nullProblem(type.getRawType()));
        }
        // A map's key reaches the adapter as a string from another reader: not refused.
        if (token == JsonToken.STRING && !fromStrings && in instanceof LimitedJsonReader) {
          throw failure(
              in,
              "Cannot read a number from a JSON string (JsonOptions.numbersFromStrings is off)");
        }
        Class<?> raw = type.getRawType();
        if (token == JsonToken.BEGIN_OBJECT
            || token == JsonToken.BEGIN_ARRAY
            || token == JsonToken.BOOLEAN) {
          throw failure(in, ReadProblems.shapeProblem(ReadProblems.typeName(raw), token));
        }
        if (token != JsonToken.NUMBER && token != JsonToken.STRING) {
          return delegate.read(in);
        }
        if ((raw == double.class || raw == Double.class) && token == JsonToken.NUMBER) {
          return delegate.read(in);
        }
        String text = in.nextString();
        @SuppressWarnings("unchecked")
        T value = (T) parse(in, raw, text, token == JsonToken.STRING);
        return value;
      }
    };
  }

  private static Object parse(JsonReader in, Class<?> raw, String text, boolean fromString)
      throws IOException {
    String type = ReadProblems.typeName(raw);
    if (!ScalarRules.isJsonNumber(text)) { // RFC 8259 syntax, ASCII digits
      throw failure(in, ReadProblems.notANumberProblem(type, text));
    }
    try {
      if (raw == float.class || raw == Float.class) {
        float f = Float.parseFloat(text);
        if (Float.isInfinite(f)) {
          throw failure(in, ReadProblems.rangeProblem(type, text, fromString));
        }
        return f;
      }
      if (raw == BigDecimal.class) {
        BigDecimal value = new BigDecimal(text);
        if (!ScalarRules.isDecimalInRange(value)) {
          throw failure(in, ReadProblems.rangeProblem(type, text, fromString));
        }
        return value;
      }
      if (raw == double.class || raw == Double.class) {
        return Double.parseDouble(text); // a string (a number token is read above)
      }
      if (raw == Number.class) {
        return untyped(text); // as into Object, not Gson's LazilyParsedNumber
      }
      if (!ScalarRules.isJsonInteger(text)) {
        throw failure(in, "Expected an integer but was " + text + " (" + raw.getSimpleName() + ")");
      }
      if (raw == BigInteger.class) {
        return new BigInteger(text);
      }
      if (raw == long.class || raw == Long.class) {
        return Long.parseLong(text);
      }
      int i = Integer.parseInt(text);
      if (raw == int.class || raw == Integer.class) {
        return i;
      }
      if (raw == short.class || raw == Short.class) {
        if (i < Short.MIN_VALUE || i > Short.MAX_VALUE) {
          throw failure(in, ReadProblems.rangeProblem(type, text, fromString));
        }
        return (short) i;
      }
      // Gson reads 128..255 into a byte as the byte with those bits: out of range here.
      if (i < Byte.MIN_VALUE || i > Byte.MAX_VALUE) {
        throw failure(in, ReadProblems.rangeProblem(type, text, fromString));
      }
      return (byte) i;
    } catch (NumberFormatException e) {
      throw failure(in, ReadProblems.rangeProblem(type, text, fromString));
    }
  }

  /**
   * A number read where its type is not known ({@code Object}, {@code Number}), as the Jackson
   * codecs read it: an {@code Integer}, a {@code Long} or a {@code BigInteger} for an integer, a
   * {@code Double} otherwise (an infinity when too large).
   *
   * @param text a JSON number
   * @return its value
   */
  static Number untyped(String text) {
    if (ScalarRules.isJsonInteger(text)) {
      try {
        long l = Long.parseLong(text);
        return l == (int) l ? (Number) (int) l : (Number) l;
      } catch (NumberFormatException e) {
        return new BigInteger(text);
      }
    }
    return Double.parseDouble(text);
  }

  private static IOException failure(JsonReader in, String problem) {
    if (in instanceof LimitedJsonReader) {
      return ((LimitedJsonReader) in).failure(problem, null);
    }
    return new MalformedJsonException(problem); // a key, read from a tree: no position
  }
}
