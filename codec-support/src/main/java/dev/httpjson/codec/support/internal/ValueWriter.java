package dev.httpjson.codec.support.internal;

import dev.httpjson.JsonWriteException;
import dev.httpjson.spi.JsonWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import org.jspecify.annotations.Nullable;

/**
 * A {@link JsonWriter} made of a library's three write calls and its way of saying what went wrong:
 * the library's own failures become {@link JsonWriteException}s, anything else (an I/O failure of
 * the output) goes through as it is.
 *
 * @param <T> the type written
 */
public final class ValueWriter<T> implements JsonWriter<T> {
  /**
   * A library's call that writes a value to a sink.
   *
   * @param <S> the sink: an {@link OutputStream} or a {@link Writer}
   */
  @FunctionalInterface
  public interface Call<S> {
    /**
     * Writes {@code value} to {@code sink}.
     *
     * @param sink the output
     * @param value the value
     * @throws Exception as the library fails
     */
    void write(S sink, @Nullable Object value) throws Exception;
  }

  /** A library's call that writes a value as UTF-8 bytes. */
  @FunctionalInterface
  public interface ToBytes {
    /**
     * Writes {@code value}.
     *
     * @param value the value
     * @return the bytes
     * @throws Exception as the library fails
     */
    byte[] write(@Nullable Object value) throws Exception;
  }

  /** What a library's failure means to httpjson. */
  @FunctionalInterface
  public interface Failure {
    /**
     * The exception to surface for {@code e}.
     *
     * @param e what the library threw
     * @param value the value being written
     * @return the exception, or null when {@code e} is not the library's (it is thrown as it is)
     */
    @Nullable JsonWriteException of(Exception e, @Nullable Object value);
  }

  private final ToBytes bytes;
  private final Call<OutputStream> stream;
  private final Call<Writer> chars;
  private final Failure failure;

  /**
   * A writer of the library's calls.
   *
   * @param bytes writes a value as bytes
   * @param stream writes a value to a stream, as UTF-8
   * @param chars writes a value to characters
   * @param failure what the library's failures mean
   */
  public ValueWriter(
      ToBytes bytes, Call<OutputStream> stream, Call<Writer> chars, Failure failure) {
    this.bytes = bytes;
    this.stream = stream;
    this.chars = chars;
    this.failure = failure;
  }

  @Override
  public void write(@Nullable T value, OutputStream out) throws IOException {
    write(stream, out, value);
  }

  @Override
  public void write(@Nullable T value, Writer out) throws IOException {
    write(chars, out, value);
  }

  private <S> void write(Call<S> call, S sink, @Nullable Object value) throws IOException {
    try {
      call.write(sink, value);
    } catch (Exception e) {
      throw failure(e, value);
    }
  }

  @Override
  public byte[] writeBytes(@Nullable T value) throws IOException {
    try {
      return bytes.write(value);
    } catch (Exception e) {
      throw failure(e, value);
    }
  }

  private IOException failure(Exception e, @Nullable Object value) {
    JsonWriteException translated = failure.of(e, value);
    if (translated != null) {
      return translated;
    }
    if (e instanceof IOException) {
      return (IOException) e;
    }
    if (e instanceof RuntimeException) {
      throw (RuntimeException) e;
    }
    throw new IllegalStateException(e);
  }
}
