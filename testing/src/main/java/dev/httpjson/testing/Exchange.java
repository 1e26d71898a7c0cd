package dev.httpjson.testing;

import dev.httpjson.HttpJsonException;
import dev.httpjson.transport.support.internal.TransportResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * One call on a stub: route, read the request body, answer after the reply's delay, and pump the
 * body into the caller's subscriber as far as it asks. Everything runs on the stub's delivery
 * threads; timers only hand work over to them.
 */
final class Exchange<T> {
  private static final ThreadPoolExecutor DELIVERY =
      new ThreadPoolExecutor(
          0,
          Integer.MAX_VALUE,
          1,
          TimeUnit.SECONDS,
          new SynchronousQueue<>(),
          threads("httpjson-stub"));
  private static final ScheduledThreadPoolExecutor TIMERS = timers();
  private static final Reply RECORDED = Reply.status(204);

  private final StubHttpClient stub;
  private final HttpRequest request;
  private final BodyHandler<T> handler;
  private final CompletableFuture<HttpResponse<T>> result = new CompletableFuture<>();
  private volatile @Nullable ScheduledFuture<?> timeout;
  private volatile @Nullable Pump pump;
  private volatile Flow.@Nullable Subscription requestBody;

  Exchange(StubHttpClient stub, HttpRequest request, BodyHandler<T> handler) {
    this.stub = stub;
    this.request = request;
    this.handler = handler;
  }

  private static ThreadFactory threads(String name) {
    AtomicInteger count = new AtomicInteger();
    ClassLoader loader = Exchange.class.getClassLoader();
    return r -> {
      // Inherits nothing from the thread that happened to start it.
      Thread t = new Thread(null, r, name + "-" + count.incrementAndGet(), 0, false);
      t.setDaemon(true);
      t.setContextClassLoader(loader);
      return t;
    };
  }

  private static ScheduledThreadPoolExecutor timers() {
    ScheduledThreadPoolExecutor timers =
        new ScheduledThreadPoolExecutor(1, threads("httpjson-stub-timer"));
    timers.setKeepAliveTime(1, TimeUnit.SECONDS);
    timers.allowCoreThreadTimeOut(true);
    timers.setRemoveOnCancelPolicy(true);
    return timers;
  }

  private static void later(Duration delay, Runnable task, Consumer<ScheduledFuture<?>> handle) {
    if (delay.isZero()) {
      DELIVERY.execute(task);
    } else {
      handle.accept(
          TIMERS.schedule(() -> DELIVERY.execute(task), delay.toNanos(), TimeUnit.NANOSECONDS));
    }
  }

  CompletableFuture<HttpResponse<T>> start() {
    request
        .timeout()
        .ifPresent(
            t ->
                timeout =
                    TIMERS.schedule(
                        () -> fail(new HttpTimeoutException("request timed out")),
                        t.toNanos(),
                        TimeUnit.NANOSECONDS));
    result.whenComplete(
        (r, e) -> {
          if (e != null) {
            abort();
          }
        });
    deliver(this::route);
    return result;
  }

  /**
   * Answers a request that {@link StubHttpClient#onCall} records, not a route: its body read, then
   * an empty 204, so that the recording run is no failure for the code under test's interceptors,
   * listeners and logs, and nothing retries it.
   */
  CompletableFuture<HttpResponse<T>> startRecorded() {
    result.whenComplete(
        (r, e) -> {
          if (e != null) {
            abort();
          }
        });
    deliver(
        () -> readBody(body -> respond(RECORDED, "StubHttpClient.onCall(api, call) recording")));
    return result;
  }

  /**
   * Runs a step of the exchange on the stub's threads; whatever it throws fails the call, so that
   * no call waits for an answer that will never come.
   */
  private void deliver(Runnable step) {
    DELIVERY.execute(
        () -> {
          try {
            step.run();
          } catch (Throwable e) {
            fail(e);
          }
        });
  }

  private void fail(Throwable failure) {
    result.completeExceptionally(failure);
  }

  private void abort() {
    ScheduledFuture<?> t = timeout;
    if (t != null) {
      t.cancel(false);
    }
    Flow.Subscription body = requestBody;
    if (body != null) {
      body.cancel(); // a body still being sent stops, as the JDK client's does
    }
    Pump p = pump;
    if (p != null) {
      p.abort(new IOException("the exchange was cancelled"));
    }
  }

  private void route() {
    List<Route> matching;
    try {
      matching = stub.matching(request);
    } catch (StubHttpClient.PredicateFailed e) {
      // The test's predicate failed, not the code under test: the request is remembered as one no
      // route answered, so that verify() fails the test even when the code swallowed the error.
      String message = String.valueOf(e.getMessage());
      Throwable cause = e.getCause();
      readBody(
          body -> {
            stub.record(capture(body, null), false);
            fail(new HttpJsonException(message, cause));
          });
      return;
    }
    StubHttpClient.Answer dropped = stub.dropBeforeBody(matching);
    if (dropped != null) {
      request.bodyPublisher().ifPresent(p -> p.subscribe(new Cancelling()));
      stub.record(capture(new byte[0], dropped.route().toString()), true);
      fail(
          new IOException(
              "connection closed before the request body was read (route "
                  + dropped.route().description()
                  + ")"));
      return;
    }
    // The reply is taken once the body arrived whole: a request whose body failed, timed out or
    // was cancelled was never read, and leaves its reply to the next request, as on a server.
    readBody(
        body -> {
          StubHttpClient.Answer answer = stub.take(matching);
          if (answer == null) {
            stub.record(capture(body, null), false);
            // httpjson's own type: a retry cannot make a route appear, so retries leave it alone.
            fail(new HttpJsonException(stub.noRoute(request), null));
            return;
          }
          StubRequest captured = capture(body, answer.route().toString());
          stub.record(captured, true);
          Reply reply = answer.reply();
          if (reply == null) {
            try {
              reply =
                  Objects.requireNonNull(
                      Objects.requireNonNull(answer.computed()).apply(captured),
                      "the function returned no reply");
            } catch (RuntimeException | Error e) {
              String problem =
                  "the reply of route "
                      + answer.route().description()
                      + " could not be computed: "
                      + e;
              stub.replyFailed(problem);
              fail(new IOException(problem, e));
              return;
            }
          }
          if (reply.drop != Reply.Drop.NONE) {
            fail(
                new IOException(
                    "connection closed after the request body was read (route "
                        + answer.route().description()
                        + ")"));
            return;
          }
          Reply answered = reply;
          later(
              answered.delay,
              () -> respond(answered, answer.route().description()),
              f -> timeout(f));
        });
  }

  private void timeout(ScheduledFuture<?> pending) {
    // A pending delayed answer goes when the call fails first.
    result.whenComplete(
        (r, e) -> {
          if (e != null) {
            pending.cancel(false);
          }
        });
  }

  private StubRequest capture(byte[] body, @Nullable String route) {
    return new StubRequest(
        request.method(), request.uri(), request.headers(), body, stub.options(), route);
  }

  private void readBody(Consumer<byte[]> then) {
    Optional<HttpRequest.BodyPublisher> publisher = request.bodyPublisher();
    if (publisher.isEmpty()) {
      then.accept(new byte[0]);
      return;
    }
    long length = publisher.get().contentLength();
    publisher
        .get()
        .subscribe(
            new Flow.Subscriber<ByteBuffer>() {
              private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
              private Flow.@Nullable Subscription subscription;
              private boolean done;

              @Override
              public void onSubscribe(Flow.Subscription subscription) {
                this.subscription = subscription;
                requestBody = subscription;
                if (result.isDone()) {
                  subscription.cancel(); // timed out or cancelled before the body began
                  return;
                }
                subscription.request(Long.MAX_VALUE);
              }

              @Override
              public void onNext(ByteBuffer item) {
                if (done) {
                  return;
                }
                byte[] chunk = new byte[item.remaining()];
                item.get(chunk);
                bytes.writeBytes(chunk);
                if (length >= 0 && bytes.size() > length) {
                  // As the JDK client's HTTP/1.1 exchange: the declared length is all it sends.
                  done = true;
                  Objects.requireNonNull(subscription).cancel();
                  fail(
                      new IOException(
                          "Too many bytes in request body. Expected: "
                              + length
                              + ", got: "
                              + bytes.size()));
                }
              }

              @Override
              public void onError(Throwable throwable) {
                if (!done) {
                  done = true;
                  // As the JDK client's exchange: the publisher's own IOException is its failure.
                  fail(
                      throwable instanceof IOException
                          ? throwable
                          : new IOException("the request body failed: " + throwable, throwable));
                }
              }

              @Override
              public void onComplete() {
                if (done) {
                  return;
                }
                done = true;
                if (length >= 0 && bytes.size() != length) {
                  fail(
                      new IOException(
                          "Too few bytes returned by the publisher ("
                              + bytes.size()
                              + "/"
                              + length
                              + ")"));
                  return;
                }
                byte[] body = bytes.toByteArray();
                deliver(() -> then.accept(body));
              }
            });
  }

  private void respond(Reply reply, String route) {
    if (result.isDone()) {
      return;
    }
    List<Object> parts;
    try {
      parts = reply.render(stub.options());
    } catch (RuntimeException e) {
      fail(new IOException("the reply of route " + route + " could not be written: " + e, e));
      return;
    }
    boolean noBody =
        request.method().equals("HEAD")
            || reply.status == 204
            || reply.status == 304
            || reply.status < 200;
    // Names in lower case, as the JDK client reads an HTTP/1.1 response's.
    Map<String, List<String>> headers = new TreeMap<>();
    reply.headers.forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values));
    long cut = reply.cutShortAt;
    if (!reply.streamed && reply.status != 204 && reply.status != 304 && reply.status >= 200) {
      long length = Reply.length(parts);
      headers.put("content-length", List.of(Long.toString(length)));
      cut = Reply.cutOfFixed(length, cut, reply.dropAtEnd);
    }
    if (noBody) {
      parts = List.of();
    }
    HttpHeaders head = HttpHeaders.of(headers, (n, v) -> true);
    ScheduledFuture<?> t = timeout;
    if (t != null) {
      t.cancel(false);
    }
    TransportResponse<Void> info =
        TransportResponse.info(
            reply.status, head, HttpClient.Version.HTTP_1_1, request, null, null);
    BodySubscriber<T> subscriber;
    try {
      subscriber = handler.apply(info);
    } catch (Throwable e) {
      fail(e);
      return;
    }
    subscriber
        .getBody()
        .whenComplete(
            (body, e) -> {
              if (e != null) {
                fail(e);
              } else {
                result.complete(info.with(body));
              }
            });
    Pump p = new Pump(subscriber, parts, noBody ? -1 : cut, reply.dropAtEnd, route, this::fail);
    pump = p;
    try {
      subscriber.onSubscribe(p);
    } catch (Throwable e) {
      p.cancel();
      fail(e);
      return;
    }
    if (result.isCompletedExceptionally()) {
      p.abort(new IOException("the exchange was cancelled"));
    }
    p.schedule();
  }

  /** A subscription handing the scripted parts to the subscriber, as far as it requested. */
  private static final class Pump implements Flow.Subscription {
    private final BodySubscriber<?> subscriber;
    private final List<Object> parts;
    private final boolean dropAtEnd;
    private final String route;
    private final Consumer<Throwable> failed;
    private final AtomicLong demand = new AtomicLong();
    private final AtomicInteger wip = new AtomicInteger();
    private long left;
    private int index;
    private boolean done;
    private boolean paused;
    private volatile boolean cancelled;
    private volatile @Nullable Throwable failure;
    private volatile @Nullable ScheduledFuture<?> pausing;

    Pump(
        BodySubscriber<?> subscriber,
        List<Object> parts,
        long cut,
        boolean dropAtEnd,
        String route,
        Consumer<Throwable> failed) {
      this.subscriber = subscriber;
      this.failed = failed;
      this.parts = parts;
      this.left = cut;
      this.dropAtEnd = dropAtEnd;
      this.route = route;
    }

    @Override
    public void request(long n) {
      if (n <= 0) {
        abort(new IllegalArgumentException("non-positive request: " + n));
        return;
      }
      demand.getAndAccumulate(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
      schedule();
    }

    @Override
    public void cancel() {
      cancelled = true;
      stopPause();
    }

    void abort(Throwable why) {
      if (failure == null) {
        failure = why;
      }
      schedule();
      stopPause();
    }

    /** A pause left is no work: its timer goes, so that the stub's threads end when idle. */
    private void stopPause() {
      ScheduledFuture<?> p = pausing;
      if (p != null) {
        p.cancel(false);
      }
    }

    void schedule() {
      if (wip.getAndIncrement() == 0) {
        DELIVERY.execute(this::drain);
      }
    }

    private void drain() {
      int missed = 1;
      do {
        try {
          step();
        } catch (Throwable e) {
          // A subscriber that throws has broken its contract: the exchange fails, as the JDK's
          // does.
          done = true;
          cancelled = true;
          failed.accept(e);
        }
        missed = wip.addAndGet(-missed);
      } while (missed != 0);
    }

    private void step() {
      while (!done && !cancelled) {
        Throwable why = failure;
        if (why != null) {
          done = true;
          subscriber.onError(why);
          return;
        }
        if (paused) {
          return;
        }
        if (index == parts.size()) {
          done = true;
          if (dropAtEnd) {
            subscriber.onError(
                new IOException("connection dropped mid-body (route " + route + ")"));
          } else {
            subscriber.onComplete();
          }
          return;
        }
        Object part = parts.get(index);
        if (part instanceof Duration) {
          index++;
          paused = true;
          pausing =
              TIMERS.schedule(
                  () -> {
                    paused = false;
                    schedule();
                  },
                  ((Duration) part).toNanos(),
                  TimeUnit.NANOSECONDS);
          if (cancelled || failure != null) {
            stopPause(); // cancelled or aborted while this pause was being scheduled
          }
          return;
        }
        byte[] bytes = (byte[]) part;
        if (bytes.length == 0) {
          index++;
          continue;
        }
        if (demand.get() == 0) {
          return;
        }
        boolean cut = false;
        if (left >= 0 && bytes.length >= left) {
          cut = bytes.length > left || index + 1 < parts.size();
          byte[] shorter = new byte[(int) left];
          System.arraycopy(bytes, 0, shorter, 0, shorter.length);
          bytes = shorter;
          left = 0;
        } else {
          // A copy of its own, as a client's buffer is once passed on: a reply's bytes are the
          // stub's, sent again to the next call, and a subscriber may keep the array it is given.
          bytes = bytes.clone();
          if (left >= 0) {
            left -= bytes.length;
          }
        }
        index++;
        if (bytes.length > 0) {
          demand.decrementAndGet();
          subscriber.onNext(List.of(ByteBuffer.wrap(bytes)));
        }
        if (cut) {
          done = true;
          subscriber.onError(
              new IOException("connection dropped: body cut short (route " + route + ")"));
          return;
        }
      }
    }
  }

  /** The cancelled subscription of a request body a dropped connection never read. */
  private static final class Cancelling implements Flow.Subscriber<ByteBuffer> {
    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      subscription.cancel();
    }

    @Override
    public void onNext(ByteBuffer item) {}

    @Override
    public void onError(Throwable throwable) {}

    @Override
    public void onComplete() {}
  }
}
