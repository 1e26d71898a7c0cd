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

  /** Serializes {@code value} into a new array of UTF-8 bytes. */
  byte[] writeBytes(@Nullable T value) throws IOException;

  /** Serializes {@code value} as UTF-8 into {@code out}. Does not close the stream. */
  void write(@Nullable T value, OutputStream out) throws IOException;

  /** Serializes {@code value} as characters (used for a non-UTF-8 charset). Does not close it. */
  void write(@Nullable T value, Writer writer) throws IOException;
}
