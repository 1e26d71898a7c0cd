package dev.httpjson.internal;

import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.WeakHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The bindings of one class loader below httpjson's, for the types it defines.
 *
 * <p>Reachable strongly only from the classes of that loader (through a {@link ClassValue}), and
 * weakly from a process-wide map: once the loader's classes are unreachable, the loader, its
 * bindings and everything the codec cached for its types can be collected together, however long
 * httpjson itself lives.
 */
public final class LoaderBindings {
  /** Bindings per loader are few: one per codec settings a plugin uses. */
  public static final int MAX_ENTRIES = 16;

  private static final ClassValue<LoaderBindings> BY_CLASS =
      new ClassValue<>() {
        @Override
        protected LoaderBindings computeValue(Class<?> type) {
          return of(type.getClassLoader());
        }
      };

  private static final Map<ClassLoader, WeakReference<LoaderBindings>> BY_LOADER =
      new WeakHashMap<>();

  private final BoundedCache<CodecSettings, CachedBinding> bindings =
      new BoundedCache<>(MAX_ENTRIES);

  private LoaderBindings() {}

  /** The binding for {@code settings} of the loader that defined {@code type}. */
  public static CachedBinding forClass(Class<?> type, CodecSettings settings) {
    return BY_CLASS.get(type).bindings.get(settings, s -> new CachedBinding(s, true));
  }

  private static LoaderBindings of(@Nullable ClassLoader loader) {
    if (loader == null) {
      throw new IllegalArgumentException("bootstrap classes use the shared bindings");
    }
    synchronized (BY_LOADER) {
      WeakReference<LoaderBindings> ref = BY_LOADER.get(loader);
      LoaderBindings b = ref == null ? null : ref.get();
      if (b == null) {
        b = new LoaderBindings();
        BY_LOADER.put(loader, new WeakReference<>(b));
      }
      return b;
    }
  }
}
