package dev.httpjson.internal;

import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonReadException;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.spi.JsonSequenceReader;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.FilterReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PushbackInputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;
import java.net.http.HttpClient;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;

/**
 * The elements of a streamed body, parsed one at a time as the bytes arrive. Opened lazily on the
 * consumer's thread: the client's threads never block on the body.
 */
public final class ElementStream<T> implements Iterator<T>, Closeable {
  private final InputStream raw;
  private final @Nullable TimedInputStream timed;
  private final LimitedInputStream limited;
  private final @Nullable Charset charset;
  private final JsonSequenceReader<T> reader;
  private final boolean ndjson;
  private final Type elementType;
  private final @Nullable String contentType;
  private final @Nullable String answer;
  private final @Nullable CallTrace trace;
  private final @Nullable CallState<?> plan;

  private JsonSequenceReader.@Nullable Cursor<T> cursor;
  private @Nullable Blank blank;
  private final ElementBounds bounds;
  private long delivered;
  private boolean anyElement;
  private boolean advanced;
  private boolean hasNext;
  private volatile boolean closed;
  private volatile boolean failing; // read by a close on another thread

  /** The watch for this stream being dropped unclosed ({@link #watch}), until it is closed. */
  private volatile Unreachables.@Nullable Watch dropWatch;

  /**
   * Where the streams of calls under no limit on calls in flight are watched ({@link #watch}): one
   * queue for all of them, since such a call may run on an {@code HttpClient} of the caller's
   * (given to {@code HttpJson}), where httpjson has no object of its own to keep one in; what such
   * a stream holds is a connection, which ending from any caller's thread runs no code but the
   * transport's. It holds only the watches of streams still open.
   */
  private static final Unreachables UNLIMITED = new Unreachables();

  public ElementStream(
      InputStream raw,
      @Nullable TimedInputStream timed,
      long elementLimit,
      @Nullable Charset charset,
      JsonSequenceReader<T> reader,
      boolean ndjson,
      Type elementType,
      @Nullable String contentType,
      @Nullable String answer,
      @Nullable CallTrace trace,
      @Nullable CallState<?> plan) {
    this.raw = raw;
    this.answer = answer;
    this.trace = trace;
    this.plan = plan;
    this.timed = timed;
    this.limited = new LimitedInputStream(timed != null ? timed : raw, elementLimit);
    this.charset = charset;
    this.reader = reader;
    this.ndjson = ndjson;
    this.elementType = elementType;
    this.contentType = contentType;
    this.bounds = new ElementBounds(!ndjson, elementLimit);
  }

  /**
   * The elements as a stream that is never split: a split reads a batch of elements ahead (1024 and
   * more, for as long as they take to come), so a {@code parallel()} stream is read on the caller's
   * thread, each element as it arrives and one at a time in memory, as a sequential one is.
   */
  public Stream<T> stream() {
    Spliterator<T> elements =
        new Spliterators.AbstractSpliterator<T>(Long.MAX_VALUE, Spliterator.ORDERED) {
          @Override
          public boolean tryAdvance(Consumer<? super T> action) {
            if (!hasNext()) {
              return false;
            }
            action.accept(next());
            return true;
          }

          @Override
          public @Nullable Spliterator<T> trySplit() {
            return null;
          }
        };
    return StreamSupport.stream(elements, false).onClose(this::closeUnchecked);
  }

  /**
   * Has this stream's exchange end once the caller dropped the stream unreachable unclosed (its
   * {@code Stream}, its iterator, this object, whatever the caller could reach): {@code body}'s
   * subscription is cancelled as a close cancels it, and {@code plan}'s permit comes back. Told by
   * a poll of the queue the stream is watched in (its limit's, {@link CallLimit#dropped}, or the
   * one of streams under none), when a call waits for a permit or a stream starts; ended by {@link
   * #close}. Only the stream of a call: the transport holds the body it delivered until the body
   * ends, so a stream that is a response's body ({@code JsonBodyHandlers}) never becomes
   * unreachable first, and one over the caller's own response ({@code readFromJsonAsStream}) is the
   * caller's to close.
   */
  void watch(InputStream body, @Nullable CallState<?> plan) {
    Runnable cancel = StreamingSubscriber.dropping(body);
    if (cancel == null) {
      return;
    }
    CallLimit.Permit permit = plan == null ? null : plan.permit;
    Unreachables queue = permit == null ? UNLIMITED : permit.limit().dropped;
    dropWatch = queue.watch(this, dropped(cancel, permit));
  }

  /** What a dropped stream runs: static, so that it holds neither the stream nor its reader. */
  private static Runnable dropped(Runnable cancel, CallLimit.@Nullable Permit permit) {
    if (permit == null) {
      return cancel;
    }
    return () -> {
      try {
        cancel.run();
      } finally {
        permit.release();
      }
    };
  }

  /**
   * A stream starts on {@code client}: the streams of its calls' queue found dropped unclosed since
   * the last poll end first (their exchanges, and their permits when the client has a limit).
   */
  public static void pollDropped(@Nullable HttpClient client) {
    CallLimit limit =
        client instanceof InterceptingClient ? ((InterceptingClient) client).limit : null;
    (limit != null ? limit.dropped : UNLIMITED).poll();
  }

  /** The watches of streams under no limit not yet ended nor told, for tests. */
  static int watchingUnlimited() {
    return UNLIMITED.watching();
  }

  /**
   * Sets what is left of the whole-call timeout for waiting for body bytes, once connecting and the
   * headers used their part; a negative or zero remainder fails the first read that must wait.
   */
  public void remaining(long nanos) {
    if (timed != null) {
      timed.remaining(nanos);
    }
  }

  @Override
  public boolean hasNext() {
    if (!advanced) {
      if (closed) {
        return false;
      }
      limited.resetAllowance();
      try {
        if (cursor == null) {
          cursor = open();
        }
        hasNext = cursor.next();
        if (!hasNext && !anyElement && blank != null && blank.onlyWhitespace()) {
          throw blank.failure();
        }
        anyElement |= hasNext;
      } catch (IOException | RuntimeException e) {
        throw fail(e);
      }
      advanced();
    }
    return hasNext;
  }

  private void advanced() {
    advanced = true;
    if (!hasNext) {
      if (trace != null) {
        trace.body(wire(), limited.total());
      }
      closeUnchecked();
    }
  }

  @Override
  public @Nullable T next() { // a JSON null element is null
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    advanced = false;
    @Nullable T value;
    try {
      value = Objects.requireNonNull(cursor).value(); // hasNext() opened it
      if (!bounds.complete(delivered)) {
        readToTheEnd();
      }
      if (bounds.over(delivered)) {
        limited.check(bounds.overLength()); // it came within one read: no read's check saw it
      }
    } catch (IOException | RuntimeException e) {
      throw fail(e);
    }
    delivered++;
    bounds.handedOn();
    if (trace != null) {
      trace.element();
    }
    return value;
  }

  /**
   * Reads on until the end of the element the parser gave is known ({@link ElementBounds}): a
   * parser that stopped at a literal's last character waits for the next; one that gave a number at
   * a character that cannot end it, or at a cut, fails here, before the element is delivered.
   */
  private void readToTheEnd() throws IOException {
    limited.resetAllowance();
    boolean more = Objects.requireNonNull(cursor).next(); // next() read an element with it
    if (!bounds.complete(delivered)) {
      throw bounds.failure(delivered);
    }
    hasNext = more;
    advanced();
  }

  private long wire() {
    return raw instanceof DecodingInputStream
        ? ((DecodingInputStream) raw).wire()
        : limited.total();
  }

  private JsonSequenceReader.Cursor<T> open() throws IOException {
    Blank watch = new Blank();
    blank = watch;
    if (charset == null) {
      InputStream in = new BlankBytes(limited, watch, bounds, limited);
      return ndjson ? reader.values(in) : reader.array(in);
    }
    InputStream in = limited;
    Charset decoding = charset;
    int sniff = MediaTypes.byteOrderBytes(charset);
    if (sniff > 0) {
      PushbackInputStream pushback = new PushbackInputStream(limited, sniff);
      byte[] first = new byte[sniff];
      int n = 0;
      for (int r; n < sniff && (r = pushback.read(first, n, sniff - n)) >= 0; ) {
        n += r;
      }
      pushback.unread(first, 0, n);
      decoding = MediaTypes.byteOrder(charset, first, 0, n);
      in = pushback;
    }
    Reader chars =
        new BlankChars(
            new InputStreamReader(
                in,
                decoding
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)),
            watch,
            bounds,
            limited,
            new Widths(decoding));
    return ndjson ? reader.values(chars) : reader.array(chars);
  }

  /**
   * Whether a body holds only whitespace: a parser reads that as an empty sequence, but a one-shot
   * read fails on it (only a body of zero bytes is empty), and so must a stream.
   */
  private static final class Blank {
    private boolean any;
    private boolean content;
    private int line = 1;
    private int column = 1;

    public boolean watching() {
      return !content;
    }

    public void saw(int c) {
      any = true;
      if (c == '\n') {
        line++;
        column = 1;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\uFEFF') {
        column++;
      } else {
        content = true;
      }
    }

    /** A byte-order mark: not content, and not a column. */
    public void sawMark() {
      any = true;
    }

    public boolean onlyWhitespace() {
      return any && !content;
    }

    public JsonReadException failure() {
      return new JsonReadException(
          "Unexpected end of input: the body holds only whitespace, no JSON value (only a body of"
              + " zero bytes is empty)",
          line,
          column,
          "$",
          null);
    }
  }

  /** UTF-8 bytes on their way to the parser, shown to a {@link Blank} and {@link ElementBounds}. */
  private static final class BlankBytes extends FilterInputStream {
    private static final int[] MARK = {0xEF, 0xBB, 0xBF};
    private final Blank blank;
    private final ElementBounds bounds;
    private final LimitedInputStream limited;
    private long position;

    public BlankBytes(
        InputStream in, Blank blank, ElementBounds bounds, LimitedInputStream limited) {
      super(in);
      this.blank = blank;
      this.bounds = bounds;
      this.limited = limited;
    }

    private void see(int b) {
      if (position < 3 && b == MARK[(int) position]) {
        blank.sawMark(); // a UTF-8 byte-order mark, which the one-shot read skips too
        bounds.markByte();
      } else {
        if (blank.watching()) {
          blank.saw(b);
        }
        bounds.see(b);
      }
      position++;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b < 0) {
        bounds.end();
      } else if (bounds.watching()) {
        see(b);
      }
      limited.check(bounds.runToCheck());
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n < 0) {
        bounds.end();
        return n;
      }
      int i = off;
      int end = off + n;
      // Byte by byte while a byte-order mark or a blank body can still be seen, then in bulk.
      for (; i < end && bounds.watching() && (position < 3 || blank.watching()); i++) {
        see(b[i] & 0xFF);
      }
      if (i < end && bounds.watching()) {
        bounds.see(b, i, end);
        position += end - i;
      }
      limited.check(bounds.runToCheck());
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      byte[] skipped = new byte[(int) Math.min(n, 8192)];
      int r = read(skipped, 0, skipped.length);
      return Math.max(r, 0);
    }

    @Override
    public boolean markSupported() {
      return false;
    }
  }

  /**
   * How many bytes of a body in a charset each UTF-16 unit of its text took: the limit of each
   * element is in bytes, whatever the charset (a surrogate unit counts half of its code point).
   */
  static final class Widths {
    private static final int MEASURED = 0;
    private static final int UTF_8 = -8;
    private static final int UTF_32 = -32;

    private final int fixed; // bytes a unit, or how they are found
    private final @Nullable CharsetEncoder encoder;
    private final CharBuffer one;
    private final ByteBuffer encoded;

    Widths(Charset charset) {
      String name = charset.name().toUpperCase(java.util.Locale.ROOT);
      CharsetEncoder e = charset.canEncode() ? charset.newEncoder() : null;
      if (name.contains("UTF-16")) {
        fixed = 2;
      } else if (name.contains("UTF-32")) {
        fixed = UTF_32;
      } else if (name.equals("UTF-8")) {
        fixed = UTF_8;
      } else if (e != null && e.maxBytesPerChar() <= 1) {
        fixed = 1;
      } else if (e != null) {
        fixed = MEASURED;
      } else { // a charset the JDK only decodes: its most bytes a character
        fixed = Math.max(1, Math.round(1 / charset.newDecoder().averageCharsPerByte()));
      }
      this.encoder = fixed == MEASURED ? e : null;
      this.one = CharBuffer.allocate(1);
      this.encoded = ByteBuffer.allocate(e == null ? 8 : (int) Math.ceil(e.maxBytesPerChar()) + 8);
    }

    int of(char c) {
      if (fixed > 0) {
        return fixed;
      }
      if (Character.isSurrogate(c)) {
        return 2; // a code point out of the BMP: 4 bytes in UTF-8, UTF-32 and GB18030
      }
      if (fixed == UTF_8) {
        return c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
      }
      if (fixed == UTF_32) {
        return 4;
      }
      CharsetEncoder e = Objects.requireNonNull(encoder);
      one.clear();
      one.put(c).flip();
      encoded.clear();
      e.encode(one, encoded, false); // in the state the text before left: a shift counts once
      return Math.max(1, encoded.position());
    }
  }

  /** Characters on their way to the parser, shown to a {@link Blank} and {@link ElementBounds}. */
  private static final class BlankChars extends FilterReader {
    private final Blank blank;
    private final ElementBounds bounds;
    private final LimitedInputStream limited;
    private final Widths widths;
    private boolean first = true;

    public BlankChars(
        Reader in, Blank blank, ElementBounds bounds, LimitedInputStream limited, Widths widths) {
      super(in);
      this.blank = blank;
      this.bounds = bounds;
      this.limited = limited;
      this.widths = widths;
    }

    private void see(char c) {
      if (blank.watching()) {
        blank.saw(c);
      }
      if (!first || c != '\uFEFF') {
        bounds.see(c, widths.of(c)); // but a byte-order mark first, which the parser skips
      }
      first = false;
    }

    @Override
    public int read() throws IOException {
      int c = in.read();
      if (c < 0) {
        bounds.end();
      } else if (bounds.watching()) {
        see((char) c);
      }
      limited.check(bounds.runToCheck());
      return c;
    }

    @Override
    public int read(char[] cbuf, int off, int len) throws IOException {
      int n = in.read(cbuf, off, len);
      if (n < 0) {
        bounds.end();
      }
      for (int i = off; i < off + n && bounds.watching(); i++) {
        see(cbuf[i]);
      }
      limited.check(bounds.runToCheck());
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      char[] skipped = new char[(int) Math.min(n, 8192)];
      int r = read(skipped, 0, skipped.length);
      return Math.max(r, 0);
    }

    @Override
    public boolean markSupported() {
      return false;
    }
  }

  private RuntimeException fail(Exception e) {
    // Reported even when a close on another thread came first: the trace keeps the first end it
    // is told, and a close that saw no failure yet may have left the report to this method.
    CallTrace report = trace;
    RuntimeException failure = failure(e);
    // An UncheckedIOException always has its IOException.
    Throwable cause =
        failure instanceof UncheckedIOException
            ? Objects.requireNonNull(failure.getCause())
            : failure;
    if (plan != null && !closed) {
      plan.streamFailed(cause); // before the close, which the chain's body subscribers see
    }
    failing = true; // close() leaves the report to this method
    try {
      closeUnchecked();
    } catch (RuntimeException closing) {
      // The failure that ended the stream says what was wrong; the close's comes beside it.
      if (closing != failure) {
        failure.addSuppressed(closing);
      }
    } finally {
      if (report != null) {
        report.streamEnd(false, cause);
      }
    }
    return failure;
  }

  private RuntimeException failure(Exception e) {
    ApiAccess api = ApiAccess.get();
    IOException timeout = timed != null ? timed.expired() : null;
    if (timeout != null) {
      return api.unchecked(timeout);
    }
    if (bounds.secondValueOnALine(delivered) && limited.failure() == null) {
      // No element, whatever the parser made of it: the body is at fault, not the element's type.
      e = bounds.failure(delivered);
    }
    if (e instanceof JsonReadException) {
      JsonReadException read = api.withContext((JsonReadException) e, elementType, contentType);
      return api.unchecked(Responses.answering(read, answer));
    }
    if (e.getClass() == HttpJsonException.class) {
      return api.unchecked((HttpJsonException) e); // a codec that cannot reach the type
    }
    if (e instanceof UncheckedIOException && !(e instanceof UncheckedHttpJsonException)) {
      e = Objects.requireNonNull(((UncheckedIOException) e).getCause()); // a codec's own wrapping
    }
    if (e instanceof IOException) {
      IOException inputFailure = limited.failure();
      if (inputFailure instanceof ResponseTooLargeException) {
        ResponseTooLargeException over = (ResponseTooLargeException) inputFailure;
        return api.unchecked(
            Responses.answering(
                api.tooLarge(
                    "Element "
                        + delivered
                        + " of the stream exceeds maxResponseSize "
                        + over.limit()
                        + " bytes, the limit of each element ("
                        + over.size()
                        + " bytes read)",
                    over.limit(),
                    over.size()),
                answer));
      }
      if (inputFailure != null) {
        return api.unchecked(inputFailure); // the body itself failed
      }
      // The input was fine: the decoder failed on its bytes (a sniffed encoding it cannot read).
      JsonReadException malformed =
          api.withContext(Responses.malformed((IOException) e), elementType, contentType);
      return api.unchecked(Responses.answering(malformed, answer));
    }
    return (RuntimeException) e;
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    Unreachables.Watch w = dropWatch;
    if (w != null) {
      dropWatch = null;
      w.end(); // closed: nothing to end when it becomes unreachable, nothing kept registered
    }
    boolean early = !(advanced && !hasNext);
    hasNext = false;
    advanced = true;
    if (trace != null && !failing) {
      trace.streamEnd(early, null);
    }
    try {
      if (cursor != null) {
        cursor.close();
      }
    } finally {
      try {
        raw.close();
      } finally {
        if (plan != null) {
          plan.release(); // the call's permit, held while its stream read
        }
      }
    }
  }

  public void closeQuietly() {
    try {
      close();
    } catch (IOException | RuntimeException ignored) {
      // Already failing for another reason.
    }
  }

  private void closeUnchecked() {
    try {
      close();
    } catch (IOException e) {
      throw ApiAccess.get().unchecked(e);
    }
  }
}
