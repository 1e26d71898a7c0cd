package dev.httpjson.spi;

import dev.httpjson.JsonReadException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import org.jspecify.annotations.Nullable;

/**
 * Deserializes JSON into values of one type. Thread-safe; obtained once per type from a {@link
 * JsonBinding} and reused for every response.
 *
 * <p>Malformed JSON, a value that does not fit the type, trailing content after the value, and
 * content over a parser limit all fail with a {@link JsonReadException} that gives the position and
 * path where the problem was found.
 */
public interface JsonReader<T> {

  /** Reads one JSON value from UTF-8 (or BOM-marked UTF-16/32) bytes. */
  @Nullable T read(byte[] bytes, int offset, int length) throws IOException;

  /** Reads one JSON value from a stream of UTF-8 bytes. Does not close the stream. */
  @Nullable T read(InputStream in) throws IOException;

  /** Reads one JSON value from characters (used when the response has a non-UTF-8 charset). */
  @Nullable T read(Reader reader) throws IOException;
}
