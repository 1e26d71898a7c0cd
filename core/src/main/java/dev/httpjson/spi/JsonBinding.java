package dev.httpjson.spi;

import java.lang.reflect.Type;

/**
 * A codec configured for one {@link dev.httpjson.JsonOptions} value. httpjson caches readers and
 * writers per type, so each method is called at most once per type and binding while the type stays
 * in the (bounded) cache.
 *
 * <p>Implementations must be thread-safe.
 */
public interface JsonBinding {

  /**
   * Returns a reader that deserializes JSON into {@code type}. Do the expensive work (introspecting
   * the type, building a deserializer) here: the reader is cached and used for every response.
   *
   * @param type a {@link Class} or generic type, as given by the caller or a {@code JsonType}
   * @return a thread-safe reader
   */
  <T> JsonReader<T> reader(Type type);

  /**
   * Returns a writer that serializes values of {@code type} as JSON. The writer is cached and used
   * for every request.
   *
   * @param type the declared type of the values, or {@code Object.class} when only the runtime
   *     class is known (the writer then serializes each value by its own class)
   * @return a thread-safe writer
   */
  <T> JsonWriter<T> writer(Type type);

  /**
   * Returns a reader that deserializes a top-level JSON array, or a sequence of
   * whitespace-separated JSON values, lazily, one element at a time.
   *
   * @param elementType the type of one element (not of the array)
   * @return a thread-safe factory of one-pass cursors
   */
  <T> JsonSequenceReader<T> sequenceReader(Type elementType);
}
