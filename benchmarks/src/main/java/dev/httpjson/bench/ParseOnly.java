package dev.httpjson.bench;

import dev.httpjson.JsonType;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.util.List;
import tools.jackson.databind.MappingIterator;

/**
 * {@code jackson-parse-only}: no HTTP at all — the hand-written client's Jackson mapper reading the
 * bytes the server would send (made once) or writing the value a POST would send. The decoder's own
 * speed on this machine: the physical limit of every variant that decodes with Jackson, so the gap
 * to it is visible beside the HTTP variants in the same run.
 */
final class ParseOnly implements Variant {
  /**
   * {@code httpjson-parse-only}: httpjson's own decoder (the default codec with the web options,
   * through {@link JsonType#fromJson(byte[])}) on the same bytes, no HTTP: the limit of the {@code
   * httpjson} variant, which differs from Jackson's own where the codec reads a value itself (its
   * ISO-8601 date-time reader).
   */
  static final class HttpJson implements Variant {
    private static final JsonType<List<WeatherForecast>> LIST = JdkVariants.LIST;
    private static final JsonType<WeatherForecast> ONE = JsonType.of(WeatherForecast.class);

    @Override
    public Op op(Scenario scenario, URI base) {
      switch (scenario) {
        case GET_COLLECTION:
          {
            byte[] json = Forecasts.randomListJson();
            return () -> Forecasts.check(LIST.fromJson(json));
          }
        case GET_PLAIN:
          {
            byte[] json = Forecasts.randomPlainListJson();
            return () -> Forecasts.checkPlain(JdkVariants.PLAIN.fromJson(json));
          }
        case GET_OBJECT:
          {
            byte[] json = Forecasts.randomObjectJson();
            return () -> Forecasts.check(ONE.fromJson(json));
          }
        case GET_LARGE:
          {
            byte[] json = Forecasts.largeListJson();
            return () -> Forecasts.check(LIST.fromJson(json), Forecasts.LARGE_SIZE);
          }
        default:
          throw new UnsupportedOperationException("reads whole bodies only");
      }
    }
  }

  /**
   * {@code jackson2-parse-only}: the Jackson 2 mapper the Retrofit and Feign variants are given
   * ({@link Jackson2#newMapper()}), reading the same bytes through one prepared reader, no HTTP:
   * the decoder of {@code retrofit}, beside {@code httpjson-parse-only} in the same run.
   */
  static final class Jackson2Reader implements Variant {
    private static final com.fasterxml.jackson.databind.ObjectMapper MAPPER = Jackson2.newMapper();

    @Override
    public Op op(Scenario scenario, URI base) {
      switch (scenario) {
        case GET_COLLECTION:
          {
            byte[] json = Forecasts.randomListJson();
            com.fasterxml.jackson.databind.ObjectReader reader =
                MAPPER.readerFor(
                    new com.fasterxml.jackson.core.type.TypeReference<List<WeatherForecast>>() {});
            return () -> Forecasts.check(reader.<List<WeatherForecast>>readValue(json));
          }
        case GET_PLAIN:
          {
            byte[] json = Forecasts.randomPlainListJson();
            com.fasterxml.jackson.databind.ObjectReader reader =
                MAPPER.readerFor(
                    new com.fasterxml.jackson.core.type.TypeReference<List<PlainForecast>>() {});
            return () -> Forecasts.checkPlain(reader.<List<PlainForecast>>readValue(json));
          }
        default:
          throw new UnsupportedOperationException("get.collection and get.plain only");
      }
    }
  }

  @Override
  public Op op(Scenario scenario, URI base) {
    switch (scenario) {
      case GET_COLLECTION:
        {
          byte[] json = Forecasts.randomListJson();
          return () -> Forecasts.check(Jackson3.MAPPER.readValue(json, Jackson3.LIST));
        }
      case GET_PLAIN:
        {
          byte[] json = Forecasts.randomPlainListJson();
          return () -> Forecasts.checkPlain(Jackson3.MAPPER.readValue(json, Jackson3.PLAIN));
        }
      case GET_OBJECT:
        {
          byte[] json = Forecasts.randomObjectJson();
          return () -> Forecasts.check(Jackson3.MAPPER.readValue(json, WeatherForecast.class));
        }
      case POST_COLLECTION:
        {
          List<WeatherForecast> list = Forecasts.randomList();
          return () -> Forecasts.checkJson(Jackson3.MAPPER.writeValueAsBytes(list), list.size());
        }
      case POST_OBJECT:
        {
          WeatherForecast one = Forecasts.randomList().get(0);
          return () -> Forecasts.checkJson(Jackson3.MAPPER.writeValueAsBytes(one), 1);
        }
      case GET_LARGE:
        {
          byte[] json = Forecasts.largeListJson();
          return () ->
              Forecasts.check(Jackson3.MAPPER.readValue(json, Jackson3.LIST), Forecasts.LARGE_SIZE);
        }
      case STREAM_LARGE:
        {
          byte[] json = Forecasts.largeListJson();
          return () -> {
            int n = 0;
            try (MappingIterator<WeatherForecast> it =
                Jackson3.MAPPER
                    .readerFor(WeatherForecast.class)
                    .readValues(new ByteArrayInputStream(json))) {
              while (it.hasNext()) {
                Forecasts.check(it.next());
                n++;
              }
            }
            if (n != Forecasts.LARGE_SIZE) {
              throw new IllegalStateException("parsed " + n + " forecasts");
            }
          };
        }
      default:
        throw new AssertionError(scenario);
    }
  }
}
