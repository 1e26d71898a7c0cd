package dev.httpjson.internal;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * A client-wide limit on calls in flight ({@code HttpJsonClient.Builder.maxConcurrentCalls}): a
 * permit per call, handed out first come, first served.
 */
public final class CallLimit {
  private final int max;
  private final ArrayDeque<CompletableFuture<Permit>> waiting = new ArrayDeque<>();

  /**
   * The streams of this limit's calls (each holds its call's permit until it ends), watched for
   * being dropped unclosed ({@code ElementStream}): polled when a call waits for a permit and when
   * one of these calls starts a stream, so a permit held by a stream nobody can reach comes back.
   * One queue a limit: its permits come back only to its callers, on their own threads.
   */
  final Unreachables dropped = new Unreachables();

  /** How often a call waiting for a permit looks for streams dropped unclosed meanwhile. */
  private static final long POLL_MILLIS = 100;

  // Guarded by this.
  private int inFlight;

  public CallLimit(int max) {
    this.max = max;
  }

  public int max() {
    return max;
  }

  /** A place in the queue, done at once when a permit is free and nobody waits before it. */
  CompletableFuture<Permit> enqueue() {
    CompletableFuture<Permit> free = free();
    if (free != null) {
      return free;
    }
    dropped.poll(); // outside the lock: the permits of streams dropped unclosed come back first
    CompletableFuture<Permit> place;
    synchronized (this) {
      if (inFlight < max && waiting.isEmpty()) {
        inFlight++;
        return CompletableFuture.completedFuture(new Permit());
      }
      place = new CompletableFuture<>();
      waiting.add(place);
    }
    return place;
  }

  /** A permit, when one is free and nobody waits before; else null. */
  private synchronized @Nullable CompletableFuture<Permit> free() {
    if (inFlight < max && waiting.isEmpty()) {
      inFlight++;
      return CompletableFuture.completedFuture(new Permit());
    }
    return null;
  }

  /** Waits for a permit; an interrupt (the call's deadline among them) gives the place up. */
  Permit acquire() throws InterruptedException {
    CompletableFuture<Permit> place = enqueue();
    try {
      while (true) {
        try {
          return place.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
          dropped.poll(); // a stream dropped while this call waits gives its permit back
        }
      }
    } catch (InterruptedException e) {
      giveUp(place);
      throw e;
    } catch (ExecutionException e) {
      throw new IllegalStateException("a place in the queue is only ever granted", e);
    }
  }

  /**
   * Gives {@code place} up: taken out of the queue; a permit it was granted meanwhile goes back.
   */
  boolean giveUp(CompletableFuture<Permit> place) {
    if (leave(place)) {
      return true;
    }
    Permit granted = place.getNow(null);
    if (granted != null) {
      granted.release();
    }
    return false;
  }

  /**
   * Takes {@code place} out of the queue if no permit was granted to it yet; false if one was: the
   * permit then stays with whoever takes the place (a timer that fires as the permit comes must not
   * take it from the call it starts).
   */
  boolean leave(CompletableFuture<Permit> place) {
    if (place.cancel(false)) {
      synchronized (this) {
        waiting.remove(place);
      }
      return true;
    }
    return false;
  }

  /** A permit back: to the first place still waiting, else free. */
  private void release() {
    while (true) {
      CompletableFuture<Permit> next;
      synchronized (this) {
        next = waiting.poll();
        if (next == null) {
          inFlight--;
          return;
        }
      }
      // Completed outside the lock: the place's taker starts its call here (never blocking).
      if (next.complete(new Permit())) {
        return;
      }
    }
  }

  /** Calls holding a permit, for tests. */
  synchronized int inFlight() {
    return inFlight;
  }

  /** Places waiting for a permit, for tests. */
  synchronized int waiting() {
    return waiting.size();
  }

  @Override
  public String toString() {
    return "maxConcurrentCalls(" + max + ")";
  }

  /** One call's permit; released once, whoever ends the call (its stream included). */
  final class Permit {
    private final AtomicBoolean released = new AtomicBoolean();

    void release() {
      if (released.compareAndSet(false, true)) {
        CallLimit.this.release();
      }
    }

    /** The limit this permit is of. */
    CallLimit limit() {
      return CallLimit.this;
    }
  }
}
