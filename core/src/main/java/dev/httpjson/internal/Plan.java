package dev.httpjson.internal;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * How one call reads its response and what it returns: the body handler of a blocking run and of an
 * asynchronous one, what the interceptor chain's end does with a response read by the call's own
 * handler, and how a response becomes the call's result. {@link CallRunner#run} and {@link
 * CallRunner#runAsync} execute every plan; the chain's end asks the plan (never the handler's
 * class) whether a response is the call's own.
 *
 * <p>One instance per call: it also carries the call's trace and deadline, so that the chain and
 * every interceptor see the call's timeout as the caller does ({@link #translate}).
 *
 * @param <R> the call's result
 */
public abstract class Plan<R> {
  private final JsonOptions options;
  private final @Nullable Type traced;
  @Nullable CallTrace trace;

  /** nanoTime when the whole-call timeout ends, or {@link InterceptingClient#NO_DEADLINE}. */
  long due = InterceptingClient.NO_DEADLINE;

  /** The blocking run's deadline, while the call runs. */
  CallRunner.@Nullable Deadline deadline;

  /** Set when the whole-call timeout elapsed: the one exception every observer gets. */
  private volatile @Nullable CallTimeoutException timedOut;

  /** The call's request, as the caller made it: the timeout's message names it. */
  private @Nullable HttpRequest request;

  /** The chain's end of an asynchronous run, failed with {@link #timedOut} when it elapses. */
  private volatile @Nullable CompletableFuture<?> atEnd;

  /** The permit of the client's limit on calls in flight this call holds, if any. */
  volatile CallLimit.@Nullable Permit permit;

  /** nanoTime when the call began waiting for a permit, or 0 when it did not wait. */
  long waitedSince;

  /** The handler the runner sent with, for {@link dev.httpjson.Interceptor.Chain#measurement()}. */
  @Nullable BodyHandler<?> sent;

  /**
   * What the call's stream failed with, set by the stream before it closes its body: a body
   * subscriber of the chain that sees the body cancelled tells a failure from an early close.
   */
  private volatile @Nullable Throwable streamFailure;

  Plan(JsonOptions options, @Nullable Type traced) {
    this.options = options;
    this.traced = traced;
  }

  public final JsonOptions options() {
    return options;
  }

  /** The type the call reads, for its trace; {@code null} for bytes. */
  public final @Nullable Type traced() {
    return traced;
  }

  /**
   * The body handler of a run, blocking or on the JDK's {@code sendAsync}: the JDK's own
   * subscribers where it can, so that a blocking {@code send} completes inline.
   */
  abstract BodyHandler<?> handler();

  /** No deadline is left to hand over: the call has no timeout, or the result does not stream. */
  static final long NONE = -1;

  /**
   * The result of a run, from the response {@code send} returned or {@code sendAsync} completed
   * with: the one place a plan decodes its body. A streamed result's reads are bounded by {@code
   * remaining} nanoseconds unless it is {@link #NONE}.
   */
  abstract R finish(HttpResponse<?> response, long remaining) throws IOException;

  /** Whether the result reads on after the call returns: its trace ends when it is closed. */
  boolean streams() {
    return false;
  }

  /**
   * Closes a body the blocking handler made for a response that {@code send} did not return (it
   * threw instead: an interrupt racing the headers, a client wrapper failing after its delegate
   * answered). A buffered body ends with its response; a streamed one would hold the connection.
   */
  void abandon() {}

  /** How many responses the blocking handler was given: the chain's end compares before/after. */
  int applied() {
    return 0;
  }

  /**
   * The response of a forward at the chain's end that this call's blocking handler read: takes and
   * decodes its body there (so that interceptors see a body that fails to decode fail their
   * forward) and returns the response that carries it.
   */
  HttpResponse<?> ended(HttpResponse<?> response) throws IOException {
    return response;
  }

  /** The stream reading this call's body failed with {@code failure}; the first one counts. */
  final void streamFailed(Throwable failure) {
    if (streamFailure == null) {
      streamFailure = failure;
    }
  }

  /** What the call's stream failed with, or {@code null} while it reads, or when it did not. */
  final @Nullable Throwable streamFailure() {
    return streamFailure;
  }

  /** Gives the call's permit back, if it holds one: when the call, or its stream, ends. */
  final void release() {
    CallLimit.Permit p = permit;
    if (p != null) {
      p.release(); // once, whoever gets here first
    }
  }

  /** What is left of {@code timeout} once the wait for a permit took its part. */
  final long timeoutNanos(java.time.Duration timeout) {
    long nanos = timeout.toNanos();
    return waitedSince == 0 ? nanos : Math.max(1, nanos - (System.nanoTime() - waitedSince));
  }

  /** The call's timeout when it elapsed while the call waited for a permit of {@code limit}. */
  final CallTimeoutException limitTimeout(HttpRequest request, CallLimit limit) {
    synchronized (this) {
      CallTimeoutException e = timedOut;
      if (e == null) {
        e =
            ApiAccess.get()
                .limitTimeout(
                    java.util.Objects.requireNonNull(options.timeout()),
                    limit.max(),
                    request.method(),
                    request.uri(),
                    options.shownQueryParameters());
        timedOut = e;
      }
      return e;
    }
  }

  // ---- the call's timeout, as every observer sees it --------------------------------------------

  /** The call's timeout: made once, the same instance for the caller and every interceptor. */
  final CallTimeoutException timeout(HttpRequest request) {
    CallTimeoutException e = timedOut;
    if (e == null) {
      synchronized (this) {
        e = timedOut;
        if (e == null) {
          HttpRequest r = this.request != null ? this.request : request;
          e =
              ApiAccess.get()
                  .callTimeout(
                      options.timeout(), r.method(), r.uri(), options.shownQueryParameters());
          timedOut = e;
        }
      }
    }
    return e;
  }

  /** Whether the whole-call timeout has elapsed. */
  final boolean expired() {
    CallRunner.Deadline d = deadline;
    return timedOut != null || (d != null && d.fired());
  }

  /**
   * What an interceptor's forward throws for {@code failure}: the call's {@link
   * CallTimeoutException} once the whole-call timeout elapsed (the interrupt that aborted the
   * exchange, or the I/O failure the abort caused), else {@code failure} itself.
   */
  final Exception translate(Exception failure, HttpRequest request) {
    if (failure instanceof CallTimeoutException || !expired()) {
      return failure;
    }
    return timeout(request);
  }

  /** Called by the runner before anything is sent. */
  final void started(HttpRequest request) {
    this.request = request;
  }

  /**
   * Registers the chain's end of an asynchronous run, to fail and cancel when time is up; a status
   * failure that does not name the request names {@code sent}.
   */
  final <T extends HttpResponse<?>> CompletableFuture<T> atEnd(
      CompletableFuture<T> exchange, HttpRequest sent) {
    CompletableFuture<T> end = new CompletableFuture<>();
    exchange.whenComplete(
        (r, e) -> {
          if (e != null) {
            end.completeExceptionally(Responses.namingCause(e, sent));
          } else if (!end.complete(r)) {
            CallRunner.closeQuietly(r.body()); // the call timed out meanwhile: nobody reads it
          }
        });
    end.whenComplete(
        (r, e) -> {
          if (e != null) {
            exchange.cancel(true);
          }
        });
    atEnd = end;
    CallTimeoutException e = timedOut;
    if (e != null) {
      end.completeExceptionally(e);
    }
    return end;
  }

  /**
   * The chain's end of an asynchronous forward, as {@link #ended} is the blocking one's: a response
   * this call's handler read ({@link #applied} moved past {@code applied}) is decoded there, so
   * that interceptors see a body that fails to decode fail their forward, and a failure the handler
   * raised comes out as raised. Cancelling the result cancels the exchange.
   */
  final <T> CompletableFuture<HttpResponse<T>> endedAsync(
      CompletableFuture<HttpResponse<T>> exchange, int applied) {
    CompletableFuture<HttpResponse<T>> end = new CompletableFuture<>();
    exchange.whenComplete(
        (r, e) -> {
          if (e != null) {
            end.completeExceptionally(CallRunner.ownFailure(e));
            return;
          }
          HttpResponse<T> carrying = r;
          if (applied() != applied) {
            try {
              @SuppressWarnings("unchecked")
              HttpResponse<T> decoded = (HttpResponse<T>) ended(r);
              carrying = decoded;
            } catch (IOException | RuntimeException failure) {
              CallRunner.closeQuietly(r.body());
              end.completeExceptionally(failure);
              return;
            }
          }
          if (!end.complete(carrying)) {
            CallRunner.closeQuietly(r.body()); // cancelled meanwhile: nobody reads it
          }
        });
    end.whenComplete(
        (r, e) -> {
          if (e != null) {
            exchange.cancel(true);
          }
        });
    return end;
  }

  /** The whole-call timeout of an asynchronous run elapsed: fail and cancel its chain's end. */
  final void expire(HttpRequest request) {
    CallTimeoutException e = timeout(request);
    CompletableFuture<?> end = atEnd;
    if (end != null) {
      end.completeExceptionally(e);
    }
  }

  // ---- the plans --------------------------------------------------------------------------------

  /** A JSON value, status checked: the value itself, or the response carrying it. */
  static final class Value<T, R> extends Plan<R> {
    private final Responses.JsonHandler<T> json;
    private final boolean response;
    private Responses.@Nullable Collector collector;

    Value(JsonType<T> type, String method, URI uri, boolean response) {
      this(new Responses.JsonHandler<>(type, true, method, uri), response);
    }

    private Value(Responses.JsonHandler<T> json, boolean response) {
      super(json.options(), json.type());
      this.json = json;
      this.response = response;
    }

    @Override
    BodyHandler<?> handler() {
      Responses.Collector c = new Responses.Collector(json, trace);
      collector = c;
      return c;
    }

    @Override
    @SuppressWarnings("unchecked")
    R finish(HttpResponse<?> r, long remaining) throws IOException {
      Responses.Collector c = java.util.Objects.requireNonNull(collector);
      HttpResponse<?> ended = c.endedAs(r);
      if (ended != null) {
        return response ? (R) ended : (R) ended.body();
      }
      c.received((HttpResponse<@Nullable Object>) r);
      Object value = c.value();
      return response ? (R) new BufferedResponse<>(r, value, null) : (R) value;
    }

    @Override
    int applied() {
      Responses.@Nullable Collector c = collector;
      return c == null ? 0 : c.applied();
    }

    @Override
    HttpResponse<?> ended(HttpResponse<?> r) throws IOException {
      return collector == null ? r : collector.ended(r);
    }
  }

  /** The body as bytes, within the size limit; with {@code checked}, the status checked too. */
  static final class Bytes extends Plan<HttpResponse<byte[]>> {
    private final boolean checked;
    private final HttpRequest request;
    private Responses.@Nullable Collector collector;

    Bytes(HttpRequest request, JsonOptions options, boolean checked) {
      super(options, null);
      this.request = request;
      this.checked = checked;
    }

    @Override
    BodyHandler<?> handler() {
      if (checked) {
        Responses.BytesHandler h =
            new Responses.BytesHandler(
                options().maxResponseSize(), options(), request.method(), request.uri());
        h.trace = trace;
        return h;
      }
      Responses.Collector c = new Responses.Collector(options().maxResponseSize(), trace);
      collector = c;
      return c;
    }

    @Override
    @SuppressWarnings("unchecked")
    HttpResponse<byte[]> finish(HttpResponse<?> r, long remaining) throws IOException {
      Responses.@Nullable Collector c = collector;
      if (c == null) {
        return BufferedResponse.ofBytes(r, (byte[]) r.body());
      }
      HttpResponse<?> ended = c.endedAs(r);
      if (ended != null) {
        return (HttpResponse<byte[]>) ended;
      }
      c.received((HttpResponse<@Nullable Object>) r);
      return BufferedResponse.ofBytes(r, c.bytes());
    }

    @Override
    int applied() {
      Responses.@Nullable Collector c = collector;
      return c == null ? 0 : c.applied();
    }

    @Override
    HttpResponse<?> ended(HttpResponse<?> r) throws IOException {
      return collector == null ? r : collector.ended(r);
    }
  }

  /** The elements of a top-level array or NDJSON body, status checked before it is returned. */
  static final class Elements<T> extends Plan<Stream<T>> {
    private final Responses.StreamHandler<T> handler;

    Elements(JsonType<T> type, String method, URI uri) {
      super(type.options(), type.type());
      this.handler =
          new Responses.StreamHandler<>(type, type.options().streamFormat(), method, uri);
    }

    @Override
    BodyHandler<?> handler() {
      handler.trace = trace;
      handler.plan = this;
      return handler.blocking();
    }

    @Override
    boolean streams() {
      return true;
    }

    @Override
    void abandon() {
      handler.abandon();
    }

    /**
     * The deadline bounded connecting and the headers; what is left of it bounds the time the
     * stream's reads wait for body bytes, never the consumer's pace between them.
     */
    @Override
    Stream<T> finish(HttpResponse<?> r, long remaining) {
      ElementStream<T> elements = handler.open((InputStream) r.body(), r.headers());
      if (remaining != NONE) {
        elements.remaining(remaining);
      }
      return elements.stream();
    }
  }

  /**
   * An event stream's call, which {@link EventCalls} sends itself (each reconnection an exchange of
   * its own): its plan only carries what the stream says of its end to the chain.
   */
  static final class Events extends Plan<Void> {
    Events(JsonOptions options) {
      super(options, null);
    }

    @Override
    BodyHandler<?> handler() {
      throw new UnsupportedOperationException("sent by EventCalls");
    }

    @Override
    Void finish(HttpResponse<?> response, long remaining) {
      throw new UnsupportedOperationException("sent by EventCalls");
    }
  }
}
