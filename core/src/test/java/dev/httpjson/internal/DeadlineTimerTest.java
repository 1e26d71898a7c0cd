package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DeadlineTimerTest {
  private final DeadlineTimer timer = new DeadlineTimer("test-timeout");

  @Test
  void aTaskRunsOnceItsDelayHasElapsed() throws Exception {
    CountDownLatch ran = new CountDownLatch(1);
    AtomicLong at = new AtomicLong();
    long start = System.nanoTime();

    timer.schedule(
        () -> {
          at.set(System.nanoTime());
          ran.countDown();
        },
        TimeUnit.MILLISECONDS.toNanos(100));

    assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(at.get() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
    assertThat(timer.pending()).isZero();
  }

  @Test
  void aCancelledTaskNeverRuns() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    DeadlineTimer.Task task = timer.schedule(runs::incrementAndGet, 50_000_000);

    assertThat(task.cancel()).isTrue();
    assertThat(task.cancel()).isFalse();
    assertThat(timer.pending()).isZero();
    Thread.sleep(200);
    assertThat(runs).hasValue(0);
  }

  @Test
  void cancellingAfterTheTaskRanReportsFalse() throws Exception {
    CountDownLatch ran = new CountDownLatch(1);
    DeadlineTimer.Task task = timer.schedule(ran::countDown, 0);
    assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();

    assertThat(task.cancel()).isFalse();
  }

  @Test
  void tasksRunInTheOrderTheyAreDueWhateverTheOrderTheyWereScheduled() throws Exception {
    List<Integer> order = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch all = new CountDownLatch(6);
    int[] delaysMillis = {300, 50, 250, 100, 200, 150};
    // Each due at its delay after one instant, so that a pause of the scheduling thread (a busy
    // machine) cannot reorder them: the timer orders by due time, not by delay.
    long start = System.nanoTime();
    for (int d : delaysMillis) {
      timer.schedule(
          () -> {
            order.add(d);
            all.countDown();
          },
          TimeUnit.MILLISECONDS.toNanos(d) - (System.nanoTime() - start));
    }

    assertThat(all.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(order).containsExactly(50, 100, 150, 200, 250, 300);
  }

  @Test
  void anEarlierTaskWakesATimerAsleepUntilALaterOne() throws Exception {
    timer.schedule(() -> {}, TimeUnit.SECONDS.toNanos(60)); // the thread now sleeps a minute
    Thread.sleep(50);
    CountDownLatch ran = new CountDownLatch(1);

    timer.schedule(ran::countDown, TimeUnit.MILLISECONDS.toNanos(20));

    assertThat(ran.await(2, TimeUnit.SECONDS)).isTrue();
  }

  /**
   * The point of this timer: a call that registers its deadline and cancels it a moment later (the
   * common case) does not wake the timer thread, as a ScheduledThreadPoolExecutor does whenever a
   * new task becomes its earliest.
   */
  @Test
  void registeringAndCancellingManyDeadlinesDoesNotWakeTheThreadEachTime() throws Exception {
    timer.schedule(() -> {}, 0); // the thread exists and has run once
    Thread.sleep(100);
    long before = timer.wakeUps();

    for (int i = 0; i < 10_000; i++) {
      DeadlineTimer.Task task = timer.schedule(() -> {}, TimeUnit.SECONDS.toNanos(10));
      assertThat(task.cancel()).isTrue();
    }
    Thread.sleep(100);

    assertThat(timer.wakeUps() - before).isLessThanOrEqualTo(2);
    assertThat(timer.pending()).isZero();
  }

  @Test
  void aTaskThatThrowsDoesNotStopTheTimer() throws Exception {
    Thread.UncaughtExceptionHandler quiet = (t, e) -> {};
    CountDownLatch thrown = new CountDownLatch(1);
    timer.schedule(
        () -> {
          Thread.currentThread().setUncaughtExceptionHandler(quiet);
          thrown.countDown();
          throw new IllegalStateException("boom");
        },
        0);
    assertThat(thrown.await(5, TimeUnit.SECONDS)).isTrue();
    CountDownLatch after = new CountDownLatch(1);

    timer.schedule(after::countDown, TimeUnit.MILLISECONDS.toNanos(10));

    assertThat(after.await(5, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void concurrentSchedulersLoseNoTaskAndLeaveNoneBehind() throws Exception {
    int threads = 4;
    int perThread = 5_000;
    AtomicInteger fired = new AtomicInteger();
    AtomicInteger kept = new AtomicInteger();
    CountDownLatch done = new CountDownLatch(threads);
    for (int t = 0; t < threads; t++) {
      int seed = t;
      new Thread(
              () -> {
                java.util.Random random = new java.util.Random(seed);
                List<DeadlineTimer.Task> open = new ArrayList<>();
                for (int i = 0; i < perThread; i++) {
                  open.add(timer.schedule(fired::incrementAndGet, random.nextInt(50_000_000)));
                  if (open.size() > 8) {
                    DeadlineTimer.Task task = open.remove(random.nextInt(open.size()));
                    if (!task.cancel()) {
                      kept.incrementAndGet(); // it had run already
                    }
                  }
                }
                kept.addAndGet(open.size());
                done.countDown();
              })
          .start();
    }
    assertThat(done.await(20, TimeUnit.SECONDS)).isTrue();

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (fired.get() < kept.get() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(fired.get()).isEqualTo(kept.get());
    assertThat(timer.pending()).isZero();
  }

  // ---- the timer survives what its tasks and the JVM do to it ----

  @Test
  void aTaskThatInterruptsTheTimerThreadDoesNotMakeItSpin() throws Exception {
    CountDownLatch interrupted = new CountDownLatch(1);
    timer.schedule(
        () -> {
          Thread.currentThread().interrupt();
          interrupted.countDown();
        },
        0);
    assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
    timer.schedule(() -> {}, TimeUnit.SECONDS.toNanos(60)); // the thread now has a minute to sleep
    long before = timer.wakeUps();

    Thread.sleep(300); // a window to count wake-ups in, not a wait for an event

    assertThat(timer.wakeUps() - before).as("wake-ups in 300 ms").isLessThanOrEqualTo(3);
    CountDownLatch after = new CountDownLatch(1);
    timer.schedule(after::countDown, TimeUnit.MILLISECONDS.toNanos(10));
    assertThat(after.await(5, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aThrowingUncaughtExceptionHandlerDoesNotStopTheTimer() throws Exception {
    CountDownLatch thrown = new CountDownLatch(1);
    timer.schedule(
        () -> {
          Thread.currentThread()
              .setUncaughtExceptionHandler(
                  (t, e) -> {
                    throw new IllegalStateException("the handler throws too");
                  });
          thrown.countDown();
          throw new IllegalStateException("boom");
        },
        0);
    assertThat(thrown.await(5, TimeUnit.SECONDS)).isTrue();
    CountDownLatch after = new CountDownLatch(1);

    timer.schedule(after::countDown, TimeUnit.MILLISECONDS.toNanos(10));

    assertThat(after.await(5, TimeUnit.SECONDS)).as("a task scheduled after it ran").isTrue();
  }

  @Test
  void aThreadThatCannotStartFailsTheScheduleAndLeavesNoTaskBehind() throws Exception {
    java.util.concurrent.atomic.AtomicBoolean fail =
        new java.util.concurrent.atomic.AtomicBoolean(true);
    DeadlineTimer starved =
        new DeadlineTimer(
            "test-starved",
            TimeUnit.SECONDS.toNanos(2),
            r ->
                fail.getAndSet(false)
                    ? new Thread(r) {
                      @Override
                      public synchronized void start() {
                        throw new OutOfMemoryError("unable to create native thread");
                      }
                    }
                    : new Thread(r, "test-starved"));
    AtomicInteger firstRuns = new AtomicInteger();

    assertThatThrownBy(
            () -> starved.schedule(firstRuns::incrementAndGet, TimeUnit.MILLISECONDS.toNanos(20)))
        .isInstanceOf(OutOfMemoryError.class);

    assertThat(starved.pending()).as("tasks left behind").isZero();
    CountDownLatch second = new CountDownLatch(1);
    starved.schedule(second::countDown, TimeUnit.MILLISECONDS.toNanos(100));
    assertThat(second.await(5, TimeUnit.SECONDS)).as("the next schedule starts a thread").isTrue();
    assertThat(firstRuns).as("runs of the task whose schedule failed").hasValue(0);
  }

  /**
   * Calls end long before their timeout: a timer whose every task was cancelled ends after the idle
   * period, not when the cancelled task would have been due (with the default 100 s timeout, the
   * thread lived 100 s after the last call).
   */
  @Test
  void theThreadEndsWhenIdleAfterItsTasksWereCancelled() throws Exception {
    DeadlineTimer idle =
        new DeadlineTimer(
            "test-cancelled", TimeUnit.MILLISECONDS.toNanos(100), DeadlineTimer::newThread);
    AtomicReference<Thread> thread = new AtomicReference<>();
    CountDownLatch ran = new CountDownLatch(1);
    idle.schedule(
        () -> {
          thread.set(Thread.currentThread());
          ran.countDown();
        },
        0);
    assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
    DeadlineTimer.Task call = idle.schedule(() -> {}, TimeUnit.SECONDS.toNanos(100));
    Thread.sleep(50); // asleep until the call's deadline
    assertThat(call.cancel()).isTrue();

    thread.get().join(5_000);

    assertThat(thread.get().isAlive()).as("the timer thread, idle").isFalse();
    assertThat(idle.running()).isFalse();
  }

  @Test
  void theThreadEndsWhenIdleAndStartsAgainOnDemand() throws Exception {
    DeadlineTimer idle =
        new DeadlineTimer(
            "test-idle", TimeUnit.MILLISECONDS.toNanos(100), DeadlineTimer::newThread);
    AtomicReference<Thread> first = new AtomicReference<>();
    CountDownLatch ran = new CountDownLatch(1);
    idle.schedule(
        () -> {
          first.set(Thread.currentThread());
          ran.countDown();
        },
        0);
    assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();

    first.get().join(5_000);

    assertThat(first.get().isAlive()).as("the timer thread, idle").isFalse();
    assertThat(idle.running()).isFalse();
    AtomicReference<Thread> second = new AtomicReference<>();
    CountDownLatch again = new CountDownLatch(1);
    idle.schedule(
        () -> {
          second.set(Thread.currentThread());
          again.countDown();
        },
        TimeUnit.MILLISECONDS.toNanos(10));
    assertThat(again.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(second.get()).isNotSameAs(first.get());
  }

  @Test
  void theThreadInheritsNothingFromTheCallerThatStartedIt() throws Exception {
    InheritableThreadLocal<String> local = new InheritableThreadLocal<>();
    ClassLoader webapp = new java.net.URLClassLoader(new java.net.URL[0], null);
    ThreadGroup group = new ThreadGroup("webapp");
    AtomicReference<Object[]> seen = new AtomicReference<>();
    CountDownLatch ran = new CountDownLatch(1);
    Thread caller =
        new Thread(
            group,
            () -> {
              local.set("the caller's");
              Thread.currentThread().setContextClassLoader(webapp);
              timer.schedule(
                  () -> {
                    Thread t = Thread.currentThread();
                    seen.set(
                        new Object[] {local.get(), t.getContextClassLoader(), t.getThreadGroup()});
                    ran.countDown();
                  },
                  0);
            });
    caller.start();
    caller.join(5_000);

    assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(seen.get()[0]).as("an inheritable thread local").isNull();
    assertThat(seen.get()[1]).as("the context class loader").isNull();
    assertThat(seen.get()[2]).as("the thread group").isNotSameAs(group);
  }
}
