package dev.httpjson.internal;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;
import java.net.ProtocolException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * One call as it runs: the state a {@link Plan} starts for it, which {@link CallRunner} owns — the
 * body handler of a blocking run and of an asynchronous one, what the interceptor chain's end does
 * with a response read by the call's own handler, how a response becomes the call's result, and the
 * call's trace, deadline and permit.
 */
public abstract class CallState<R> {
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

  /** The subscriber this call's handler gave the last response it refused to read, if any. */
  private volatile @Nullable BodySubscriber<?> refused;

  CallState(JsonOptions options, @Nullable Type traced) {
    this.options = options;
    this.traced = traced;
  }

  /** Records the subscriber {@link BodyHandler#apply} refused a response with, or null for none. */
  final <S> @Nullable BodySubscriber<S> refusing(@Nullable BodySubscriber<S> subscriber) {
    refused = subscriber;
    return subscriber;
  }

  /**
   * {@code failure}, or the status failure this call's subscriber of an error response made of the
   * same break (it carries that break, suppressed): the client fails the exchange with its own
   * report of a connection broken inside the body, and the status the server gave must not be lost
   * to it. A failure of another exchange (a retry's) is never replaced.
   */
  final Throwable own(Throwable failure) {
    BodySubscriber<?> s = refused;
    if (s == null) {
      return failure;
    }
    CompletableFuture<?> body = s.getBody().toCompletableFuture();
    if (!body.isCompletedExceptionally()) {
      return failure;
    }
    Throwable own = body.handle((v, t) -> t).join();
    if (own instanceof CompletionException && own.getCause() != null) {
      own = own.getCause();
    }
    if (!(own instanceof HttpJsonStatusException)) {
      return failure;
    }
    for (Throwable suppressed : own.getSuppressed()) {
      for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
        if (t == suppressed) {
          return own;
        }
      }
    }
    return failure;
  }

  /** As {@link #own(Throwable)}, for a blocking call's failure. */
  final IOException own(IOException failure) {
    Throwable own = own((Throwable) failure);
    return own instanceof IOException ? (IOException) own : failure;
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
   * with: the one place a plan decodes its body.
   */
  abstract R finish(HttpResponse<?> response, long remaining) throws IOException;

  /** Whether the result reads on after the call returns: its trace ends when it is closed. */
  boolean streams() {
    return false;
  }

  /**
   * Whether this run is a further exchange of a call whose result is open already (an event
   * stream's reconnection): it reports to the call's trace, which the runner neither starts nor
   * ends.
   */
  boolean continues() {
    return false;
  }

  /** Whether the call takes a permit of the client's limit on calls in flight. */
  boolean limited() {
    return true;
  }

  /**
   * Closes a body the blocking handler made for a response that {@code send} did not return (it
   * threw instead: an interrupt racing the headers, a client wrapper failing after its delegate
   * answered).
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
    StreamEnd end = streamEnd;
    if (end != null) {
      end.failure = streamFailure;
    }
  }

  /** Made when an interceptor first waits for the stream's end ({@link #streamEnd()}). */
  private volatile @Nullable StreamEnd streamEnd;

  /**
   * The stream's failure, apart from this call: what waits for the stream's end holds this alone,
   * never the call (its handler, the type it reads, maybe an application's), since a stream its
   * reader dropped unclosed keeps what waits for its end until a later call polls for it.
   */
  static final class StreamEnd {
    volatile @Nullable Throwable failure;
  }

  /** The failure of this call's stream as {@link StreamEnd} holds it, kept current from now on. */
  final StreamEnd streamEnd() {
    StreamEnd end = streamEnd;
    if (end == null) {
      synchronized (this) {
        end = streamEnd;
        if (end == null) {
          end = new StreamEnd();
          streamEnd = end; // written before streamFailure is read: streamFailed sees one or other
        }
      }
    }
    end.failure = streamFailure;
    return end;
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
                      Objects.requireNonNull(options.timeout()), // it expired
                      r.method(),
                      r.uri(),
                      options.shownQueryParameters());
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
    CompletableFuture<T> end = naming(exchange, sent);
    atEnd = end;
    CallTimeoutException e = timedOut;
    if (e != null) {
      end.completeExceptionally(e);
    }
    return end;
  }

  /**
   * {@code exchange}, its status failure naming {@code request} ({@link Responses#naming});
   * cancelling or failing the result cancels the exchange, and a response that comes after is
   * closed: nobody reads it.
   */
  static <T extends HttpResponse<?>> CompletableFuture<T> naming(
      CompletableFuture<T> exchange, HttpRequest request) {
    CompletableFuture<T> end = new CompletableFuture<>();
    exchange.whenComplete(
        (r, e) -> {
          if (e != null) {
            end.completeExceptionally(Responses.namingCause(e, request));
          } else if (!end.complete(r)) {
            CallRunner.closeQuietly(r.body());
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

  /**
   * The chain's end of an asynchronous forward, as {@link #ended} is the blocking one's: a response
   * this call's handler read ({@link #applied} moved past {@code applied}) is decoded there, so
   * that interceptors see a body that fails to decode fail their forward, and a failure the handler
   * raised comes out as raised.
   */
  final <T> CompletableFuture<HttpResponse<T>> endedAsync(
      CompletableFuture<HttpResponse<T>> exchange, int applied) {
    CompletableFuture<HttpResponse<T>> end = new CompletableFuture<>();
    exchange.whenComplete(
        (r, e) -> {
          if (e != null) {
            end.completeExceptionally(own(CallRunner.ownFailure(e)));
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

  // ---- the call's body, collected by the JDK's own subscribers ---------------------------------

  /**
   * Collects one response's body for a blocking call with the JDK's own byte-array subscribers. The
   * client completes its own subscribers inline but a custom one's on its executor, a thread hop
   * per response (about 40% of small-GET throughput).
   */
  abstract static class Buffered<R> extends CallState<R>
      implements BodyHandler<@Nullable Object>, Consumer<Optional<byte[]>> {
    private static final byte[] EMPTY = new byte[0];

    private final Responses.@Nullable JsonHandler<?> json;
    private final @Nullable String method;
    private final @Nullable URI uri;
    private final long limit;
    private final boolean checked;
    private byte[] buffer = EMPTY;
    private int size;
    private long declared;
    private long exact;
    private int status;
    private @Nullable String contentType;
    private @Nullable ContentDecoder decoder;
    private long wire;
    // An unchecked error's compressed body as it came, kept while it is decoded: one not in its
    // coding (a proxy's plain page labelled gzip) is returned as sent, its status not lost.
    private byte @Nullable [] sent;
    private int sentSize;
    private int applied; // responses this collector was given, for the chain's end to tell
    private boolean received;
    private boolean valued;
    private @Nullable Object value;
    private @Nullable BufferedResponse<?> ended; // the last made at the chain's end
    private @Nullable List<BufferedResponse<?>> more; // the ones before it

    /** Reads the body of an answer to {@code method} {@code uri} as JSON with {@code json}. */
    Buffered(Responses.JsonHandler<?> json, String method, URI uri) {
      super(json.options(), json.type());
      this.json = json;
      this.method = method;
      this.uri = uri;
      this.limit = json.limit();
      this.checked = true;
    }

    /**
     * Keeps the body of the answer to {@code request} as bytes, within {@code options}' size limit;
     * with {@code checked}, a status outside 200–299 fails the call.
     */
    Buffered(JsonOptions options, HttpRequest request, boolean checked) {
      super(options, null);
      this.json = null;
      this.method = request.method();
      this.uri = request.uri();
      this.limit = Math.min(options.maxResponseSize(), BufferingSubscriber.MAX_ARRAY);
      this.checked = checked;
    }

    @Override
    final BodyHandler<?> handler() {
      return this;
    }

    /**
     * An HTTP/1.1 body with a declared length within the limit is read by the JDK's byte-array
     * subscriber: it keeps the buffers as they arrive (no copy, nothing allocated ahead) and the
     * JDK reads exactly that many bytes. Another client's (a transport's) is read by {@link
     * WholeArraySubscriber}, which takes a body read into one array of its own as it is, where the
     * JDK's would copy it; the JDK's client keeps its own subscriber, which it completes on the
     * thread that read the body, and any other on its executor.
     */
    @Override
    @SuppressWarnings("unchecked")
    public final BodySubscriber<@Nullable Object> apply(ResponseInfo info) {
      if (trace != null) {
        trace.headers(info.statusCode());
        trace.cache(info.headers());
      }
      applied++;
      received = false;
      valued = false;
      value = null;
      buffer = EMPTY;
      size = 0;
      wire = 0;
      sent = null;
      sentSize = 0;
      status = info.statusCode();
      // Each header looked up once: a look-up in the JDK's headers is a case-blind tree search. A
      // transport's response finds them in its own lines, its HttpHeaders not made for this.
      contentType = Responses.contentType(info);
      String encoding = Responses.first(info, Calls.CONTENT_ENCODING);
      long length = Responses.declaredLength(info);
      BodySubscriber<@Nullable Object> rejected =
          refusing(
              json != null
                  ? json.reject(info, method, uri, trace, encoding, length)
                  : checked && !Responses.isSuccess(info.statusCode())
                      ? Responses.statusFailure(info, method, uri, options(), trace)
                      : null);
      if (rejected != null) {
        return rejected;
      }
      exact = Responses.exactLength(info, method);
      decoder = encoding == null ? null : Responses.decoderOrNull(info.headers());
      if (decoder != null) {
        // Decoded as it arrives, on the client's thread, into a buffer that stops at the limit.
        declared = -1;
        sent = !checked && !Responses.isSuccess(status) ? EMPTY : null;
        return (BodySubscriber<@Nullable Object>)
            (BodySubscriber<?>) BodySubscribers.ofByteArrayConsumer(this);
      }
      declared = length;
      if (declared > limit) {
        return new FailedSubscriber<>(named(ApiAccess.get().tooLarge(limit, declared, true)), info);
      }
      if (declared >= 0 && info.version() == HttpClient.Version.HTTP_1_1) {
        return (BodySubscriber<@Nullable Object>)
            (BodySubscriber<?>)
                (Responses.fromJdkClient(info)
                    ? BodySubscribers.ofByteArray()
                    : new WholeArraySubscriber());
      }
      return (BodySubscriber<@Nullable Object>)
          (BodySubscriber<?>) BodySubscribers.ofByteArrayConsumer(this);
    }

    /** Takes the body of the response {@code send} returned. */
    final void received(HttpResponse<@Nullable Object> response)
        throws ProtocolException, JsonReadException {
      if (received) {
        return; // taken at the chain's end already
      }
      received = true;
      ContentDecoder d = decoder;
      if (d != null) {
        try {
          if (exact >= 0 && wire < exact) {
            throw Responses.shorterThanDeclared(exact, wire);
          }
          d.finish();
        } catch (JsonReadException e) {
          if (!asSent()) {
            throw named(withContext(e));
          }
        } finally {
          d.end();
        }
        if (trace != null) {
          trace.body(wire, size);
        }
        return;
      }
      Object body = response.body();
      if (body instanceof byte[]) {
        buffer = (byte[]) body;
        size = buffer.length;
      } else if (exact >= 0 && size < exact) {
        throw Responses.shorterThanDeclared(exact, size);
      }
      if (trace != null) {
        trace.body(size, size);
      }
    }

    @Override
    public final void accept(Optional<byte[]> chunk) {
      if (chunk.isEmpty()) {
        return;
      }
      byte[] bytes = chunk.get();
      if (decoder != null) {
        inflate(decoder, bytes);
        return;
      }
      long newSize = (long) size + bytes.length;
      // The client fails the exchange with what its subscriber throws, and stops reading.
      if (exact >= 0 && newSize > exact) {
        throw new UncheckedIOException(Responses.longerThanDeclared(exact, newSize));
      }
      if (newSize > limit) {
        throw new UncheckedIOException(named(ApiAccess.get().tooLarge(limit, newSize, false)));
      }
      if (size == 0) {
        buffer = bytes; // most bodies arrive in one piece: keep it, no copy
      } else {
        if (newSize > buffer.length) {
          buffer =
              Arrays.copyOf(
                  buffer, BufferingSubscriber.grow(buffer.length, newSize, declared, limit));
        }
        System.arraycopy(bytes, 0, buffer, size, bytes.length);
      }
      size = (int) newSize;
    }

    private void inflate(ContentDecoder d, byte[] bytes) {
      wire += bytes.length;
      try {
        if (exact >= 0 && wire > exact) {
          throw Responses.longerThanDeclared(exact, wire);
        }
        keepSent(bytes);
        d.feed(ByteBuffer.wrap(bytes));
        BufferingSubscriber.Inflated out = new BufferingSubscriber.Inflated(buffer, size);
        boolean room = out.take(d, limit);
        buffer = out.bytes;
        size = out.size;
        if (!room) {
          throw named(ApiAccess.get().tooLarge(limit, size, false));
        }
      } catch (JsonReadException e) {
        d.end();
        if (!asSent()) {
          throw new UncheckedIOException(named(withContext(e)));
        }
      } catch (IOException e) {
        d.end();
        throw new UncheckedIOException(e);
      }
    }

    /** Keeps a chunk of an unchecked error's body as it came, while it fits the limit. */
    private void keepSent(byte[] bytes) {
      byte[] kept = sent;
      if (kept == null) {
        return;
      }
      long newSize = (long) sentSize + bytes.length;
      if (newSize > limit) {
        sent = null; // too long to return as sent: a failure to decode it fails the call
        return;
      }
      if (newSize > kept.length) {
        kept =
            sent = Arrays.copyOf(kept, BufferingSubscriber.grow(kept.length, newSize, -1, limit));
      }
      System.arraycopy(bytes, 0, kept, sentSize, bytes.length);
      sentSize = (int) newSize;
    }

    /**
     * Returns an unchecked error's body as sent when it is not in its coding: the bytes kept so far
     * become the body (the rest taken as they come) and the headers keep their coding; false (the
     * call fails) for any other body.
     */
    private boolean asSent() {
      byte[] kept = sent;
      if (kept == null) {
        return false;
      }
      buffer = kept;
      size = sentSize;
      sent = null;
      decoder = null;
      return true;
    }

    private JsonReadException withContext(JsonReadException e) {
      return json != null ? ApiAccess.get().withContext(e, json.type(), contentType) : e;
    }

    /** {@code e} naming the response and the call it answered ({@link Responses#answering}). */
    private <E extends IOException> E named(E e) {
      return Responses.answering(e, status, method, uri, options());
    }

    /** The body read as JSON; call after {@code send} returned. */
    @SuppressWarnings("unchecked")
    final <T> @Nullable T value() throws IOException {
      if (!valued) {
        try {
          value = Objects.requireNonNull(json).decode(buffer, size, contentType, trace);
        } catch (JsonReadException e) {
          throw named(e);
        }
        valued = true;
      }
      return (T) value;
    }

    /** How many responses this collector was given so far. */
    final int applied() {
      return applied;
    }

    /**
     * Takes and decodes the response at the end of an interceptor chain, so that the interceptors
     * see a body that fails to decode fail the exchange (a span, a log line), as the body
     * subscribers of the asynchronous calls fail it; returns the response carrying its own value
     * (or bytes), so that an interceptor that forwards twice gets each body with its own response.
     */
    // The value may be null (a JSON null), as BufferedResponse's type argument may be: NullAway's
    // standard mode takes every type variable for non-null.
    @SuppressWarnings({"unchecked", "NullAway"})
    final HttpResponse<?> ended(HttpResponse<?> response) throws IOException {
      received((HttpResponse<@Nullable Object>) response);
      BufferedResponse<?> carrying =
          json != null
              ? new BufferedResponse<>(response, value(), null, decoder != null)
              : new BufferedResponse<>(response, bytes(), EMPTY, decoder != null, options());
      if (ended != null) {
        if (more == null) {
          more = new ArrayList<>(2);
        }
        more.add(ended); // an interceptor that forwards more than once
      }
      ended = carrying;
      return carrying;
    }

    /** {@code response} if {@link #ended} made it (its body is the call's), else {@code null}. */
    final @Nullable HttpResponse<?> endedAs(HttpResponse<?> response) {
      if (response == ended) {
        return response;
      }
      List<BufferedResponse<?>> all = more;
      if (all != null) {
        for (int i = all.size() - 1; i >= 0; i--) {
          if (all.get(i) == response) {
            return response;
          }
        }
      }
      return null;
    }

    /** Whether the body was decoded from its coding; call after {@code send} returned. */
    final boolean decoded() {
      return decoder != null;
    }

    /** The body's bytes; call after {@code send} returned. */
    final byte[] bytes() {
      return buffer.length == size ? buffer : Arrays.copyOf(buffer, size);
    }
  }

  /** A JSON value, status checked: the value itself, or the response carrying it. */
  static final class Value<T, R> extends Buffered<R> {
    private final boolean response;

    /** The plan whose runs are values of this class: {@link Plan#value}, {@link Plan#response}. */
    static <T, R> Plan<R> plan(Responses.JsonHandler<T> type, boolean response) {
      return request -> new Value<T, R>(type, request, response);
    }

    Value(Responses.JsonHandler<T> type, HttpRequest request, boolean response) {
      super(type, request.method(), request.uri());
      this.response = response;
      type.reader(); // before anything is sent: a codec that cannot read the type fails here
    }

    @Override
    // R is the value's type, @Nullable T (a JSON null), or the response carrying it: NullAway's
    // standard mode takes every type variable for non-null.
    @SuppressWarnings({"unchecked", "NullAway"})
    R finish(HttpResponse<?> r, long remaining) throws IOException {
      HttpResponse<?> ended = endedAs(r);
      if (ended != null) {
        return response ? (R) ended : (R) ended.body();
      }
      received((HttpResponse<@Nullable Object>) r);
      Object value = value();
      return response ? (R) new BufferedResponse<>(r, value, null) : (R) value;
    }
  }

  /** The body as bytes, within the size limit; with {@code checked}, the status checked too. */
  static final class Bytes extends Buffered<HttpResponse<byte[]>> {
    Bytes(JsonOptions options, HttpRequest request, boolean checked) {
      super(options, request, checked);
    }

    @Override
    @SuppressWarnings("unchecked")
    HttpResponse<byte[]> finish(HttpResponse<?> r, long remaining) throws IOException {
      HttpResponse<?> ended = endedAs(r);
      if (ended != null) {
        return (HttpResponse<byte[]>) ended;
      }
      received((HttpResponse<@Nullable Object>) r);
      return BufferedResponse.ofBytes(r, bytes(), decoded(), options());
    }
  }

  /**
   * A call whose result reads the body after the call returns: its handler streams the body, and a
   * body made for a response the caller never got is closed ({@link #abandon}).
   */
  abstract static class Streamed<R> extends CallState<R> implements BodyHandler<InputStream> {
    /** The body {@link #apply} made last (on the client's thread that read the headers). */
    private volatile @Nullable StreamingSubscriber made;

    Streamed(JsonOptions options, @Nullable Type traced) {
      super(options, traced);
    }

    /** The subscriber for a response not to stream, or {@code null} to stream it. */
    abstract @Nullable BodySubscriber<InputStream> reject(ResponseInfo info);

    @Override
    public final BodySubscriber<InputStream> apply(ResponseInfo info) {
      BodySubscriber<InputStream> rejected = refusing(reject(info));
      if (rejected != null) {
        return rejected;
      }
      StreamingSubscriber subscriber = new StreamingSubscriber();
      made = subscriber;
      return subscriber;
    }

    @Override
    final BodyHandler<?> handler() {
      return this;
    }

    @Override
    final boolean streams() {
      return true;
    }

    @Override
    final void abandon() {
      StreamingSubscriber subscriber = made;
      if (subscriber != null) {
        subscriber.close();
      }
    }
  }

  /** The elements of a top-level array or NDJSON body, status checked before it is returned. */
  static final class Elements<T> extends Streamed<Stream<T>> {
    private final Responses.StreamHandler<T> handler;

    Elements(JsonType<T> type, String method, URI uri) {
      super(type.options(), type.type());
      this.handler =
          new Responses.StreamHandler<>(type, type.options().streamFormat(), method, uri);
    }

    @Override
    @Nullable BodySubscriber<InputStream> reject(ResponseInfo info) {
      return handler.reject(info, trace);
    }

    /**
     * The deadline bounded connecting and the headers; what is left of it bounds the time the
     * stream's reads wait for body bytes, never the consumer's pace between them.
     */
    @Override
    Stream<T> finish(HttpResponse<?> r, long remaining) {
      InputStream body = (InputStream) r.body();
      ElementStream<T> elements = handler.open(body, r.headers(), r.statusCode(), trace, this);
      elements.watch(body, this); // ended, its permit back, if the caller drops it unclosed
      if (remaining != NONE) {
        elements.remaining(remaining);
      }
      return elements.stream();
    }
  }

  /**
   * An event stream's exchanges: the one that opens the stream and, once it is open ({@link
   * #reopening}), each reconnection, every one run by {@link CallRunner} under the call's timeout
   * up to its headers.
   */
  static final class Events extends Streamed<HttpResponse<InputStream>> {
    private final JsonType<?> type;
    private final String method;
    private final URI uri;
    private volatile boolean reopening;

    Events(JsonType<?> type, HttpRequest request) {
      super(type.options(), type.type());
      this.type = type;
      this.method = request.method();
      this.uri = request.uri();
    }

    /** From now on each run is a reconnection of the open stream. */
    void reopening() {
      reopening = true;
    }

    @Override
    boolean continues() {
      return reopening;
    }

    /** An event stream is open for as long as it is read: not limited ({@code HttpJsonClient}). */
    @Override
    boolean limited() {
      return false;
    }

    /** Fails a status outside 200–299 and a 2xx body that is no event stream. */
    @Override
    @Nullable BodySubscriber<InputStream> reject(ResponseInfo info) {
      int status = info.statusCode();
      CallTrace t = trace;
      if (t != null) {
        t.headers(status);
      }
      if (!Responses.isSuccess(status)) {
        return Responses.statusFailure(info, method, uri, options(), t);
      }
      if (status != 204) {
        JsonReadException rejected = EventCalls.rejection(info.headers(), type);
        if (rejected != null) {
          return new FailedSubscriber<>(rejected, info);
        }
      }
      return null;
    }

    /** The whole-call timeout bounds each connection up to its headers, not the endless body. */
    @Override
    @SuppressWarnings("unchecked")
    HttpResponse<InputStream> finish(HttpResponse<?> response, long remaining) {
      return (HttpResponse<InputStream>) response;
    }
  }
}
