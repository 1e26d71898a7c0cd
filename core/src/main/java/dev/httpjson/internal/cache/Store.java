package dev.httpjson.internal.cache;

import org.jspecify.annotations.Nullable;

/** Where entries live. Thread-safe; a failure to read is a miss, a failure to write is no entry. */
abstract class Store {
  final long maxBytes;

  Store(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /** The entry stored under {@code key}, or null. */
  abstract @Nullable Entry get(String key);

  /** Stores {@code entry} under its key, replacing any, then evicts down to {@link #maxBytes}. */
  abstract void put(Entry entry);

  /** Removes the entries of {@code group} (one URI: every method, body and identity). */
  abstract void removeGroup(String group);

  abstract void clear();

  abstract long size();
}
