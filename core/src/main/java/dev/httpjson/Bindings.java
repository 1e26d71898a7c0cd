package dev.httpjson;

import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The process-wide cache of codec bindings, keyed by options value, so that equal options share one
 * binding (and with it every cached reader and writer). Bounded: past {@link #MAX_ENTRIES} distinct
 * options, an arbitrary entry is dropped before a new one is added.
 */
final class Bindings {
  static final int MAX_ENTRIES = 64;

  private static final ConcurrentHashMap<JsonOptions, CachedBinding> CACHE =
      new ConcurrentHashMap<>();

  private Bindings() {}

  static CachedBinding forOptions(JsonOptions options) {
    CachedBinding binding = CACHE.get(options);
    if (binding != null) {
      return binding;
    }
    if (CACHE.size() >= MAX_ENTRIES) {
      Iterator<JsonOptions> it = CACHE.keySet().iterator();
      if (it.hasNext()) {
        CACHE.remove(it.next());
      }
    }
    return CACHE.computeIfAbsent(options, o -> new CachedBinding(o.codec().bind(o)));
  }

  static int size() {
    return CACHE.size();
  }
}
