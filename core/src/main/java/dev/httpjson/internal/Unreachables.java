package dev.httpjson.internal;

import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Objects a caller may drop without ending them (a stream never closed), each with what ends it
 * once it is unreachable: a phantom reference on this instance's queue, told by {@link #poll} on
 * the thread that polls, never on a thread of its own (no {@code Cleaner}). What it runs is the
 * library's own: it must hold nothing that holds the object, or the object stays reachable.
 */
public final class Unreachables {
  private final ReferenceQueue<Object> queue = new ReferenceQueue<>();

  /** The watches not yet ended: a phantom reference is enqueued only while it is reachable. */
  private final Set<Watch> live = ConcurrentHashMap.newKeySet();

  /**
   * Runs {@code dropped} at a {@link #poll} once {@code object} is unreachable, unless {@link
   * Watch#end} came first; {@code dropped} must not hold {@code object}.
   */
  public Watch watch(Object object, Runnable dropped) {
    Watch w = new Watch(object, dropped);
    live.add(w);
    return w;
  }

  /**
   * Runs what the watches of the objects found unreachable since the last poll ask for; never under
   * a lock, since it ends exchanges and gives permits back. Costs a volatile read when none was.
   */
  public void poll() {
    for (Reference<?> r; (r = queue.poll()) != null; ) {
      Watch w = (Watch) r;
      if (live.remove(w)) {
        try {
          w.dropped.run();
        } catch (RuntimeException e) {
          // Ending what ended already at worst: the caller who polls is in a call of its own,
          // which another's dropped stream must not fail.
          System.getLogger("dev.httpjson")
              .log(System.Logger.Level.DEBUG, "Ending a body dropped unreachable failed", e);
        }
      }
    }
  }

  /** The watches not yet ended nor told, for tests. */
  int watching() {
    return live.size();
  }

  /** An object watched for being dropped ({@link #watch}). */
  public final class Watch extends PhantomReference<Object> {
    private final Runnable dropped;

    private Watch(Object object, Runnable dropped) {
      super(object, queue);
      this.dropped = dropped;
    }

    /** The object ended (closed, read to its end, failed): nothing left to run, nothing kept. */
    public void end() {
      live.remove(this);
      clear();
    }
  }
}
