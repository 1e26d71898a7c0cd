package dev.httpjson.apache5;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.hc.core5.concurrent.Cancellable;
import org.jspecify.annotations.Nullable;

/**
 * Watches exchanges in flight for what Apache's classic I/O cannot notice by itself: a request's
 * {@link java.net.http.HttpRequest#timeout() timeout} elapsing before the response headers, and an
 * interrupt of the thread blocked in {@code send} (a plain socket read does not wake on an
 * interrupt). Either cancels the Apache request, which closes its connection: the blocked read
 * fails at once and the connection leaves the pool.
 *
 * <p>One daemon thread, {@code httpjson-apache5-watchdog}, looks every {@value #TICK_MILLIS} ms
 * while exchanges are watched, and ends after {@value OwnThreads#IDLE_SECONDS} s with none. It runs
 * no caller code: it only reads the watched threads' interrupt status and cancels requests.
 */
final class Watchdog {
  static final long TICK_MILLIS = 10;

  private static final Set<Watch> WATCHED = ConcurrentHashMap.newKeySet();
  private static final Object LOCK = new Object();
  private static @Nullable Thread thread; // guarded by LOCK

  private Watchdog() {}

  /**
   * Watches an exchange until {@link Watch#end()}.
   *
   * @param caller the thread to watch for an interrupt, or null
   * @param timeoutNanos the time the response headers may take, or a negative number for none
   */
  static Watch watch(@Nullable Thread caller, Cancellable exchange, long timeoutNanos) {
    Watch watch =
        new Watch(caller, exchange, timeoutNanos < 0 ? 0 : System.nanoTime() + timeoutNanos);
    WATCHED.add(watch);
    Thread running = thread;
    if (running == null) {
      synchronized (LOCK) {
        if (thread == null) {
          Thread t = OwnThreads.IO.newThread(Watchdog::loop, OwnThreads.PREFIX + "watchdog");
          thread = t;
          t.start();
        }
      }
    }
    return watch;
  }

  private static void loop() {
    long idleSince = System.nanoTime();
    for (; ; ) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS));
      Thread.interrupted(); // nothing interrupts this thread on purpose: stay
      long now = System.nanoTime();
      if (WATCHED.isEmpty()) {
        if (now - idleSince >= TimeUnit.SECONDS.toNanos(OwnThreads.IDLE_SECONDS)) {
          synchronized (LOCK) {
            if (WATCHED.isEmpty()) {
              thread = null;
              return;
            }
          }
        }
        continue;
      }
      idleSince = now;
      for (Watch watch : WATCHED) {
        try {
          watch.check(now);
        } catch (RuntimeException | Error e) { // a cancellation that threw: the others go on
          WATCHED.remove(watch);
        }
      }
    }
  }

  /** One watched exchange. */
  static final class Watch {
    private static final int RUNNING = 0;
    private static final int HEADERS = 1; // the headers arrived: the timeout no longer applies
    private static final int TIMED_OUT = 2;
    private static final int INTERRUPTED = 3;

    private final @Nullable Thread caller;
    private final Cancellable exchange;
    private final long due; // 0: no timeout
    private int state = RUNNING; // guarded by this

    Watch(@Nullable Thread caller, Cancellable exchange, long due) {
      this.caller = caller;
      this.exchange = exchange;
      this.due = due;
    }

    void check(long now) {
      boolean cancel;
      synchronized (this) {
        if (state == TIMED_OUT || state == INTERRUPTED) {
          return;
        }
        if (caller != null && caller.isInterrupted()) {
          state = INTERRUPTED;
        } else if (state == RUNNING && due != 0 && now - due >= 0) {
          state = TIMED_OUT;
        } else {
          return;
        }
      }
      exchange.cancel();
    }

    /** The headers arrived; returns whether the timeout had fired first. */
    synchronized boolean headersReceived() {
      if (state == RUNNING) {
        state = HEADERS;
      }
      return state == TIMED_OUT;
    }

    /** Whether the timeout cancelled the exchange. */
    synchronized boolean timedOut() {
      return state == TIMED_OUT;
    }

    /** Whether an interrupt of the caller cancelled the exchange. */
    synchronized boolean interrupted() {
      return state == INTERRUPTED;
    }

    /** Stops watching. */
    void end() {
      WATCHED.remove(this);
    }
  }
}
