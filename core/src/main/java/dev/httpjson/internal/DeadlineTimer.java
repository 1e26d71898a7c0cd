package dev.httpjson.internal;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * The timer of whole-call timeouts: one daemon thread, {@code httpjson-timeout}, started on demand
 * and ended after {@link #IDLE_SECONDS} s with no task, that runs each task when its delay has
 * elapsed unless it was cancelled first. Unlike ScheduledThreadPoolExecutor it wakes its thread
 * only for a task due before its current wake-up, not per call: a cancel wakes no one.
 */
public final class DeadlineTimer {
  /** How long the thread stays with no task to wait for before it ends. */
  public static final long IDLE_SECONDS = 2;

  public static final DeadlineTimer INSTANCE = new DeadlineTimer("httpjson-timeout");

  private final Object lock = new Object();
  private final long idleNanos;
  private final ThreadFactory factory;

  // Guarded by lock: a binary min-heap of pending tasks by due time (each task knows its index,
  // for O(log n) removal); when the thread next looks at the heap by itself; when the task
  // scheduled last is due, and when it was scheduled.
  private Task[] heap = new Task[16];
  private int size;
  private long sequence;
  private long wakeAt;
  private long lastDue;
  private long lastScheduled;
  private boolean sleeping;
  private @Nullable Thread thread;

  private volatile long wakeUps; // for tests: that a registration does not wake the thread

  public DeadlineTimer(String threadName) {
    this(
        threadName,
        TimeUnit.SECONDS.toNanos(IDLE_SECONDS),
        task -> OwnThreads.newThread(task, threadName));
  }

  /** A timer whose thread ends after {@code idleNanos} without a task, made by {@code factory}. */
  public DeadlineTimer(String threadName, long idleNanos, ThreadFactory factory) {
    this.idleNanos = idleNanos;
    this.factory = factory;
  }

  /** A thread as the timers of httpjson make theirs (for tests). */
  public static Thread newThread(Runnable task) {
    return OwnThreads.newThread(task, "httpjson-timeout");
  }

  /** Runs {@code action} on the timer thread after {@code delayNanos}, unless cancelled first. */
  public Task schedule(Runnable action, long delayNanos) {
    return start(new Task(this, action), delayNanos);
  }

  /**
   * Schedules {@code task}, made for this timer and not scheduled before, after {@code delayNanos}.
   */
  <T extends Task> T start(T task, long delayNanos) {
    long now = System.nanoTime();
    long due = now + Math.max(0, delayNanos);
    task.due = due;
    Thread wake = null;
    synchronized (lock) {
      if (thread == null) {
        Thread t = factory.newThread(this::loop);
        t.start(); // throws before the task is added: nothing is left to fire later
        thread = t;
        sleeping = false;
      } else if (sleeping && due - wakeAt < 0) {
        wakeAt = due; // the thread sleeps past this task: wake it to sleep less
        wake = thread;
      }
      task.sequence = sequence++;
      lastDue = due;
      lastScheduled = now;
      add(task);
    }
    if (wake != null) {
      LockSupport.unpark(wake);
    }
    return task;
  }

  public int pending() {
    synchronized (lock) {
      return size;
    }
  }

  public boolean running() {
    synchronized (lock) {
      return thread != null;
    }
  }

  public long wakeUps() {
    return wakeUps;
  }

  private void loop() {
    Thread self = Thread.currentThread();
    try {
      for (; ; ) {
        Task due = null;
        long sleepNanos;
        synchronized (lock) {
          if (thread != self) {
            return;
          }
          long now = System.nanoTime();
          Task first = size == 0 ? null : heap[0];
          if (first != null && first.due - now <= 0) {
            removeAt(0);
            due = first;
            sleepNanos = 0;
          } else if (first != null) {
            // Never longer than the idle period: the task may be cancelled (calls end long before
            // their timeout), and a cancel wakes no one, so an idle thread must look by itself.
            sleepNanos = Math.min(first.due - now, idleNanos);
          } else if (now - lastScheduled >= idleNanos) {
            thread = null; // idle: the next schedule starts a thread again
            return;
          } else if (lastDue - now > 0) {
            // Asleep until the last task scheduled was due (it was cancelled: a task due later
            // wakes no one, and calls under one timeout are), or the idle period if that is sooner.
            // The time is only ever moved earlier by schedule, never by a cancel.
            sleepNanos = Math.min(lastDue - now, idleNanos);
          } else {
            sleepNanos = idleNanos - (now - lastScheduled);
          }
          if (due == null) {
            wakeAt = now + sleepNanos;
            sleeping = true;
          }
        }
        if (due != null) {
          due.fire();
          Thread.interrupted(); // an interrupt a task left would make every park return at once
          continue;
        }
        LockSupport.parkNanos(this, sleepNanos);
        Thread.interrupted(); // from anyone: the timer is not interruptible
        synchronized (lock) {
          sleeping = false;
        }
        wakeUps++;
      }
    } finally {
      synchronized (lock) {
        if (thread == self) {
          thread = null; // ended by an error of its own: the next schedule starts another
          sleeping = false;
        }
      }
    }
  }

  // ---- the heap, under lock ----

  private void add(Task task) {
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
    }
    task.index = size;
    heap[size++] = task;
    siftUp(task.index);
  }

  /** Removes {@code task} if it is still waiting; true if it was. */
  public boolean remove(Task task) {
    synchronized (lock) {
      int i = task.index;
      if (i < 0 || i >= size || heap[i] != task) {
        return false;
      }
      removeAt(i);
      return true;
    }
  }

  private void removeAt(int i) {
    Task removed = heap[i];
    removed.index = -1;
    int last = --size;
    Task moved = heap[last];
    heap[last] = null;
    if (i != last) {
      heap[i] = moved;
      moved.index = i;
      siftDown(i);
      if (heap[i] == moved) {
        siftUp(i);
      }
    }
    if (heap.length > 64 && size < heap.length / 4) {
      heap = Arrays.copyOf(heap, heap.length / 2); // a burst of calls leaves no large array
    }
  }

  private void siftUp(int i) {
    Task t = heap[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      Task p = heap[parent];
      if (!t.before(p)) {
        break;
      }
      heap[i] = p;
      p.index = i;
      i = parent;
    }
    heap[i] = t;
    t.index = i;
  }

  private void siftDown(int i) {
    Task t = heap[i];
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < size && heap[right].before(heap[child])) {
        child = right;
      }
      if (!heap[child].before(t)) {
        break;
      }
      heap[i] = heap[child];
      heap[i].index = i;
      i = child;
    }
    heap[i] = t;
    t.index = i;
  }

  /** A scheduled action; {@link #cancel()} it when the call ends first. */
  public static class Task {
    private final DeadlineTimer timer;
    private final @Nullable Runnable action;
    long due; // set once, by schedule
    long sequence;
    int index = -1; // guarded by the timer's lock

    Task(DeadlineTimer timer, @Nullable Runnable action) {
      this.timer = timer;
      this.action = action;
    }

    boolean before(Task other) {
      long d = due - other.due;
      return d < 0 || (d == 0 && sequence < other.sequence);
    }

    /** Cancels the task; true if it had not run (and now will not). */
    public boolean cancel() {
      return timer.remove(this);
    }

    /** What runs when the task is due: its action, unless a subclass runs itself. */
    void run() {
      Objects.requireNonNull(action).run();
    }

    void fire() {
      try {
        run();
      } catch (Throwable e) {
        try {
          Thread t = Thread.currentThread();
          t.getUncaughtExceptionHandler().uncaughtException(t, e);
        } catch (Throwable ignored) {
          // A handler that throws must not end the timer: every later timeout depends on it.
        }
      }
    }
  }
}
