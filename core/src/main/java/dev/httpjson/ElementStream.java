package dev.httpjson;

import dev.httpjson.spi.JsonSequenceReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;

/**
 * The elements of a streamed body, parsed one at a time as the bytes arrive. Opened lazily, on the
 * consumer's thread, at the first element (the client's threads must never block on the body).
 * Closing — at the end, on an error, or early — closes the body, which releases the connection. The
 * timeouts bound the reads' waits for body bytes, never the consumer's pace ({@link
 * TimedInputStream}).
 */
final class ElementStream<T> implements Iterator<T>, Closeable {
  private final InputStream raw;
  private final @Nullable TimedInputStream timed;
  private final LimitedInputStream limited;
  private final @Nullable Charset charset;
  private final JsonSequenceReader<T> reader;
  private final boolean ndjson;
  private final Type elementType;
  private final @Nullable String contentType;

  private JsonSequenceReader.@Nullable Cursor<T> cursor;
  private boolean advanced;
  private boolean hasNext;
  private volatile boolean closed;

  ElementStream(
      InputStream raw,
      @Nullable TimedInputStream timed,
      long elementLimit,
      @Nullable Charset charset,
      JsonSequenceReader<T> reader,
      boolean ndjson,
      Type elementType,
      @Nullable String contentType) {
    this.raw = raw;
    this.timed = timed;
    this.limited = new LimitedInputStream(timed != null ? timed : raw, elementLimit);
    this.charset = charset;
    this.reader = reader;
    this.ndjson = ndjson;
    this.elementType = elementType;
    this.contentType = contentType;
  }

  Stream<T> stream() {
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(this, Spliterator.ORDERED), false)
        .onClose(this::closeUnchecked);
  }

  /**
   * Sets what is left of the whole-call timeout for waiting for body bytes, once connecting and the
   * headers used their part; a negative or zero remainder fails the first read that must wait.
   */
  void remaining(long nanos) {
    if (timed != null) {
      timed.remaining(nanos);
    }
  }

  @Override
  public boolean hasNext() {
    if (!advanced) {
      if (closed) {
        return false;
      }
      limited.resetAllowance();
      try {
        if (cursor == null) {
          cursor = open();
        }
        hasNext = cursor.next();
      } catch (IOException | RuntimeException e) {
        throw fail(e);
      }
      advanced = true;
      if (!hasNext) {
        closeUnchecked();
      }
    }
    return hasNext;
  }

  @Override
  public T next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    advanced = false;
    try {
      return cursor.value();
    } catch (IOException | RuntimeException e) {
      throw fail(e);
    }
  }

  private JsonSequenceReader.Cursor<T> open() throws IOException {
    if (charset == null) {
      return ndjson ? reader.values(limited) : reader.array(limited);
    }
    InputStreamReader chars =
        new InputStreamReader(
            limited,
            charset
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT));
    return ndjson ? reader.values(chars) : reader.array(chars);
  }

  private RuntimeException fail(Exception e) {
    closeUnchecked();
    IOException timeout = timed != null ? timed.expired() : null;
    if (timeout != null) {
      return new UncheckedIOException(timeout);
    }
    if (e instanceof JsonReadException) {
      return new UncheckedIOException(
          ((JsonReadException) e).withContext(elementType, contentType));
    }
    if (e.getClass() == HttpJsonException.class) {
      return new UncheckedIOException((HttpJsonException) e); // a codec that cannot reach the type
    }
    if (e instanceof IOException) {
      IOException inputFailure = limited.failure();
      if (inputFailure != null) {
        return new UncheckedIOException(inputFailure); // the body itself failed, or the limit
      }
      // The input was fine: the decoder failed on its bytes (a sniffed encoding it cannot read).
      return new UncheckedIOException(
          Responses.malformed((IOException) e).withContext(elementType, contentType));
    }
    return (RuntimeException) e;
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    hasNext = false;
    advanced = true;
    try {
      if (cursor != null) {
        cursor.close();
      }
    } finally {
      raw.close();
    }
  }

  void closeQuietly() {
    try {
      close();
    } catch (IOException | RuntimeException ignored) {
      // Already failing for another reason.
    }
  }

  private void closeUnchecked() {
    try {
      close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
