package dev.httpjson.codec.support.internal;

import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonWriteException;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What a codec binds a type its library cannot read or write to: every use fails with the codec's
 * problem for the type (an input given is closed), so that the failure is the call's, and an async
 * call fails its future rather than throwing when it is bound.
 *
 * @param <T> the type
 */
public final class Unbindable<T> implements JsonReader<T>, JsonWriter<T>, JsonSequenceReader<T> {
  private final Throwable cause;
  private final Function<String, String> problem;

  /**
   * A binding that fails.
   *
   * @param cause what the library threw when asked for the type
   * @param problem the problem for a verb, {@code "read"} or {@code "write"}
   */
  public Unbindable(Throwable cause, Function<String, String> problem) {
    this.cause = cause;
    this.problem = problem;
  }

  private HttpJsonException readFailure(@Nullable Closeable input) throws IOException {
    if (input != null) {
      input.close();
    }
    return new HttpJsonException(problem.apply("read"), cause);
  }

  @Override
  public @Nullable T read(byte[] bytes, int offset, int length) throws IOException {
    throw readFailure(null);
  }

  @Override
  public @Nullable T read(InputStream in) throws IOException {
    throw readFailure(null);
  }

  @Override
  public @Nullable T read(Reader in) throws IOException {
    throw readFailure(null);
  }

  @Override
  public byte[] writeBytes(@Nullable T value) throws IOException {
    throw new JsonWriteException(problem.apply("write"), "$", cause);
  }

  @Override
  public void write(@Nullable T value, OutputStream out) throws IOException {
    writeBytes(value);
  }

  @Override
  public void write(@Nullable T value, Writer out) throws IOException {
    writeBytes(value);
  }

  @Override
  public Cursor<T> array(InputStream in) throws IOException {
    throw readFailure(in);
  }

  @Override
  public Cursor<T> array(Reader in) throws IOException {
    throw readFailure(in);
  }

  @Override
  public Cursor<T> values(InputStream in) throws IOException {
    throw readFailure(in);
  }

  @Override
  public Cursor<T> values(Reader in) throws IOException {
    throw readFailure(in);
  }
}
