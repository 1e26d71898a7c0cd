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

  /** Returns a reader that deserializes JSON into {@code type}. */
  <T> JsonReader<T> reader(Type type);

  /** Returns a writer that serializes values of {@code type} as JSON. */
  <T> JsonWriter<T> writer(Type type);

  /**
   * Returns a reader that deserializes a top-level JSON array, or a sequence of
   * whitespace-separated JSON values, lazily, one element at a time.
   */
  <T> JsonSequenceReader<T> sequenceReader(Type elementType);
}
