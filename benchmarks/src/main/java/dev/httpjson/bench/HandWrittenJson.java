package dev.httpjson.bench;

import java.util.List;

/**
 * The JSON side of a hand-written client: one static instance of a JSON library, configured once,
 * reading the bytes that {@code client.send(request, BodyHandlers.ofByteArray())} returned and
 * writing the bytes a POST sends. The baseline an httpjson codec is compared with (see {@link
 * Codecs}); the HTTP side is the same JDK client for every library ({@link JdkCalls}).
 *
 * <p>Implementations have a public no-argument constructor (the cold-start child builds them by
 * class name) and keep their library instance in a static field.
 */
public interface HandWrittenJson {
  /** The 5-item collection from the server's bytes. */
  List<WeatherForecast> readList(byte[] json) throws Exception;

  /** One forecast from the server's bytes. */
  WeatherForecast readObject(byte[] json) throws Exception;

  /** The UTF-8 JSON of a collection. */
  byte[] writeList(List<WeatherForecast> value) throws Exception;

  /** The UTF-8 JSON of one forecast. */
  byte[] writeObject(WeatherForecast value) throws Exception;
}
