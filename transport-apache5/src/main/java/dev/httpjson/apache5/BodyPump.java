package dev.httpjson.apache5;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.http.HttpClient;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * Feeds a {@link BodySubscriber} from an Apache response body without ever blocking in {@link
 * #request}: bytes are read where nothing waits on them.
 *
 * <ul>
 *   <li>A subscriber that requests everything in {@code onSubscribe} and whose body completes only
 *       when all of it is read (the JDK's {@code ofString}, {@code ofByteArray}, httpjson's
 *       one-shot reads) is fed on the caller of {@code send}, as each read returns: its caller
 *       waits for the whole body anyway, and a hand-off would only cost time.
 *   <li>Otherwise (the JDK's {@code ofInputStream}, which requests as its consumer reads, a body
 *       that completes early, or any body of {@code sendAsync}) {@code request(n)} only records the
 *       demand, and a thread of the transport ({@link OwnThreads#io()}) waits for the bytes and
 *       hands each buffer on as soon as a read returns it, as the JDK's selector thread does.
 * </ul>
 *
 * <p>The transport's threads never run caller code: they call the JDK's own subscribers ({@link
 * #trusted}), which only queue or store the bytes; every other subscriber gets its signals, in
 * order, on {@link OwnThreads#callerExecutor()}. Each buffer is what one read of the connection
 * returned, never more than {@value #MAX_BUFFER} bytes, in an array of its own at most twice as
 * long (a read that filled most of its array hands the array over rather than a copy), and the
 * reader reads only what was requested: memory follows bytes received and demand.
 *
 * <p>At the end of the body Apache has already put the connection back in its pool; any other end
 * (the subscriber cancels or throws, a read fails) cancels the exchange, which closes the
 * connection rather than reading what is left of a body nobody wants.
 */
final class BodyPump implements Flow.Subscription {
  static final int MAX_BUFFER = 16 * 1024;

  private static final Object COMPLETE = new Object();

  /**
   * The JDK's subscribers that only store or queue what they get (no caller code in onNext), as the
   * JDK's factories make them: compared by identity on every exchange.
   */
  private static final Class<?> BYTE_ARRAY = BodySubscribers.ofByteArray().getClass();

  private static final Class<?> INPUT_STREAM = BodySubscribers.ofInputStream().getClass();
  private static final Class<?> DISCARDING = BodySubscribers.discarding().getClass();

  /** ... and one that no factory makes without a file: compared by name. */
  private static final String PATH_SUBSCRIBER =
      "jdk.internal.net.http.ResponseSubscribers$PathSubscriber";

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

  private final Exchange exchange;
  private final @Nullable InputStream source;
  private final long declaredLength;
  private final BodySubscriber<?> subscriber;
  private final @Nullable Executor delivery; // null: the subscriber is called where bytes are read
  private final @Nullable Queue<Object> signals; // null: the subscriber is called directly
  private volatile long demand;
  private volatile int wip; // the reading role and missed signals
  private volatile int deliveries;
  private byte @Nullable [] scratch;
  private long received; // bytes read so far, by the holder of the reading role
  private volatile boolean cancelled;
  private volatile boolean done;
  private volatile @Nullable Throwable misuse;
  private volatile @Nullable Throwable subscriberFailure;

  private volatile @Nullable Throwable brokenBy;
  private volatile @Nullable CompletableFuture<Void> broken; // made on demand

  /** What the pump needs of the exchange: to end it at the end of the body, or to abort it. */
  interface Exchange {
    /** The body was read to its end: releases the response (the connection goes back). */
    void finished();

    /** Aborts the exchange (closes its connection) and releases the response. */
    void abort();
  }

  BodyPump(
      Exchange exchange,
      @Nullable InputStream source,
      long declaredLength,
      BodySubscriber<?> subscriber) {
    this.exchange = exchange;
    this.source = source;
    this.declaredLength = declaredLength;
    this.subscriber = subscriber;
    this.delivery = trusted(subscriber) ? null : OwnThreads.callerExecutor();
    this.signals = delivery == null ? null : new ConcurrentLinkedQueue<>();
  }

  /**
   * Completes exceptionally when the subscriber throws, or cannot be called: its body will then
   * never complete. Made on demand: a blocking read whose body completes as it is read asks {@link
   * #brokenBy()} instead.
   */
  CompletableFuture<Void> broken() {
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
  @Nullable Throwable brokenBy() {
    return brokenBy;
  }

  private void breakWith(Throwable t) {
    if (BROKEN_BY.compareAndSet(this, null, t)) {
      CompletableFuture<Void> future = broken;
      if (future != null) {
        future.completeExceptionally(t);
      }
    }
  }

  /** Whether {@code subscriber} is one of the JDK's that run no caller code in their signals. */
  static boolean trusted(BodySubscriber<?> subscriber) {
    Class<?> type = subscriber.getClass();
    return type == BYTE_ARRAY
        || type == INPUT_STREAM
        || type == DISCARDING
        || (type.getModule() == HttpClient.class.getModule()
            && type.getName().equals(PATH_SUBSCRIBER))
        || type == HTTPJSON_STREAM;
  }

  /**
   * httpjson's stream subscriber, which hands every signal to the JDK's {@code ofInputStream()} and
   * runs no caller code either (it reports a failure after the bytes that came before it): the
   * class core loaded beside this transport, if any. Compared by identity, never by name alone.
   */
  private static final @Nullable Class<?> HTTPJSON_STREAM =
      loadBeside("dev.httpjson.internal.StreamingSubscriber");

  private static @Nullable Class<?> loadBeside(String name) {
    try {
      return Class.forName(name, false, BodyPump.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null; // no httpjson core here: only the JDK's subscribers are trusted
    }
  }

  /**
   * Subscribes the subscriber on this thread; when {@code inline}, feeds it here too while it wants
   * the whole body and {@code body} is not complete, then leaves the rest to a reader. Never waits
   * for bytes a part of the body's consumer needs: when {@code body} completes (an {@code
   * InputStream} handed out), reading moves off this thread.
   */
  void start(CompletableFuture<?> body, boolean inline) {
    WIP.setVolatile(
        this, 1); // requests made inside onSubscribe only add demand; this thread serves them
    try {
      subscriber.onSubscribe(this);
    } catch (Throwable t) {
      subscriberThrew(t);
    }
    while (inline
        && !done
        && !cancelled
        && misuse == null
        && demand == Long.MAX_VALUE
        && !body.isDone()) {
      readOne(true);
    }
    drain(1, false);
  }

  @Override
  public void request(long n) {
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
  public void cancel() {
    if (cancelled || done) {
      return;
    }
    cancelled = true;
    exchange.abort(); // wakes a reader blocked in a read; the connection is not reused
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
            readOne(false);
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
      OwnThreads.io().execute(() -> drain(missed, true));
    } catch (RuntimeException | Error e) { // no thread could be started
      finish(false);
      deliver(new IOException("could not start a thread to read the response body: " + e, e));
    }
  }

  /** Reads what the connection has (waiting for at least a byte) and passes it on. */
  private void readOne(boolean here) {
    Object signal;
    try {
      InputStream in = source;
      byte[] buffer = scratch;
      if (buffer == null && in != null) {
        long left = declaredLength - received;
        int size =
            declaredLength >= 0 && left < MAX_BUFFER
                ? (int) Math.max(left, 0) + 1 // room to see the end with the last bytes
                : MAX_BUFFER;
        buffer = scratch = new byte[size];
      }
      int n = in == null ? -1 : in.read(buffer, 0, buffer.length);
      if (n < 0) {
        finish(true);
        signal = COMPLETE;
      } else if (n == 0) {
        return; // a read of nothing: try again
      } else {
        received += n;
        ByteBuffer bytes;
        if (n >= buffer.length / 2) {
          // Mostly full (a body of declared length usually arrives in one read): handed over as
          // it is, not copied; the next read gets a buffer of its own, sized by what is left.
          bytes = ByteBuffer.wrap(buffer, 0, n);
          scratch = null;
        } else {
          bytes = ByteBuffer.wrap(Arrays.copyOf(buffer, n));
        }
        signal = List.of(bytes);
        if (demand != Long.MAX_VALUE) {
          DEMAND.getAndAdd(this, -1L);
        }
      }
    } catch (IOException | RuntimeException e) {
      boolean wasCancelled = cancelled;
      finish(false);
      if (wasCancelled) {
        return;
      }
      signal = reworded(e);
    }
    if (here) {
      dispatch(signal);
    } else {
      deliver(signal);
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
      } catch (RuntimeException e) { // RejectedExecutionException
        queue.clear();
        cancelled = true;
        exchange.abort();
        breakWith(new IOException("no thread would run the body subscriber: " + e, e));
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

  /** Apache's failures in the JDK client's words: a message always, the Content-Length named. */
  private Throwable reworded(Exception e) {
    String message = e.getMessage();
    if (e instanceof org.apache.hc.core5.http.ConnectionClosedException) {
      return new IOException(
          "EOF reached while reading" + (message == null ? "" : ": " + message), e);
    }
    if (e instanceof java.util.zip.ZipException) {
      return new IOException(
          "response body is not valid gzip (decoded by Apache HttpClient): "
              + (message == null ? e.toString() : message),
          e);
    }
    return message == null ? new IOException(e.toString(), e) : e;
  }

  private void subscriberThrew(Throwable t) {
    if (subscriberFailure == null) {
      subscriberFailure = t;
      breakWith(t);
    }
    cancel();
  }

  /** Ends the exchange; only the holder of the reading role calls it. */
  private void finish(boolean atEnd) {
    if (!done) {
      done = true;
      scratch = null;
      if (atEnd) {
        exchange.finished();
      } else {
        exchange.abort();
      }
    }
  }
}
