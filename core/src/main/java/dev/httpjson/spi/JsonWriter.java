package dev.httpjson.spi;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import org.jspecify.annotations.Nullable;

/**
 * Serializes values of one type as JSON. Thread-safe; obtained once per type from a {@link
 * JsonBinding} and reused for every request.
 *
 * <p>A value that cannot be serialized fails with a {@link dev.httpjson.JsonWriteException}.
 */
public interface JsonWriter<T> {

  /**
   * Serializes {@code value} into a new array of UTF-8 bytes: the path of request bodies with a
   * Content-Length.
   *
   * @param value the value; {@code null} writes JSON {@code null}
   * @return the JSON, owned by the caller
   * @throws dev.httpjson.JsonWriteException if the value cannot be serialized
   * @throws IOException for any other failure to write
   */
  byte[] writeBytes(@Nullable T value) throws IOException;

  /**
   * Serializes {@code value} as UTF-8 into {@code out}. Does not close the stream: the caller owns
   * it.
   *
   * @param value the value; {@code null} writes JSON {@code null}
   * @param out where the JSON goes
   * @throws dev.httpjson.JsonWriteException if the value cannot be serialized
   * @throws IOException if writing to the stream fails
   */
  void write(@Nullable T value, OutputStream out) throws IOException;

  /**
   * Serializes {@code value} as characters, used when the request's media type names a non-UTF-8
   * charset. Does not close the writer: the caller owns it.
   *
   * @param value the value; {@code null} writes JSON {@code null}
   * @param writer where the JSON goes, encoding to the request charset
   * @throws dev.httpjson.JsonWriteException if the value cannot be serialized
   * @throws IOException if writing fails
   */
  void write(@Nullable T value, Writer writer) throws IOException;
}
