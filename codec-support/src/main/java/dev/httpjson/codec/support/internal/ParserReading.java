package dev.httpjson.codec.support.internal;

import dev.httpjson.spi.JsonReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.time.DateTimeException;
import org.jspecify.annotations.Nullable;

/**
 * A {@link JsonReader} over a library's streaming parser, read the same way by both Jackson codecs:
 * bytes are read whole, and a failure without a position of its own (a data error the library lets
 * out unwrapped, a parser limit's exception, a stack that ran out) is placed by reading them again
 * with a parser at hand, which only these rare failures pay for; a stream or characters are read
 * through a parser of the codec's, which places such a failure where it stopped. A codec says how
 * to open a parser and read a value, and what its library's failures mean.
 *
 * @param <T> the type read
 * @param <P> the library's parser
 */
public abstract class ParserReading<T, P> implements JsonReader<T> {
  /** For subclasses. */
  protected ParserReading() {}

  /**
   * Reads a value from bytes.
   *
   * @param bytes the input
   * @param offset where it starts
   * @param length its length
   * @return the value
   * @throws Exception as the library fails
   */
  protected abstract @Nullable T readValue(byte[] bytes, int offset, int length) throws Exception;

  /**
   * Reads a value through {@code parser}, refusing content after it.
   *
   * @param parser a parser {@link #parser} opened
   * @return the value
   * @throws Exception as the library fails
   */
  protected abstract @Nullable T readValue(P parser) throws Exception;

  /**
   * Opens a parser on bytes.
   *
   * @param bytes the input
   * @param offset where it starts
   * @param length its length
   * @return the parser
   * @throws Exception as the library fails
   */
  protected abstract P parser(byte[] bytes, int offset, int length) throws Exception;

  /**
   * Opens a parser on {@code bytes} or {@code chars} (one of them is null).
   *
   * @param bytes UTF-8 input, or null
   * @param chars character input, or null
   * @return the parser
   * @throws Exception as the library fails
   */
  protected abstract P parser(@Nullable InputStream bytes, @Nullable Reader chars) throws Exception;

  /**
   * Closes a parser.
   *
   * @param parser the parser
   * @throws IOException if closing the input fails
   */
  protected abstract void close(P parser) throws IOException;

  /**
   * Whether {@code e} is a failure of the library's that has no position of its own (a parser
   * limit's, some mapping failures), so that bytes are read again to place it, as a data error
   * ({@link #isDataError}) and a stack that ran out are.
   *
   * @param e the failure
   * @return whether to place it by reading again
   */
  protected abstract boolean unplaced(Throwable e);

  /**
   * Whether {@code e} is a mapping failure the library gives no path: it is about the value read
   * itself, and reported at the root ({@link ReadProblems#atRoot}).
   *
   * @param e the failure
   * @return whether it is at the root
   */
  protected abstract boolean atRoot(Throwable e);

  /**
   * The exception to surface for {@code e}: placed where {@code parser} stopped when {@code e} has
   * no position of its own, a stack that ran out and a data error included, when a parser is given.
   *
   * @param e what reading threw
   * @param parser the parser, or null when there is none at hand
   * @return the exception, or null when {@code e} is not a reading failure (it goes through as it
   *     is)
   */
  protected abstract @Nullable IOException failure(Throwable e, @Nullable P parser);

  /**
   * Whether {@code e} is a data error a library lets out unwrapped: a number whose exponent {@code
   * BigDecimal} cannot hold is a {@code NumberFormatException}, a date out of range a {@code
   * DateTimeException}.
   *
   * @param e the failure
   * @return whether it is a data error
   */
  public static boolean isDataError(Throwable e) {
    return e instanceof IllegalArgumentException
        || e instanceof ArithmeticException
        || e instanceof DateTimeException;
  }

  @Override
  public final @Nullable T read(byte[] bytes, int offset, int length) throws IOException {
    ReadProblems.requireUtf8Start(bytes, offset, length);
    try {
      return readValue(bytes, offset, length);
    } catch (Exception | StackOverflowError e) {
      if (e instanceof StackOverflowError) {
        ReadProblems.requireStackRanOut((StackOverflowError) e);
      }
      boolean again = isDataError(e) || e instanceof StackOverflowError || unplaced(e);
      throw rooted(e, again ? locate(e, bytes, offset, length) : failure(e, null));
    }
  }

  private IOException locate(Throwable e, byte[] bytes, int offset, int length) throws IOException {
    P parser;
    try {
      parser = parser(bytes, offset, length);
    } catch (Exception again) {
      IOException failure = failure(e, null);
      return failure != null
          ? failure
          : ReadProblems.Place.UNKNOWN.failure(ReadProblems.unplacedProblem(e), e);
    }
    try {
      try {
        readValue(parser);
      } catch (Exception | StackOverflowError again) {
        // Expected: the same failure, now with the parser at hand.
      }
      return rethrownUnless(failure(e, parser), e);
    } finally {
      close(parser);
    }
  }

  @Override
  public final @Nullable T read(InputStream in) throws IOException {
    return read(ReadProblems.requireUtf8Start(in), null);
  }

  @Override
  public final @Nullable T read(Reader in) throws IOException {
    return read(null, in);
  }

  private @Nullable T read(@Nullable InputStream in, @Nullable Reader chars) throws IOException {
    P parser;
    try {
      parser = parser(in, chars);
    } catch (Exception e) {
      throw rethrownUnless(failure(e, null), e);
    }
    try {
      return readValue(parser);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    } catch (Exception | StackOverflowError e) {
      throw rooted(e, failure(e, parser));
    } finally {
      close(parser);
    }
  }

  private IOException rooted(Throwable e, @Nullable IOException failure) throws IOException {
    IOException f = rethrownUnless(failure, e);
    return atRoot(e) ? ReadProblems.atRoot(f, e) : f;
  }

  /** {@code failure}; when there is none, {@code e} is thrown as it is. */
  static IOException rethrownUnless(@Nullable IOException failure, Throwable e) throws IOException {
    if (failure != null) {
      return failure;
    } else if (e instanceof IOException) {
      throw (IOException) e;
    } else if (e instanceof RuntimeException) {
      throw (RuntimeException) e;
    } else if (e instanceof Error) {
      throw (Error) e;
    }
    throw new IllegalStateException(e);
  }
}
