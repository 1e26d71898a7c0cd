package dev.httpjson.internal;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.httpjson.EventStreamOptions;
import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.ServerSentEvent;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.spi.JsonReader;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.lang.ref.WeakReference;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;

/**
 * Event-stream calls: the request, the response checks, and the events of a {@code
 * text/event-stream} body ({@link Events}).
 */
public final class EventCalls {
  public static final String TEXT_EVENT_STREAM = "text/event-stream";

  private static final System.Logger LOG = System.getLogger("dev.httpjson");

  private EventCalls() {}

  public static EventStreamOptions options(EventStreamOptions events) {
    return Objects.requireNonNull(events, "events == null");
  }

  /** GET {@code uri} as an event stream; reopened as {@code events} allow. */
  public static <T> Stream<ServerSentEvent<T>> get(
      HttpClient client, URI uri, JsonType<T> type, EventStreamOptions events, String[] headers)
      throws IOException, InterruptedException {
    HttpRequest request = Calls.request("GET", uri, null, type.options(), accepting(headers));
    return open(client, request, type, events, true);
  }

  /** POST {@code value} as JSON and read the answer as an event stream; never reopened. */
  public static <T> Stream<ServerSentEvent<T>> post(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      JsonType<T> type,
      EventStreamOptions events,
      String[] headers)
      throws IOException, InterruptedException {
    HttpRequest.BodyPublisher content = ApiAccess.get().content(value, type.options(), null);
    HttpRequest request = Calls.request("POST", uri, content, type.options(), accepting(headers));
    return open(client, request, type, events, false);
  }

  /**
   * The caller's headers, with {@code Accept: text/event-stream, application/problem+json} unless
   * they set an Accept.
   */
  private static String[] accepting(String[] headers) {
    for (int i = 0; i < headers.length; i += 2) {
      if (JsonRequestBuilder.isAccept(headers[i])) {
        return headers;
      }
    }
    String[] all = Arrays.copyOf(headers, headers.length + 2);
    all[headers.length] = "Accept";
    all[headers.length + 1] = MediaTypes.ACCEPT_EVENTS;
    return all;
  }

  /**
   * Opens the stream: its first exchange is run as every call is, and each reconnection by the same
   * runner, with the same plan ({@link CallState.Events}), under the same timeout up to its
   * headers.
   */
  private static <T> Stream<ServerSentEvent<T>> open(
      HttpClient client,
      HttpRequest request,
      JsonType<T> type,
      EventStreamOptions events,
      boolean reconnectable)
      throws IOException, InterruptedException {
    CallState.Events plan = new CallState.Events(type, request);
    HttpResponse<InputStream> response = CallRunner.run(client, request, Plan.events(plan));
    plan.reopening(); // the stream holds the call's trace from here
    CallTrace trace = plan.trace;
    if (response.statusCode() == 204) {
      CallRunner.closeQuietly(response.body());
      if (trace != null) {
        trace.streamEnd(false, null);
      }
      return Stream.empty();
    }
    HttpClient reopener = reconnectable && events.maxReconnects() > 0 ? client : null;
    try {
      return new Events<>(response, request, type, events, reopener, trace, plan).stream();
    } catch (RuntimeException | Error e) {
      CallRunner.closeQuietly(response.body()); // the codec cannot read the type
      if (trace != null) {
        trace.failed(e);
      }
      throw e;
    }
  }

  /**
   * The {@code Last-Event-ID} value for {@code id}, or {@code null} when the connection cannot
   * carry it. The JDK writes HTTP/1.1 headers as US-ASCII, so a non-ASCII id goes as its UTF-8
   * bytes over HTTP/2 only.
   */
  static @Nullable String lastEventIdValue(String id, HttpClient.Version version) {
    boolean ascii = true;
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      if (c < 0x20 && c != '\t' || c == 0x7F) {
        return null;
      }
      ascii &= c < 0x80;
    }
    if (ascii) {
      return id;
    }
    if (version != HttpClient.Version.HTTP_2) {
      return null;
    }
    return new String(id.getBytes(UTF_8), StandardCharsets.ISO_8859_1);
  }

  /** Whether the client refused the request as built, before sending it. */
  private static boolean refused(IOException e) {
    for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
      if (c instanceof IllegalArgumentException) {
        return true;
      }
    }
    return false;
  }

  private static void warnDropped(HttpRequest request, String lastEventId, String why) {
    LOG.log(
        System.Logger.Level.WARNING,
        "Event stream: reconnecting to "
            + request.method()
            + " "
            + Uris.redact(request.uri())
            + " without Last-Event-ID: the last event id ("
            + lastEventId.codePointCount(0, lastEventId.length())
            + " characters, not all printable ASCII) cannot be sent: "
            + why
            + "; the server may send events again");
  }

  private static HttpRequest withLastEventId(HttpRequest request, @Nullable String value) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(request, (name, v) -> !name.equalsIgnoreCase("Last-Event-ID"));
    if (value != null) {
      b.header("Last-Event-ID", value);
    }
    return b.build();
  }

  /**
   * Reads the events of a response the caller received: the status is not checked; the body must be
   * an event stream.
   */
  public static <T> Stream<ServerSentEvent<T>> read(
      HttpResponse<InputStream> response, JsonType<T> type, EventStreamOptions events)
      throws JsonReadException {
    Objects.requireNonNull(response, "response == null");
    InputStream body = Objects.requireNonNull(response.body(), "response.body() == null");
    try {
      JsonReadException rejected = rejection(response.headers(), type);
      if (rejected != null) {
        throw rejected;
      }
      return new Events<>(response, response.request(), type, events, null, null, null).stream();
    } catch (JsonReadException | RuntimeException | Error e) {
      CallRunner.closeQuietly(body);
      throw e;
    }
  }

  /** Why a 2xx response cannot be read as events: compressed, or not an event stream. */
  public static @Nullable JsonReadException rejection(HttpHeaders headers, JsonType<?> type) {
    try {
      Responses.coding(headers, type.type()); // gzip and deflate are decoded; others fail here
    } catch (JsonReadException e) {
      return e;
    }
    String contentType = Responses.contentType(headers);
    if (!MediaTypes.essence(contentType).equals(TEXT_EVENT_STREAM)) {
      return ApiAccess.get()
          .withContext(
              new JsonReadException(
                  "Not an event stream: expected Content-Type "
                      + TEXT_EVENT_STREAM
                      + " but the response has "
                      + (contentType == null ? "none" : "'" + contentType + "'"),
                  -1,
                  -1,
                  "$",
                  null),
              type.type(),
              contentType);
    }
    return null;
  }

  /** The body, decoded as it is read when it is gzip or deflate: the same path as other calls. */
  private static InputStream decoded(InputStream body, HttpHeaders headers) {
    ContentDecoder decoder = Responses.decoderOrNull(headers);
    return decoder == null ? body : new DecodingInputStream(body, decoder);
  }

  /**
   * The events of a {@code text/event-stream} body, read on the consumer's thread as the bytes
   * arrive, their data handed to the reader resolved once for the stream.
   */
  static final class Events<T> extends Spliterators.AbstractSpliterator<ServerSentEvent<T>>
      implements Closeable {
    private static final byte[] DONE = {'[', 'D', 'O', 'N', 'E', ']'};
    private static final long MAX_RETRY_MILLIS = EventStreamOptions.MAX_RETRY_DELAY.toMillis();

    /** How long a connection must stay up to count as one that lived. */
    private static final long LIVED_NANOS = TimeUnit.SECONDS.toNanos(1);

    /**
     * The least wait after the second connection in a row that did not live, doubled after each.
     */
    private static final long FIRST_BACKOFF_MILLIS = 100;

    /** The most that connections that do not live make a reconnection wait. */
    private static final long MAX_BACKOFF_MILLIS = TimeUnit.SECONDS.toMillis(30);

    private final EventStreamParser parser;
    private final @Nullable JsonReader<T> reader; // null: the data as a String
    private final Type type;
    private final @Nullable String contentType;
    private final @Nullable HttpClient client; // null: never reopened
    // What the client's interceptors took from the thread that opened the stream, restored around
    // each reconnection: it belongs to the opener's call, not to what the reading thread runs.
    private final InterceptingClient.@Nullable Opener opener;
    private final HttpRequest request;
    private HttpClient.Version version; // of the last response
    private final int maxReconnects;
    private final long retryDelayMillis;
    private final @Nullable Duration idleTimeout;
    private final long idleNanos; // 0: none
    private final Set<String> shown;
    private final CountDownLatch woken = new CountDownLatch(1); // by close() or expire()

    private volatile InputStream body;
    private volatile InputStream raw; // the response's body, under a decoder if any
    private volatile boolean closed;
    private volatile @Nullable IOException expired;
    private volatile long readSince; // nanoTime a read started, 0 when not in a read
    private volatile boolean awaitingHeaders; // the wait in readSince is a reconnection's
    private volatile @Nullable Future<?> inFlight; // a reconnection waiting for its headers
    private @Nullable CharsetDecoder validator;
    private boolean ended; // read to its end
    private int reconnects; // since the last event or connection that lived
    private int shortLived; // connections in a row that ended (or failed) before they lived
    private long connectedAt; // nanoTime the current connection's headers arrived
    private volatile DeadlineTimer.@Nullable Task idleTask;
    private final Runnable idleCheck = new IdleCheck(this);
    private final @Nullable CallTrace trace;
    private final CallState.@Nullable Events plan;
    private volatile boolean failing; // read by a close on another thread

    Events(
        HttpResponse<InputStream> response,
        HttpRequest request,
        JsonType<T> type,
        EventStreamOptions events,
        @Nullable HttpClient client,
        @Nullable CallTrace trace,
        CallState.@Nullable Events plan) {
      super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
      this.raw = response.body();
      this.body = decoded(raw, response.headers());
      this.type = type.type();
      this.reader = this.type == String.class ? null : ApiAccess.get().reader(type);
      this.contentType = Responses.contentType(response.headers());
      this.client = client;
      this.opener = client == null ? null : InterceptingClient.opener(client);
      this.request = request;
      this.version = response.version();
      this.trace = trace;
      this.plan = plan;
      this.maxReconnects = client == null ? 0 : events.maxReconnects();
      Duration delay = events.retryDelay(); // FOREVER too: at most MAX_RETRY_DELAY is waited
      this.retryDelayMillis =
          delay.compareTo(EventStreamOptions.MAX_RETRY_DELAY) > 0
              ? MAX_RETRY_MILLIS
              : delay.toMillis();
      this.idleTimeout = type.options().idleTimeout();
      this.idleNanos = idleTimeout == null ? 0 : idleTimeout.toNanos();
      this.shown = type.options().shownQueryParameters();
      this.parser = new EventStreamParser(watched(body), type.options().maxResponseSize());
      parser.resumeFrom(request.headers().firstValue("Last-Event-ID").orElse(null));
      this.connectedAt = System.nanoTime();
    }

    /** Starts the idle timer. */
    Stream<ServerSentEvent<T>> stream() {
      if (idleNanos != 0) {
        idleTask = DeadlineTimer.INSTANCE.schedule(idleCheck, idleNanos);
      }
      return StreamSupport.stream(this, false).onClose(this::close);
    }

    private InputStream watched(InputStream in) {
      if (idleNanos == 0) {
        return in;
      }
      return new FilterInputStream(in) {
        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          readSince = System.nanoTime() | 1;
          try {
            return super.read(b, off, len);
          } finally {
            readSince = 0;
          }
        }
      };
    }

    /** On the timer: fails the stream if a read has waited the idle timeout, else looks again. */
    private void checkIdle() {
      if (closed) {
        return;
      }
      long idle = idleNanos;
      long since = readSince;
      long now = System.nanoTime();
      if (since != 0 && now - since >= idle) {
        expire(
            ApiAccess.get()
                .idleTimeout(
                    Objects.requireNonNull(idleTimeout),
                    (awaitingHeaders
                            ? "waiting for the headers of a reconnection"
                            : "no event-stream bytes for that long")
                        + ", after event "
                        + parser.dispatched(),
                    request.method(),
                    request.uri(),
                    shown));
        return;
      }
      DeadlineTimer.Task t =
          DeadlineTimer.INSTANCE.schedule(idleCheck, since != 0 ? idle - (now - since) : idle);
      idleTask = t;
      if (closed) {
        t.cancel();
      }
    }

    /**
     * The idle check as the timer holds it: the stream weakly, so that one its caller dropped
     * without closing it is not kept, with what it reads into, by a check that schedules itself
     * again and again (nor is the timer's thread, which ends once it has no task).
     */
    private static final class IdleCheck implements Runnable {
      private final WeakReference<Events<?>> events;

      IdleCheck(Events<?> events) {
        this.events = new WeakReference<>(events);
      }

      @Override
      public void run() {
        Events<?> e = events.get();
        if (e != null) {
          e.checkIdle();
        }
      }
    }

    /**
     * Called by the timer: fails the consumer's next read with {@code failure}. A blocked read of a
     * body httpjson made is failed without closing it, so that the consumer's thread closes it and
     * runs what the close tells (the interceptors' code), never the timer; another body is closed.
     */
    private void expire(IOException failure) {
      expired = failure;
      CallState<?> p = plan;
      if (p != null) {
        p.streamFailed(failure); // before the close, which the chain's body subscribers see
      }
      cancelReconnection(); // wakes a wait for headers
      if (!StreamingSubscriber.giveUp(raw)) {
        closeBody(); // wakes a blocked read; the consumer's thread then sees the failure
      }
      woken.countDown();
    }

    /**
     * Never split: a split reads a batch of events ahead (up to 1024, for as long as they take to
     * come), so a {@code parallel()} stream is read on the caller's thread, each event as it
     * arrives, as a sequential one is.
     */
    @Override
    public @Nullable Spliterator<ServerSentEvent<T>> trySplit() {
      return null;
    }

    @Override
    public boolean tryAdvance(Consumer<? super ServerSentEvent<T>> action) {
      if (closed) {
        return false;
      }
      ServerSentEvent<T> event;
      try {
        event = read();
      } catch (IOException | RuntimeException e) {
        throw fail(e);
      }
      if (event == null) {
        ended = true;
        close();
        return false;
      }
      CallTrace t = trace;
      if (t != null) {
        t.element();
      }
      action.accept(event);
      return true;
    }

    /** The next event, reconnecting as allowed; null at the end. */
    private @Nullable ServerSentEvent<T> read() throws IOException {
      for (; ; ) {
        IOException broken = null;
        try {
          if (parser.next()) {
            reconnects = 0; // the limit is on reconnections in a row that bring no progress
            return event();
          }
        } catch (HttpJsonException e) {
          throw e;
        } catch (IOException e) {
          if (closed && expired == null) {
            return null; // closed by the caller, perhaps from another thread: the stream just ends
          }
          broken = e; // the connection failed while reading: reconnect, as after an end
        }
        ended();
        if (broken != null && (expired != null || reconnects >= maxReconnects)) {
          throw broken;
        }
        if (!reconnect(broken)) {
          return null;
        }
      }
    }

    private @Nullable ServerSentEvent<T> event() throws IOException {
      byte[] data = parser.data();
      int length = parser.dataLength();
      T value;
      if (reader == null) {
        @SuppressWarnings("unchecked")
        T text = (T) new String(data, 0, length, UTF_8);
        value = text;
      } else if (length == 0) {
        value = null;
      } else if (Arrays.equals(data, 0, length, DONE, 0, DONE.length)) {
        return null; // the LLM APIs' end marker: never JSON, so never a value of T
      } else {
        value = decode(reader, data, length);
      }
      long retry = parser.retry();
      return new ServerSentEvent<>(
          parser.id(), parser.type(), value, retry < 0 ? null : Duration.ofMillis(retry));
    }

    private @Nullable T decode(JsonReader<T> reader, byte[] data, int length) throws IOException {
      byte[] bytes = data;
      int n = length;
      if (!ascii(data, length)) {
        // The standard decodes the stream as UTF-8 with U+FFFD for invalid bytes; so do we, before
        // the codec sees the data, whatever its own parser would make of them.
        CharsetDecoder v = validator;
        if (v == null) {
          validator = v = UTF_8.newDecoder(); // reports malformed input
        }
        try {
          v.reset().decode(ByteBuffer.wrap(data, 0, length));
        } catch (CharacterCodingException e) {
          bytes = new String(data, 0, length, UTF_8).getBytes(UTF_8);
          n = bytes.length;
        }
      }
      try {
        return reader.read(bytes, 0, n);
      } catch (JsonReadException e) {
        throw named(e);
      } catch (HttpJsonException e) {
        throw e;
      } catch (IOException e) {
        throw named(Responses.malformed(e));
      }
    }

    private static boolean ascii(byte[] b, int length) {
      for (int i = 0; i < length; i++) {
        if (b[i] < 0) {
          return false;
        }
      }
      return true;
    }

    /** The codec's failure, naming the event: its index, id and type. */
    private JsonReadException named(JsonReadException e) {
      String id = parser.id();
      JsonReadException n =
          new JsonReadException(
              "Event "
                  + (parser.dispatched() - 1)
                  + (id != null ? " (id '" + id + "'" : " (no id")
                  + ", event '"
                  + parser.type()
                  + "'): "
                  + e.problem(),
              e.line(),
              e.column(),
              e.path(),
              e);
      return ApiAccess.get().withContext(n, type, contentType);
    }

    /**
     * Reopens the stream if allowed: waits the server's retry time (or the default), then connects
     * with the last event id; false when not allowed or the server answered 204.
     */
    private boolean reconnect(@Nullable IOException broken) throws IOException {
      closeBody();
      for (; ; ) {
        HttpClient c = client;
        CallState.Events p = plan;
        if (c == null || p == null || reconnects >= maxReconnects || closed) {
          if (broken != null && !closed) {
            throw broken;
          }
          return false;
        }
        reconnects++;
        long server = parser.reconnectionTime();
        await(delay(Math.min(server >= 0 ? server : retryDelayMillis, MAX_RETRY_MILLIS)));
        if (closed) {
          return false; // closed during the wait: no new connection
        }
        InputStream in;
        // The idle timeout bounds the wait for the headers too: with no whole-call timeout (a
        // feed), a server that never answers would otherwise hang the stream for good.
        awaitingHeaders = true;
        readSince = System.nanoTime() | 1;
        try {
          in = reopen(c, p, parser.lastEventId());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw (InterruptedIOException)
              new InterruptedIOException("interrupted while reconnecting").initCause(e);
        } catch (HttpJsonException | HttpTimeoutException e) {
          throw e;
        } catch (IOException e) {
          IOException timedOut = expired;
          if (timedOut != null) {
            throw timedOut;
          }
          if (closed) {
            return false; // closed while waiting for the headers: the exchange was cancelled
          }
          broken = e; // the server is not there (yet): try again, within the limits
          shortLived++;
          continue;
        } finally {
          readSince = 0;
          awaitingHeaders = false;
          inFlight = null;
        }
        if (in == null) {
          return false; // 204: the server says the stream is over
        }
        body = in;
        if (closed || expired != null) {
          closeBody(); // the headers won the race with close() or the idle timeout
          IOException timedOut = expired;
          if (timedOut != null) {
            throw timedOut;
          }
          return false;
        }
        parser.reset(watched(in));
        connectedAt = System.nanoTime();
        return true;
      }
    }

    /**
     * Counts the end (or failure) of the current connection: one that stayed up at least {@link
     * #LIVED_NANOS} (with events, keep-alive comments or nothing at all) is a working feed the
     * network or a proxy ended, and the counts start again; a shorter one is counted as such.
     */
    private void ended() {
      if (System.nanoTime() - connectedAt >= LIVED_NANOS) {
        reconnects = 0;
        shortLived = 0;
      } else {
        shortLived++;
      }
    }

    /**
     * The wait before a reconnection: the server's (or the options') {@code retry}, but while
     * connections keep ending before they lived, at least {@link #FIRST_BACKOFF_MILLIS} after the
     * second, doubling after each up to {@link #MAX_BACKOFF_MILLIS}: a server that sends {@code
     * retry: 0}, an event and ends, again and again, is not reconnected to in a tight loop.
     */
    private long delay(long retry) {
      if (shortLived < 2) {
        return retry; // the first quick end (a restart, a deploy) is reconnected as the server asks
      }
      long backoff = FIRST_BACKOFF_MILLIS << Math.min(shortLived - 2, 20);
      return Math.max(retry, Math.min(backoff, MAX_BACKOFF_MILLIS));
    }

    /**
     * Sends the request again and waits for its headers, within the call's timeout; {@code null}
     * when the server answers 204 (the stream is over).
     */
    private @Nullable InputStream reopen(
        HttpClient client, CallState.Events plan, @Nullable String lastEventId)
        throws IOException, InterruptedException {
      HttpResponse<InputStream> r = resend(client, plan, lastEventId);
      version = r.version();
      if (r.statusCode() == 204) {
        CallRunner.closeQuietly(r.body());
        return null;
      }
      raw = r.body();
      return decoded(r.body(), r.headers());
    }

    /**
     * Sends {@code request} again with {@code Last-Event-ID}, or without it when the id cannot be
     * carried ({@link #lastEventIdValue}) or the transport refuses the header: the server then
     * starts where it starts a new stream, which repeats events rather than skipping any.
     */
    private HttpResponse<InputStream> resend(
        HttpClient client, CallState.Events plan, @Nullable String lastEventId)
        throws IOException, InterruptedException {
      String value = lastEventId == null ? null : lastEventIdValue(lastEventId, version);
      if (lastEventId != null && value == null) {
        warnDropped(
            request,
            lastEventId,
            lastEventId.chars().allMatch(c -> c >= 0x80 || c >= 0x20 && c != 0x7F || c == '\t')
                ? "it is not ASCII, and the JDK client writes " + version + " headers as US-ASCII"
                : "it holds a control character, which no header may");
      } else if (lastEventId != null && value != null) {
        try {
          return reconnect(client, plan, withLastEventId(request, value));
        } catch (IllegalArgumentException | IOException e) {
          if (e instanceof IOException && !refused((IOException) e)) {
            throw e;
          }
          // The client's header rules refuse it (OkHttp's are stricter than the JDK's).
          warnDropped(request, lastEventId, "the client refused the header: " + e.getMessage());
        }
      }
      return reconnect(client, plan, withLastEventId(request, null));
    }

    /**
     * Runs a reconnection as an asynchronous call of the runner, which the stream can cancel (on
     * close, or when its idle timeout elapses) while the consumer's thread waits for its headers.
     */
    private HttpResponse<InputStream> reconnect(
        HttpClient client, CallState.Events plan, HttpRequest request)
        throws IOException, InterruptedException {
      InterceptingClient.Opener o = opener;
      CompletableFuture<HttpResponse<InputStream>> exchange =
          o == null
              ? AsyncCall.run(client, request, Plan.events(plan))
              : o.run(() -> AsyncCall.run(client, request, Plan.events(plan)));
      inFlight = exchange;
      if (closed || expired != null) {
        exchange.cancel(true);
      }
      try {
        return exchange.get();
      } catch (InterruptedException e) {
        exchange.cancel(true);
        throw e;
      } catch (CancellationException e) {
        throw new IOException( // cancelled by the stream: closed, or its idle timeout elapsed
            "Cancelled "
                + request.method()
                + " "
                + Uris.redact(request.uri(), plan.options().shownQueryParameters())
                + " before its headers",
            e);
      } catch (ExecutionException e) {
        Throwable failure = e.getCause();
        if (failure instanceof IOException) {
          throw (IOException) failure;
        }
        if (failure instanceof RuntimeException) {
          throw (RuntimeException) failure;
        }
        if (failure instanceof Error) {
          throw (Error) failure;
        }
        throw new IOException(failure);
      }
    }

    private void cancelReconnection() {
      Future<?> f = inFlight;
      if (f != null) {
        f.cancel(true); // releases the connection; the consumer's wait fails and sees why
      }
    }

    private void await(long delayMillis) throws IOException {
      try {
        woken.await(delayMillis, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw (InterruptedIOException)
            new InterruptedIOException("interrupted while waiting to reconnect").initCause(e);
      }
      IOException e = expired;
      if (e != null) {
        throw e;
      }
    }

    private RuntimeException fail(Exception e) {
      IOException timedOut = expired;
      Exception f = timedOut != null ? timedOut : e;
      if (f instanceof UncheckedIOException && !(f instanceof UncheckedHttpJsonException)) {
        f = Objects.requireNonNull(((UncheckedIOException) f).getCause());
      }
      RuntimeException failure =
          f instanceof IOException
              ? ApiAccess.get().unchecked((IOException) f)
              : (RuntimeException) f;
      Throwable cause =
          failure instanceof UncheckedIOException
              ? Objects.requireNonNull(failure.getCause())
              : failure;
      if (!closed) {
        CallState<?> p = plan;
        if (p != null) {
          p.streamFailed(cause); // before the close, which the chain's body subscribers see
        }
        failing = true; // close() leaves the report to this method
        close();
        CallTrace t = trace;
        if (t != null) {
          t.streamEnd(false, cause);
        }
      }
      return failure;
    }

    private void closeBody() {
      try {
        body.close();
      } catch (IOException | RuntimeException ignored) {
        // Best effort: the body is given up either way.
      }
    }

    @Override
    public void close() {
      if (closed) {
        return;
      }
      closed = true;
      CallTrace t = trace;
      if (t != null && !failing) {
        t.streamEnd(!ended, null);
      }
      DeadlineTimer.Task idle = idleTask;
      if (idle != null) {
        idle.cancel();
      }
      cancelReconnection();
      closeBody();
      woken.countDown();
    }
  }
}
