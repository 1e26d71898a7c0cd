package dev.httpjson.gson;

import com.google.gson.Gson;
import com.google.gson.JsonSyntaxException;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import dev.httpjson.codec.support.internal.ScalarRules;
import java.io.IOException;
import java.util.Base64;
import org.jspecify.annotations.Nullable;

/**
 * A {@code byte[]} as the other codecs write it, a base64 string (RFC 4648, padded), and read from
 * that or from an array of byte literals (each by the byte rules). Gson writes and reads only the
 * array, so that a body another codec wrote did not read.
 */
final class Base64Bytes implements TypeAdapterFactory {
  @Override
  @SuppressWarnings("unchecked")
  public <T> @Nullable TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
    if (type.getRawType() != byte[].class) {
      return null;
    }
    TypeAdapter<byte[]> array = (TypeAdapter<byte[]>) gson.getDelegateAdapter(this, type);
    return (TypeAdapter<T>)
        new TypeAdapter<byte[]>() {
          @Override
          public void write(JsonWriter out, byte @Nullable [] value) throws IOException {
            if (value == null) {
              out.nullValue();
            } else {
              out.value(Base64.getEncoder().encodeToString(value));
            }
          }

          @Override
          public byte @Nullable [] read(JsonReader in) throws IOException {
            if (in.peek() != JsonToken.STRING) {
              return array.read(in);
            }
            return decode(in.nextString());
          }
        };
  }

  /**
   * The bytes of base64 text in RFC 4648's alphabet, padded to a multiple of four characters,
   * nothing else in it.
   */
  static byte[] decode(String text) {
    try {
      return ScalarRules.base64(text);
    } catch (IllegalArgumentException e) {
      throw new JsonSyntaxException(
          "Cannot read a byte[] from \"" + shortText(text) + "\": " + e.getMessage());
    }
  }

  private static String shortText(String text) {
    return text.length() > 60 ? text.substring(0, 60) + "..." : text;
  }
}
