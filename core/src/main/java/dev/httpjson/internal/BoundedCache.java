package dev.httpjson.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A bounded map that evicts the least recently used entry. A hit is a lock-free map read plus, at
 * most once per miss epoch, a volatile write of the entry's last-used stamp; misses run under one
 * lock, so concurrent misses never push the size past the bound and a value is created once per
 * key. The stamp is the number of misses so far: eviction, which only a miss causes, drops the
 * entry whose last use is oldest (ties between entries used since the same miss are broken
 * arbitrarily).
 */
public final class BoundedCache<K, V> {
  private final int maxSize;
  private final ConcurrentHashMap<K, Entry<V>> map = new ConcurrentHashMap<>();
  private final Object lock = new Object();
  private volatile long epoch;

  public BoundedCache(int maxSize) {
    if (maxSize < 1) {
      throw new IllegalArgumentException("maxSize < 1: " + maxSize);
    }
    this.maxSize = maxSize;
  }

  public @Nullable V getIfPresent(K key) {
    Entry<V> e = map.get(key);
    if (e == null) {
      return null;
    }
    long now = epoch;
    if (e.used != now) {
      e.used = now;
    }
    return e.value;
  }

  /** Returns the cached value, or creates, caches and returns one (under the cache's lock). */
  public V get(K key, Function<? super K, ? extends V> create) {
    V v = getIfPresent(key);
    if (v != null) {
      return v;
    }
    synchronized (lock) {
      Entry<V> e = map.get(key);
      if (e != null) {
        e.used = epoch;
        return e.value;
      }
      V created = create.apply(key);
      long now = epoch + 1;
      epoch = now;
      while (map.size() >= maxSize) {
        evictLeastRecentlyUsed();
      }
      map.put(key, new Entry<>(created, now));
      return created;
    }
  }

  public int size() {
    return map.size();
  }

  private void evictLeastRecentlyUsed() {
    K oldest = null;
    long min = Long.MAX_VALUE;
    for (Map.Entry<K, Entry<V>> e : map.entrySet()) {
      long used = e.getValue().used;
      if (used < min) {
        min = used;
        oldest = e.getKey();
      }
    }
    if (oldest != null) {
      map.remove(oldest);
    }
  }

  private static final class Entry<V> {
    public final V value;
    public volatile long used;

    public Entry(V value, long used) {
      this.value = value;
      this.used = used;
    }
  }
}
