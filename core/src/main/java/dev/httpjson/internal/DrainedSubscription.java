package dev.httpjson.internal;

import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * A subscription that sends every signal from one drain loop ({@link #emit}), so that they never
 * overlap (rule 1.3): it counts the {@link #demand}, and keeps the first request of zero or less
 * ({@link #invalidRequest}), which ends it with an {@link IllegalArgumentException}.
 */
public abstract class DrainedSubscription implements Flow.Subscription {
  protected final AtomicLong demand = new AtomicLong();
  private final AtomicInteger wip = new AtomicInteger();
  protected volatile boolean cancelled;
  protected volatile @Nullable IllegalArgumentException invalidRequest;

  @Override
  public final void request(long n) {
    if (n <= 0) {
      if (invalidRequest == null) {
        invalidRequest = new IllegalArgumentException("request <= 0: " + n);
      }
    } else {
      demand.getAndAccumulate(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
    }
    drain();
  }

  /** Sets {@link #cancelled}, which the next turn of the loop acts on. */
  @Override
  public final void cancel() {
    cancelled = true;
    drain();
  }

  /** Runs {@link #emit} on one thread at a time, again while signals came in meanwhile. */
  private void drain() {
    if (wip.getAndIncrement() != 0) {
      return;
    }
    do {
      emit();
    } while (wip.decrementAndGet() != 0);
  }

  /** Sends the signals that can be sent now. */
  protected abstract void emit();
}
