package dev.httpjson.apache5;

import dev.httpjson.transport.support.internal.TransportThreads;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The transport's own threads, {@code httpjson-apache5-io-N} ({@link TransportThreads}): they run
 * the exchanges of {@code sendAsync} and wait for response bytes on behalf of body subscribers that
 * request as their consumer reads (the JDK's {@code ofInputStream}), so that {@code request(n)}
 * never blocks. Started on demand and gone after {@value #IDLE_SECONDS} s without work. Body
 * handlers, every other subscriber, a caller's request body publisher and the completion of a
 * returned future run on {@link #CALLER}.
 */
final class OwnThreads {
  static final String PREFIX = "httpjson-apache5-";
  static final int IDLE_SECONDS = 2;
  static final TransportThreads IO = new TransportThreads(PREFIX + "io-", IDLE_SECONDS);

  /**
   * Where user code reached from {@code sendAsync} runs: the executor {@link CompletableFuture}'s
   * async methods use by default (the common pool, or a thread per task on a one-core pool).
   */
  static final Executor CALLER = new CompletableFuture<Void>().defaultExecutor();

  /** Runs a task here, unless this is one of the transport's threads: then on {@link #CALLER}. */
  static final Executor OFF_OWN = IO.offOwn(CALLER);

  private OwnThreads() {}
}
