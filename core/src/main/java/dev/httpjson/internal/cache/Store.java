package dev.httpjson.internal.cache;

import dev.httpjson.internal.Unreachables;
import org.jspecify.annotations.Nullable;

/** Where entries live. Thread-safe; a failure to read is a miss, a failure to write is no entry. */
abstract class Store {
  final long maxBytes;

  /** The groups whose last removal is remembered at most; an older one counts as everyone's. */
  private static final int REMEMBERED = 1024;

  /** Numbers the removals, in order: a stamp is the number of the last one. */
  private final java.util.concurrent.atomic.AtomicLong removals =
      new java.util.concurrent.atomic.AtomicLong();

  /** The number of the last removal of each group, the least recently removed first. */
  private final java.util.LinkedHashMap<String, Long> removed = new java.util.LinkedHashMap<>();

  /** The number of the last removal of every entry, or of a group no longer remembered. */
  private long removedAll;

  /** The bytes set aside for the bodies being stored ({@link #reserve}); under the lock. */
  long reserved;

  /**
   * Where the bodies a caller dropped unfinished are told ({@link #watch}): the store's own queue,
   * apart from the one of the calls' streams ({@code ElementStream}): it watches bodies of calls
   * that are none of httpjson's (a JDK body handler through {@code HttpCache#decorate}, whose
   * stream the store hands out itself), one store serves several clients, and it is polled when the
   * store needs room, not when a call needs a permit. A call's stream read through the store is
   * watched in both; either ends the same exchange, and the other then finds nothing to do.
   */
  private final Unreachables unreachable = new Unreachables();

  Store(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /**
   * A stamp taken when a call starts: what the call stores is kept out once {@link #removeGroup} or
   * {@link #clear} removed its group meanwhile ({@link #current}), since the response may be what
   * was removed.
   */
  final long stamp() {
    return removals.get();
  }

  /** Whether nothing of {@code group} was removed since {@code stamp}. */
  final boolean current(String group, long stamp) {
    synchronized (removed) {
      Long at = removed.get(group);
      return removedAll <= stamp && (at == null || at <= stamp);
    }
  }

  /** Records a removal of {@code group}'s entries, before they are removed. */
  final void removing(String group) {
    synchronized (removed) {
      long n = removals.incrementAndGet();
      removed.remove(group);
      removed.put(group, n);
      if (removed.size() > REMEMBERED) {
        java.util.Iterator<Long> oldest = removed.values().iterator();
        removedAll = Math.max(removedAll, oldest.next());
        oldest.remove();
      }
    }
  }

  /** Records a removal of every entry, before they are removed. */
  final void removingAll() {
    synchronized (removed) {
      removedAll = removals.incrementAndGet();
      removed.clear();
    }
  }

  /**
   * The group of a {@linkplain Cache#normalize normalized} URI: the first part of the keys of all
   * its entries, which {@link #removeGroup} removes. A digest, which a file name can hold.
   */
  String group(String normalized) {
    return Cache.digest(normalized);
  }

  /**
   * What the store shows of the removals of {@code group} made by other processes, read when a call
   * goes to the origin: what it then stores is kept out once this changed ({@link #put}), since its
   * response may be what such a removal removed. Always 0 here: no other process shares the store;
   * a store on disk reads its removal marks ({@code DiskStore}).
   */
  long marks(String group) {
    return 0;
  }

  /** The entry stored under {@code key}, or null. */
  abstract @Nullable Entry get(String key);

  /**
   * Stores {@code entry} under its key, replacing any, then evicts down to {@link #maxBytes};
   * unless its group's entries were removed since {@code stamp}, or its {@link #marks} are no
   * longer {@code marks}: false when not stored.
   */
  abstract boolean put(Entry entry, long stamp, long marks);

  /** Removes the entry stored under {@code key}, if any. */
  abstract void remove(String key);

  /**
   * Removes the entries of {@code group} (one URI: every method, body and identity), and keeps out
   * those being stored since before ({@link #removing}).
   */
  abstract void removeGroup(String group);

  /** Removes every entry, and keeps out those being stored since before ({@link #removingAll}). */
  abstract void clear();

  abstract long size();

  /**
   * Sets {@code n} bytes aside for a body being stored, making room for them as for an entry
   * ({@link #evict}): false when the bodies being stored would hold more than the bound (then
   * nothing is set aside).
   */
  final synchronized boolean reserve(long n) {
    if (n > maxBytes - reserved) {
      return false;
    }
    reserved += n;
    evict();
    return true;
  }

  /**
   * Runs {@code dropped} once {@code body}, a body handed to a caller while it is still being
   * stored or served from a file, is unreachable: the caller dropped it unfinished, and the room
   * set aside for it comes back, or its file is closed. Told by {@link #expunge}, on no thread of
   * its own; {@link Unreachables.Watch#end} when the body ends.
   */
  final Unreachables.Watch watch(Object body, Runnable dropped) {
    return unreachable.watch(body, dropped);
  }

  /**
   * Runs what the watches of the bodies found unreachable ask for ({@link #watch}); called before a
   * body sets room aside and when a call starts (before it serves a body), never under a lock.
   */
  final void expunge() {
    unreachable.poll();
  }

  /** Gives back {@code n} bytes set aside ({@link #reserve}). */
  final synchronized void release(long n) {
    reserved -= n;
  }

  /**
   * Removes the least recently used entries until they fit in the bound beside the bodies being
   * stored; holds the lock.
   */
  abstract void evict();

  /** Gives back the {@code reserved} bytes of {@code entry}'s body, then stores it. */
  boolean putReserved(Entry entry, long stamp, long marks, long reserved) {
    release(reserved);
    return put(entry, stamp, marks);
  }

  /**
   * Where the body of {@code template}'s response goes as it arrives, at most {@code limit} bytes;
   * published as one entry by {@link Sink#commit()}, unless its group's entries were removed since
   * {@code stamp} or its {@link #marks} are no longer {@code marks}.
   */
  Sink sink(Entry template, long limit, long stamp, long marks) {
    return new ArraySink(template, limit, stamp, marks);
  }

  /** A body being stored. Called by one thread at a time. */
  interface Sink {
    /**
     * Adds bytes; false once the body is over the limit or could not be written (then abandoned).
     */
    boolean write(java.nio.ByteBuffer bytes);

    /** Publishes the entry; false when nothing was published (abandoned before, or failed). */
    boolean commit();

    /** Drops what was written. */
    void abandon();
  }

  /**
   * A body collected in memory, stored with {@link #put} when whole; the memory it takes (its array
   * and its entry's fields) is {@linkplain #reserve set aside} as it grows, and given back when it
   * is stored or dropped.
   */
  final class ArraySink implements Sink {
    private final Entry template;
    private final long limit;
    private final long stamp;
    private final long marks;
    private byte @org.jspecify.annotations.Nullable [] bytes;
    private int length;

    /** The bytes set aside for this body. */
    private long reserved;

    ArraySink(Entry template, long limit, long stamp, long marks) {
      this.template = template;
      this.limit = limit;
      this.stamp = stamp;
      this.marks = marks;
      // Sized by the declared length when there is one within the limit: no copy as it fills,
      // none when published.
      long declared = -1;
      String value = template.first("Content-Length");
      if (value != null) {
        try {
          declared = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
          declared = -1;
        }
      }
      int initial =
          declared >= 0 && declared <= Math.min(limit, 1 << 20)
              ? (int) declared
              : (int) Math.min(limit, 1024);
      long needed = template.weight() + initial;
      if (reserve(needed)) {
        reserved = needed;
        bytes = new byte[initial];
      }
    }

    @Override
    public synchronized boolean write(java.nio.ByteBuffer item) {
      byte[] b = bytes;
      int n = item.remaining();
      if (b == null || length + (long) n > limit) {
        abandon();
        return false;
      }
      if (length + n > b.length) {
        int grown = (int) Math.min(limit, Math.max(length + n, b.length * 2L));
        if (!reserve(grown - b.length)) {
          abandon(); // no room while the other bodies are stored: passed on unstored
          return false;
        }
        reserved += grown - b.length;
        b = java.util.Arrays.copyOf(b, grown);
        bytes = b;
      }
      item.duplicate().get(b, length, n);
      length += n;
      return true;
    }

    @Override
    public synchronized boolean commit() {
      byte[] b = bytes;
      if (b == null) {
        return false;
      }
      bytes = null;
      long r = reserved;
      reserved = 0;
      // Trimmed when the array grew past the body: the entry holds what it weighs.
      return putReserved(
          template.withBody(
              java.nio.ByteBuffer.wrap(
                  length == b.length ? b : java.util.Arrays.copyOf(b, length))),
          stamp,
          marks,
          r);
    }

    @Override
    public synchronized void abandon() {
      bytes = null;
      long r = reserved;
      reserved = 0;
      if (r > 0) {
        release(r);
      }
    }
  }

  /**
   * A sink published only once its body is whole and its response is approved ({@link #decide}), in
   * either order, and then followed by {@code after}: a client that follows redirects tells only
   * with the final response whether it came from the URI asked for.
   */
  static final class Gated implements Sink {
    private final Sink sink;
    private final @Nullable Runnable after;
    private boolean whole;

    /** 0 until decided, then 1 to publish or -1 to drop. */
    private int verdict;

    Gated(Sink sink, boolean approved, @Nullable Runnable after) {
      this.sink = sink;
      this.after = after;
      this.verdict = approved ? 1 : 0;
    }

    @Override
    public synchronized boolean write(java.nio.ByteBuffer bytes) {
      return verdict >= 0 && sink.write(bytes);
    }

    @Override
    public boolean commit() {
      synchronized (this) {
        whole = true;
        if (verdict != 1) {
          return false;
        }
      }
      return publish();
    }

    /** Approves the response ({@code true}) or drops it; only the first decision counts. */
    void decide(boolean approved) {
      synchronized (this) {
        if (verdict != 0) {
          return;
        }
        verdict = approved ? 1 : -1;
        if (!approved) {
          sink.abandon();
          return;
        }
        if (!whole) {
          return;
        }
      }
      publish();
    }

    private boolean publish() {
      boolean published = sink.commit();
      Runnable a = after;
      if (published && a != null) {
        a.run();
      }
      return published;
    }

    @Override
    public synchronized void abandon() {
      verdict = -1;
      sink.abandon();
    }
  }
}
