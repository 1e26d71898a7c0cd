package dev.httpjson.internal;

import dev.httpjson.CallTimeoutException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * One asynchronous call: the future handed to the caller, and what aborts the exchange behind it.
 */
public final class AsyncCall<R> {
  public static final int PLATFORM_LANES =
      Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
  public static final long LANE_KEEP_ALIVE_SECONDS = 2;

  private static final int RUNNING = 0;
  private static final int DONE = 1;
  private static final int ABORTED = 2;

  /** The call running on this thread, on a lane or on a waiter helping: see {@link #givenUp}. */
  private static final ThreadLocal<AsyncCall<?>> RUNNING_HERE = new ThreadLocal<>();

  private final Callable<R> blocking;
  private final Consumer<Throwable> neverRan;
  private final CompletableFuture<R> result = new Result();
  private final AtomicInteger state = new AtomicInteger(RUNNING);

  /** Taken by whoever runs the call: a lane, the JDK's sendAsync, or a waiter helping. */
  private final AtomicBoolean claimed = new AtomicBoolean();

  // Guarded by this.
  private boolean aborted;
  private @Nullable Thread runner;
  private @Nullable Future<?> exchange;

  private AsyncCall(Callable<R> blocking, Consumer<Throwable> neverRan) {
    this.blocking = blocking;
    this.neverRan = neverRan;
    result.whenComplete(
        (value, failure) -> {
          if (state.compareAndSet(RUNNING, ABORTED)) {
            abort();
            // Given up before a lane took it: nothing will run it, so nothing else reports it.
            if (claimed.compareAndSet(false, true) && failure != null) {
              neverRan.accept(CallRunner.unwrap(failure));
            }
          }
        });
  }

  /**
   * Runs {@code plan} for {@code request} asynchronously: on an async lane, as {@link
   * CallRunner#run} does on the caller's thread, or — when none is free — on the JDK's {@code
   * sendAsync} ({@link CallRunner#sendAsync}).
   */
  public static <R> CompletableFuture<R> run(HttpClient client, HttpRequest request, Plan<R> plan) {
    // Before anything starts: the caller's mistake is thrown, not a failed future.
    Objects.requireNonNull(client, "client == null");
    CompletableFuture<R> result = started(client, request, plan);
    if (request.bodyPublisher().orElse(null) instanceof dev.httpjson.JsonSequenceContent) {
      result.whenComplete(
          (value, failure) -> {
            if (failure != null) {
              CallRunner.unsent(request, failure);
            }
          });
    }
    return result;
  }

  /** {@link #run}, its body's source left to it. */
  private static <R> CompletableFuture<R> started(
      HttpClient client, HttpRequest request, Plan<R> plan) {
    CallState<R> state = plan.start(request);
    Callable<R> blocking = () -> CallRunner.run(client, request, state);
    Consumer<AsyncCall<R>> fallback = call -> CallRunner.sendAsync(call, client, request, state);
    Consumer<Throwable> neverRan = failure -> failedWaiting(client, request, state, failure);
    if (!(client instanceof InterceptingClient)) {
      return start(blocking, fallback, neverRan);
    }
    blocking = InterceptingClient.withSnapshots(client, blocking);
    CallLimit limit = state.limited() ? ((InterceptingClient) client).limit : null;
    if (limit == null) {
      return start(blocking, fallback, neverRan);
    }
    CompletableFuture<CallLimit.Permit> place = limit.enqueue();
    if (place.isDone()) {
      state.permit = place.join();
      return holding(client, request, state, blocking, fallback);
    }
    return queued(client, limit, place, state, blocking, fallback, request);
  }

  /** Starts a call that holds its permit; gives it back if the call fails or is not a stream. */
  private static <R> CompletableFuture<R> holding(
      HttpClient client,
      HttpRequest request,
      CallState<R> state,
      Callable<R> blocking,
      Consumer<AsyncCall<R>> fallback) {
    CompletableFuture<R> result;
    try {
      result = start(blocking, fallback, failure -> failedWaiting(client, request, state, failure));
    } catch (RuntimeException | Error e) {
      state.release();
      throw e;
    }
    // Also a call cancelled before it ran; a stream's own end gives it back otherwise.
    result.whenComplete(
        (value, failure) -> {
          if (failure != null || !state.streams()) {
            state.release();
          }
        });
    return result;
  }

  /**
   * A call that waits for a permit without a thread: it starts when one comes back, or fails with
   * its timeout when none did in time; completing its future while it waits gives its place up.
   */
  private static <R> CompletableFuture<R> queued(
      HttpClient client,
      CallLimit limit,
      CompletableFuture<CallLimit.Permit> place,
      CallState<R> state,
      Callable<R> blocking,
      Consumer<AsyncCall<R>> fallback,
      HttpRequest request) {
    state.waitedSince = System.nanoTime();
    CompletableFuture<R> result = new CompletableFuture<>();
    AtomicReference<CompletableFuture<R>> started = new AtomicReference<>();
    Duration timeout = state.options().timeout();
    AtomicBoolean timedOut = new AtomicBoolean();
    DeadlineTimer.Task timer =
        timeout == null
            ? null
            : DeadlineTimer.INSTANCE.schedule(
                () -> {
                  // leave, not giveUp: a permit granted as the timer fired belongs to the call
                  // that place's taker starts; releasing it here would let that call run past
                  // the limit and hand the permit on from the timer's thread.
                  if (limit.leave(place)) {
                    timedOut.set(true);
                    // Never on the timer thread: the caller's stages and the listeners run
                    // elsewhere.
                    offTimer(
                        client,
                        () -> {
                          CallTimeoutException failure = state.limitTimeout(request, limit);
                          try {
                            failedWaiting(client, request, state, failure);
                          } finally {
                            result.completeExceptionally(failure);
                          }
                        });
                  }
                },
                timeout.toNanos());
    place.thenAccept(
        permit -> {
          if (timer != null) {
            timer.cancel();
          }
          state.permit = permit;
          if (result.isDone()) {
            state.release();
            // Given up as the permit came: the wait's end did not report it (its place was taken).
            Throwable failure = failureOf(result);
            if (failure != null) {
              failedWaiting(client, request, state, failure);
            }
            return;
          }
          CompletableFuture<R> call;
          try {
            call = holding(client, request, state, blocking, fallback);
          } catch (RuntimeException | Error e) {
            result.completeExceptionally(e);
            return;
          }
          started.set(call);
          if (result.isDone()) {
            Throwable failure = failureOf(result);
            if (failure != null) {
              call.completeExceptionally(failure); // reported as the caller gave it up
            } else {
              call.cancel(true);
            }
            return;
          }
          call.whenComplete(
              (value, failure) -> {
                if (failure != null) {
                  result.completeExceptionally(CallRunner.unwrap(failure));
                } else if (!result.complete(value)) {
                  CallRunner.closeQuietly(value); // the caller completed first: a stream is closed
                }
              });
        });
    result.whenComplete(
        (value, failure) -> {
          if (timer != null) {
            timer.cancel(); // the wait is over however it ended: a cancel or a failure too
          }
          CompletableFuture<R> call = started.get();
          if (failure == null && call != null) {
            // The call's own value, or the caller's: this aborts the call only in the second case
            // (it is done in the first), and its permit goes back when it ends.
            call.cancel(true);
          } else if (limit.giveUp(place)) {
            if (failure != null && !timedOut.get()) {
              failedWaiting(client, request, state, CallRunner.unwrap(failure));
            }
          } else {
            call = started.get();
            if (call != null) {
              call.cancel(true);
            }
          }
        });
    return result;
  }

  /**
   * The call never ran: given up while it waited for a permit, or for a lane to take it. Its trace
   * starts and fails here, as a blocking call's does when its wait for a permit times out or is
   * interrupted (a stream's reconnection reports to the stream's own trace, which it never starts).
   */
  private static void failedWaiting(
      HttpClient client, HttpRequest request, CallState<?> state, Throwable failure) {
    if (state.continues()) {
      return;
    }
    CallTrace trace = CallTrace.start(client, request, state.traced(), state.options());
    if (trace != null) {
      trace.failed(failure);
    }
  }

  /** What {@code future}, done, failed with (unwrapped); null if it has a value. */
  private static @Nullable Throwable failureOf(CompletableFuture<?> future) {
    try {
      future.getNow(null);
      return null;
    } catch (CancellationException e) {
      return e;
    } catch (CompletionException e) {
      return CallRunner.unwrap(e);
    }
  }

  /**
   * Starts {@code blocking} on an async lane, or — when none is free — hands the call to {@code
   * fallback}, which runs it on the JDK's {@code sendAsync} and must settle it. {@code neverRan}
   * reports a call whose future failed before anything ran it.
   */
  private static <R> CompletableFuture<R> start(
      Callable<R> blocking, Consumer<AsyncCall<R>> fallback, Consumer<Throwable> neverRan) {
    AsyncCall<R> call = new AsyncCall<>(blocking, neverRan);
    if (!Lanes.execute(call::runOnLane)) {
      call.claimed.set(true);
      fallback.accept(call);
    }
    return call.result;
  }

  /** The caller's future. */
  public CompletableFuture<R> result() {
    return result;
  }

  /** Delivers {@code value}; false (and the value closed) if the caller completed first. */
  public boolean deliver(R value) {
    if (state.compareAndSet(RUNNING, DONE) && result.complete(value)) {
      return true;
    }
    CallRunner.closeQuietly(value);
    return false;
  }

  /** Fails the call; false if it was already settled. */
  public boolean fail(Throwable failure) {
    return state.compareAndSet(RUNNING, DONE) && result.completeExceptionally(failure);
  }

  /**
   * Fails the call from the timer, which must never run the caller's dependent stages: the call is
   * settled here (nothing else can complete it now), and {@code abort} and the failure of the
   * future run where {@code client} completes its calls ({@link #offTimer}).
   */
  public boolean failFromTimer(HttpClient client, Throwable failure, Runnable abort) {
    if (!state.compareAndSet(RUNNING, DONE)) {
      return false;
    }
    // The abort first, and never queued on the client's executor: the exchange it cancels may hold
    // every thread of that executor (an OkHttp dispatcher's, each blocked reading a server that
    // never answers), so an abort waiting behind them would never run. Then the completion, where
    // the call's other completions run.
    elsewhere(
        () -> {
          try {
            abort.run();
          } finally {
            offTimer(client, () -> result.completeExceptionally(failure));
          }
        });
    return true;
  }

  /**
   * Runs {@code completion}, which settles a call the timer ended, where the call's other
   * completions run: on the client's executor (where the JDK completes the futures of its {@code
   * sendAsync}), else on an async lane, else on a thread of its own. Never on the timer, which
   * every other call's timeout needs, nor on the common pool, which an application can keep busy
   * for any length of time (with two cores it has one thread).
   */
  static void offTimer(HttpClient client, Runnable completion) {
    Thread timer = Thread.currentThread();
    AtomicBoolean taken = new AtomicBoolean();
    Runnable once =
        () -> {
          if (taken.compareAndSet(false, true)) {
            completion.run();
          }
        };
    Executor executor;
    try {
      executor = client.executor().orElse(null);
    } catch (RuntimeException e) {
      executor = null; // a client that cannot say: as one without
    }
    if (executor != null) {
      try {
        executor.execute(
            () -> {
              if (Thread.currentThread() == timer) {
                elsewhere(once); // an executor that runs tasks where they are given
              } else {
                once.run();
              }
            });
        return;
      } catch (RuntimeException | OutOfMemoryError e) {
        // Rejected (shut down, or full): a lane then.
      }
    }
    elsewhere(once);
  }

  /**
   * Runs {@code completion}, which settles a future the timer ended, on an async lane, else on a
   * thread of its own: never on the timer, nor on the common pool.
   */
  static void elsewhere(Runnable completion) {
    if (Lanes.execute(completion)) {
      return;
    }
    try {
      OwnThreads.newThread(completion, "httpjson-async-completion").start();
    } catch (RuntimeException | OutOfMemoryError e) {
      completion.run(); // no thread to be had anywhere: late is worse than on the timer
    }
  }

  /** The JDK exchange behind the call, cancelled if the caller completes the future first. */
  public synchronized void exchange(Future<?> exchange) {
    if (aborted) {
      exchange.cancel(true);
    } else {
      this.exchange = exchange;
    }
  }

  private void runOnLane() {
    if (claimed.compareAndSet(false, true)) {
      run();
      Thread.interrupted(); // an abort that came as the call ended must not reach the next task
    }
  }

  /** Runs the call on a waiting thread that got there before a lane did. */
  private boolean helped() {
    if (!claimed.compareAndSet(false, true)) {
      return false;
    }
    boolean threwInterrupted = run();
    boolean abortedByCaller;
    synchronized (this) {
      abortedByCaller = aborted;
    }
    if (abortedByCaller) {
      Thread.interrupted(); // the abort's own interrupt; the future is settled already
      return false;
    }
    // Whoever throws InterruptedException clears the status: ask for both.
    return threwInterrupted || Thread.currentThread().isInterrupted();
  }

  /** Runs the call and settles the future; true if the call threw InterruptedException. */
  private boolean run() {
    boolean givenUp;
    synchronized (this) {
      givenUp = aborted;
      if (!givenUp) {
        runner = Thread.currentThread();
      }
    }
    if (givenUp) {
      // Taken, but given up before it ran: the abort found nothing to stop, so it is reported here.
      Throwable failure = failureOf(result);
      if (failure != null) {
        neverRan.accept(failure);
      }
      return false;
    }
    RUNNING_HERE.set(this);
    try {
      deliver(blocking.call());
      return false;
    } catch (Throwable t) {
      fail(t);
      return t instanceof InterruptedException;
    } finally {
      RUNNING_HERE.remove();
      synchronized (this) {
        runner = null;
      }
    }
  }

  /**
   * What the call running on this thread was given up with, as its caller sees it, when {@code
   * interrupted} is what its exchange threw because the caller cancelled its future (a {@link
   * CancellationException}) or failed it first (that failure): the caller's interrupt, which an
   * observer of the exchange reports as that. {@code interrupted} itself for any other interrupt.
   */
  public static Throwable givenUp(InterruptedException interrupted) {
    AsyncCall<?> call = RUNNING_HERE.get();
    if (call == null) {
      return interrupted;
    }
    synchronized (call) {
      if (!call.aborted) {
        return interrupted;
      }
    }
    try {
      call.result.getNow(null);
      return interrupted; // completed with a value by the caller
    } catch (CancellationException e) {
      return e;
    } catch (CompletionException e) {
      return e.getCause() == null ? e : e.getCause();
    }
  }

  /** The caller's future: an untimed wait runs the call if no lane has started it yet. */
  private final class Result extends CompletableFuture<R> {
    @Override
    public R get() throws InterruptedException, ExecutionException {
      if (!isDone() && !Thread.currentThread().isInterrupted() && helped()) {
        // Interrupted while running the call: that aborted it, unless it had got its value.
        if (isCompletedExceptionally()) {
          Thread.interrupted();
          throw new InterruptedException();
        }
      }
      return super.get();
    }

    @Override
    public R join() {
      if (!isDone() && !Thread.currentThread().isInterrupted() && helped()) {
        Thread.currentThread().interrupt(); // join leaves an interrupt set
      }
      return super.join();
    }

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
      return new CompletableFuture<>();
    }
  }

  private synchronized void abort() {
    aborted = true;
    if (runner != null) {
      runner.interrupt(); // HttpClient.send aborts the exchange when interrupted
    }
    if (exchange != null) {
      exchange.cancel(true);
    }
  }

  /** Where blocking calls run for the async API. */
  private static final class Lanes {
    private static final @Nullable ThreadFactory VIRTUAL = virtualThreadFactory();
    private static final ThreadPoolExecutor PLATFORM = platformLanes();

    /**
     * A few platform threads first (an idle one takes a call at once, measured faster than starting
     * a virtual thread on a small machine); past them a virtual thread per call on 21+; false when
     * neither can be had, for the JDK's {@code sendAsync}, which needs no thread.
     */
    public static boolean execute(Runnable task) {
      try {
        PLATFORM.execute(task);
        return true;
      } catch (RejectedExecutionException | OutOfMemoryError e) {
        // Every platform lane is busy.
      }
      if (VIRTUAL != null) {
        try {
          Thread t = VIRTUAL.newThread(task);
          t.setContextClassLoader(null);
          t.start();
          return true;
        } catch (RuntimeException | OutOfMemoryError e) {
          // No thread to be had.
        }
      }
      return false;
    }

    /**
     * {@code
     * Thread.ofVirtual().name("httpjson-async-virtual").inheritInheritableThreadLocals(false)
     * .factory()} on Java 21+, else null.
     */
    private static @Nullable ThreadFactory virtualThreadFactory() {
      if (Runtime.version().feature() < 21) {
        return null;
      }
      try {
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        Class<?> builder = Class.forName("java.lang.Thread$Builder");
        Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
        Object b =
            lookup.findStatic(Thread.class, "ofVirtual", MethodType.methodType(ofVirtual)).invoke();
        MethodHandle name =
            lookup.findVirtual(builder, "name", MethodType.methodType(builder, String.class));
        b = name.invoke(b, "httpjson-async-virtual");
        MethodHandle noLocals =
            lookup.findVirtual(
                builder,
                "inheritInheritableThreadLocals",
                MethodType.methodType(builder, boolean.class));
        b = noLocals.invoke(b, false);
        MethodHandle factory =
            lookup.findVirtual(builder, "factory", MethodType.methodType(ThreadFactory.class));
        return (ThreadFactory) factory.invoke(b);
      } catch (Throwable t) {
        return null; // a runtime without virtual threads: platform lanes
      }
    }

    private static ThreadPoolExecutor platformLanes() {
      AtomicInteger n = new AtomicInteger();
      return new ThreadPoolExecutor(
          0,
          PLATFORM_LANES,
          LANE_KEEP_ALIVE_SECONDS,
          TimeUnit.SECONDS,
          new SynchronousQueue<>(),
          r -> OwnThreads.newThread(r, "httpjson-async-" + n.incrementAndGet()),
          new ThreadPoolExecutor.AbortPolicy());
    }
  }
}
