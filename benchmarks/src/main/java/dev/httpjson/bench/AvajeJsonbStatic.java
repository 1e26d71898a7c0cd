package dev.httpjson.bench;

import io.avaje.jsonb.JsonType;
import io.avaje.jsonb.Jsonb;
import java.util.List;

/**
 * {@code avaje-jsonb-static}'s JSON side: one static {@link Jsonb} and its {@link JsonType}s for
 * the forecast, through the adapter avaje's annotation processor generated for {@link
 * WeatherForecast}; bytes in and out, as avaje reads them.
 */
public final class AvajeJsonbStatic implements HandWrittenJson {
  static final Jsonb JSONB = Jsonb.builder().build();
  static final JsonType<WeatherForecast> ONE = JSONB.type(WeatherForecast.class);
  static final JsonType<List<WeatherForecast>> LIST = ONE.list();

  @Override
  public List<WeatherForecast> readList(byte[] json) {
    return LIST.fromJson(json);
  }

  @Override
  public WeatherForecast readObject(byte[] json) {
    return ONE.fromJson(json);
  }

  @Override
  public byte[] writeList(List<WeatherForecast> value) {
    return LIST.toJsonBytes(value);
  }

  @Override
  public byte[] writeObject(WeatherForecast value) {
    return ONE.toJsonBytes(value);
  }
}
