package dev.httpjson.bench;

import java.util.List;

/**
 * {@code jackson-static}'s JSON side: the one static Jackson 3 mapper ({@link Jackson3#MAPPER},
 * case-insensitive property matching as httpjson's web defaults), {@code readValue(byte[], ...)}
 * and {@code writeValueAsBytes}.
 */
public final class JacksonStatic implements HandWrittenJson {
  @Override
  public List<WeatherForecast> readList(byte[] json) {
    return Jackson3.MAPPER.readValue(json, Jackson3.LIST);
  }

  @Override
  public WeatherForecast readObject(byte[] json) {
    return Jackson3.MAPPER.readValue(json, WeatherForecast.class);
  }

  @Override
  public byte[] writeList(List<WeatherForecast> value) {
    return Jackson3.MAPPER.writeValueAsBytes(value);
  }

  @Override
  public byte[] writeObject(WeatherForecast value) {
    return Jackson3.MAPPER.writeValueAsBytes(value);
  }
}
