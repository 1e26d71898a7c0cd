package dev.httpjson.bench;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.TypeAdapter;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * {@code gson-static}'s JSON side: one static {@link Gson} with the {@code OffsetDateTime} adapter
 * any Gson user has to write (Gson has none for {@code java.time}), ISO-8601 text as the server
 * sends it. Gson reads characters, not bytes: the body is decoded with {@code new String(bytes,
 * UTF_8)} and parsed with {@code fromJson(String, TypeToken)}, the usual Gson idiom; for this
 * ~490-byte body it allocates ~8 kB less per read than {@code fromJson(new InputStreamReader(new
 * ByteArrayInputStream(bytes), UTF_8), ...)}, whose decoder keeps an 8 KiB byte buffer ({@code
 * CodecBench.gsonStringReader} and {@code gsonStreamReader}: 14.7 kB and 23.0 kB per read).
 */
public final class GsonStatic implements HandWrittenJson {
  static final Gson GSON =
      new GsonBuilder()
          .registerTypeAdapter(OffsetDateTime.class, new OffsetDateTimeAdapter())
          .create();

  static final TypeToken<List<WeatherForecast>> LIST = new TypeToken<>() {};

  /** The static instance (for the JMH comparison of the two ways to read bytes). */
  public static Gson gson() {
    return GSON;
  }

  @Override
  public List<WeatherForecast> readList(byte[] json) {
    return GSON.fromJson(new String(json, StandardCharsets.UTF_8), LIST);
  }

  @Override
  public WeatherForecast readObject(byte[] json) {
    return GSON.fromJson(new String(json, StandardCharsets.UTF_8), WeatherForecast.class);
  }

  @Override
  public byte[] writeList(List<WeatherForecast> value) {
    return GSON.toJson(value, LIST.getType()).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public byte[] writeObject(WeatherForecast value) {
    return GSON.toJson(value, WeatherForecast.class).getBytes(StandardCharsets.UTF_8);
  }

  /** ISO-8601 with the offset, as the server writes it. */
  static final class OffsetDateTimeAdapter extends TypeAdapter<OffsetDateTime> {
    @Override
    public void write(JsonWriter out, OffsetDateTime value) throws IOException {
      if (value == null) {
        out.nullValue();
      } else {
        out.value(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(value));
      }
    }

    @Override
    public OffsetDateTime read(JsonReader in) throws IOException {
      if (in.peek() == com.google.gson.stream.JsonToken.NULL) {
        in.nextNull();
        return null;
      }
      return OffsetDateTime.parse(in.nextString());
    }
  }
}
