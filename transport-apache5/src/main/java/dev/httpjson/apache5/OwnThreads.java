package dev.httpjson.apache5;

import java.security.AccessController;
import java.security.PrivilegedAction;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The transport's own threads, {@code httpjson-apache5-io-N}: they run the exchanges of {@code
 * sendAsync} and wait for response bytes on behalf of body subscribers that request as their
 * consumer reads (the JDK's {@code ofInputStream}), so that {@code request(n)} never blocks.
 * Started on demand and gone after {@value #IDLE_SECONDS} s without work.
 *
 * <p>They run no caller code: bytes go straight only to the JDK's own subscribers ({@link
 * dev.httpjson.transport.support.BodyPump#trusted}); body handlers, every other subscriber and the
 * completion of a returned future run on {@link #callerExecutor()}. They inherit nothing from the
 * thread that happens to start them: no inheritable thread locals, no context class loader, no
 * access-control context of the caller, and they are daemons.
 */
final class OwnThreads {
  static final String PREFIX = "httpjson-apache5-";
  static final int IDLE_SECONDS = 2;

  private static final AtomicInteger COUNT = new AtomicInteger();
  private static final ThreadPoolExecutor IO =
      new ThreadPoolExecutor(
          0,
          Integer.MAX_VALUE,
          IDLE_SECONDS,
          TimeUnit.SECONDS,
          new SynchronousQueue<>(),
          task -> newThread(task, PREFIX + "io-" + COUNT.incrementAndGet()));

  /**
   * Where user code reached from {@code sendAsync} runs: the executor {@link CompletableFuture}'s
   * async methods use by default (the common pool, or a thread per task on a one-core pool).
   */
  private static final Executor CALLER = new CompletableFuture<Void>().defaultExecutor();

  private OwnThreads() {}

  /** Where exchanges and readers run. */
  static Executor io() {
    return IO;
  }

  /** Where body handlers, untrusted subscribers and future completions run. */
  static Executor callerExecutor() {
    return CALLER;
  }

  /** Whether the current thread is one of the transport's. */
  static boolean isOwn() {
    return Thread.currentThread() instanceof Own;
  }

  /**
   * A new thread of the transport. Created inside {@code doPrivileged} so that the access-control
   * context it captures holds this module's frames only, not those of the caller whose request
   * started it.
   */
  @SuppressWarnings("removal")
  static Thread newThread(Runnable task, String name) {
    return AccessController.doPrivileged((PrivilegedAction<Thread>) () -> new Own(task, name));
  }

  private static final class Own extends Thread {
    Own(Runnable task, String name) {
      super(null, task, name, 0, false); // inherits no thread locals
      setDaemon(true);
      setPriority(Thread.NORM_PRIORITY);
      setContextClassLoader(null);
    }
  }
}
