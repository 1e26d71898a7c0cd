package dev.httpjson.transport.support.internal;

import dev.httpjson.transport.support.internal.Failures.PublisherFailure;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.Flow;
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
 */
public final class PublisherSubscriber implements Flow.Subscriber<ByteBuffer> {
  // A lock, not a monitor: the writer waits here on the caller's thread, and a virtual thread
  // waiting in Object.wait keeps its carrier on Java 21 to 23.
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final long length;
  private final Supplier<IOException> whenAborted;
  private final @Nullable Flush beforeWait;
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
    this.length = length;
    this.whenAborted = whenAborted;
    this.beforeWait = beforeWait;
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
    s.request(1);
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
      s.cancel();
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
