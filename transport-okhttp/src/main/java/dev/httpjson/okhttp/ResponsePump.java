package dev.httpjson.okhttp;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import okhttp3.Call;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.BufferedSource;
import org.jspecify.annotations.Nullable;

/**
 * Feeds a {@link BodySubscriber} from an OkHttp response body without ever blocking in {@link
 * #request}: bytes are read where nothing waits on them.
 *
 * <ul>
 *   <li>A subscriber that requests everything in {@code onSubscribe} and whose body completes only
 *       when all of it is read (the JDK's {@code ofString}, {@code ofByteArray}, httpjson's
 *       one-shot reads) is fed on the thread that starts the pump — the caller of {@code send}, or
 *       the dispatcher thread of {@code sendAsync} — as each read returns: its caller waits for the
 *       whole body anyway, and a hand-off would only cost time.
 *   <li>Otherwise (the JDK's {@code ofInputStream}, which requests as its consumer reads, or a body
 *       that completes early) {@code request(n)} only records the demand, and a reader thread of
 *       the transport ({@link PumpThreads}) waits for the bytes and hands each buffer on as soon as
 *       it arrives, as the JDK's selector thread does.
 * </ul>
 *
 * <p>The reader threads never run caller code: they call the JDK's own subscribers ({@link
 * #trusted}: {@code ofInputStream}, {@code ofString}/{@code ofByteArray}, {@code discarding}/{@code
 * replacing}, {@code ofFile}), which only queue or store the bytes; every other subscriber —
 * including the JDK's adapters around caller code ({@code mapping}, {@code fromSubscriber}, {@code
 * ofByteArrayConsumer}, {@code ofPublisher}, {@code buffering}) and httpjson's own, which run the
 * codec — gets its signals, in order, on the client's executor (the OkHttp dispatcher's), where the
 * JDK client calls such subscribers too. Each buffer is what the connection had ready, never more
 * than {@value #MAX_BUFFER} bytes, and the reader reads only what was requested: memory follows
 * bytes received and demand.
 */
final class ResponsePump implements Flow.Subscription {
  static final int MAX_BUFFER = 16 * 1024;

  private static final Object COMPLETE = new Object();

  /** The JDK's subscribers that only store or queue what they get: no caller code in onNext. */
  private static final Set<String> TRUSTED =
      Set.of(
          "jdk.internal.net.http.ResponseSubscribers$HttpResponseInputStream",
          "jdk.internal.net.http.ResponseSubscribers$ByteArraySubscriber",
          "jdk.internal.net.http.ResponseSubscribers$NullSubscriber",
          "jdk.internal.net.http.ResponseSubscribers$PathSubscriber");

  private final Call call;
  private final Response response;
  private final @Nullable BufferedSource source;
  private final BodySubscriber<?> subscriber;
  private final @Nullable Executor delivery; // null: the subscriber is called where bytes are read
  private final AtomicLong demand = new AtomicLong();
  private final AtomicInteger wip = new AtomicInteger(); // the reading role and missed signals
  private final @Nullable Queue<Object> signals; // for delivery on the executor
  private final AtomicInteger deliveries = new AtomicInteger();
  private volatile boolean cancelled;
  private volatile boolean done;
  private volatile @Nullable Throwable misuse;
  private volatile @Nullable Throwable subscriberFailure;

  /**
   * Completes exceptionally when the subscriber throws, or cannot be called: its body will then
   * never complete.
   */
  final CompletableFuture<Void> broken = new CompletableFuture<>();

  ResponsePump(
      Call call,
      Response response,
      BodySubscriber<?> subscriber,
      boolean hasBody,
      Executor clientExecutor) {
    this.call = call;
    this.response = response;
    ResponseBody body = response.body();
    this.source = hasBody ? body.source() : null;
    this.subscriber = subscriber;
    this.delivery = trusted(subscriber) ? null : clientExecutor;
    this.signals = delivery == null ? null : new ConcurrentLinkedQueue<>();
  }

  /** Whether {@code subscriber} is one of the JDK's that run no caller code in their signals. */
  static boolean trusted(BodySubscriber<?> subscriber) {
    Class<?> type = subscriber.getClass();
    if (type == lastTrusted) {
      return true;
    }
    boolean trusted =
        (type.getModule() == HttpClient.class.getModule() && TRUSTED.contains(type.getName()))
            || type == HTTPJSON_STREAM;
    if (trusted) {
      lastTrusted = type; // the JDK's or core's class: holds no caller's class loader
    }
    return trusted;
  }

  /** The class last found trusted: calls of one kind, one after another, look it up once. */
  private static volatile @Nullable Class<?> lastTrusted;

  /**
   * httpjson's stream subscriber, which hands every signal to the JDK's {@code ofInputStream()} and
   * runs no caller code either (it reports a failure after the bytes that came before it): the
   * class core loaded beside this transport, if any. Compared by identity, never by name alone.
   */
  private static final @Nullable Class<?> HTTPJSON_STREAM =
      loadBeside("dev.httpjson.internal.StreamingSubscriber");

  private static @Nullable Class<?> loadBeside(String name) {
    try {
      return Class.forName(name, false, ResponsePump.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null; // no httpjson core here: only the JDK's subscribers are trusted
    }
  }

  /**
   * Subscribes the subscriber on this thread; feeds it here too while it wants the whole body and
   * {@code body} is not complete, then leaves the rest to a reader. Never waits for bytes a part of
   * the body's consumer needs: when {@code body} completes (an {@code InputStream} handed out),
   * reading moves off this thread.
   */
  void start(CompletableFuture<?> body, @Nullable CallInterrupter interrupter) {
    wip.set(1); // requests made inside onSubscribe only add demand; this thread serves them
    try {
      subscriber.onSubscribe(this);
    } catch (Throwable t) {
      subscriberThrew(t);
    }
    while (!done
        && !cancelled
        && misuse == null
        && demand.get() == Long.MAX_VALUE
        && !body.isDone()) {
      Object signal;
      if (interrupter == null) {
        signal = read();
      } else {
        interrupter.enter(); // only around the read: the subscriber runs outside
        try {
          signal = read();
        } finally {
          interrupter.exit();
        }
      }
      if (signal != null) {
        dispatch(signal);
      }
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
        current = demand.get();
        next = current + n < 0 ? Long.MAX_VALUE : current + n;
      } while (!demand.compareAndSet(current, next));
    }
    if (wip.getAndIncrement() == 0) {
      drain(1, false);
    }
  }

  @Override
  public void cancel() {
    if (cancelled || done) {
      return;
    }
    cancelled = true;
    call.cancel(); // wakes a reader blocked in a read; the connection is not reused
    if (wip.getAndIncrement() == 0) {
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
          finish();
        } else if (bad != null) {
          call.cancel();
          finish();
          deliver(bad);
        } else if (demand.get() > 0) {
          if (!onReader) {
            startReader(missed);
            return;
          }
          while (!done && !cancelled && misuse == null && demand.get() > 0) {
            Object signal = read();
            if (signal != null) {
              deliver(signal);
            }
          }
          continue;
        }
      }
      missed = wip.addAndGet(-missed);
      if (missed == 0) {
        return;
      }
    }
  }

  private void startReader(int missed) {
    try {
      PumpThreads.executor().execute(() -> drain(missed, true));
    } catch (RuntimeException | Error e) { // no thread could be started
      call.cancel();
      finish();
      deliver(new IOException("could not start a thread to read the response body: " + e, e));
    }
  }

  /**
   * Reads what the connection has (waiting for at least a byte): the signal to pass on, or null
   * when cancelled.
   */
  private @Nullable Object read() {
    Object signal;
    try {
      BufferedSource in = source;
      if (in == null || !in.request(1)) {
        finish();
        signal = COMPLETE;
      } else {
        int n = (int) Math.min(in.getBuffer().size(), MAX_BUFFER);
        signal = List.of(ByteBuffer.wrap(in.readByteArray(n)));
        if (demand.get() != Long.MAX_VALUE) {
          demand.decrementAndGet();
        }
      }
    } catch (IOException | RuntimeException e) {
      boolean wasCancelled = cancelled;
      finish();
      if (wasCancelled) {
        return null;
      }
      signal = reworded(e);
    }
    return signal;
  }

  /** Calls the subscriber here if it is trusted, else queues the signal for the client executor. */
  private void deliver(Object signal) {
    Executor executor = delivery;
    Queue<Object> signals = this.signals;
    if (executor == null || signals == null) {
      dispatch(signal);
      return;
    }
    signals.offer(signal);
    if (deliveries.getAndIncrement() == 0) {
      try {
        executor.execute(this::drainSignals);
      } catch (RuntimeException e) { // RejectedExecutionException: the dispatcher was shut down
        signals.clear();
        cancelled = true;
        call.cancel();
        broken.completeExceptionally(
            new IOException("the client's executor refused to run the body subscriber: " + e, e));
      }
    }
  }

  private void drainSignals() {
    Queue<Object> signals = java.util.Objects.requireNonNull(this.signals);
    int missed = 1;
    for (; ; ) {
      for (Object signal; (signal = signals.poll()) != null; ) {
        dispatch(signal);
      }
      missed = deliveries.addAndGet(-missed);
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

  /** OkHttp's failures in the JDK client's words: a message always, the Content-Length named. */
  private Throwable reworded(Exception e) {
    String message = e.getMessage();
    if (e instanceof java.io.EOFException) {
      return new IOException(
          "EOF reached while reading" + (message == null ? "" : ": " + message), e);
    }
    if (decodedGzip() && isGzipFormatError(e)) {
      return new IOException(
          "response body is not valid gzip (Content-Encoding: gzip, decoded by OkHttp): "
              + (message == null ? e.toString() : message),
          e);
    }
    long declared = response.body().contentLength();
    if (e instanceof java.net.ProtocolException
        && declared >= 0
        && message != null
        && message.startsWith("expected " + declared + " bytes but received")) {
      java.net.ProtocolException reworded =
          new java.net.ProtocolException(
              "response body longer than its Content-Length " + declared + " (" + message + ")");
      reworded.initCause(e);
      return reworded;
    }
    return message == null ? new IOException(e.toString(), e) : e;
  }

  /** Whether OkHttp is decoding the body: it asked for gzip and removed the header it got. */
  private boolean decodedGzip() {
    Response network = response.networkResponse();
    return network != null
        && "gzip".equalsIgnoreCase(network.header("Content-Encoding"))
        && response.header("Content-Encoding") == null;
  }

  /** Okio's gzip checks ({@code GzipSource}) and the inflater's failure, as opposed to I/O. */
  private static boolean isGzipFormatError(Exception e) {
    String message = e.getMessage();
    if (e.getCause() instanceof java.util.zip.DataFormatException) {
      return true;
    }
    return message != null
        && (message.startsWith("ID1ID2:")
            || message.startsWith("FHCRC:")
            || message.startsWith("CRC:")
            || message.startsWith("ISIZE:")
            || message.startsWith("gzip finished without exhausting source"));
  }

  private void subscriberThrew(Throwable t) {
    if (subscriberFailure == null) {
      subscriberFailure = t;
      broken.completeExceptionally(t);
    }
    cancel();
  }

  /** Closes the response; only the holder of the reading role calls it. */
  private void finish() {
    if (!done) {
      done = true;
      response.close();
    }
  }
}
