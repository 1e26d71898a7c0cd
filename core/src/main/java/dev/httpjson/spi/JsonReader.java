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
 * <p>Each method reads one JSON value, JSON {@code null} as {@code null}. Malformed JSON, a value
 * that does not fit the type, trailing content after the value, and content over a parser limit all
 * fail with a {@link JsonReadException} that gives the position and path where the problem was
 * found; any other failure to read is an {@link IOException}. A method never closes its source: the
 * caller owns it.
 */
public interface JsonReader<T> {

  /**
   * Reads {@code length} bytes of UTF-8 from {@code bytes} at {@code offset}, a buffer it must not
   * keep or change (a UTF-8 byte order mark is skipped; a UTF-16 or UTF-32 one fails with a {@link
   * JsonReadException}): the path of a buffered response body.
   */
  @Nullable T read(byte[] bytes, int offset, int length) throws IOException;

  /**
   * Reads from a stream of UTF-8 bytes, up to the end of the value and of any whitespace after it.
   */
  @Nullable T read(InputStream in) throws IOException;

  /**
   * Reads from characters already decoded from the response charset: used when the response has a
   * non-UTF-8 charset.
   */
  @Nullable T read(Reader reader) throws IOException;
}
