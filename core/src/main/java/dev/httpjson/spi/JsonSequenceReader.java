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
 *
 * <p>httpjson hands an element on only once the input shows it complete: a string, object or array
 * at its closing character, a number or literal at the {@code ,} or {@code ]} after it (in NDJSON
 * the whitespace after it or the end of the input). A cursor need not check that: when it returns a
 * number at a character that cannot end one ({@code 1} from {@code [1_000]}) or at the end of the
 * input, httpjson calls {@link Cursor#next()} before handing the number on, and that call's failure
 * is the stream's.
 */
public interface JsonSequenceReader<T> {

  /**
   * Opens a cursor, positioned before the first element, over a top-level JSON array read from
   * UTF-8 bytes; it fails with a {@link dev.httpjson.JsonReadException} when the input does not
   * start a JSON array. The cursor of this method and of the other three owns the input and closes
   * it; each of them throws an {@link IOException} when reading fails.
   */
  Cursor<T> array(InputStream in) throws IOException;

  /** As {@link #array(InputStream)}, from characters (a non-UTF-8 charset). */
  Cursor<T> array(Reader reader) throws IOException;

  /**
   * Opens a cursor, positioned before the first value, over whitespace-separated JSON values
   * (NDJSON) read from UTF-8 bytes.
   */
  Cursor<T> values(InputStream in) throws IOException;

  /** As {@link #values(InputStream)}, from characters. */
  Cursor<T> values(Reader reader) throws IOException;

  /** A one-pass iteration over the elements; closing it closes the underlying input. */
  interface Cursor<T> extends Closeable {

    /**
     * Advances to the next element, reading only as far as its start.
     *
     * @return {@code true} if there is an element to {@link #value() read}; {@code false} at the
     *     end of the array or input
     * @throws dev.httpjson.JsonReadException if the input is malformed where the next element or
     *     the end should be, or content follows the array
     * @throws IOException if reading fails
     */
    boolean next() throws IOException;

    /**
     * Reads the element that {@link #next()} advanced to.
     *
     * @return the element; {@code null} for JSON {@code null}
     * @throws dev.httpjson.JsonReadException if the element is malformed or does not fit the type
     * @throws IOException if reading fails
     */
    @Nullable T value() throws IOException;
  }
}
