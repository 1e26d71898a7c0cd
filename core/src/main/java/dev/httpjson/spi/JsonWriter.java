package dev.httpjson.spi;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import org.jspecify.annotations.Nullable;

/**
 * Serializes values of one type as JSON. Thread-safe; obtained once per type from a {@link
 * JsonBinding} and reused for every request.
 *
 * <p>Each method writes {@code value}, {@code null} as JSON {@code null}. A value that cannot be
 * serialized fails with a {@link dev.httpjson.JsonWriteException}; any other failure to write is an
 * {@link IOException}. A method never closes its target: the caller owns it.
 */
public interface JsonWriter<T> {

  /**
   * {@return the JSON of {@code value} in a new array of UTF-8 bytes, owned by the caller}: the
   * path of request bodies with a Content-Length.
   */
  byte[] writeBytes(@Nullable T value) throws IOException;

  /** Writes {@code value} as UTF-8 into {@code out}. */
  void write(@Nullable T value, OutputStream out) throws IOException;

  /**
   * Writes {@code value} as characters to {@code writer}, which encodes them to the request
   * charset: used when the request's media type names a non-UTF-8 charset.
   */
  void write(@Nullable T value, Writer writer) throws IOException;
}
