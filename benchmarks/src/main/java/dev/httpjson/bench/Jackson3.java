package dev.httpjson.bench;

import java.util.List;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Jackson 3 as a hand-written client uses it. */
public final class Jackson3 {
  public static final JsonMapper MAPPER = newMapper();

  public static final TypeReference<List<WeatherForecast>> LIST = new TypeReference<>() {};
  public static final TypeReference<List<PlainForecast>> PLAIN = new TypeReference<>() {};

  private Jackson3() {}

  /** Web-like defaults, as httpjson's {@code JsonOptions.web()} (the seed built these per call). */
  static JsonMapper newMapper() {
    return JsonMapper.builder()
        .enable(tools.jackson.databind.MapperFeature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
        .build();
  }
}
