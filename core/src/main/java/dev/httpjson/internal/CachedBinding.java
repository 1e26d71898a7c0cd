package dev.httpjson.internal;

import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import java.lang.reflect.Type;
import java.util.Set;
import java.util.function.Function;

/**
 * A codec binding with its readers and writers cached per type (bounded, least recently used
 * evicted).
 *
 * <p>A binding in the process-wide cache holds only types whose classes its own class loader can
 * see. A type from a class loader below httpjson's (a web application or plugin loaded under a
 * shared httpjson) goes to a binding of that loader's own ({@link LoaderBindings}), which lives as
 * long as the loader and no longer: caching it here would pin the loader, its classes and whatever
 * the codec built for them for good.
 */
public final class CachedBinding {
  public static final int MAX_TYPES = 1024;

  private final CodecSettings settings;
  private final boolean loaderLocal;
  private final JsonBinding binding;
  private final BoundedCache<Type, JsonReader<?>> readers = new BoundedCache<>(MAX_TYPES);
  private final BoundedCache<Type, JsonWriter<?>> writers = new BoundedCache<>(MAX_TYPES);
  private final BoundedCache<Type, JsonSequenceReader<?>> sequenceReaders =
      new BoundedCache<>(MAX_TYPES);
  private final Function<Type, JsonReader<?>> newReader;
  private final Function<Type, JsonWriter<?>> newWriter;
  private final Function<Type, JsonSequenceReader<?>> newSequenceReader;

  /**
   * Binds {@code settings}' codec. With {@code loaderLocal}, the binding belongs to one child class
   * loader and takes every type it is asked for.
   */
  public CachedBinding(CodecSettings settings, boolean loaderLocal) {
    this.settings = settings;
    this.loaderLocal = loaderLocal;
    this.binding = settings.codec().bind(settings.toOptions());
    JsonBinding b = binding;
    Set<Module> reflective = ModuleAccess.named(settings.codec().reflectiveModules());
    if (reflective.isEmpty()) {
      this.newReader = b::reader;
      this.newWriter = b::writer;
      this.newSequenceReader = b::sequenceReader;
    } else {
      this.newReader =
          type -> {
            ModuleAccess.forward(type, reflective);
            return b.reader(type);
          };
      this.newWriter =
          type -> {
            ModuleAccess.forward(type, reflective);
            return b.writer(type);
          };
      this.newSequenceReader =
          type -> {
            ModuleAccess.forward(type, reflective);
            return b.sequenceReader(type);
          };
    }
  }

  @SuppressWarnings("unchecked")
  public <T> JsonReader<T> reader(Type type) {
    JsonReader<?> r = readers.getIfPresent(type);
    if (r != null) {
      return (JsonReader<T>) r;
    }
    CachedBinding owner = owner(type);
    return (JsonReader<T>) (owner == this ? readers.get(type, newReader) : owner.<T>reader(type));
  }

  @SuppressWarnings("unchecked")
  public <T> JsonWriter<T> writer(Type type) {
    JsonWriter<?> w = writers.getIfPresent(type);
    if (w != null) {
      return (JsonWriter<T>) w;
    }
    CachedBinding owner = owner(type);
    return (JsonWriter<T>) (owner == this ? writers.get(type, newWriter) : owner.<T>writer(type));
  }

  @SuppressWarnings("unchecked")
  public <T> JsonSequenceReader<T> sequenceReader(Type elementType) {
    JsonSequenceReader<?> r = sequenceReaders.getIfPresent(elementType);
    if (r != null) {
      return (JsonSequenceReader<T>) r;
    }
    CachedBinding owner = owner(elementType);
    return (JsonSequenceReader<T>)
        (owner == this
            ? sequenceReaders.get(elementType, newSequenceReader)
            : owner.<T>sequenceReader(elementType));
  }

  /** The binding that may cache {@code type}: this one, or its class loader's own. */
  private CachedBinding owner(Type type) {
    if (loaderLocal) {
      return this;
    }
    Class<?> anchor = TypeLoaders.foreignAnchor(type);
    return anchor == null ? this : LoaderBindings.forClass(anchor, settings);
  }

  public int cachedReaders() {
    return readers.size();
  }
}
