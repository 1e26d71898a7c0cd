package dev.httpjson.transport.support.internal;

import java.security.AccessController;
import java.security.PrivilegedAction;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A transport's own threads, named {@code prefix} and a number: started on demand, one per task
 * waiting (a body being read, an exchange), and gone after a few seconds without work. They run no
 * caller code: body subscribers only when {@link BodyPump#trusted}, request body publishers only
 * when {@link PublisherSubscriber#runsNoCallerCode}, and the caller's stages never ({@link
 * #offOwn}). They inherit nothing from the thread that happens to start them: no inheritable thread
 * locals, no context class loader, no access-control context of the caller, and they are daemons.
 */
public final class TransportThreads {
  private final String prefix;
  private final AtomicInteger count = new AtomicInteger();
  private final ThreadPoolExecutor pool;

  /** Threads named {@code prefix} and a number, gone after {@code idleSeconds} without work. */
  public TransportThreads(String prefix, int idleSeconds) {
    this.prefix = prefix;
    this.pool =
        new ThreadPoolExecutor(
            0,
            Integer.MAX_VALUE,
            idleSeconds,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            task -> newThread(task, this.prefix + count.incrementAndGet()));
  }

  /** Where the transport's tasks run, each on a thread of its own. */
  public Executor executor() {
    return pool;
  }

  /** Whether the current thread is one of these. */
  public boolean isOwn() {
    Thread current = Thread.currentThread();
    return current instanceof Own && ((Own) current).owner == this;
  }

  /**
   * Runs what completes a caller's future (and so runs the caller's dependent stages) where it is
   * asked, unless that is one of these threads: then on {@code callers}, or on the common pool when
   * {@code callers} refuses (an executor shut down).
   */
  public Executor offOwn(Executor callers) {
    return task -> {
      if (!isOwn()) {
        task.run();
        return;
      }
      try {
        callers.execute(task);
      } catch (RejectedExecutionException e) {
        ForkJoinPool.commonPool().execute(task);
      }
    };
  }

  /**
   * A new thread of these, named {@code name}. Created inside {@code doPrivileged} so that the
   * access-control context it captures holds this module's frames only, not those of the caller
   * whose request started it.
   */
  @SuppressWarnings("removal")
  public Thread newThread(Runnable task, String name) {
    return AccessController.doPrivileged(
        (PrivilegedAction<Thread>) () -> new Own(this, task, name));
  }

  private static final class Own extends Thread {
    final TransportThreads owner;

    Own(TransportThreads owner, Runnable task, String name) {
      super(null, task, name, 0, false); // inherits no thread locals
      this.owner = owner;
      setDaemon(true);
      setPriority(Thread.NORM_PRIORITY);
      setContextClassLoader(null);
    }
  }
}
