package dev.httpjson;

import dev.httpjson.spi.JsonWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.Objects;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A request body that writes the elements of an {@link Iterable} or a {@link Stream} lazily, as a
 * JSON array or as NDJSON, in chunks of about {@value #CHUNK_SIZE} bytes as the connection asks for
 * them: the sequence is never materialised, and the request is sent chunked (no Content-Length).
 *
 * <pre>{@code
 * try (Stream<Row> rows = repository.streamAll()) {
 *   HttpRequest request = JsonSequenceContent.ofArray(rows, Row.class, JsonOptions.web())
 *       .requestBuilder("POST", uri)
 *       .build();
 *   client.send(request, BodyHandlers.discarding());
 * }
 * }</pre>
 *
 * <p>If an element cannot be serialized, the body fails with {@link JsonWriteException}: the
 * request is aborted and its connection closed, never reused half-written. A {@code Stream} can be
 * sent once; an {@code Iterable} is iterated anew each time the body is sent (a retry or redirect).
 * Elements are written as {@code elementType} with the options' settings, UTF-8.
 *
 * <p>Thread-safe.
 */
public final class JsonSequenceContent implements BodyPublisher {
  /** The approximate size of each chunk. */
  public static final int CHUNK_SIZE = 16 * 1024;

  private static final String NDJSON = "application/x-ndjson";

  private final @Nullable Iterable<?> iterable;
  private final @Nullable Stream<?> stream;
  private final AtomicBoolean streamTaken = new AtomicBoolean();
  private final JsonWriter<Object> writer;
  private final boolean ndjson;
  private final String mediaType;

  private JsonSequenceContent(
      @Nullable Iterable<?> iterable,
      @Nullable Stream<?> stream,
      Type elementType,
      JsonOptions options,
      boolean ndjson) {
    this.iterable = iterable;
    this.stream = stream;
    this.writer = Calls.options(options).binding().writer(Calls.type(elementType));
    this.ndjson = ndjson;
    this.mediaType = ndjson ? NDJSON : MediaTypes.APPLICATION_JSON_UTF8;
  }

  /** Writes {@code elements} as a JSON array of {@code elementType}. */
  public static <T> JsonSequenceContent ofArray(
      Iterable<? extends T> elements, Class<T> elementType, JsonOptions options) {
    return new JsonSequenceContent(
        Objects.requireNonNull(elements, "elements == null"), null, elementType, options, false);
  }

  /** Writes {@code elements} as a JSON array of {@code elementType}; the stream is sent once. */
  public static <T> JsonSequenceContent ofArray(
      Stream<? extends T> elements, Class<T> elementType, JsonOptions options) {
    return new JsonSequenceContent(
        null, Objects.requireNonNull(elements, "elements == null"), elementType, options, false);
  }

  /** Writes {@code elements} as NDJSON: one JSON value of {@code elementType} per line. */
  public static <T> JsonSequenceContent ofNdjson(
      Iterable<? extends T> elements, Class<T> elementType, JsonOptions options) {
    return new JsonSequenceContent(
        Objects.requireNonNull(elements, "elements == null"), null, elementType, options, true);
  }

  /** Writes {@code elements} as NDJSON; the stream is sent once. */
  public static <T> JsonSequenceContent ofNdjson(
      Stream<? extends T> elements, Class<T> elementType, JsonOptions options) {
    return new JsonSequenceContent(
        null, Objects.requireNonNull(elements, "elements == null"), elementType, options, true);
  }

  /** {@code application/json; charset=utf-8}, or {@code application/x-ndjson} for NDJSON. */
  public String mediaType() {
    return mediaType;
  }

  /**
   * A request builder for {@code method} and {@code uri} with this body, its media type as
   * Content-Type, and {@code Accept: application/json}. A Content-Type or Accept header set on the
   * builder (names are case-insensitive) replaces httpjson's value, so exactly the caller's values
   * are sent.
   */
  public HttpRequest.Builder requestBuilder(String method, URI uri) {
    Objects.requireNonNull(method, "method == null");
    Objects.requireNonNull(uri, "uri == null");
    return new JsonRequestBuilder(method, uri, this, mediaType);
  }

  /** Always -1: the body is sent chunked. */
  @Override
  public long contentLength() {
    return -1;
  }

  @Override
  public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
    Iterator<?> elements;
    Runnable onClose;
    if (iterable != null) {
      elements = iterable.iterator();
      onClose = () -> {};
    } else {
      Stream<?> s = Objects.requireNonNull(stream);
      if (!streamTaken.compareAndSet(false, true)) {
        subscriber.onSubscribe(new Chunks(subscriber, null, () -> {}));
        subscriber.onError(new IllegalStateException("the Stream body was already sent once"));
        return;
      }
      elements = s.iterator();
      onClose = s::close;
    }
    subscriber.onSubscribe(new Chunks(subscriber, elements, onClose));
  }

  /** Serializes elements into chunks on demand; emission is serialized by a drain loop. */
  private final class Chunks implements Flow.Subscription {
    private final Flow.Subscriber<? super ByteBuffer> subscriber;
    private final @Nullable Iterator<?> elements;
    private final Runnable onClose;
    private final AtomicLong demand = new AtomicLong();
    private final AtomicInteger wip = new AtomicInteger();
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(CHUNK_SIZE + 1024);
    private volatile boolean cancelled;
    private boolean started;
    private boolean first = true;
    private boolean done;
    private boolean ended;

    Chunks(
        Flow.Subscriber<? super ByteBuffer> subscriber,
        @Nullable Iterator<?> elements,
        Runnable onClose) {
      this.subscriber = subscriber;
      this.elements = elements;
      this.onClose = onClose;
    }

    @Override
    public void request(long n) {
      if (n <= 0) {
        cancelled = true;
        subscriber.onError(new IllegalArgumentException("request <= 0: " + n));
        return;
      }
      demand.getAndAccumulate(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
      drain();
    }

    @Override
    public void cancel() {
      cancelled = true;
      drain();
    }

    private void drain() {
      if (wip.getAndIncrement() != 0) {
        return;
      }
      do {
        if (elements == null) {
          return;
        }
        while (!done) {
          if (cancelled) {
            finish();
            break;
          }
          if (demand.get() == 0) {
            break;
          }
          ByteBuffer chunk;
          try {
            chunk = nextChunk();
          } catch (IOException | RuntimeException e) {
            finish();
            subscriber.onError(e);
            break;
          }
          if (chunk == null) {
            finish();
            subscriber.onComplete();
            break;
          }
          demand.decrementAndGet();
          subscriber.onNext(chunk);
        }
      } while (wip.decrementAndGet() != 0);
    }

    private void finish() {
      if (!done) {
        done = true;
        onClose.run();
      }
    }

    /** The next chunk, or {@code null} when everything has been written. */
    private @Nullable ByteBuffer nextChunk() throws IOException {
      if (ended) {
        return null;
      }
      Iterator<?> it = Objects.requireNonNull(elements);
      buffer.reset();
      if (!started) {
        started = true;
        if (!ndjson) {
          buffer.write('[');
        }
      }
      while (buffer.size() < CHUNK_SIZE && it.hasNext()) {
        byte[] element = writer.writeBytes(it.next());
        if (!ndjson && !first) {
          buffer.write(',');
        }
        buffer.write(element);
        if (ndjson) {
          buffer.write('\n');
        }
        first = false;
      }
      if (!it.hasNext()) {
        ended = true;
        if (!ndjson) {
          buffer.write(']');
        }
        if (buffer.size() == 0) {
          return null;
        }
      }
      return ByteBuffer.wrap(buffer.toByteArray());
    }
  }
}
