package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class CallLimitTest {
  @Test
  void permitsGoToTheWaitingPlacesInTheOrderTheyCame() {
    CallLimit limit = new CallLimit(1);
    CompletableFuture<CallLimit.Permit> first = limit.enqueue();
    CompletableFuture<CallLimit.Permit> second = limit.enqueue();
    CompletableFuture<CallLimit.Permit> third = limit.enqueue();
    assertThat(first).isDone();
    assertThat(second).isNotDone();

    granted(first).release();

    assertThat(second).isDone();
    assertThat(third).isNotDone();
    granted(second).release();
    assertThat(third).isDone();
    granted(third).release();
    assertThat(limit.inFlight()).isZero();
  }

  @Test
  void aPlaceGivenUpIsSkippedAndAPermitReleasedTwiceCountsOnce() {
    CallLimit limit = new CallLimit(1);
    CallLimit.Permit held = granted(limit.enqueue());
    CompletableFuture<CallLimit.Permit> cancelled = limit.enqueue();
    CompletableFuture<CallLimit.Permit> next = limit.enqueue();

    assertThat(limit.giveUp(cancelled)).isTrue();
    held.release();
    held.release();

    assertThat(next).isDone();
    assertThat(limit.inFlight()).isEqualTo(1);
    // Nobody waits and one permit is held: a new place waits, as the limit is 1.
    assertThat(limit.enqueue()).isNotDone();
  }

  @Test
  void aPlaceGrantedWhileItWasGivenUpGivesThePermitBack() {
    CallLimit limit = new CallLimit(1);
    CompletableFuture<CallLimit.Permit> granted = limit.enqueue();

    assertThat(limit.giveUp(granted)).isFalse();

    assertThat(limit.inFlight()).isZero();
  }

  @Test
  void aPlaceGrantedBeforeItLeavesKeepsItsPermit() {
    CallLimit limit = new CallLimit(1);
    CompletableFuture<CallLimit.Permit> granted = limit.enqueue();
    CompletableFuture<CallLimit.Permit> waiting = limit.enqueue();

    assertThat(limit.leave(granted)).isFalse();
    assertThat(limit.inFlight()).isEqualTo(1);
    assertThat(waiting).isNotDone();

    assertThat(limit.leave(waiting)).isTrue();
    granted(granted).release();
    assertThat(limit.inFlight()).isZero();
  }

  /** The permit of a place already granted: never waits (a place not granted fails here). */
  private static CallLimit.Permit granted(CompletableFuture<CallLimit.Permit> place) {
    assertThat(place).isDone();
    return place.getNow(null);
  }
}
