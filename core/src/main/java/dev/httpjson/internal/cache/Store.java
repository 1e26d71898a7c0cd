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

  /**
   * Where the body of {@code template}'s response goes as it arrives, at most {@code limit} bytes;
   * published as one entry by {@link Sink#commit()}.
   */
  Sink sink(Entry template, long limit) {
    return new ArraySink(template, limit);
  }

  /** A body being stored. Called by one thread at a time. */
  interface Sink {
    /**
     * Adds bytes; false once the body is over the limit or could not be written (then abandoned).
     */
    boolean write(java.nio.ByteBuffer bytes);

    /** Publishes the entry. */
    void commit();

    /** Drops what was written. */
    void abandon();
  }

  /** A body collected in memory, stored with {@link #put} when whole. */
  final class ArraySink implements Sink {
    private final Entry template;
    private final long limit;
    private byte @org.jspecify.annotations.Nullable [] bytes = new byte[1024];
    private int length;

    ArraySink(Entry template, long limit) {
      this.template = template;
      this.limit = limit;
    }

    @Override
    public boolean write(java.nio.ByteBuffer item) {
      byte[] b = bytes;
      int n = item.remaining();
      if (b == null || length + (long) n > limit) {
        bytes = null;
        return false;
      }
      if (length + n > b.length) {
        b = java.util.Arrays.copyOf(b, (int) Math.min(limit, Math.max(length + n, b.length * 2L)));
        bytes = b;
      }
      item.duplicate().get(b, length, n);
      length += n;
      return true;
    }

    @Override
    public void commit() {
      byte[] b = bytes;
      if (b != null) {
        bytes = null;
        put(template.withBody(java.util.Arrays.copyOf(b, length)));
      }
    }

    @Override
    public void abandon() {
      bytes = null;
    }
  }
}
