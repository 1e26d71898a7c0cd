package dev.httpjson.spi;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import org.jspecify.annotations.Nullable;

/**
 * Reads the elements of a top-level JSON array, or a sequence of JSON values separated by
 * whitespace (NDJSON), one at a time. Empty input is an empty sequence; content after the array's
 * end is an error. Opening must not read ahead more than the parser needs. Thread-safe factory;
 * each {@link Cursor} is used by one thread.
 */
public interface JsonSequenceReader<T> {

  /** Opens a cursor over a top-level JSON array read from UTF-8 bytes. */
  Cursor<T> array(InputStream in) throws IOException;

  /** Opens a cursor over a top-level JSON array read from characters. */
  Cursor<T> array(Reader reader) throws IOException;

  /** Opens a cursor over whitespace-separated JSON values (NDJSON) read from UTF-8 bytes. */
  Cursor<T> values(InputStream in) throws IOException;

  /** Opens a cursor over whitespace-separated JSON values (NDJSON) read from characters. */
  Cursor<T> values(Reader reader) throws IOException;

  /** A one-pass iteration over the elements; closing it closes the underlying input. */
  interface Cursor<T> extends Closeable {

    /** Advances to the next element; {@code false} at the end of the array or input. */
    boolean next() throws IOException;

    /** Reads the element that {@link #next()} advanced to; may be {@code null} (JSON null). */
    @Nullable T value() throws IOException;
  }
}
