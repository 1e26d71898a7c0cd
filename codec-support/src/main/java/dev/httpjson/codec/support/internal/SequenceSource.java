package dev.httpjson.codec.support.internal;

import dev.httpjson.JsonReadException;
import dev.httpjson.spi.JsonSequenceReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * A {@link JsonSequenceReader} whose four entries open one way: a codec says how to open a cursor
 * on bytes or on characters, as a top-level array or as values one after another.
 *
 * @param <T> the element type
 */
public abstract class SequenceSource<T> implements JsonSequenceReader<T> {
  /**
   * Whether {@link #open} gets bytes behind line breaks ({@link #utf8Led}) and its cursors report
   * lines on the body's lines.
   */
  private final boolean led;

  /** For subclasses. */
  protected SequenceSource() {
    this(false);
  }

  /**
   * For a library whose parser reads four bytes before it starts, to tell UTF-8 from UTF-16 and
   * UTF-32, however long they take to come (Jackson's does): with {@code led}, {@link #open} gets
   * the bytes checked as UTF-8 ({@link ReadProblems#requireUtf8Start(InputStream)}) behind four
   * line breaks, insignificant whitespace that the parser starts on at once, so that an element in
   * a body's first bytes is read as soon as they arrive; the failures of {@code open} and of its
   * cursor, which must then be a {@link TokenCursor}, are placed on the body's own lines.
   *
   * @param led whether to lead the bytes with line breaks
   */
  protected SequenceSource(boolean led) {
    this.led = led;
  }

  @Override
  public Cursor<T> array(InputStream in) throws IOException {
    return led ? openLed(in, true) : open(in, null, true);
  }

  @Override
  public Cursor<T> array(Reader in) throws IOException {
    return open(null, in, true);
  }

  @Override
  public Cursor<T> values(InputStream in) throws IOException {
    return led ? openLed(in, false) : open(in, null, false);
  }

  @Override
  public Cursor<T> values(Reader in) throws IOException {
    return open(null, in, false);
  }

  /**
   * Opens a cursor on {@code bytes} or {@code chars} (one of them is null); closes the input if it
   * fails.
   *
   * @param bytes UTF-8 input, or null; behind line breaks for a source made {@code led}
   * @param chars character input, or null
   * @param array whether the input is one top-level array of the elements
   * @return the cursor
   * @throws IOException if the input cannot be read or does not start as it must
   */
  protected abstract Cursor<T> open(
      @Nullable InputStream bytes, @Nullable Reader chars, boolean array) throws IOException;

  private Cursor<T> openLed(InputStream in, boolean array) throws IOException {
    InputStream body = utf8Led(in); // a failure here is placed on the body's lines already
    Cursor<T> cursor;
    try {
      cursor = open(body, null, array);
    } catch (JsonReadException e) {
      throw onBodyLines(e);
    }
    ((TokenCursor<T>) cursor).led = true;
    return cursor;
  }

  /**
   * {@link ReadProblems#requireUtf8Start(InputStream)}'s check, closing {@code in} when it fails,
   * and the input behind four line breaks; a UTF-8 byte order mark becomes three spaces, as many
   * columns as a parser that skips the mark counts for it on the body's first line. Only a body
   * whose first byte is {@code 0xEF} is waited on for a third byte, to tell a mark.
   */
  private static InputStream utf8Led(InputStream in) throws IOException {
    try {
      return new Led(in);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  /** The line breaks {@link #utf8Led} puts before the body. */
  private static final byte[] LEAD = {'\n', '\n', '\n', '\n'};

  /** {@code e} on the body's lines: those the parser reported, less the {@link #LEAD}. */
  private static JsonReadException onBodyLines(JsonReadException e) {
    if (e.line() <= LEAD.length) {
      return e; // unknown (-1)
    }
    JsonReadException moved =
        new JsonReadException(
            e.problem(), e.line() - LEAD.length, e.column(), e.path(), e.getCause());
    moved.setStackTrace(e.getStackTrace());
    return moved;
  }

  /**
   * A body behind the {@link #LEAD} line breaks: they and the bytes read to check the body's start
   * come first, in one read, then the body's own reads, passed straight through.
   */
  private static final class Led extends InputStream {
    private final InputStream in;
    private final byte[] head;
    private int next;

    Led(InputStream in) throws IOException {
      byte[] start = in.readNBytes(2);
      ReadProblems.requireUtf8Start(start, 0, start.length);
      if (start.length == 2 && (start[0] & 0xFF) == 0xEF) {
        byte[] third = in.readNBytes(1);
        boolean mark = (start[1] & 0xFF) == 0xBB && third.length == 1 && (third[0] & 0xFF) == 0xBF;
        start = mark ? new byte[] {' ', ' ', ' '} : concat(start, third);
      }
      this.in = in;
      this.head = concat(LEAD, start);
    }

    private static byte[] concat(byte[] a, byte[] b) {
      byte[] both = Arrays.copyOf(a, a.length + b.length);
      System.arraycopy(b, 0, both, a.length, b.length);
      return both;
    }

    @Override
    public int read() throws IOException {
      return next < head.length ? head[next++] & 0xFF : in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int left = head.length - next;
      if (left <= 0 || len == 0) {
        return in.read(b, off, len);
      }
      int n = Math.min(left, len);
      System.arraycopy(head, next, b, off, n);
      next += n;
      return n;
    }

    @Override
    public int available() throws IOException {
      return Math.max(head.length - next, 0) + in.available();
    }

    @Override
    public void close() throws IOException {
      next = head.length;
      in.close();
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

    /** Whether the parser reads the body behind {@link #LEAD}: failures are moved to its lines. */
    private boolean led;

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
        failure =
            inside == null ? failure : ReadProblems.atElement(failure, array, index, inside, e);
        throw led && failure instanceof JsonReadException
            ? onBodyLines((JsonReadException) failure)
            : failure;
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
      try {
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
      } catch (JsonReadException e) {
        throw led ? onBodyLines(e) : e;
      }
    }
  }
}
