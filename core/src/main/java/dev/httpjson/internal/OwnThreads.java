package dev.httpjson.internal;

import java.security.AccessController;
import java.security.PrivilegedAction;

/**
 * Creates the threads httpjson owns so that they inherit nothing from the caller whose call happens
 * to start them: no inheritable thread locals, no context class loader, no access-control context
 * with the caller's frames (each would keep a web application's class loader reachable for as long
 * as the thread lives), and not the caller's thread group.
 */
public final class OwnThreads {
  private OwnThreads() {}

  /** A daemon thread running {@code task}, not started. */
  @SuppressWarnings("removal") // AccessController: on Java 17 a new thread captures its context
  public static Thread newThread(Runnable task, String name) {
    // Inside doPrivileged the context a new thread captures holds httpjson's own frames only.
    Thread t =
        AccessController.doPrivileged(
            (PrivilegedAction<Thread>) () -> new Thread(rootGroup(), task, name, 0, false));
    t.setDaemon(true);
    t.setContextClassLoader(null);
    return t;
  }

  private static ThreadGroup rootGroup() {
    ThreadGroup g = Thread.currentThread().getThreadGroup();
    try {
      for (ThreadGroup p = g.getParent(); p != null; p = p.getParent()) {
        g = p;
      }
    } catch (SecurityException e) {
      // As high as we may go.
    }
    return g;
  }
}
