package dev.httpjson.internal;

/**
 * The process-wide cache of codec bindings, keyed by {@link CodecSettings} — only what a codec
 * reads — so that options differing in call settings alone share one binding (and with it every
 * cached reader and writer). Bounded: past {@link #MAX_ENTRIES} distinct settings, the least
 * recently used binding is dropped.
 */
public final class Bindings {
  public static final int MAX_ENTRIES = 64;

  private static final BoundedCache<CodecSettings, CachedBinding> CACHE =
      new BoundedCache<>(MAX_ENTRIES);

  private Bindings() {}

  public static CachedBinding forSettings(CodecSettings settings) {
    return CACHE.get(settings, s -> new CachedBinding(s, false));
  }

  public static int size() {
    return CACHE.size();
  }
}
