package dev.httpjson.codec.support.internal;

import dev.httpjson.spi.JsonWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import org.jspecify.annotations.Nullable;

/**
 * A {@link JsonWriter} whose two streaming entries write one way: a codec says how to write to
 * bytes or to characters.
 *
 * @param <T> the type written
 */
public abstract class ValueWriter<T> implements JsonWriter<T> {
  /** For subclasses. */
  protected ValueWriter() {}

  @Override
  public void write(@Nullable T value, OutputStream out) throws IOException {
    write(value, out, null);
  }

  @Override
  public void write(@Nullable T value, Writer out) throws IOException {
    write(value, null, out);
  }

  /**
   * Writes {@code value} to {@code bytes} or {@code chars} (one of them is null).
   *
   * @param value the value
   * @param bytes UTF-8 output, or null
   * @param chars character output, or null
   * @throws IOException if writing fails or the value cannot be written
   */
  protected abstract void write(
      @Nullable T value, @Nullable OutputStream bytes, @Nullable Writer chars) throws IOException;
}
