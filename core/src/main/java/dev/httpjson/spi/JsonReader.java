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

  /**
   * Reads one JSON value from UTF-8 bytes (a UTF-8 byte order mark is skipped; a UTF-16 or UTF-32
   * one fails with a {@link dev.httpjson.JsonReadException}): the path of a buffered response body.
   *
   * @param bytes the buffer, which the reader must not keep or change
   * @param offset where the JSON starts in {@code bytes}
   * @param length how many bytes the JSON takes
   * @return the value; {@code null} for JSON {@code null}
   * @throws JsonReadException if the bytes are not one JSON value of this type
   * @throws IOException for any other failure to read
   */
  @Nullable T read(byte[] bytes, int offset, int length) throws IOException;

  /**
   * Reads one JSON value from a stream of UTF-8 bytes. Does not close the stream: the caller owns
   * it.
   *
   * @param in the stream, read up to the end of the value and of any whitespace after it
   * @return the value; {@code null} for JSON {@code null}
   * @throws JsonReadException if the input is not one JSON value of this type
   * @throws IOException if reading the stream fails
   */
  @Nullable T read(InputStream in) throws IOException;

  /**
   * Reads one JSON value from characters, used when the response has a non-UTF-8 charset. Does not
   * close the reader: the caller owns it.
   *
   * @param reader the characters, already decoded from the response charset
   * @return the value; {@code null} for JSON {@code null}
   * @throws JsonReadException if the input is not one JSON value of this type
   * @throws IOException if reading fails
   */
  @Nullable T read(Reader reader) throws IOException;
}
