package dev.httpjson;

import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import java.lang.reflect.Type;
import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** A codec binding with its readers and writers cached per type (bounded). */
final class CachedBinding {
  static final int MAX_TYPES = 1024;

  private final JsonBinding binding;
  private final ConcurrentHashMap<Type, JsonReader<?>> readers = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<Type, JsonWriter<?>> writers = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<Type, JsonSequenceReader<?>> sequenceReaders =
      new ConcurrentHashMap<>();
  private final Function<Type, JsonReader<?>> newReader;
  private final Function<Type, JsonWriter<?>> newWriter;
  private final Function<Type, JsonSequenceReader<?>> newSequenceReader;

  CachedBinding(JsonBinding binding) {
    this.binding = binding;
    this.newReader = binding::reader;
    this.newWriter = binding::writer;
    this.newSequenceReader = binding::sequenceReader;
  }

  @SuppressWarnings("unchecked")
  <T> JsonReader<T> reader(Type type) {
    return (JsonReader<T>) lookup(readers, type, newReader);
  }

  @SuppressWarnings("unchecked")
  <T> JsonWriter<T> writer(Type type) {
    return (JsonWriter<T>) lookup(writers, type, newWriter);
  }

  @SuppressWarnings("unchecked")
  <T> JsonSequenceReader<T> sequenceReader(Type elementType) {
    return (JsonSequenceReader<T>) lookup(sequenceReaders, elementType, newSequenceReader);
  }

  private static <V> V lookup(ConcurrentHashMap<Type, V> cache, Type type, Function<Type, V> make) {
    V v = cache.get(type);
    if (v != null) {
      return v;
    }
    if (cache.size() >= MAX_TYPES) {
      Iterator<Type> it = cache.keySet().iterator();
      if (it.hasNext()) {
        cache.remove(it.next());
      }
    }
    return cache.computeIfAbsent(type, make);
  }

  int cachedReaders() {
    return readers.size();
  }
}
