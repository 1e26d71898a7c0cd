package dev.httpjson.codec.support.internal;

import dev.httpjson.JsonReadException;
import dev.httpjson.spi.JsonSequenceReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import org.jspecify.annotations.Nullable;

/**
 * A {@link JsonSequenceReader} whose four entries open one way: a codec says how to open a cursor
 * on bytes or on characters, as a top-level array or as values one after another.
 *
 * @param <T> the element type
 */
public abstract class SequenceSource<T> implements JsonSequenceReader<T> {
  /** For subclasses. */
  protected SequenceSource() {}

  @Override
  public Cursor<T> array(InputStream in) throws IOException {
    return open(in, null, true);
  }

  @Override
  public Cursor<T> array(Reader in) throws IOException {
    return open(null, in, true);
  }

  @Override
  public Cursor<T> values(InputStream in) throws IOException {
    return open(in, null, false);
  }

  @Override
  public Cursor<T> values(Reader in) throws IOException {
    return open(null, in, false);
  }

  /**
   * Opens a cursor on {@code bytes} or {@code chars} (one of them is null); closes the input if it
   * fails.
   *
   * @param bytes UTF-8 input, or null
   * @param chars character input, or null
   * @param array whether the input is one top-level array of the elements
   * @return the cursor
   * @throws IOException if the input cannot be read or does not start as it must
   */
  protected abstract Cursor<T> open(
      @Nullable InputStream bytes, @Nullable Reader chars, boolean array) throws IOException;

  /**
   * {@link ReadProblems#requireUtf8Start(InputStream)}, closing {@code in} when it fails.
   *
   * @param in the input
   * @return the same input, unread
   * @throws IOException if reading fails or the input does not start as UTF-8 JSON
   */
  protected static InputStream utf8OrClose(InputStream in) throws IOException {
    try {
      return ReadProblems.requireUtf8Start(in);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  /**
   * A cursor over a library's tokens: the end of a top-level array, the end of input inside it and
   * content after it are decided here, the same for every codec.
   *
   * @param <T> the element type
   */
  public abstract static class TokenCursor<T> implements JsonSequenceReader.Cursor<T> {
    private final boolean array;
    private boolean ended;

    /** What a JSON null element reads as: an empty {@code Optional*}, else null. */
    private final @Nullable T nullElement;

    /** The index of the element read last. */
    private int index = -1;

    /**
     * A cursor past the opening bracket of a top-level array, or at the start of values.
     *
     * @param array whether the elements are in a top-level array
     * @param elementClass the class of the elements
     */
    @SuppressWarnings("unchecked")
    protected TokenCursor(boolean array, Class<?> elementClass) {
      this.array = array;
      this.nullElement = (T) ScalarRules.nullValue(elementClass);
    }

    /**
     * Steps past the current token if it is a JSON null: the cursor reads a null element itself.
     *
     * @return whether the token was a null
     */
    protected abstract boolean skipNull();

    /**
     * Reads the element at the current token with the library.
     *
     * @return the element
     * @throws Exception as the library fails
     */
    protected abstract @Nullable T readElement() throws Exception;

    /**
     * The exception to surface for {@code e}, met reading an element, placed where the parser
     * stopped.
     *
     * @param e what reading threw
     * @return the exception, or null when {@code e} is not a reading failure (it goes through as it
     *     is)
     */
    protected abstract @Nullable IOException elementFailure(Throwable e);

    /**
     * The path inside the element of a mapping failure, whose path the library starts at the
     * element; null when {@code e} is none.
     *
     * @param e what reading threw
     * @return the segments, names and indexes, or null
     */
    protected abstract @Nullable Iterable<?> pathInside(Throwable e);

    @Override
    public final @Nullable T value() throws IOException {
      index++;
      try {
        return skipNull() ? nullElement : readElement();
      } catch (Exception | StackOverflowError e) {
        IOException failure = ParserReading.rethrownUnless(elementFailure(e), e);
        Iterable<?> inside = pathInside(e);
        // The element's index goes in front of the path inside it.
        throw inside == null ? failure : ReadProblems.atElement(failure, array, index, inside, e);
      }
    }

    /**
     * Moves to the next token.
     *
     * @return the token, as the library names it, or null at the end of input
     * @throws IOException if reading fails
     */
    protected abstract @Nullable Object nextToken() throws IOException;

    /**
     * Whether {@code token} closes an array.
     *
     * @param token a token {@link #nextToken} returned
     * @return whether it is the end of an array
     */
    protected abstract boolean isEndArray(Object token);

    /**
     * A failure at the current token.
     *
     * @param problem what is wrong
     * @param root whether the path is the root's ({@code $}) rather than the current one
     * @return the exception
     */
    protected abstract JsonReadException failure(String problem, boolean root);

    @Override
    public final boolean next() throws IOException {
      if (ended) {
        return false;
      }
      Object token = nextToken();
      if (token == null && array) {
        ended = true;
        throw failure(ReadProblems.endInsideArray(), false);
      }
      if (token == null || (array && isEndArray(token))) {
        ended = true;
        Object trailing = array ? nextToken() : null;
        if (trailing != null) {
          throw failure(ReadProblems.afterArray(trailing), true);
        }
        return false;
      }
      return true;
    }
  }
}
