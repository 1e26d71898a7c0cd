package dev.httpjson;

import dev.httpjson.internal.Calls;
import dev.httpjson.internal.DrainedSubscription;
import dev.httpjson.internal.Gzip;
import dev.httpjson.internal.JsonEncoding;
import dev.httpjson.internal.MediaTypes;
import dev.httpjson.spi.JsonWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.ref.WeakReference;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Objects;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A request body that writes the elements of an {@link Iterable} or a {@link Stream} lazily, as a
 * JSON array or as NDJSON, in chunks of about {@value #CHUNK_SIZE} bytes as the connection asks for
 * them: the sequence is never materialised, and the request is sent chunked (no Content-Length).
 *
 * <pre>{@code
 * try (Stream<Row> rows = repository.streamAll()) {
 *   HttpRequest request = JsonSequenceContent.ofArray(rows, Row.class)
 *       .requestBuilder("POST", uri)
 *       .build();
 *   client.send(request, BodyHandlers.discarding());
 * }
 * }</pre>
 *
 * <p>An element that cannot be serialized fails the body with {@link JsonWriteException}: the
 * request is aborted and its connection closed. Elements are written as {@code elementType} with
 * its options, UTF-8 (or the charset of a Content-Type set on {@link #requestBuilder(String,
 * URI)}); NDJSON elements are always on one line. When the options {@linkplain
 * JsonOptions.Builder#requestCompression(boolean) compress request bodies}, the body is one gzip
 * member written chunk by chunk, with {@code Content-Encoding: gzip}.
 *
 * <p><b>Sending again.</b> The client subscribes again when it sends the request again (a 307 or
 * 308 redirect, an authentication retry, an HTTP/2 retry). An {@code Iterable} is iterated anew
 * each time and <b>must be re-iterable</b>: one that hands out an earlier pass's iterator, or finds
 * no element where an earlier pass wrote some, fails that attempt with an {@link
 * IllegalStateException} before it sends a byte. A {@code Stream} is sent once: a second
 * subscription fails with an {@link IllegalStateException}. The stream is closed when the body is
 * written, when the exchange is cancelled or fails (also before the client asked for the body: a
 * connection refused, a body refused after {@code Expect: 100-continue}), or when an element cannot
 * be serialized.
 *
 * <p><b>Threads.</b> The source is iterated on the thread that asks for the next chunk: with the
 * JDK client, a thread of the client's executor (never the caller's), or its selector thread with
 * an inline executor, where a slow source stalls every exchange of that client. Cancelling stops
 * the iteration once the element being produced is returned.
 *
 * <p>Thread-safe. Each subscription follows the {@link Flow} rules: no more chunks than requested,
 * signals never overlap, and a request of zero or less ends it with an {@link
 * IllegalArgumentException}.
 */
public final class JsonSequenceContent implements BodyPublisher {
  /** The approximate size of each chunk. */
  public static final int CHUNK_SIZE = 16 * 1024;

  private static final String NDJSON = "application/x-ndjson";

  private static final byte[] OPEN = {'['};
  private static final byte[] COMMA = {','};
  private static final byte[] CLOSE = {']'};
  private static final byte[] NEWLINE = {'\n'};

  private static final String ONE_SHOT =
      "an Iterable body must be re-iterable: the client sends the body again for a 307 or 308"
          + " redirect or an authentication retry, and iterates it again for that; ";

  private final Source source;
  private final JsonWriter<Object> writer;
  private final boolean ndjson;
  private final boolean oneLine;
  private final String mediaType;
  private final @Nullable Charset charset;
  private final boolean gzip;
  private final byte[] open;
  private final byte[] comma;
  private final byte[] close;
  private final byte[] newline;

  private JsonSequenceContent(
      Source source,
      JsonWriter<Object> writer,
      boolean ndjson,
      boolean oneLine,
      String mediaType,
      @Nullable Charset charset,
      boolean gzip) {
    this.source = source;
    this.writer = writer;
    this.ndjson = ndjson;
    this.oneLine = oneLine;
    this.mediaType = mediaType;
    this.charset = charset;
    this.gzip = gzip;
    this.open = separator(OPEN, "[", charset);
    this.comma = separator(COMMA, ",", charset);
    this.close = separator(CLOSE, "]", charset);
    this.newline = separator(NEWLINE, "\n", charset);
  }

  private static byte[] separator(byte[] utf8, String text, @Nullable Charset charset) {
    if (charset == null) {
      return utf8;
    }
    try {
      return JsonEncoding.encode(text, charset);
    } catch (JsonWriteException e) {
      throw new IllegalArgumentException("charset " + charset.name() + " cannot encode JSON", e);
    }
  }

  private static JsonSequenceContent create(
      @Nullable Iterable<?> iterable,
      @Nullable Stream<?> stream,
      JsonType<?> type,
      boolean ndjson) {
    if (iterable == null && stream == null) {
      throw new NullPointerException("elements == null");
    }
    @SuppressWarnings("unchecked")
    JsonWriter<Object> writer = (JsonWriter<Object>) type.writer();
    return new JsonSequenceContent(
        new Source(iterable, stream),
        writer,
        ndjson,
        ndjson && type.options().indent(),
        ndjson ? NDJSON : MediaTypes.APPLICATION_JSON_UTF8,
        null,
        type.options().requestCompression());
  }

  /**
   * This body encoded in the charset of {@code contentType}, a Content-Type the caller set in place
   * of httpjson's: the same source, shared (a stream is still sent once).
   */
  JsonSequenceContent inCharsetOf(String contentType) {
    Charset named = MediaTypes.encodingCharset(contentType);
    Charset current = charset == null ? StandardCharsets.UTF_8 : charset;
    if (named.equals(current)) {
      return this;
    }
    return new JsonSequenceContent(
        source,
        writer,
        ndjson,
        oneLine,
        contentType,
        named.equals(StandardCharsets.UTF_8) ? null : named,
        gzip);
  }

  /**
   * Closes a {@code Stream} source that no subscriber took, when the call this body was sent with
   * has failed: its connection was refused, or the server answered before the client asked for the
   * body. A subscriber that comes after is told the stream was sent.
   */
  void abandon() {
    Stream<?> s = source.stream;
    if (s != null && source.streamTaken.compareAndSet(false, true)) {
      s.close();
    }
  }

  /** {@code gzip} when the element type's options {@linkplain JsonOptions#requestCompression()}. */
  @Nullable String contentEncoding() {
    return gzip ? Gzip.CODING : null;
  }

  /** The elements, and what the passes over them showed. */
  private static final class Source {
    final @Nullable Iterable<?> iterable;
    final @Nullable Stream<?> stream;
    final AtomicBoolean streamTaken = new AtomicBoolean();
    private @Nullable WeakReference<Iterator<?>> lastIterator;
    volatile boolean wroteElements;

    Source(@Nullable Iterable<?> iterable, @Nullable Stream<?> stream) {
      this.iterable = iterable;
      this.stream = stream;
    }

    /** A new pass over the iterable; fails when it hands out the iterator of an earlier pass. */
    Iterator<?> iterate() {
      // Outside the lock: iterator() may block (a cursor opening), and a thread blocked while it
      // holds a monitor keeps a virtual thread's carrier on Java 21 to 23.
      Iterator<?> it = Objects.requireNonNull(iterable).iterator();
      synchronized (this) {
        Iterator<?> last = lastIterator == null ? null : lastIterator.get();
        if (it == last) {
          throw new IllegalStateException(
              ONE_SHOT + "its iterator() returned the iterator of an earlier pass again");
        }
        lastIterator = new WeakReference<>(it);
      }
      return it;
    }
  }

  /**
   * Writes {@code elements} as a JSON array, lazily and chunked. Each factory comes in the two type
   * forms: a {@link Class} writes with the {@link JsonOptions#web()} options, as {@link
   * JsonType#of(Class)} does, a {@link JsonType} with its options. An {@link Iterable} is iterated
   * anew for every send, a {@link Stream} is sent once (see "Sending again").
   */
  public static <T> JsonSequenceContent ofArray(
      Iterable<? extends T> elements, Class<T> elementType) {
    return ofArray(elements, JsonType.of(elementType));
  }

  /** As {@link #ofArray(Iterable, Class)}, writing the prepared type. */
  public static <T> JsonSequenceContent ofArray(
      Iterable<? extends T> elements, JsonType<T> elementType) {
    return create(elements, null, Calls.type(elementType), false);
  }

  /** As {@link #ofArray(Iterable, Class)}, the elements of a stream, sent once. */
  public static <T> JsonSequenceContent ofArray(
      Stream<? extends T> elements, Class<T> elementType) {
    return ofArray(elements, JsonType.of(elementType));
  }

  /** As {@link #ofArray(Stream, Class)}, writing the prepared type. */
  public static <T> JsonSequenceContent ofArray(
      Stream<? extends T> elements, JsonType<T> elementType) {
    return create(null, elements, Calls.type(elementType), false);
  }

  /**
   * As {@link #ofArray(Iterable, Class)}, written as NDJSON: one JSON value per line, sent as
   * {@code application/x-ndjson}.
   */
  public static <T> JsonSequenceContent ofNdjson(
      Iterable<? extends T> elements, Class<T> elementType) {
    return ofNdjson(elements, JsonType.of(elementType));
  }

  /** As {@link #ofNdjson(Iterable, Class)}, writing the prepared type. */
  public static <T> JsonSequenceContent ofNdjson(
      Iterable<? extends T> elements, JsonType<T> elementType) {
    return create(elements, null, Calls.type(elementType), true);
  }

  /** As {@link #ofNdjson(Iterable, Class)}, the elements of a stream, sent once. */
  public static <T> JsonSequenceContent ofNdjson(
      Stream<? extends T> elements, Class<T> elementType) {
    return ofNdjson(elements, JsonType.of(elementType));
  }

  /** As {@link #ofNdjson(Stream, Class)}, writing the prepared type. */
  public static <T> JsonSequenceContent ofNdjson(
      Stream<? extends T> elements, JsonType<T> elementType) {
    return create(null, elements, Calls.type(elementType), true);
  }

  /**
   * {@return the media type sent as Content-Type: {@code application/json; charset=utf-8}, or
   * {@code application/x-ndjson} for NDJSON}
   */
  public String mediaType() {
    return mediaType;
  }

  /** As {@link JsonContent#requestBuilder(String, URI)}, with this body. */
  public HttpRequest.Builder requestBuilder(String method, URI uri) {
    return JsonContent.requestBuilder(method, uri, this, mediaType);
  }

  /** {@return -1: the length of the body is unknown in advance, and the body is sent chunked} */
  @Override
  public long contentLength() {
    return -1;
  }

  /**
   * Starts sending the sequence to {@code subscriber}; nothing is iterated until it requests a
   * chunk. An {@code Iterable} source is iterated anew for every subscriber; a {@code Stream}
   * source serves the first subscriber only, and every later one gets {@code onError} with an
   * {@link IllegalStateException}.
   */
  @Override
  public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
    Objects.requireNonNull(subscriber, "subscriber == null");
    Iterator<?> elements;
    Runnable onClose;
    try {
      if (source.iterable != null) {
        elements = source.iterate();
        onClose = () -> {};
      } else {
        Stream<?> s = Objects.requireNonNull(source.stream);
        if (!source.streamTaken.compareAndSet(false, true)) {
          throw new IllegalStateException(
              "a Stream source can be sent only once; use an Iterable to allow retries"
                  + " (a redirect, an authentication retry)");
        }
        onClose = s::close;
        try {
          elements = s.iterator();
        } catch (RuntimeException e) {
          s.close();
          throw e;
        }
      }
    } catch (RuntimeException e) {
      subscriber.onSubscribe(NoChunks.INSTANCE);
      subscriber.onError(e);
      return;
    }
    subscriber.onSubscribe(new Chunks(subscriber, elements, onClose));
  }

  /** The subscription of a subscriber that is only told why it gets nothing. */
  private enum NoChunks implements Flow.Subscription {
    INSTANCE;

    @Override
    public void request(long n) {}

    @Override
    public void cancel() {}
  }

  /**
   * Serializes elements into chunks on demand. Every signal and every use of the source happens
   * inside the drain loop, so they never overlap (rule 1.3).
   */
  private final class Chunks extends DrainedSubscription {
    private final Flow.Subscriber<? super ByteBuffer> subscriber;
    private final Iterator<?> elements;
    private final Runnable onClose;
    private final @Nullable CharsetEncoder encoder;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(CHUNK_SIZE + 1024);
    private final Gzip.@Nullable Stream compressor = gzip ? new Gzip.Stream() : null;
    private @Nullable ByteArrayOutputStream compressed;
    private boolean started;
    private boolean first = true;
    private boolean done;
    private boolean ended;

    Chunks(Flow.Subscriber<? super ByteBuffer> subscriber, Iterator<?> elements, Runnable onClose) {
      this.subscriber = subscriber;
      this.elements = elements;
      this.onClose = onClose;
      this.encoder = charset == null ? null : JsonEncoding.encoder(charset);
    }

    @Override
    protected void emit() {
      while (!done) {
        if (cancelled) {
          finish();
          break;
        }
        IllegalArgumentException invalid = invalidRequest;
        if (invalid != null) {
          RuntimeException closing = finish();
          if (closing != null) {
            invalid.addSuppressed(closing);
          }
          subscriber.onError(invalid);
          break;
        }
        if (ended) {
          RuntimeException closing = finish();
          if (closing != null) {
            subscriber.onError(closing);
          } else {
            subscriber.onComplete();
          }
          break;
        }
        if (demand.get() == 0) {
          break;
        }
        ByteBuffer chunk;
        try {
          chunk = nextChunk();
        } catch (IOException | RuntimeException e) {
          RuntimeException closing = finish();
          if (closing != null) {
            e.addSuppressed(closing);
          }
          subscriber.onError(e);
          break;
        }
        if (chunk == null || cancelled) {
          continue; // ended or cancelled: the next turn completes or closes
        }
        demand.decrementAndGet();
        try {
          subscriber.onNext(chunk);
        } catch (RuntimeException | Error e) {
          finish(); // a subscriber that throws has cancelled (rule 2.13)
          throw e;
        }
      }
    }

    /** Closes the source once; returns what closing threw, if anything. */
    private @Nullable RuntimeException finish() {
      if (done) {
        return null;
      }
      done = true;
      if (compressor != null) {
        compressor.close(); // its deflater ended on every end: completed, cancelled, failed
      }
      try {
        onClose.run();
        return null;
      } catch (RuntimeException e) {
        return e;
      }
    }

    /** The next chunk, or {@code null} when the sequence ended with nothing left to write. */
    private @Nullable ByteBuffer nextChunk() throws IOException {
      buffer.reset();
      if (!started) {
        started = true;
        if (!ndjson) {
          buffer.write(open);
        }
      }
      boolean more = true;
      while (!cancelled && (more = elements.hasNext()) && buffer.size() < CHUNK_SIZE) {
        byte[] element = element(elements.next());
        if (!ndjson && !first) {
          buffer.write(comma);
        }
        buffer.write(element);
        if (ndjson) {
          buffer.write(newline);
        }
        if (first) {
          first = false;
          source.wroteElements = true;
        }
      }
      if (!more) {
        if (first && source.iterable != null && source.wroteElements) {
          throw new IllegalStateException(
              ONE_SHOT
                  + "an earlier pass wrote elements and this one found none (a spent iterator?)."
                  + " Nothing of this pass was sent");
        }
        ended = true;
        if (!ndjson) {
          buffer.write(close);
        }
        if (buffer.size() == 0 && compressor == null) {
          return null;
        }
      }
      return ByteBuffer.wrap(bytes(!more));
    }

    /** The chunk's bytes; compressed, each chunk flushed and the last ending the gzip member. */
    private byte[] bytes(boolean last) {
      Gzip.Stream c = compressor;
      if (c == null) {
        return buffer.toByteArray();
      }
      ByteArrayOutputStream out = compressed;
      if (out == null) {
        out = new ByteArrayOutputStream(CHUNK_SIZE / 4);
        compressed = out;
      }
      out.reset();
      byte[] raw = buffer.toByteArray();
      c.write(raw, 0, raw.length, out, !last);
      if (last) {
        c.finish(out);
      }
      return out.toByteArray();
    }

    /** One element's bytes: on one line for NDJSON, in the body's charset. */
    private byte[] element(@Nullable Object value) throws IOException {
      CharsetEncoder e = encoder;
      if (e == null) {
        byte[] bytes = writer.writeBytes(value);
        return oneLine ? JsonEncoding.oneLine(bytes) : bytes;
      }
      StringWriter text = new StringWriter();
      writer.write(value, text);
      return JsonEncoding.encode(
          oneLine ? JsonEncoding.oneLine(text.getBuffer()) : text.getBuffer(), e);
    }
  }
}
