package dev.httpjson.internal;

import dev.httpjson.internal.transport.IoThreadSafe;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * A streamed body as an {@link InputStream} that gives every byte that arrived before a failure (a
 * reset connection, a body cut short) and only then reports the failure, and whose reads wait for
 * bytes interruptibly: an interrupt closes the body and fails the read with {@link
 * InterruptedIOException}, the interrupt status kept (the JDK 17 stream ignores it, and clears it).
 * It runs no caller code: a transport may feed it on its own I/O thread.
 */
public final class StreamingSubscriber implements BodySubscriber<InputStream>, IoThreadSafe {
  private final BodySubscriber<InputStream> stream = BodySubscribers.ofInputStream();
  private volatile @Nullable Throwable failure;
  private volatile Flow.@Nullable Subscription subscription;

  // What a read waits on: a count of the signals that may let it go on (bytes, the end, a close).
  private final Object arrival = new Object();
  private volatile long arrivals;
  private volatile boolean over; // ended, failed or closed: a read no longer blocks
  private volatile boolean givenUp; // by a timeout: reads fail, the reader closes the body

  // Told of the object that holds the body for its reader (whenHeld).
  private volatile @Nullable Consumer<Object> heldBy;

  // Guarded by this: what runs once the body is closed, and whether it was.
  private Runnable @Nullable [] whenClosed;
  private boolean closed;

  @Override
  public CompletionStage<InputStream> getBody() {
    return stream.getBody().thenApply(FailsAtTheEnd::new);
  }

  /**
   * Closes the body whoever holds it: the exchange is cancelled when it has begun, or as soon as it
   * subscribes.
   */
  public void close() {
    stream
        .getBody()
        .thenAccept(
            in -> {
              closeQuietly(in);
              arrived(true);
              closed();
            });
  }

  private static void closeQuietly(InputStream in) {
    try {
      in.close();
    } catch (IOException ignored) {
      // Closing the JDK's stream cancels its subscription; it reports nothing.
    }
  }

  /**
   * Fails the reads of {@code body}, when it is a body this class made, from now on — one waiting
   * for bytes at once — without closing it: the reader's thread closes it, and so runs what the
   * close tells (the interceptors' code), never the timer that gave the body up.
   *
   * @return whether {@code body} is one of these; another must be closed to wake its reader
   */
  static boolean giveUp(@Nullable Object body) {
    if (!(body instanceof FailsAtTheEnd)) {
      return false;
    }
    StreamingSubscriber owner = ((FailsAtTheEnd) body).owner();
    owner.givenUp = true;
    owner.arrived(false);
    return true;
  }

  /**
   * Has {@code watcher} told of the object a reader of {@code body} makes to hold it (the elements
   * of a stream), when {@code body} is a body this class made: an object that only the caller
   * holds, where the transport's response holds {@code body} itself.
   *
   * @return whether {@code body} is one of these
   */
  public static boolean whenHeld(@Nullable Object body, Consumer<Object> watcher) {
    if (!(body instanceof FailsAtTheEnd)) {
      return false;
    }
    ((FailsAtTheEnd) body).owner().heldBy = watcher;
    return true;
  }

  /**
   * Tells the watcher of {@code body} ({@link #whenHeld}), when it has one, that {@code holder}
   * holds it now.
   */
  static void held(@Nullable Object body, Object holder) {
    if (body instanceof FailsAtTheEnd) {
      Consumer<Object> watcher = ((FailsAtTheEnd) body).owner().heldBy;
      if (watcher != null) {
        watcher.accept(holder);
      }
    }
  }

  /**
   * What ends the exchange of {@code body} once its reader dropped it unreachable unclosed, when
   * {@code body} is a body this class made ({@link #dropped}); else null. It holds this subscriber,
   * which the transport holds anyway, never the reader.
   */
  static @Nullable Runnable dropping(@Nullable Object body) {
    if (!(body instanceof FailsAtTheEnd)) {
      return null;
    }
    return ((FailsAtTheEnd) body).owner()::dropped;
  }

  /**
   * The body's reader was dropped unreachable unclosed: the exchange is cancelled as a close
   * cancels it (the JDK's stream cancels its subscription), and what waits for the close is dropped
   * untold, since it may be the caller's code and this runs on whichever thread found the reader
   * dropped.
   */
  private void dropped() {
    synchronized (this) {
      closed = true;
      whenClosed = null;
    }
    stream.getBody().thenAccept(StreamingSubscriber::closeQuietly);
    arrived(true);
  }

  /** Wakes a read waiting for bytes; {@code end} once none will block again. */
  private void arrived(boolean end) {
    synchronized (arrival) {
      if (end) {
        over = true;
      }
      arrivals++;
      arrival.notifyAll();
    }
  }

  /**
   * Has {@code action} run once {@code body} is closed, when it is a body this class made: by the
   * stream reading it, or because its response never reached the caller; at once when it is closed
   * already. What it throws is logged.
   *
   * @return whether {@code body} is one of these
   */
  static boolean whenClosed(@Nullable Object body, Runnable action) {
    if (!(body instanceof FailsAtTheEnd)) {
      return false;
    }
    ((FailsAtTheEnd) body).owner().whenClosed(action);
    return true;
  }

  private void whenClosed(Runnable action) {
    synchronized (this) {
      if (!closed) {
        Runnable[] more =
            whenClosed == null ? new Runnable[1] : Arrays.copyOf(whenClosed, whenClosed.length + 1);
        more[more.length - 1] = action;
        whenClosed = more;
        return;
      }
    }
    run(action);
  }

  private void closed() {
    Runnable[] told;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      told = whenClosed;
      whenClosed = null;
    }
    if (told != null) {
      for (Runnable action : told) {
        run(action);
      }
    }
  }

  private static void run(Runnable action) {
    try {
      action.run();
    } catch (RuntimeException | Error e) {
      System.getLogger("dev.httpjson")
          .log(System.Logger.Level.WARNING, "Reporting the end of a stream failed", e);
    }
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    stream.onSubscribe(subscription);
  }

  /**
   * Passes on the buffers that hold bytes: the JDK's stream takes a list without any as no bytes
   * and blocks for the next, where a read that saw it available must not block. A list without any
   * asks for the next instead, as the JDK's stream does for each list it takes.
   */
  @Override
  public void onNext(List<ByteBuffer> item) {
    List<ByteBuffer> bytes = item;
    for (int i = 0, n = item.size(); i < n; i++) {
      if (!item.get(i).hasRemaining()) {
        bytes = new ArrayList<>(n);
        for (ByteBuffer b : item) {
          if (b.hasRemaining()) {
            bytes.add(b);
          }
        }
        break;
      }
    }
    if (bytes.isEmpty()) {
      Flow.Subscription s = subscription;
      if (s != null) {
        s.request(1);
      }
      return;
    }
    stream.onNext(bytes);
    arrived(false);
  }

  @Override
  public void onError(Throwable throwable) {
    subscription = null; // see onComplete
    failure = throwable; // before the end is queued: the reader that sees the end sees this
    stream.onComplete();
    arrived(true);
  }

  /**
   * The body has all arrived: the transport's subscription, and through it its exchange and the
   * call's handler (with the type it reads, maybe an application's), is no longer held, as the
   * JDK's stream lets go of it too. A stream dropped unclosed is watched until a later call polls
   * for it, and keeps only this subscriber meanwhile.
   */
  @Override
  public void onComplete() {
    subscription = null;
    stream.onComplete();
    arrived(true);
  }

  /** Where the JDK's stream ends, the failure that ended it, if one did. */
  private final class FailsAtTheEnd extends FilterInputStream {
    FailsAtTheEnd(InputStream in) {
      super(in);
    }

    StreamingSubscriber owner() {
      return StreamingSubscriber.this;
    }

    @Override
    public int read() throws IOException {
      awaitBytes();
      int b = in.read();
      if (b < 0) {
        throwFailure();
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len > 0) {
        awaitBytes();
      }
      int n = in.read(b, off, len);
      if (n < 0) {
        throwFailure();
      }
      return n;
    }

    /** Skips what has arrived, up to {@code n}: the JDK's skip reads on, and would block. */
    @Override
    public long skip(long n) throws IOException {
      if (n <= 0) {
        return 0;
      }
      awaitBytes();
      return in.skip(Math.min(n, Math.max(1, in.available())));
    }

    /**
     * Returns once a read of the JDK's stream will not block (bytes are there, or its end, or it is
     * closed); an interrupt meanwhile closes the body and fails the read, the status kept.
     */
    private void awaitBytes() throws IOException {
      if (givenUp) {
        throw new IOException("The stream gave the body up");
      }
      while (!over) {
        long seen = arrivals;
        if (in.available() > 0) {
          return;
        }
        InterruptedException interrupted = null;
        synchronized (arrival) {
          try {
            while (arrivals == seen && !over && !givenUp) {
              arrival.wait();
            }
          } catch (InterruptedException e) {
            interrupted = e;
          }
        }
        if (interrupted != null) {
          close(); // outside the lock: it tells the interceptors, and a transport signals under it
          Thread.currentThread().interrupt();
          throw (InterruptedIOException)
              new InterruptedIOException("interrupted while waiting for body bytes")
                  .initCause(interrupted);
        }
        if (givenUp) {
          throw new IOException("The stream gave the body up");
        }
      }
    }

    @Override
    public void close() throws IOException {
      try {
        in.close();
      } finally {
        arrived(true);
        closed();
      }
    }

    private void throwFailure() throws IOException {
      Throwable t = failure;
      if (t != null) {
        throw t instanceof IOException io
            ? new IOException(io.getMessage(), io)
            : new IOException(String.valueOf(t.getMessage()), t);
      }
    }
  }
}
