package dev.httpjson.transport.support.internal;

import dev.httpjson.internal.transport.IoThreadSafe;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * Feeds a {@link BodySubscriber} from a blocking read of a response body without ever blocking in
 * {@link #request}: bytes are read where nothing waits on them. A transport gives the read ({@link
 * #read}) and the end of the exchange ({@link #release}, {@link #abortExchange}).
 *
 * <ul>
 *   <li>Started {@code inline} (by the caller of {@code send}, or a thread of the caller executor),
 *       a pump feeds its subscriber on that thread as each read returns, for as long as the
 *       subscriber has demand and its body is not complete: the JDK's {@code ofString} and {@code
 *       ofByteArray}, which request everything at once, and its {@code ofByteArrayConsumer} and
 *       {@code fromSubscriber}, which request a buffer at a time from {@code onNext} (httpjson
 *       reads an HTTP/2 body, whose length is only a header, through {@code ofByteArrayConsumer}).
 *       The thread waits for the whole body anyway: a hand-off per buffer would only cost time, two
 *       context switches or more each.
 *   <li>Otherwise (the JDK's {@code ofInputStream}, whose body, the stream, completes before any
 *       byte is read; a subscriber that stops requesting and requests again later, from another
 *       thread; a pump not started inline) {@code request(n)} only records the demand, and a reader
 *       thread of the transport waits for the bytes and hands each buffer on as soon as a read
 *       returns it, as the JDK's selector thread does.
 * </ul>
 *
 * <p>The reader threads never run caller code: they call only the {@link #trusted} subscribers,
 * which only queue or store the bytes; every other subscriber gets its signals, in order, on the
 * caller executor the transport names, where the JDK client calls such subscribers too. The reader
 * reads only what was requested: memory follows bytes received and demand.
 *
 * @param <T> the body
 */
public abstract class BodyPump<T> implements Flow.Subscription {
  /** The most bytes one buffer handed on holds. */
  public static final int MAX_BUFFER = 16 * 1024;

  private static final Object COMPLETE = new Object();

  /**
   * The JDK's subscribers that only store or queue what they get, as its factories make them
   * ({@code ofString} makes the same as {@code ofByteArray}, {@code replacing} as {@code
   * discarding}): compared by identity, never by name.
   */
  private static final Class<?> BYTE_ARRAY = BodySubscribers.ofByteArray().getClass();

  private static final Class<?> INPUT_STREAM = BodySubscribers.ofInputStream().getClass();
  private static final Class<?> DISCARDING = BodySubscribers.discarding().getClass();

  private static final VarHandle DEMAND;
  private static final VarHandle WIP;
  private static final VarHandle DELIVERIES;
  private static final VarHandle BROKEN_BY;
  private static final VarHandle BROKEN;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      DEMAND = lookup.findVarHandle(BodyPump.class, "demand", long.class);
      WIP = lookup.findVarHandle(BodyPump.class, "wip", int.class);
      DELIVERIES = lookup.findVarHandle(BodyPump.class, "deliveries", int.class);
      BROKEN_BY = lookup.findVarHandle(BodyPump.class, "brokenBy", Throwable.class);
      BROKEN = lookup.findVarHandle(BodyPump.class, "broken", CompletableFuture.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final BodySubscriber<T> subscriber;
  private final CompletableFuture<T> body;
  private final Executor readers;
  private final @Nullable Executor delivery; // null: the subscriber is called where bytes are read
  private final @Nullable Queue<Object> signals; // null: the subscriber is called directly
  private volatile long demand;
  private volatile int wip; // the reading role and missed signals
  private volatile int deliveries;
  private volatile boolean cancelled;
  private volatile boolean done;
  private volatile @Nullable Throwable misuse;
  private volatile @Nullable Throwable subscriberFailure;
  private volatile @Nullable Throwable brokenBy;
  private volatile @Nullable CompletableFuture<Void> broken; // made on demand

  /**
   * A pump for {@code subscriber}, reading on {@code readers} when no thread waits for the bytes,
   * calling an untrusted subscriber on {@code callerExecutor}.
   */
  protected BodyPump(BodySubscriber<T> subscriber, Executor readers, Executor callerExecutor) {
    this.subscriber = subscriber;
    this.body = subscriber.getBody().toCompletableFuture();
    this.readers = readers;
    this.delivery = trusted(subscriber) ? null : callerExecutor;
    this.signals = delivery == null ? null : new ConcurrentLinkedQueue<>();
  }

  /**
   * Whether {@code subscriber} may be called on a transport's own thread: it is marked {@code
   * IoThreadSafe} (core's streams), or it is one of the JDK's that only store or queue bytes
   * ({@code ofByteArray}, {@code ofString}, {@code ofInputStream}, {@code discarding}, {@code
   * replacing}). Any other — including the JDK's adapters around caller code ({@code mapping},
   * {@code fromSubscriber}) and its {@code ofFile}, which writes to a file — is called on the
   * caller executor.
   */
  public static boolean trusted(BodySubscriber<?> subscriber) {
    if (subscriber instanceof IoThreadSafe) {
      return true;
    }
    Class<?> type = subscriber.getClass();
    return type == BYTE_ARRAY || type == INPUT_STREAM || type == DISCARDING;
  }

  /**
   * Reads what the connection has, waiting for at least a byte: {@link #bytes} of what was read,
   * {@link #completed()} at the end of the body, {@link #failed} for a failure, or null when there
   * is nothing to pass on (a read of nothing). Called only by the holder of the reading role.
   */
  protected abstract @Nullable Object read();

  /** Reads on the thread that started the pump; a transport may watch the read for interrupts. */
  protected @Nullable Object readHere() {
    return read();
  }

  /**
   * Ends the exchange once: {@code atEnd}, the body was read to its end (the connection may be
   * reused); else it is abandoned (the connection is closed, never reused).
   */
  protected abstract void release(boolean atEnd);

  /** Cancels the exchange from any thread: wakes a reader blocked in a read. */
  protected abstract void abortExchange();

  /** {@code bytes}, read, as the signal to pass on. */
  protected final Object bytes(ByteBuffer bytes) {
    if (demand != Long.MAX_VALUE) {
      DEMAND.getAndAdd(this, -1L);
    }
    return List.of(bytes);
  }

  /**
   * A read's failure {@code e} in the JDK client's words, by what the transport knows of it: the
   * connection ended before the body ({@code endOfStream}), a gzip body its library decodes ({@code
   * gzipDecoder} says which) is not valid gzip, or else {@code e}, given a message if it has none.
   */
  protected static Throwable reworded(
      Exception e, boolean endOfStream, @Nullable String gzipDecoder) {
    String message = e.getMessage();
    if (endOfStream) {
      return new IOException(
          "EOF reached while reading" + (message == null ? "" : ": " + message), e);
    }
    if (gzipDecoder != null) {
      return new IOException(
          "response body is not valid gzip ("
              + gzipDecoder
              + "): "
              + (message == null ? e.toString() : message),
          e);
    }
    return message == null ? new IOException(e.toString(), e) : e;
  }

  /** The end of the body: releases the exchange and gives the signal to pass on. */
  protected final Object completed() {
    finish(true);
    return COMPLETE;
  }

  /**
   * A read failed: abandons the exchange and gives {@code reported} as the signal to pass on, or
   * null when the pump was cancelled (the failure is then the cancellation's doing).
   */
  protected final @Nullable Object failed(Throwable reported) {
    boolean wasCancelled = cancelled;
    finish(false);
    return wasCancelled ? null : reported;
  }

  /**
   * Completes exceptionally when the subscriber throws, or cannot be called: its body will then
   * never complete. Made on demand: a blocking read whose body completes as it is read asks {@link
   * #brokenBy()} instead.
   */
  public final CompletableFuture<Void> broken() {
    CompletableFuture<Void> future = broken;
    if (future == null) {
      future = new CompletableFuture<>();
      if (!BROKEN.compareAndSet(this, null, future)) {
        future = Objects.requireNonNull(broken);
      }
    }
    Throwable t = brokenBy;
    if (t != null) {
      future.completeExceptionally(t);
    }
    return future;
  }

  /** What {@link #broken()} completes with, or null. */
  public final @Nullable Throwable brokenBy() {
    return brokenBy;
  }

  /** The subscriber's body, which this pump feeds. */
  public final CompletableFuture<T> body() {
    return body;
  }

  /**
   * Waits, on the caller of {@code send}, for the body this pump feeds: its value, else a {@link
   * CompletionException} with the subscriber's failure (when it threw) or the body's. An interrupt
   * cancels the pump and is thrown.
   */
  public final T await() throws InterruptedException {
    if (!body.isDone()) {
      try {
        CompletableFuture.anyOf(body, broken()).get();
      } catch (InterruptedException e) {
        cancel();
        throw e;
      } catch (ExecutionException e) {
        // reported below
      }
    }
    Throwable t = brokenBy;
    if (t != null) {
      throw t instanceof CompletionException ? (CompletionException) t : new CompletionException(t);
    }
    return body.join();
  }

  private void breakWith(Throwable t) {
    if (BROKEN_BY.compareAndSet(this, null, t)) {
      CompletableFuture<Void> future = broken;
      if (future != null) {
        future.completeExceptionally(t);
      }
    }
  }

  /**
   * Subscribes the subscriber on this thread; when {@code inline}, feeds it here too while it has
   * demand and its body is not complete, then leaves the rest to a reader. Start inline only on a
   * thread where the subscriber may run: the caller of {@code send}, which waits for the body, or a
   * thread of the caller executor. Never waits for bytes a part of the body's consumer needs: when
   * the body completes (an {@code InputStream} handed out), reading moves off this thread; when the
   * demand runs out, the next {@code request} hands reading to a reader.
   */
  public final void start(boolean inline) {
    // Requests made inside onSubscribe only add demand; this thread serves them.
    WIP.setVolatile(this, 1);
    try {
      subscriber.onSubscribe(this);
    } catch (Throwable t) {
      subscriberThrew(t);
    }
    while (inline && !done && !cancelled && misuse == null && demand > 0 && !body.isDone()) {
      Object signal = readHere();
      if (signal != null) {
        dispatch(signal);
      }
    }
    drain(1, false);
  }

  @Override
  public final void request(long n) {
    if (n <= 0) {
      misuse = new IllegalArgumentException("non-positive subscription request: " + n);
    } else {
      long current;
      long next;
      do {
        current = demand;
        next = current + n < 0 ? Long.MAX_VALUE : current + n;
      } while (!DEMAND.compareAndSet(this, current, next));
    }
    if ((int) WIP.getAndAdd(this, 1) == 0) {
      drain(1, false);
    }
  }

  @Override
  public final void cancel() {
    if (cancelled || done) {
      return;
    }
    cancelled = true;
    abortExchange(); // wakes a reader blocked in a read; the connection is not reused
    if ((int) WIP.getAndAdd(this, 1) == 0) {
      drain(1, false);
    }
  }

  /**
   * The reading role: whoever moves {@link #wip} from 0 holds it until it brings it back to 0. Off
   * a reader thread it never reads: with demand left, it hands the role to a reader.
   */
  private void drain(int missed, boolean onReader) {
    for (; ; ) {
      if (!done) {
        Throwable bad = misuse;
        if (cancelled) {
          finish(false);
        } else if (bad != null) {
          finish(false);
          deliver(bad);
        } else if (demand > 0) {
          if (!onReader) {
            startReader(missed);
            return;
          }
          while (!done && !cancelled && misuse == null && demand > 0) {
            Object signal = read();
            if (signal != null) {
              deliver(signal);
            }
          }
          continue;
        }
      }
      missed = (int) WIP.getAndAdd(this, -missed) - missed;
      if (missed == 0) {
        return;
      }
    }
  }

  private void startReader(int missed) {
    try {
      readers.execute(() -> drain(missed, true));
    } catch (RuntimeException | Error e) { // no thread could be started
      finish(false);
      deliver(new IOException("could not start a thread to read the response body: " + e, e));
    }
  }

  /** Calls the subscriber here if it is trusted, else queues the signal for the caller executor. */
  private void deliver(Object signal) {
    Executor executor = delivery;
    if (executor == null) {
      dispatch(signal);
      return;
    }
    Queue<Object> queue = Objects.requireNonNull(signals);
    queue.offer(signal);
    if ((int) DELIVERIES.getAndAdd(this, 1) == 0) {
      try {
        executor.execute(this::drainSignals);
      } catch (RuntimeException e) { // RejectedExecutionException: the executor was shut down
        queue.clear();
        cancelled = true;
        abortExchange();
        breakWith(
            new IOException("the client's executor refused to run the body subscriber: " + e, e));
      }
    }
  }

  private void drainSignals() {
    Queue<Object> queue = Objects.requireNonNull(signals);
    int missed = 1;
    for (; ; ) {
      for (Object signal; (signal = queue.poll()) != null; ) {
        dispatch(signal);
      }
      missed = (int) DELIVERIES.getAndAdd(this, -missed) - missed;
      if (missed == 0) {
        return;
      }
    }
  }

  @SuppressWarnings("unchecked")
  private void dispatch(Object signal) {
    if (cancelled) {
      return; // cancelled by the subscriber, or it threw: nothing more
    }
    try {
      if (signal == COMPLETE) {
        subscriber.onComplete();
      } else if (signal instanceof Throwable) {
        subscriber.onError((Throwable) signal);
      } else {
        subscriber.onNext((List<ByteBuffer>) signal);
      }
    } catch (Throwable t) {
      subscriberThrew(t);
    }
  }

  private void subscriberThrew(Throwable t) {
    if (subscriberFailure == null) {
      subscriberFailure = t;
      breakWith(t);
    }
    cancel();
  }

  /** Ends the exchange once; only the holder of the reading role calls it. */
  private void finish(boolean atEnd) {
    if (!done) {
      done = true;
      release(atEnd);
    }
  }
}
