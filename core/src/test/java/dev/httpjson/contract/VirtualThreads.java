package dev.httpjson.contract;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a task on a virtual thread where the runtime has them (Java 21+; these tests compile for 17,
 * hence reflection). The first blocking socket read on a virtual thread creates the scheduler's I/O
 * pollers, with descriptors of their own, once per JVM: a warm-up makes that happen before a test
 * takes its baseline, so that async calls past httpjson's platform lanes (which get a virtual
 * thread each) do not read as a leak.
 */
public final class VirtualThreads {
  private VirtualThreads() {}

  private static final java.lang.reflect.@org.jspecify.annotations.Nullable Method START = start();

  private static java.lang.reflect.@org.jspecify.annotations.Nullable Method start() {
    try {
      return Thread.class.getMethod("startVirtualThread", Runnable.class);
    } catch (NoSuchMethodException e) {
      return null; // Java 17
    }
  }

  /** Whether this runtime has virtual threads. */
  public static boolean available() {
    return START != null;
  }

  /** Runs {@code task} on a new virtual thread and waits for it; nothing on Java 17. */
  public static void runOnOne(Callable<?> task) throws Exception {
    java.lang.reflect.Method start = START;
    if (start == null) {
      return; // Java 17: no virtual threads, nothing to warm
    }
    AtomicReference<Exception> failure = new AtomicReference<>();
    Runnable body =
        () -> {
          try {
            task.call();
          } catch (Exception e) {
            failure.set(e);
          }
        };
    Thread thread = (Thread) start.invoke(null, body);
    thread.join(30_000);
    if (failure.get() != null) {
      throw failure.get();
    }
  }
}
