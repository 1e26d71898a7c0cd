package dev.httpjson.okhttp;

import java.security.AccessController;
import java.security.PrivilegedAction;
import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The transport's own threads, {@code httpjson-okhttp-reader-N}: they wait for response bytes on
 * behalf of body subscribers that request as their consumer reads (the JDK's {@code
 * ofInputStream}), as the JDK client's selector thread does, so that {@code request(n)} never
 * blocks. Started on demand, one per body being waited for, and gone after {@value #IDLE_SECONDS} s
 * without work.
 *
 * <p>They run no caller code: bytes go straight only to the JDK's own subscribers ({@link
 * dev.httpjson.transport.support.BodyPump#trusted}); every other subscriber is called on the OkHttp
 * dispatcher's executor. They inherit nothing from the thread that happens to start them: no
 * inheritable thread locals, no context class loader, no access-control context of the caller, and
 * they are daemons.
 */
final class PumpThreads {
  static final String PREFIX = "httpjson-okhttp-reader-";
  static final int IDLE_SECONDS = 2;

  private static final AtomicInteger COUNT = new AtomicInteger();
  private static final ThreadPoolExecutor POOL =
      new ThreadPoolExecutor(
          0,
          Integer.MAX_VALUE,
          IDLE_SECONDS,
          TimeUnit.SECONDS,
          new SynchronousQueue<>(),
          PumpThreads::newThread);

  private PumpThreads() {}

  /** Where readers run. */
  static Executor executor() {
    return POOL;
  }

  /** Whether the current thread is one of the transport's readers. */
  static boolean isReader() {
    return Thread.currentThread() instanceof Reader;
  }

  /**
   * A new reader thread. Created inside {@code doPrivileged} so that the access-control context it
   * captures holds this module's frames only, not those of the caller whose request made the pool
   * grow.
   */
  @SuppressWarnings("removal")
  private static Thread newThread(Runnable task) {
    return AccessController.doPrivileged(
        (PrivilegedAction<Thread>) () -> new Reader(task, PREFIX + COUNT.incrementAndGet()));
  }

  private static final class Reader extends Thread {
    Reader(Runnable task, String name) {
      super(null, task, name, 0, false); // inherits no thread locals
      setDaemon(true);
      setPriority(Thread.NORM_PRIORITY);
      setContextClassLoader(null);
    }
  }
}
