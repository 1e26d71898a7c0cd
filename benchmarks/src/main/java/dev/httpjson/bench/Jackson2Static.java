package dev.httpjson.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.util.List;

/**
 * {@code jackson2-static}'s JSON side: one static Jackson 2 {@link ObjectMapper} with the {@code
 * java.time} module, {@code readValue(byte[], ...)} and {@code writeValueAsBytes}. Configured as
 * {@code jackson-static} is (case-insensitive property matching, as httpjson's web defaults), and
 * keeping the offset of a date read (Jackson 2 otherwise converts it to UTC; httpjson's codec keeps
 * it), so that both sides of the pair do the same work.
 */
public final class Jackson2Static implements HandWrittenJson {
  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .addModule(new JavaTimeModule())
          .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
          .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .build();

  static final TypeReference<List<WeatherForecast>> LIST = new TypeReference<>() {};

  @Override
  public List<WeatherForecast> readList(byte[] json) throws IOException {
    return MAPPER.readValue(json, LIST);
  }

  @Override
  public WeatherForecast readObject(byte[] json) throws IOException {
    return MAPPER.readValue(json, WeatherForecast.class);
  }

  @Override
  public byte[] writeList(List<WeatherForecast> value) throws IOException {
    return MAPPER.writeValueAsBytes(value);
  }

  @Override
  public byte[] writeObject(WeatherForecast value) throws IOException {
    return MAPPER.writeValueAsBytes(value);
  }
}
