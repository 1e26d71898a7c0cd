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
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.time.Duration;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;

/**
 * The events of a {@code text/event-stream} body, read on the consumer's thread as the bytes
 * arrive, their data handed to the reader resolved once for the stream. Optionally reopens the
 * stream after it ends ({@link Connector}). Closing — at the end, on an error, or early, from any
 * thread — closes the body, which releases the connection, and wakes a reconnection wait: the retry
 * delay or a reconnection's wait for its headers, whose exchange is cancelled.
 */
public final class EventStream<T> implements Iterator<ServerSentEvent<T>>, Closeable {
  private static final byte[] DONE = {'[', 'D', 'O', 'N', 'E', ']'};

  /** Opens the stream again; {@code null} when the server answers 204 (the stream is over). */
  public interface Connector {
    /**
     * Sends the request again and waits for its headers, within the call's timeout; the exchange is
     * handed to {@code inFlight} as soon as it is sent, so that the stream can cancel it (the wait
     * then fails with an {@link IOException}).
     */
    @Nullable InputStream reconnect(@Nullable String lastEventId, Consumer<Future<?>> inFlight)
        throws IOException, InterruptedException;
  }

  private final EventStreamParser parser;
  private final @Nullable JsonReader<T> reader; // null: the data as a String
  private final Type type;
  private final @Nullable String contentType;
  private final String method;
  private final URI uri;
  private final @Nullable Connector connector;
  private final int maxReconnects;
  private final long retryDelayMillis;
  private final @Nullable Duration idleTimeout;
  private final Set<String> shown;
  private final @Nullable Duration timeout;
  private final Object lock = new Object();

  private volatile InputStream body;
  private volatile boolean closed;
  private volatile @Nullable IOException expired;
  private volatile long readSince; // nanoTime a read started, 0 when not in a read
  private volatile boolean awaitingHeaders; // the wait in readSince is a reconnection's
  private volatile @Nullable Future<?> inFlight; // a reconnection waiting for its headers
  private @Nullable CharsetDecoder validator;
  private @Nullable ServerSentEvent<T> next;
  private boolean advanced;
  private int reconnects;
  private volatile DeadlineTimer.@Nullable Task idleTask;
  private @Nullable CallTrace trace;
  private @Nullable CallState<?> plan;
  private boolean failing;

  public EventStream(
      InputStream body,
      JsonType<T> type,
      @Nullable String contentType,
      String method,
      URI uri,
      EventStreamOptions events,
      @Nullable Connector connector) {
    this.body = body;
    this.type = type.type();
    this.reader = this.type == String.class ? null : ApiAccess.get().reader(type);
    this.contentType = contentType;
    this.method = method;
    this.uri = uri;
    this.connector = connector;
    this.maxReconnects = connector == null ? 0 : events.maxReconnects();
    Duration delay = events.retryDelay(); // FOREVER too: at most MAX_RETRY_DELAY is waited
    this.retryDelayMillis =
        (delay.compareTo(EventStreamOptions.MAX_RETRY_DELAY) > 0
                ? EventStreamOptions.MAX_RETRY_DELAY
                : delay)
            .toMillis();
    this.idleTimeout = type.options().idleTimeout();
    this.shown = type.options().shownQueryParameters();
    this.timeout = type.options().timeout();
    this.parser = new EventStreamParser(watched(body), type.options().maxResponseSize());
  }

  /**
   * Starts the idle timer. The whole-call timeout bounds each connection up to its headers, not the
   * endless body: stalls are the idle timeout's.
   */
  /**
   * Reports this stream's events and end to {@code trace}, and a failure, before the body is
   * closed, to {@code plan}.
   */
  public EventStream<T> traced(@Nullable CallTrace trace, @Nullable CallState<?> plan) {
    this.trace = trace;
    this.plan = plan;
    return this;
  }

  public Stream<ServerSentEvent<T>> stream() {
    if (idleTimeout != null) {
      idleTask = DeadlineTimer.INSTANCE.schedule(this::checkIdle, idleTimeout.toNanos());
    }
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(this, Spliterator.ORDERED | Spliterator.NONNULL),
            false)
        .onClose(this::closeUnchecked);
  }

  private InputStream watched(InputStream in) {
    if (idleTimeoutNanos() == 0) {
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

  private long idleTimeoutNanos() {
    Duration idle = idleTimeout;
    return idle == null ? 0 : idle.toNanos();
  }

  /** On the timer: fails the stream if a read has waited the idle timeout, else looks again. */
  private void checkIdle() {
    if (closed) {
      return;
    }
    long idle = idleTimeoutNanos();
    long since = readSince;
    long now = System.nanoTime();
    if (since != 0 && now - since >= idle) {
      expire(
          new HttpTimeoutException(
              "JsonOptions.idleTimeout "
                  + idleTimeout
                  + (awaitingHeaders
                      ? " elapsed waiting for the headers of a reconnection to "
                      : " elapsed with no bytes from ")
                  + method
                  + " "
                  + Uris.redact(uri, shown)
                  + " (after event "
                  + parser.dispatched()
                  + ")"));
      return;
    }
    long delay = since != 0 ? idle - (now - since) : idle;
    idleTask = DeadlineTimer.INSTANCE.schedule(this::checkIdle, delay);
    if (closed) {
      DeadlineTimer.Task t = idleTask;
      if (t != null) {
        t.cancel();
      }
    }
  }

  /** Called by a timer: fails the consumer's next read with {@code failure}. */
  private void expire(IOException failure) {
    expired = failure;
    CallState<?> p = plan;
    if (p != null) {
      p.streamFailed(failure); // before the close, which the chain's body subscribers see
    }
    cancelReconnection(); // wakes a wait for headers, as closing the body wakes a blocked read
    closeBody(); // wakes a blocked read; the consumer's thread then sees the failure
    synchronized (lock) {
      lock.notifyAll();
    }
  }

  @Override
  public boolean hasNext() {
    if (advanced) {
      return next != null;
    }
    if (closed) {
      return false;
    }
    try {
      next = read();
    } catch (IOException | RuntimeException e) {
      throw fail(e);
    }
    advanced = true;
    if (next == null) {
      closeUnchecked();
      return false;
    }
    return true;
  }

  @Override
  public ServerSentEvent<T> next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    advanced = false;
    ServerSentEvent<T> e = Objects.requireNonNull(next); // hasNext() read it
    next = null;
    CallTrace t = trace;
    if (t != null) {
      t.element();
    }
    return e;
  }

  /** The next event, reconnecting as allowed; null at the end. */
  private @Nullable ServerSentEvent<T> read() throws IOException {
    for (; ; ) {
      IOException broken = null;
      try {
        if (parser.next()) {
          return event();
        }
      } catch (HttpJsonException e) {
        throw e;
      } catch (IOException e) {
        if (closed && expired == null) {
          return null; // closed by the caller, perhaps from another thread: the stream just ends
        }
        if (expired != null || reconnects >= maxReconnects) {
          throw e;
        }
        broken = e; // the connection failed while reading: reconnect, as after an end
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
    } else if (length == DONE.length && isDone(data)) {
      return null; // the LLM APIs' end marker: never JSON, so never a value of T
    } else {
      value = decode(reader, data, length);
    }
    long retry = parser.retry();
    return new ServerSentEvent<>(
        parser.id(), parser.type(), value, retry < 0 ? null : Duration.ofMillis(retry));
  }

  private static boolean isDone(byte[] data) {
    for (int i = 0; i < DONE.length; i++) {
      if (data[i] != DONE[i]) {
        return false;
      }
    }
    return true;
  }

  private @Nullable T decode(JsonReader<T> reader, byte[] data, int length) throws IOException {
    byte[] bytes = data;
    int n = length;
    if (!ascii(data, length)) {
      // The standard decodes the stream as UTF-8 with U+FFFD for invalid bytes; so do we, before
      // the codec sees the data, whatever its own parser would make of them.
      CharsetDecoder v = validator;
      if (v == null) {
        validator =
            v =
                UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
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
      if (connector == null || reconnects >= maxReconnects || closed) {
        if (broken != null && !closed) {
          throw broken;
        }
        return false;
      }
      reconnects++;
      long server = parser.reconnectionTime();
      long delay =
          Math.min(
              server >= 0 ? server : retryDelayMillis,
              EventStreamOptions.MAX_RETRY_DELAY.toMillis());
      await(delay);
      if (closed) {
        return false; // closed during the wait: no new connection
      }
      InputStream in;
      // The idle timeout bounds the wait for the headers too: with no whole-call timeout (as for a
      // feed), a server that never answers would otherwise hang the stream for good.
      awaitingHeaders = true;
      readSince = System.nanoTime() | 1;
      try {
        in = connector.reconnect(parser.lastEventId(), this::reconnecting);
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
      return true;
    }
  }

  /** Keeps the reconnection's exchange, to cancel it on close; cancels it if closed already. */
  private void reconnecting(Future<?> exchange) {
    inFlight = exchange;
    if (closed || expired != null) {
      exchange.cancel(true);
    }
  }

  private void cancelReconnection() {
    Future<?> f = inFlight;
    if (f != null) {
      f.cancel(true); // releases the connection; the consumer's wait fails and sees why
    }
  }

  private void await(long delayMillis) throws IOException {
    long until = System.nanoTime() + Duration.ofMillis(delayMillis).toNanos();
    synchronized (lock) {
      for (; ; ) {
        IOException e = expired;
        if (e != null) {
          throw e;
        }
        if (closed) {
          return;
        }
        long left = until - System.nanoTime();
        if (left <= 0) {
          break;
        }
        try {
          lock.wait(Math.max(1, left / 1_000_000));
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw (InterruptedIOException)
              new InterruptedIOException("interrupted while waiting to reconnect").initCause(ie);
        }
      }
    }
  }

  private RuntimeException fail(Exception e) {
    CallTrace t = closed ? null : trace;
    RuntimeException failure;
    IOException timedOut = expired;
    if (timedOut != null) {
      failure = ApiAccess.get().unchecked(timedOut);
    } else if (e instanceof IOException) {
      failure = ApiAccess.get().unchecked((IOException) e);
    } else if (e instanceof UncheckedIOException && !(e instanceof UncheckedHttpJsonException)) {
      failure =
          ApiAccess.get().unchecked(Objects.requireNonNull(((UncheckedIOException) e).getCause()));
    } else {
      failure = (RuntimeException) e;
    }
    Throwable cause =
        failure instanceof UncheckedIOException
            ? Objects.requireNonNull(failure.getCause())
            : failure;
    CallState<?> p = plan;
    if (p != null && !closed) {
      p.streamFailed(cause); // before the close, which the chain's body subscribers see
    }
    failing = true; // close() leaves the report to this method
    closeUnchecked();
    if (t != null) {
      t.streamEnd(false, cause);
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
    boolean early = !(advanced && next == null);
    advanced = true;
    next = null;
    CallTrace t = trace;
    if (t != null && !failing) {
      t.streamEnd(early, null);
    }
    DeadlineTimer.Task idle = idleTask;
    if (idle != null) {
      idle.cancel();
    }
    cancelReconnection();
    closeBody();
    synchronized (lock) {
      lock.notifyAll();
    }
  }

  public void closeQuietly() {
    close();
  }

  private void closeUnchecked() {
    close();
  }
}
