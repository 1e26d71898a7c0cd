package dev.httpjson.internal;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.JsonOptions;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A streamed body that bounds how long its reads wait for bytes: each wait by the {@linkplain
 * JsonOptions#idleTimeout() idle timeout}, all waits added up by what is left of the {@linkplain
 * JsonOptions#timeout() whole-call timeout}.
 */
public final class TimedInputStream extends BlockInputStream {
  /** No bound. */
  public static final long NONE = Long.MAX_VALUE;

  private final InputStream in;
  private final InputStream raw; // the response's body, under a decoder if any
  private final @Nullable Duration timeout;
  private final long idleNanos;
  private final @Nullable String method;
  private final @Nullable URI uri;
  private final Runnable idleExpiry;
  private final Runnable budgetExpiry;
  private final @Nullable CallState<?> plan;
  private final Set<String> shown;

  /** What is left of the whole-call timeout for waiting; read and written by the reader only. */
  private long budgetNanos;

  private volatile @Nullable CallTimeoutException expired;

  private TimedInputStream(
      InputStream in,
      InputStream raw,
      JsonOptions options,
      @Nullable String method,
      @Nullable URI uri,
      @Nullable CallState<?> plan) {
    this.in = in;
    this.raw = raw;
    Duration idle = options.idleTimeout();
    this.timeout = options.timeout();
    this.idleNanos = idle == null ? NONE : idle.toNanos();
    this.budgetNanos = timeout == null ? NONE : timeout.toNanos();
    this.method = method;
    this.uri = uri;
    this.plan = plan;
    this.shown = options.shownQueryParameters();
    // Runs only when the idle timeout, set then, expired.
    this.idleExpiry =
        () -> expire(ApiAccess.get().idleTimeout(Objects.requireNonNull(idle), method, uri, shown));
    this.budgetExpiry = () -> expire(budgetFailure());
  }

  /**
   * {@code body} bounded by the timeouts of {@code options}, the whole timeout as the budget for
   * waiting (see {@link #remaining}); {@code null} when the options set neither.
   */
  public static @Nullable TimedInputStream of(
      InputStream body,
      InputStream raw,
      JsonOptions options,
      @Nullable String method,
      @Nullable URI uri,
      @Nullable CallState<?> plan) {
    if (options.timeout() == null && options.idleTimeout() == null) {
      return null;
    }
    return new TimedInputStream(body, raw, options, method, uri, plan);
  }

  /**
   * Sets what is left of the whole-call timeout for waiting for the body, once connecting and the
   * headers used their part.
   */
  public void remaining(long nanos) {
    if (timeout != null) {
      budgetNanos = Math.max(0, nanos);
    }
  }

  /** The timeout that ended the body, if one did. */
  @Nullable CallTimeoutException expired() {
    return expired;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    CallTimeoutException failure = expired;
    if (failure != null) {
      throw failure;
    }
    if (len == 0) {
      return 0;
    }
    long budget = budgetNanos;
    if (budget <= 0) {
      if (in.available() <= 0) {
        CallTimeoutException e = budgetFailure();
        expired = e;
        throw e;
      }
      budget = NONE; // spent, but bytes are here: they are the consumer's, whatever its pace
    }
    long wait = Math.min(idleNanos, budget);
    if (wait == NONE) {
      return in.read(b, off, len);
    }
    // Armed even when bytes seem to be there: a transport may fetch more inside the read.
    DeadlineTimer.Task task =
        DeadlineTimer.INSTANCE.schedule(idleNanos <= budget ? idleExpiry : budgetExpiry, wait);
    long start = System.nanoTime();
    int n;
    try {
      n = in.read(b, off, len);
    } catch (IOException e) {
      failure = expired;
      throw failure != null ? failure : e;
    } finally {
      task.cancel();
      if (budgetNanos != NONE && budgetNanos > 0) {
        budgetNanos -= System.nanoTime() - start;
      }
    }
    failure = expired;
    if (n < 0 && failure != null) {
      throw failure; // the close that woke the read ended the body early
    }
    return n;
  }

  @Override
  public int available() throws IOException {
    return in.available();
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  private CallTimeoutException budgetFailure() {
    return ApiAccess.get()
        .streamTimeout(timeout != null ? timeout : Duration.ZERO, method, uri, shown);
  }

  /**
   * On the timer thread: records the failure and fails the read, which then throws it; the reader
   * closes the body. A body of another kind is closed here, which wakes a blocked read.
   */
  private void expire(CallTimeoutException failure) {
    expired = failure;
    CallState<?> p = plan;
    if (p != null) {
      p.streamFailed(failure); // before the close, which the chain's body subscribers see
    }
    if (StreamingSubscriber.giveUp(raw)) {
      return;
    }
    try {
      in.close();
    } catch (IOException | RuntimeException ignored) {
      // Best effort: the failure is recorded, and the reader sees it.
    }
  }
}
