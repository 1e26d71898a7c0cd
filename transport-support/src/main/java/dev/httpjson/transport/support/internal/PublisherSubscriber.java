package dev.httpjson.transport.support.internal;

import dev.httpjson.FormContent;
import dev.httpjson.JsonContent;
import dev.httpjson.transport.support.internal.Failures.PublisherFailure;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One write of a request body publisher's bytes by a library that writes with a blocking call: it
 * asks for one buffer at a time, as the write takes them ({@link #next()}), and its wait ends when
 * the exchange does ({@link #abort()}). A publisher that gives more or fewer bytes than its content
 * length fails the write, as it fails the JDK client's: the body is never sent cut short or with
 * bytes that would be read as the next request's. The buffer that reaches the content length is
 * handed out only once the publisher has ended, since the server takes a body whole at its length:
 * a publisher that gives more after it (a file that grew) must fail the body before its last byte
 * is written, never after.
 *
 * <p>Before the write waits for the publisher, the library's buffers are flushed ({@link
 * #PublisherSubscriber(long, Supplier, Flush)}): what was written goes out while the publisher has
 * nothing ready, as the JDK client sends each buffer.
 *
 * <p>A caller's publisher is caller code: a write on a transport's own thread calls it (its {@code
 * subscribe}, {@code request} and {@code cancel}, one call at a time) on the caller executor
 * instead ({@link #PublisherSubscriber(long, Supplier, Flush, Executor)}), unless it {@linkplain
 * #runsNoCallerCode runs no caller code}.
 */
public final class PublisherSubscriber implements Flow.Subscriber<ByteBuffer> {
  // A lock, not a monitor: the writer waits here on the caller's thread, and a virtual thread
  // waiting in Object.wait keeps its carrier on Java 21 to 23.
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final long length;
  private final Supplier<IOException> whenAborted;
  private final @Nullable Flush beforeWait;
  private final @Nullable Executor callers; // where the publisher is called; null: here
  private final ConcurrentLinkedQueue<Runnable> calls = new ConcurrentLinkedQueue<>();
  private final AtomicInteger pendingCalls = new AtomicInteger();
  private long received;
  private boolean ended; // by the writer: the publisher ended, its bytes all handed out
  private final ArrayDeque<ByteBuffer> buffers = new ArrayDeque<>(2);
  private Flow.@Nullable Subscription subscription;
  private @Nullable Throwable failure;
  private boolean complete;
  private boolean aborted;
  private boolean subscribed; // by the writer: it took the subscription

  /**
   * A subscriber of a body of {@code length} bytes (-1: unknown) whose wait, once the exchange is
   * over, fails with {@code whenAborted}'s.
   */
  public PublisherSubscriber(long length, Supplier<IOException> whenAborted) {
    this(length, whenAborted, null);
  }

  /**
   * As {@link #PublisherSubscriber(long, Supplier)}, calling {@code beforeWait} before a wait for
   * the publisher: the library's buffers go out while the publisher has nothing ready.
   */
  public PublisherSubscriber(
      long length, Supplier<IOException> whenAborted, @Nullable Flush beforeWait) {
    this(length, whenAborted, beforeWait, null);
  }

  /**
   * As {@link #PublisherSubscriber(long, Supplier, Flush)}, calling the publisher on {@code
   * callers} (one call at a time, in order) when not null: a write on a transport's own thread.
   */
  public PublisherSubscriber(
      long length,
      Supplier<IOException> whenAborted,
      @Nullable Flush beforeWait,
      @Nullable Executor callers) {
    this.length = length;
    this.whenAborted = whenAborted;
    this.beforeWait = beforeWait;
    this.callers = callers;
  }

  /** The classes of the JDK's publishers of bytes held in memory, which run no caller code. */
  private static final Class<?> JDK_BYTES = BodyPublishers.ofByteArray(new byte[0]).getClass();

  private static final Class<?> JDK_STRING = BodyPublishers.ofString("").getClass();
  private static final Class<?> JDK_NO_BODY = BodyPublishers.noBody().getClass();

  /**
   * Whether {@code publisher} runs no caller code, and so may be called on a transport's thread:
   * httpjson's bodies of bytes in memory ({@link JsonContent}, {@link FormContent}) and the JDK's
   * ({@code ofByteArray}, {@code ofString}, {@code noBody}). Any other may (a caller's publisher,
   * an {@code InputStream} part, a sequence of the caller's elements).
   */
  public static boolean runsNoCallerCode(BodyPublisher publisher) {
    Class<?> type = publisher.getClass();
    return publisher instanceof JsonContent
        || publisher instanceof FormContent
        || type == JDK_BYTES
        || type == JDK_STRING
        || type == JDK_NO_BODY;
  }

  /** Subscribes this to {@code publisher}, on the caller executor when one was given. */
  public void subscribeTo(BodyPublisher publisher) {
    call(() -> publisher.subscribe(this));
  }

  /**
   * Calls the publisher: here, or on the caller executor one call at a time and in order (the
   * {@link Flow} rules); a call that throws fails the write with what it threw, as the JDK client
   * reports a publisher's failure (an {@code IOException} with it as the cause), never out of the
   * write as it is.
   */
  private void call(Runnable call) {
    Executor e = callers;
    if (e == null) {
      try {
        call.run();
      } catch (RuntimeException t) {
        onError(t); // a publisher that throws fails the body, as in the JDK client
      }
      return;
    }
    calls.add(call);
    if (pendingCalls.getAndIncrement() == 0) {
      try {
        e.execute(this::runCalls);
      } catch (RejectedExecutionException rejected) {
        calls.clear(); // never called here: the write fails instead
        pendingCalls.set(0);
        onError(new IOException("could not call the request body's publisher: " + rejected));
      }
    }
  }

  private void runCalls() {
    do {
      Runnable next = calls.poll();
      if (next != null) {
        try {
          next.run();
        } catch (RuntimeException | Error t) {
          onError(t); // a publisher that throws fails the body, as in the JDK client
        }
      }
    } while (pendingCalls.decrementAndGet() != 0);
  }

  /** Sends what the write has written so far, before it waits for the publisher. */
  @FunctionalInterface
  public interface Flush {
    void flush() throws IOException;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    lock.lock();
    try {
      if (this.subscription == null && !aborted) {
        this.subscription = subscription;
        changed.signalAll();
        return;
      }
    } finally {
      lock.unlock();
    }
    subscription.cancel();
  }

  @Override
  public void onNext(ByteBuffer item) {
    lock.lock();
    try {
      buffers.add(item);
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void onError(Throwable throwable) {
    lock.lock();
    try {
      failure = throwable;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void onComplete() {
    lock.lock();
    try {
      complete = true;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** Wakes a wait for the publisher: the exchange is over, and the write fails. */
  public void abort() {
    lock.lock();
    try {
      aborted = true;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * The next buffer, asked for and waited for; null at the end of the body. Throws the publisher's
   * failure as a {@link PublisherFailure}, and so a body longer or shorter than its length (in the
   * JDK client's words), an interrupt as an {@link InterruptedIOException} (the thread's interrupt
   * status set), the end of the exchange as {@code whenAborted}'s; any failure cancels the
   * subscription, as should the caller when its write of a buffer fails ({@link #cancel()}).
   */
  public @Nullable ByteBuffer next() throws IOException {
    if (ended) {
      return null;
    }
    Flow.Subscription s;
    try {
      s = subscribed ? subscription : await(null);
      if (s == null) {
        return ended(); // completed before subscribing: nothing to write
      }
      subscribed = true;
      ByteBuffer buffer = take(s);
      if (buffer == null) {
        return ended();
      }
      if (length >= 0) {
        counted(buffer);
        if (received == length && buffer.hasRemaining()) {
          // The body's last byte: handed out once the publisher has ended without a byte more.
          for (ByteBuffer more; (more = take(s)) != null; ) {
            counted(more);
          }
          ended();
        }
      }
      return buffer;
    } catch (IOException | RuntimeException e) {
      cancel();
      throw e;
    }
  }

  /** The next buffer, asked for and waited for; null at the end of the body. */
  private @Nullable ByteBuffer take(Flow.Subscription s) throws IOException {
    call(() -> s.request(1));
    return await(s) == null ? null : poll();
  }

  /** Counts {@code buffer}'s bytes; fails when they are more than the body's length. */
  private void counted(ByteBuffer buffer) throws PublisherFailure {
    received += buffer.remaining();
    if (received > length) {
      throw new PublisherFailure(
          new IOException(
              "Too many bytes in request body. Expected: " + length + ", got: " + received));
    }
  }

  /** The end of the body: null, when the publisher gave as many bytes as it said it would. */
  private @Nullable ByteBuffer ended() throws PublisherFailure {
    ended = true;
    if (length >= 0 && received != length) {
      throw new PublisherFailure(
          new IOException(
              "Too few bytes returned by the publisher (" + received + "/" + length + ")"));
    }
    return null;
  }

  /** Whether a buffer, the end, a failure or the exchange's end is there: no need to wait. */
  public boolean ready() {
    lock.lock();
    try {
      return !buffers.isEmpty() || complete || failure != null || aborted;
    } finally {
      lock.unlock();
    }
  }

  /** Cancels the subscription, if there is one: the write failed. */
  public void cancel() {
    Flow.Subscription s;
    lock.lock();
    try {
      s = subscription;
    } finally {
      lock.unlock();
    }
    if (s != null) {
      call(s::cancel);
    }
  }

  /**
   * Waits for a subscription (when {@code s} is null) or a buffer, the end or a failure; returns
   * the subscription, or null at the end.
   */
  private Flow.@Nullable Subscription await(Flow.@Nullable Subscription s) throws IOException {
    Flush flush = beforeWait;
    lock.lock();
    try {
      while (s == null ? subscription == null : buffers.isEmpty()) {
        if (aborted) {
          throw whenAborted.get();
        }
        if (failure != null) {
          throw new PublisherFailure(failure);
        }
        if (complete) {
          return null;
        }
        if (flush != null) {
          // The publisher has nothing ready: what was written goes out before the wait.
          lock.unlock();
          try {
            flush.flush();
          } finally {
            lock.lock();
          }
          flush = null;
          continue;
        }
        changed.await();
      }
      return subscription;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // send() sees it and reports the interrupt
      throw new InterruptedIOException("interrupted while waiting for the request body");
    } finally {
      lock.unlock();
    }
  }

  private @Nullable ByteBuffer poll() {
    lock.lock();
    try {
      return buffers.poll();
    } finally {
      lock.unlock();
    }
  }
}
