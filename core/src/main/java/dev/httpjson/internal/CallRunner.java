package dev.httpjson.internal;

import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonSequenceContent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.jspecify.annotations.Nullable;

/**
 * Runs every {@link Plan}: the one place a call is sent, blocking ({@link #run}; an async lane of
 * {@link AsyncCall#run} runs the same) or on the JDK's {@code sendAsync} ({@link #sendAsync}),
 * under the client's limit on calls in flight, the call's trace, its whole-call deadline and one
 * translation of failures.
 */
public final class CallRunner {
  private CallRunner() {}

  /** Runs {@code plan} for {@code request} on the calling thread: the one blocking call path. */
  public static <R> R run(HttpClient client, HttpRequest request, Plan<R> plan)
      throws IOException, InterruptedException {
    java.util.Objects.requireNonNull(client, "client == null");
    try {
      return run(client, request, plan.start(request));
    } catch (Throwable t) {
      unsent(request, t);
      throw t;
    }
  }

  /**
   * After a call of {@code request} failed with {@code failure}: the {@code Stream} source of its
   * {@link JsonSequenceContent} body is closed if the client never asked for the body (what closing
   * throws goes beside the failure).
   */
  static void unsent(HttpRequest request, Throwable failure) {
    java.net.http.HttpRequest.BodyPublisher body = request.bodyPublisher().orElse(null);
    if (!(body instanceof JsonSequenceContent)) {
      return;
    }
    try {
      ApiAccess.get().abandon((JsonSequenceContent) body);
    } catch (RuntimeException | Error e) {
      if (e != failure) {
        failure.addSuppressed(e);
      }
    }
  }

  /** {@link #run} with the call's state: also what an async lane runs ({@link AsyncCall#run}). */
  static <R> R run(HttpClient client, HttpRequest request, CallState<R> state)
      throws IOException, InterruptedException {
    CallLimit limit =
        client instanceof InterceptingClient && state.limited()
            ? ((InterceptingClient) client).limit
            : null;
    if (limit == null) {
      return traced(client, request, state, null);
    }
    try {
      R result = traced(client, request, state, state.permit == null ? limit : null);
      if (!state.streams()) {
        state.release();
      } // else the stream gives it back when it ends
      return result;
    } catch (Throwable t) {
      state.release(); // on every failure: a permit lost here would shrink the limit for good
      throw t;
    }
  }

  /** {@link #run} after the limit: the trace around {@link #execute}. */
  private static <R> R traced(
      HttpClient client, HttpRequest request, CallState<R> state, @Nullable CallLimit limit)
      throws IOException, InterruptedException {
    CallTrace trace =
        state.continues()
            ? null
            : CallTrace.start(client, request, state.traced(), state.options());
    if (trace == null) {
      return execute(client, request, state, limit);
    }
    state.trace = trace;
    try {
      R result = execute(client, request, state, limit);
      if (!state.streams()) {
        trace.end(); // a stream's ends when it is closed
      }
      return result;
    } catch (Throwable t) {
      // A caller that cancelled an asynchronous call sees its cancellation, and so do listeners:
      // never the interrupt that aborted the exchange on the lane.
      trace.failed(
          t instanceof InterruptedException ? AsyncCall.givenUp((InterruptedException) t) : t);
      throw t;
    }
  }

  /**
   * Sends on the calling thread with {@link HttpClient#send}, which runs the exchange inline where
   * it can; {@code sendAsync} always hands every step to the client's executor and completes on the
   * common pool, which costs a blocking caller several thread hops per call (about 4× the
   * throughput of small GETs on loopback, measured in benchmarks/).
   */
  @SuppressWarnings("unchecked")
  private static <R> R execute(
      HttpClient client, HttpRequest request, CallState<R> state, @Nullable CallLimit limit)
      throws IOException, InterruptedException {
    state.started(request);
    BodyHandler<Object> handler = (BodyHandler<Object>) state.handler();
    HttpClient sender =
        client instanceof InterceptingClient ? ((InterceptingClient) client).sender() : client;
    InterceptingClient chain =
        sender instanceof InterceptingClient ? (InterceptingClient) sender : null;
    Duration timeout = state.options().timeout();
    Deadline deadline = null;
    if (timeout != null) {
      deadline = Deadline.start(state.timeoutNanos(timeout));
      state.deadline = deadline;
      state.due = deadline.due;
    }
    if (limit != null) {
      try {
        state.permit = limit.acquire(); // the deadline's interrupt ends the wait
      } catch (InterruptedException e) {
        if (deadline != null && deadline.end()) {
          throw state.limitTimeout(request, limit);
        }
        throw e;
      } finally {
        if (deadline != null && state.permit == null) {
          deadline.end();
        }
      }
    }
    HttpResponse<Object> response;
    long remaining = CallState.NONE;
    try {
      try {
        if (chain != null) {
          state.sent = handler;
          // The chain's last link reports failures as sendFailure does; an interceptor's own are
          // reported as it threw them.
          response = chain.send(request, handler, state);
        } else {
          attempt(state); // the chain's end counts its own
          response = sender.send(ResentBodies.unchained(request, sender), handler);
        }
      } catch (Throwable t) {
        state.abandon(); // a stream's body made for a response send did not return
        throw t;
      }
      if (deadline != null && state.streams()) {
        remaining = deadline.endForStream();
        if (remaining < 0) {
          closeQuietly(response.body());
          throw state.timeout(request);
        }
      }
    } catch (InterruptedException e) {
      if (deadline != null && deadline.end()) {
        throw state.timeout(request);
      }
      throw e;
    } catch (IOException | IllegalArgumentException e) {
      if (deadline != null && deadline.end()) {
        throw state.timeout(request);
      }
      if (chain != null) {
        throw e;
      }
      throw state.own(sendFailure(e, request, sender));
    } finally {
      if (deadline != null) {
        // On every exit, also an unexpected RuntimeException or Error from a client wrapper: a
        // deadline left running would interrupt this thread later, in unrelated work.
        deadline.end();
      }
    }
    try {
      return state.finish(response, remaining);
    } catch (IOException | RuntimeException | Error e) {
      closeQuietly(response.body());
      throw e;
    }
  }

  /**
   * Runs {@code call} on the JDK's {@code sendAsync}: used when no async lane is free (Java 17
   * under load), since it holds no thread while the exchange waits.
   */
  @SuppressWarnings("unchecked")
  static <R> void sendAsync(
      AsyncCall<R> call, HttpClient client, HttpRequest request, CallState<R> state) {
    CompletableFuture<HttpResponse<Object>> exchange;
    state.started(request);
    Duration timeout = state.options().timeout();
    CallTrace trace =
        state.continues()
            ? null
            : CallTrace.start(client, request, state.traced(), state.options());
    if (trace != null) {
      state.trace = trace;
      call.result()
          .whenComplete(
              (value, failure) -> {
                if (failure != null) {
                  trace.failed(unwrap(failure));
                } else if (!state.streams()) {
                  trace.end(); // a stream's ends when it is closed
                }
              });
    }
    BodyHandler<Object> handler = (BodyHandler<Object>) state.handler();
    HttpClient sender =
        client instanceof InterceptingClient ? ((InterceptingClient) client).sender() : client;
    long left = timeout == null ? 0 : state.timeoutNanos(timeout);
    long due = timeout == null ? InterceptingClient.NO_DEADLINE : System.nanoTime() + left;
    state.due = due;
    try {
      if (sender instanceof InterceptingClient) {
        state.sent = handler;
        exchange = ((InterceptingClient) sender).sendAsync(request, handler, null, state);
      } else {
        attempt(state); // the chain's end counts its own
        exchange = sender.sendAsync(ResentBodies.unchained(request, sender), handler);
      }
    } catch (RuntimeException | Error e) {
      call.fail(e);
      return;
    }
    call.exchange(exchange);
    DeadlineTimer.Task timer;
    try {
      timer =
          timeout == null
              ? null
              : DeadlineTimer.INSTANCE.schedule(
                  () ->
                      call.failFromTimer(
                          sender,
                          state.timeout(request),
                          () -> {
                            state.expire(request); // the interceptors see it as the caller does
                            exchange.cancel(true);
                          }),
                  left);
    } catch (RuntimeException | Error e) { // no timer thread to be had
      exchange.cancel(true);
      call.fail(e);
      return;
    }
    exchange.whenComplete(
        (response, failure) -> {
          if (timer != null) {
            timer.cancel();
          }
          if (failure != null) {
            call.fail(state.own(exchangeFailure(unwrap(ownFailure(failure)), request, sender)));
            return;
          }
          R value;
          try {
            value =
                state.finish(response, timer == null ? CallState.NONE : due - System.nanoTime());
          } catch (IOException | RuntimeException e) {
            closeQuietly(response.body());
            call.fail(e);
            return;
          }
          call.deliver(value);
        });
  }

  /** Counts an exchange of the call in its trace: a further one is reported as a retry. */
  private static void attempt(CallState<?> state) {
    CallTrace trace = state.trace;
    if (trace != null) {
      trace.attempt();
    }
  }

  /**
   * The JDK client lets some server-caused parse errors out unchecked (a malformed Content-Length
   * is a {@link NumberFormatException}); arguments were checked before sending, so here they are a
   * bad response and become an {@link IOException} like every other.
   */
  private static Throwable exchangeFailure(
      Throwable failure, HttpRequest request, HttpClient client) {
    if (failure instanceof ConnectException) {
      return connectFailure(failure, request);
    }
    if (!(failure instanceof IllegalArgumentException) || refusedRequest(failure, client)) {
      return failure;
    }
    String what =
        failure instanceof NumberFormatException
            ? "a numeric header such as Content-Length is malformed"
            : "the client rejected it";
    return new java.net.ProtocolException(
            "Malformed response to "
                + request.method()
                + " "
                + Uris.redact(request.uri())
                + " ("
                + what
                + "): "
                + failure.getMessage())
        .initCause(failure);
  }

  /** An argument error of a client other than the JDK's: a request it cannot send. */
  private static boolean refusedRequest(Throwable failure, HttpClient client) {
    return failure instanceof IllegalArgumentException
        && !(failure instanceof NumberFormatException)
        && client.getClass().getModule() != HttpClient.class.getModule();
  }

  static void closeQuietly(@Nullable Object body) {
    if (body instanceof AutoCloseable) {
      try {
        ((AutoCloseable) body).close();
      } catch (Exception ignored) {
        // The call has already failed; that failure is the one to report.
      }
    }
  }

  /**
   * What the call's own body handler raised, when {@code failure} carries it (a {@link
   * CallState.Buffered} aborts an exchange with an {@link UncheckedIOException}), else {@code
   * failure}: the asynchronous form of {@link #sendFailure}.
   */
  static Throwable ownFailure(Throwable failure) {
    Throwable t = unwrap(failure);
    Throwable own = t instanceof UncheckedIOException ? t.getCause() : t;
    if (!(own instanceof HttpJsonException)
        && own != null
        && own.getCause() instanceof UncheckedIOException) {
      own = own.getCause().getCause();
    }
    return own instanceof HttpJsonException || own instanceof java.net.ProtocolException
        ? own
        : failure;
  }

  /**
   * {@link HttpClient#send} wraps every failure in a new exception of a JDK type; httpjson's own
   * exceptions (from its body subscribers) come back out as they were raised.
   */
  public static IOException sendFailure(Exception e, HttpRequest request, HttpClient client) {
    if (refusedRequest(e, client)) {
      throw (IllegalArgumentException) e;
    }
    Throwable cause = e.getCause();
    if (cause instanceof UncheckedIOException) {
      cause =
          cause.getCause(); // thrown by a CallState.Buffered to make the client abort the exchange
    }
    if (cause instanceof HttpJsonException || cause instanceof java.net.ProtocolException) {
      return (IOException) cause;
    }
    if (e instanceof IllegalArgumentException) {
      // The request was built and checked before sending: this is a response the JDK rejected.
      Throwable failure = exchangeFailure(cause != null ? cause : e, request, client);
      return failure instanceof IOException ? (IOException) failure : new IOException(failure);
    }
    return (IOException) connectFailure(e, request);
  }

  /**
   * {@code failure}, or when it is a {@link ConnectException} without a message (the JDK client's,
   * for a refused connection and a host that does not resolve alike) one of the same type that
   * names the request, the host and port, and the reason found among its causes.
   */
  static Throwable connectFailure(Throwable failure, HttpRequest request) {
    String message = failure.getMessage();
    if (!(failure instanceof ConnectException) || (message != null && !message.isBlank())) {
      return failure;
    }
    URI uri = request.uri();
    int port =
        uri.getPort() != -1 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    String reason = null;
    Throwable last = failure;
    for (Throwable c = failure.getCause(); c != null && reason == null; c = c.getCause()) {
      last = c;
      String m = c.getMessage();
      if (c instanceof java.nio.channels.UnresolvedAddressException
          || c instanceof java.net.UnknownHostException) {
        reason = "the host name does not resolve";
      } else if (m != null && !m.isBlank()) {
        reason = m;
      }
    }
    if (reason == null) {
      reason =
          last == failure
              ? "the connection was not made"
              : "the connection was not made: " + last.getClass().getSimpleName();
    }
    return new ConnectException(
            request.method()
                + " "
                + Uris.redact(uri)
                + ": cannot connect to "
                + uri.getHost()
                + ":"
                + port
                + " ("
                + reason
                + ")")
        .initCause(failure);
  }

  /**
   * The whole-call timeout of a blocking call: interrupts the calling thread when it elapses during
   * {@code send}. All under one lock, so that an interrupt is either delivered while the call runs
   * or not at all.
   */
  static final class Deadline extends DeadlineTimer.Task {
    private static final int RUNNING = 0;
    private static final int ENDED = 1;
    private static final int FIRED = 2;

    private final Thread caller = Thread.currentThread();
    private int state = RUNNING;

    /** Scheduled at once: one object per call, the timer's task itself. */
    static Deadline start(long nanos) {
      return DeadlineTimer.INSTANCE.start(new Deadline(), nanos);
    }

    private Deadline() {
      super(DeadlineTimer.INSTANCE, null);
    }

    @Override
    synchronized void run() {
      if (state == RUNNING) {
        state = FIRED;
        caller.interrupt();
      }
    }

    /** Whether it fired and was not ended yet. */
    synchronized boolean fired() {
      return state == FIRED;
    }

    /** Ends the deadline; true if it had fired (the interrupt it sent is cleared, once). */
    synchronized boolean end() {
      if (state == FIRED) {
        state = ENDED;
        Thread.interrupted();
        return true;
      }
      if (state != ENDED) {
        state = ENDED;
        cancel();
      }
      return false;
    }

    /**
     * Ends the deadline of a call that returns a stream: the nanoseconds left of it, for the
     * stream's waits for body bytes, or -1 if it had fired (its interrupt cleared).
     */
    synchronized long endForStream() {
      if (end()) {
        return -1;
      }
      return Math.max(0, due - System.nanoTime());
    }
  }

  static Throwable unwrap(Throwable t) {
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
