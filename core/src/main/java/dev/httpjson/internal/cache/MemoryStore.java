package dev.httpjson.internal.cache;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Entries in a map in access order, least recently used out; the entries and the bodies being
 * stored ({@link #reserve}) hold at most {@link #maxBytes} together.
 */
final class MemoryStore extends Store {
  private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
  private long size;

  MemoryStore(long maxBytes) {
    super(maxBytes);
  }

  /** The URI itself: a map key needs no digest, and a call computes none. */
  @Override
  String group(String normalized) {
    return normalized;
  }

  @Override
  synchronized @Nullable Entry get(String key) {
    return entries.get(key);
  }

  @Override
  synchronized boolean put(Entry entry, long stamp, long marks) {
    if (!current(entry.group, stamp)) {
      return false;
    }
    Entry old = entries.put(entry.key, entry);
    if (old != null) {
      size -= old.weight();
    }
    size += entry.weight();
    evict();
    return true;
  }

  @Override
  synchronized boolean putReserved(Entry entry, long stamp, long marks, long reserved) {
    this.reserved -= reserved;
    return put(entry, stamp, marks);
  }

  @Override
  void evict() {
    Iterator<Map.Entry<String, Entry>> it = entries.entrySet().iterator();
    while (size + reserved > maxBytes && it.hasNext()) {
      size -= it.next().getValue().weight();
      it.remove();
    }
  }

  @Override
  synchronized void remove(String key) {
    Entry old = entries.remove(key);
    if (old != null) {
      size -= old.weight();
    }
  }

  @Override
  synchronized void removeGroup(String group) {
    removing(group);
    Iterator<Entry> it = entries.values().iterator();
    while (it.hasNext()) {
      Entry e = it.next();
      if (e.group.equals(group)) {
        size -= e.weight();
        it.remove();
      }
    }
  }

  @Override
  synchronized void clear() {
    removingAll();
    entries.clear();
    size = 0;
  }

  @Override
  synchronized long size() {
    return size;
  }

  @Override
  public String toString() {
    return "in memory";
  }
}
