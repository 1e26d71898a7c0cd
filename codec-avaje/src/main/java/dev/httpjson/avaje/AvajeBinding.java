package dev.httpjson.avaje;

import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonWriteException;
import dev.httpjson.codec.support.internal.ReadProblems;
import dev.httpjson.codec.support.internal.SequenceSource;
import dev.httpjson.codec.support.internal.Unbindable;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import io.avaje.json.JsonAdapter;
import io.avaje.json.JsonEofException;
import io.avaje.json.JsonException;
import io.avaje.json.JsonIoException;
import io.avaje.json.stream.BufferRecycleStrategy;
import io.avaje.json.stream.BytesJsonWriter;
import io.avaje.json.stream.JsonStream;
import io.avaje.jsonb.Jsonb;
import io.avaje.jsonb.Types;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.nio.charset.CharacterCodingException;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongUnaryOperator;
import org.jspecify.annotations.Nullable;

/** The readers and writers of one options value, on httpjson's own Jsonb or a user's. */
final class AvajeBinding implements JsonBinding {
  private final Settings settings;
  private final @Nullable Jsonb users;
  private final @Nullable Type carriedType;
  private final @Nullable JsonAdapter<?> carried;
  private volatile OwnJsonb.@Nullable Own own;

  private AvajeBinding(
      Settings settings,
      @Nullable Jsonb users,
      @Nullable Type carriedType,
      @Nullable JsonAdapter<?> carried) {
    this.settings = settings;
    this.users = users;
    this.carriedType = carriedType;
    this.carried = carried;
  }

  /**
   * A binding on httpjson's own Jsonb, applying every codec setting of the options.
   *
   * @param options the codec settings
   * @return the binding
   */
  static AvajeBinding forOptions(JsonOptions options) {
    return new AvajeBinding(Settings.own(options), null, null, null);
  }

  /**
   * A binding on the user's Jsonb, applying only the options' parser limits.
   *
   * @param jsonb the user's Jsonb
   * @param options the codec settings, of which only the parser limits are read
   * @return the binding
   */
  static AvajeBinding forJsonb(Jsonb jsonb, JsonOptions options) {
    return new AvajeBinding(Settings.users(options), jsonb, null, null);
  }

  /**
   * A binding on httpjson's own Jsonb that reads and writes {@code type} with {@code adapter}.
   *
   * @param <T> the Java type
   * @param adapter the avaje type to read and write {@code type} with
   * @param type the Java type it stands for
   * @param options the codec settings
   * @return the binding
   */
  static <T> AvajeBinding carrying(
      io.avaje.jsonb.JsonType<T> adapter, Type type, JsonOptions options) {
    JsonAdapter<T> a =
        new JsonAdapter<T>() {
          @Override
          public void toJson(io.avaje.json.JsonWriter writer, T value) {
            adapter.toJson(value, writer);
          }

          @Override
          public T fromJson(io.avaje.json.JsonReader reader) {
            return adapter.fromJson(reader);
          }
        };
    return new AvajeBinding(Settings.own(options), null, type, a);
  }

  /** The parsers and generators to use, and the Jsonb for adapters. */
  private Source source(Type type) {
    Jsonb j = users;
    if (j != null) {
      return new UsersSource(j);
    }
    OwnJsonb.Own o = own;
    if (o == null) {
      own = o = OwnJsonb.forType(type); // the first type tells the class loader (see OwnJsonb)
    }
    return new OwnSource(o);
  }

  /**
   * The adapter for {@code type}: the carried one, or the Jsonb's.
   *
   * @throws IllegalArgumentException avaje's, if it has no adapter for the type
   */
  @SuppressWarnings("unchecked")
  private <T> JsonAdapter<T> adapter(Source source, Type type, boolean writing) {
    if (carried != null && type.equals(carriedType)) {
      return (JsonAdapter<T>) carried;
    }
    Type t = forAvaje(type, 0);
    try {
      return source.jsonb().adapter(t);
    } catch (IllegalArgumentException e) {
      // A value's own class, such as List.of(...)'s: written as the collection or map it is.
      if (writing && t instanceof Class) {
        Class<?> c = (Class<?>) t;
        if (Collection.class.isAssignableFrom(c)) {
          return source.jsonb().adapter((Type) Collection.class);
        }
        if (Map.class.isAssignableFrom(c)) {
          return source.jsonb().adapter((Type) Map.class);
        }
      }
      throw e;
    }
  }

  /**
   * The type as avaje takes it: avaje refuses a parameterized type with an owner type (any generic
   * nested class, such as {@code Outer.Page<T>}), so generic types are rebuilt without one.
   */
  private static Type forAvaje(Type type, int recursion) {
    if (recursion > 32) {
      return type;
    }
    if (type instanceof ParameterizedType) {
      ParameterizedType p = (ParameterizedType) type;
      Type[] args = p.getActualTypeArguments().clone();
      for (int i = 0; i < args.length; i++) {
        args[i] = forAvaje(args[i], recursion + 1);
      }
      return Types.newParameterizedType(p.getRawType(), args);
    }
    if (type instanceof GenericArrayType) {
      return Types.arrayOf(
          forAvaje(((GenericArrayType) type).getGenericComponentType(), recursion + 1));
    }
    if (type instanceof WildcardType) {
      WildcardType w = (WildcardType) type;
      return w.getLowerBounds().length > 0
          ? Object.class
          : forAvaje(w.getUpperBounds()[0], recursion + 1);
    }
    return type;
  }

  @Override
  public <T> JsonReader<T> reader(Type type) {
    Source source = source(type);
    try {
      return new Reading<T>(adapter(source, type, false), source);
    } catch (IllegalArgumentException e) {
      return missing(type, e);
    }
  }

  @Override
  public <T> JsonWriter<T> writer(Type type) {
    Source source = source(type);
    try {
      return new Writing<T>(adapter(source, type, true), source, type);
    } catch (IllegalArgumentException e) {
      return missing(type, e);
    }
  }

  @Override
  public <T> JsonSequenceReader<T> sequenceReader(Type elementType) {
    Source source = source(elementType);
    try {
      return new Sequences<T>(adapter(source, elementType, false), source);
    } catch (IllegalArgumentException e) {
      return missing(elementType, e);
    }
  }

  // ---- parsers and generators ----

  private abstract static class Source {
    abstract Jsonb jsonb();

    abstract io.avaje.json.JsonReader reader(byte[] json);

    abstract io.avaje.json.JsonReader reader(InputStream in);

    abstract io.avaje.json.JsonWriter writer(OutputStream out);

    abstract io.avaje.json.JsonWriter writer(Writer out);

    abstract byte[] writeBytes(Writing<?> writing, @Nullable Object value) throws IOException;
  }

  private static final class OwnSource extends Source {
    private final OwnJsonb.Own own;

    OwnSource(OwnJsonb.Own own) {
      this.own = own;
    }

    @Override
    Jsonb jsonb() {
      return own.jsonb;
    }

    @Override
    io.avaje.json.JsonReader reader(byte[] json) {
      return own.stream.reader(json);
    }

    @Override
    io.avaje.json.JsonReader reader(InputStream in) {
      return own.stream.reader(in);
    }

    @Override
    io.avaje.json.JsonWriter writer(OutputStream out) {
      return own.stream.writer(out);
    }

    @Override
    io.avaje.json.JsonWriter writer(Writer out) {
      return own.stream.writer(out);
    }

    @Override
    byte[] writeBytes(Writing<?> writing, @Nullable Object value) throws IOException {
      BytesJsonWriter w = own.stream.bufferedWriterAsBytes();
      try {
        writing.writeTo(w, value);
        return w.result();
      } finally {
        w.close();
      }
    }
  }

  private static final class UsersSource extends Source {
    private final Jsonb jsonb;

    UsersSource(Jsonb jsonb) {
      this.jsonb = jsonb;
    }

    @Override
    Jsonb jsonb() {
      return jsonb;
    }

    @Override
    io.avaje.json.JsonReader reader(byte[] json) {
      return jsonb.reader(json);
    }

    @Override
    io.avaje.json.JsonReader reader(InputStream in) {
      return jsonb.reader(in);
    }

    @Override
    io.avaje.json.JsonWriter writer(OutputStream out) {
      return jsonb.writer(out);
    }

    @Override
    io.avaje.json.JsonWriter writer(Writer out) {
      return jsonb.writer(out);
    }

    @Override
    byte[] writeBytes(Writing<?> writing, @Nullable Object value) throws IOException {
      ByteArrayOutputStream out = new ByteArrayOutputStream(256);
      io.avaje.json.JsonWriter w = jsonb.writer(out);
      try {
        writing.writeTo(w, value);
      } finally {
        w.close();
      }
      return out.toByteArray();
    }
  }

  // ---- input ----

  private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  /** Parsers that are never pooled, for {@code Reading.positionOfFailure}. */
  private static final JsonStream FRESH =
      JsonStream.builder().bufferRecycling(BufferRecycleStrategy.NO_RECYCLING).build();

  /** The position of the byte avaje's parser read last, from its location; -1 if unknown. */
  static long parserPosition(io.avaje.json.JsonReader reader) {
    long n = locationOffset(reader);
    // The location gives the next byte to read: the problem is at the one before.
    return n < 0 ? -1 : Math.max(0, n - 1);
  }

  /** The position of the next byte avaje's parser reads, from its location; -1 if unknown. */
  private static long locationOffset(io.avaje.json.JsonReader reader) {
    String location;
    try {
      location = reader.location();
    } catch (RuntimeException e) {
      return -1;
    }
    int at = location == null ? -1 : location.indexOf("position: ");
    if (at < 0) {
      return -1;
    }
    long n = 0;
    boolean digits = false;
    for (int i = at + 10; i < location.length(); i++) {
      char c = location.charAt(i);
      if (c < '0' || c > '9') {
        break;
      }
      n = n * 10 + (c - '0');
      digits = true;
    }
    return digits ? n : -1;
  }

  /** Throws the I/O failure avaje wrapped, if it wrapped one; else returns what to throw. */
  private static RuntimeException ioCause(JsonIoException e) throws IOException {
    if (e.getCause() instanceof IOException) {
      throw (IOException) e.getCause();
    }
    return e;
  }

  /** Where in the input a byte offset is. */
  private interface Positions {
    long line(long offset);

    long column(long offset);
  }

  private static Positions positions(byte[] json) {
    return new Positions() {
      @Override
      public long line(long offset) {
        long line = 1;
        for (int i = 0; i < Math.min(offset, json.length); i++) {
          if (json[i] == '\n') {
            line++;
          }
        }
        return line;
      }

      @Override
      public long column(long offset) {
        int start = (int) Math.min(offset, json.length);
        int i = start - 1;
        while (i >= 0 && json[i] != '\n') {
          i--;
        }
        return offset - i;
      }
    };
  }

  private static Positions positions(Guard guard) {
    return new Positions() {
      @Override
      public long line(long offset) {
        return guard.lineOf(offset);
      }

      @Override
      public long column(long offset) {
        return guard.columnOf(offset);
      }
    };
  }

  // ---- failures ----

  private static JsonReadException violated(Guard.Violation v, WebReader reader) {
    return new JsonReadException(v.problem(), v.line(), v.column(), reader.path(), null);
  }

  /**
   * What to throw for a failure while reading: the guard's violation if the parser stopped where
   * the guard cut the input, the underlying I/O failure as it is, and otherwise a {@link
   * JsonReadException} at the parser's position and the reader's path.
   */
  private IOException readFailure(Throwable e, WebReader reader, Guard guard, Positions positions) {
    return readFailure(e, reader, guard, positions, -2);
  }

  /**
   * As {@link #readFailure(Throwable, WebReader, Guard, Positions)}, with the parser's position
   * when the caller knows it better than the parser's location does (-2 when it does not).
   */
  private IOException readFailure(
      Throwable e, WebReader reader, Guard guard, Positions positions, long knownPosition) {
    if (e instanceof JsonReadException) {
      return (JsonReadException) e;
    }
    if (e instanceof JsonIoException
        && !(e instanceof JsonEofException)
        && e.getCause() instanceof IOException) {
      e = e.getCause(); // the input failed, not the JSON (unless it could not be decoded)
    }
    if (e instanceof IOException && !(e instanceof CharacterCodingException)) {
      return (IOException) e;
    }
    long position = knownPosition != -2 ? knownPosition : parserPosition(reader.delegate());
    Guard.Violation v = guard.violation();
    boolean endOfInput = isEndOfInput(e);
    if (v != null && (endOfInput || position < 0 || position >= v.offset() - 1)) {
      return violated(v, reader);
    }
    String problem;
    if (e instanceof StackOverflowError) {
      problem = ReadProblems.TOO_DEEP_FOR_THE_STACK;
    } else if (e instanceof CharacterCodingException) {
      problem = "Malformed character input (" + e + ")";
    } else if (endOfInput) {
      problem = "Unexpected end-of-input";
    } else {
      problem = problem(e);
    }
    long line = position < 0 ? -1 : positions.line(position);
    long column = position < 0 || line < 0 ? -1 : positions.column(position);
    String path = reader.path();
    if (e instanceof WebAdapters.KeyProblem) {
      // Refused once its map was read, the path is the map's: the key's is where it is.
      String key =
          ReadProblems.appendName(new StringBuilder(), ((WebAdapters.KeyProblem) e).key).toString();
      path = path.endsWith(key) ? path : path + key;
    }
    return new JsonReadException(problem, line, column, path, e);
  }

  private static boolean isEndOfInput(Throwable e) {
    if (e instanceof JsonEofException || e instanceof ArrayIndexOutOfBoundsException) {
      return true;
    }
    String m = e.getMessage();
    return e instanceof JsonException
        && m != null
        && (m.startsWith("Unexpected end")
            || m.startsWith("Premature end")
            || m.startsWith("JSON string was not closed"));
  }

  private static final String REPEATED_KEY = "Map key '";

  private static final String REPEATED_KEY_END = "' has multiple values at path ";

  /** The problem in a failure's message, without avaje's position. */
  private String problem(Throwable e) {
    Throwable t = e;
    while (t instanceof JsonException
        && t.getCause() != null
        && !(t instanceof JsonIoException)
        && (t.getMessage() == null || t.getMessage().equals(t.getCause().toString()))) {
      t = t.getCause();
    }
    String m = t.getMessage();
    if (m == null || m.isEmpty()) {
      return t.getClass().getSimpleName();
    }
    if (m.startsWith(REPEATED_KEY)) {
      // avaje's map adapter: "Map key 'k' has multiple values at path <location> : <v1> and <v2>"
      int end = m.indexOf(REPEATED_KEY_END, REPEATED_KEY.length());
      if (end >= 0) {
        return "Duplicate key '" + m.substring(REPEATED_KEY.length(), end) + "' in a map";
      }
    }
    int at = m.indexOf("at position");
    if (at >= 0) {
      m = m.substring(0, at).trim();
      if (m.endsWith(" at")) {
        m = m.substring(0, m.length() - 3);
      }
    }
    if (m.startsWith("Too many digits detected in number")) {
      return "Number too long for avaje-jsonb's parser, which reads numbers of at most 100"
          + " characters (less than JsonOptions.maxNumberLength, "
          + settings.limits.maxNumberLength()
          + ")";
    }
    if (m.startsWith("Maximum string buffer limit exceeded")) {
      return "String too long for avaje-jsonb's parser, whose buffer holds about 32,000"
          + " characters (less than JsonOptions.maxStringLength, "
          + settings.limits.maxStringLength()
          + ")";
    }
    return m;
  }

  // ---- reading ----

  private final class Reading<T> implements JsonReader<T> {
    private final JsonAdapter<T> adapter;
    private final Source source;

    Reading(JsonAdapter<T> adapter, Source source) {
      this.adapter = adapter;
      this.source = source;
    }

    @Override
    public @Nullable T read(byte[] bytes, int offset, int length) throws IOException {
      if (length >= 3
          && bytes[offset] == UTF8_BOM[0]
          && bytes[offset + 1] == UTF8_BOM[1]
          && bytes[offset + 2] == UTF8_BOM[2]) {
        offset += 3;
        length -= 3;
      } else if (length >= 2
          && (bytes[offset] == 0 || bytes[offset] == (byte) 0xFE || bytes[offset] == (byte) 0xFF)) {
        String charset = ReadProblems.markedCharset(bytes, offset, Math.min(4, length));
        if (charset != null) {
          throw ReadProblems.notUtf8(charset);
        }
      }
      return parse(bytes, offset, length);
    }

    private @Nullable T parse(byte[] bytes, int offset, int length) throws IOException {
      Guard guard = new Guard(settings.limits, true);
      int allowed = guard.scan(bytes, offset, length);
      if (allowed == length) {
        guard.finish();
      }
      // avaje's parser reads a whole array, and may look past its length: give it the value only.
      byte[] json;
      if (guard.needsCommaAtEnd()) {
        // It finds a number's end at a ',' only: a top-level number gets one after it.
        json = Arrays.copyOfRange(bytes, offset, offset + allowed + 1);
        json[allowed] = ',';
      } else {
        json =
            offset == 0 && allowed == bytes.length
                ? bytes
                : Arrays.copyOfRange(bytes, offset, offset + allowed);
      }
      io.avaje.json.JsonReader parser = source.reader(json);
      WebReader reader = new WebReader(parser, settings, guard, fromStart(guard, parser));
      try {
        reader.currentToken(); // at the value: avaje's null check does not look for it itself
        T value = adapter.fromJson(reader);
        Guard.Violation v = guard.violation();
        if (v != null) {
          throw violated(v, reader);
        }
        return value;
      } catch (RuntimeException | StackOverflowError e) {
        throw readFailure(e, reader, guard, positions(json), positionOfFailure(json, guard));
      } finally {
        parser.close();
      }
    }

    /**
     * Input offsets from a parser about to read a byte array: a pooled parser that last read a
     * stream counts on from where the stream left off. Asked only when the guard found wide
     * numbers, the only use of offsets while reading.
     */
    private LongUnaryOperator fromStart(Guard guard, io.avaje.json.JsonReader parser) {
      if (!guard.hasWideNumbers()) {
        return LongUnaryOperator.identity();
      }
      long origin = locationOffset(parser);
      return origin <= 0 ? LongUnaryOperator.identity() : p -> p - origin;
    }

    /**
     * Where reading {@code json} fails, from a parser of its own: a pooled parser's location counts
     * from where its last input stream left off.
     */
    private long positionOfFailure(byte[] json, Guard guard) {
      io.avaje.json.JsonReader fresh;
      try {
        fresh = FRESH.reader(json);
      } catch (RuntimeException e) {
        return -1;
      }
      try {
        WebReader reader = new WebReader(fresh, settings, guard, LongUnaryOperator.identity());
        reader.currentToken();
        adapter.fromJson(reader);
        return -1; // no failure this time: no position to give
      } catch (RuntimeException | StackOverflowError e) {
        return parserPosition(fresh);
      } finally {
        fresh.close();
      }
    }

    @Override
    public @Nullable T read(InputStream in) throws IOException {
      Guard guard = new Guard(settings.limits, true);
      GuardedInput input = new GuardedInput(ReadProblems.skipUtf8Mark(in), guard);
      io.avaje.json.JsonReader parser;
      try {
        parser = source.reader(input);
      } catch (JsonIoException e) {
        throw ioCause(e);
      }
      WebReader reader = new WebReader(parser, settings, guard, LongUnaryOperator.identity());
      try {
        reader.currentToken(); // at the value: avaje's null check does not look for it itself
        T value = adapter.fromJson(reader);
        input.drain();
        Guard.Violation v = guard.violation();
        if (v != null) {
          throw violated(v, reader);
        }
        return value;
      } catch (IOException | RuntimeException | StackOverflowError e) {
        throw readFailure(e, reader, guard, positions(guard));
      } finally {
        parser.close();
      }
    }

    @Override
    public @Nullable T read(Reader in) throws IOException {
      return read(new Utf8Input(in));
    }
  }

  // ---- writing ----

  private final class Writing<T> implements JsonWriter<T> {
    private final JsonAdapter<T> adapter;
    private final Source source;
    private final Type type;

    Writing(JsonAdapter<T> adapter, Source source, Type type) {
      this.adapter = adapter;
      this.source = source;
      this.type = type;
    }

    @Override
    public byte[] writeBytes(@Nullable T value) throws IOException {
      byte[] json = source.writeBytes(this, value);
      return settings.indent ? Indentation.indent(json) : json;
    }

    @Override
    public void write(@Nullable T value, OutputStream out) throws IOException {
      if (settings.indent) {
        out.write(writeBytes(value));
        return;
      }
      io.avaje.json.JsonWriter w;
      try {
        w = source.writer(out);
      } catch (JsonIoException e) {
        throw ioCause(e);
      }
      try {
        writeTo(w, value);
      } finally {
        close(w);
      }
    }

    @Override
    public void write(@Nullable T value, Writer out) throws IOException {
      if (settings.indent) {
        out.write(new String(writeBytes(value), java.nio.charset.StandardCharsets.UTF_8));
        return;
      }
      io.avaje.json.JsonWriter w = source.writer(out);
      try {
        writeTo(w, value);
      } finally {
        close(w);
      }
    }

    /** Closing flushes what is left to the target (but does not close it). */
    private void close(io.avaje.json.JsonWriter w) throws IOException {
      try {
        w.close();
      } catch (JsonIoException e) {
        throw ioCause(e);
      }
    }

    @SuppressWarnings("unchecked")
    void writeTo(io.avaje.json.JsonWriter out, @Nullable Object value) throws IOException {
      WebWriter w = new WebWriter(out, settings);
      try {
        if (value == null) {
          w.nullValue();
        } else {
          adapter.toJson(w, (T) value);
        }
      } catch (RuntimeException | StackOverflowError e) {
        out.markIncomplete(); // nothing more reaches the target
        throw writeFailure(e, w, value);
      }
    }

    private IOException writeFailure(Throwable e, WebWriter w, @Nullable Object value) {
      Throwable cause = e;
      while (cause instanceof JsonException
          && !(cause instanceof JsonIoException)
          && cause.getCause() != null) {
        cause = cause.getCause();
      }
      if (cause instanceof JsonIoException && cause.getCause() instanceof IOException) {
        return (IOException) cause.getCause();
      }
      String what = value == null ? "null" : value.getClass().getName();
      String problem;
      if (cause instanceof StackOverflowError) {
        problem = ReadProblems.TOO_DEEP_FOR_THE_STACK;
      } else if (cause instanceof IllegalArgumentException
          && String.valueOf(cause.getMessage()).startsWith("No JsonAdapter for ")) {
        problem = message(cause, type, false);
      } else {
        problem = cause.getMessage() != null ? cause.getMessage() : cause.toString();
      }
      return new JsonWriteException("Cannot write " + what + ": " + problem, w.path(), cause);
    }
  }

  // ---- sequences ----

  private final class Sequences<T> extends SequenceSource<T> {
    private final JsonAdapter<T> adapter;
    private final Source source;

    Sequences(JsonAdapter<T> adapter, Source source) {
      this.adapter = adapter;
      this.source = source;
    }

    @Override
    protected Cursor<T> open(@Nullable InputStream in, @Nullable Reader chars, boolean array)
        throws IOException {
      return open(in != null ? in : new Utf8Input(Objects.requireNonNull(chars)), array);
    }

    private Cursor<T> open(InputStream in, boolean array) throws IOException {
      Guard guard = new Guard(settings.limits, array);
      GuardedInput input;
      io.avaje.json.JsonReader parser;
      try {
        input = new GuardedInput(ReadProblems.skipUtf8Mark(in), guard, true);
        parser = source.reader(input); // avaje reads its first buffer here
      } catch (IOException | RuntimeException e) {
        in.close();
        if (e instanceof JsonIoException && e.getCause() instanceof IOException) {
          throw (IOException) e.getCause();
        }
        throw e;
      }
      ReaderCursor<T> cursor =
          new ReaderCursor<>(
              adapter,
              new WebReader(parser, settings, guard, input::realOffset),
              input,
              guard,
              array,
              positions(guard));
      try {
        if (array) {
          cursor.begin();
        }
        return cursor;
      } catch (IOException | RuntimeException e) {
        cursor.close();
        throw e;
      }
    }
  }

  private final class ReaderCursor<T> implements JsonSequenceReader.Cursor<T> {
    private final JsonAdapter<T> adapter;
    private final WebReader reader;
    private final GuardedInput input;
    private final Guard guard;
    private final boolean array;
    private final Positions positions;
    private boolean ended;
    private boolean closed;

    ReaderCursor(
        JsonAdapter<T> adapter,
        WebReader reader,
        GuardedInput input,
        Guard guard,
        boolean array,
        Positions positions) {
      this.adapter = adapter;
      this.reader = reader;
      this.input = input;
      this.guard = guard;
      this.array = array;
      this.positions = positions;
    }

    void begin() throws IOException {
      io.avaje.json.JsonReader.Token first;
      try {
        first = reader.currentToken();
      } catch (JsonEofException e) {
        ended = true; // no content: no elements
        Guard.Violation v = guard.violation();
        if (v != null) {
          throw violated(v, reader);
        }
        return;
      } catch (RuntimeException e) {
        throw readFailure(e, reader, guard, positions, position());
      }
      if (first != io.avaje.json.JsonReader.Token.BEGIN_ARRAY) {
        long at = position();
        throw new JsonReadException(
            "Expected a JSON array but was " + (first == null ? "nothing" : first),
            positions.line(at),
            positions.column(at),
            "$",
            null);
      }
      try {
        reader.beginArray();
      } catch (RuntimeException e) {
        throw readFailure(e, reader, guard, positions, position());
      }
    }

    @Override
    public boolean next() throws IOException {
      if (ended) {
        return false;
      }
      try {
        if (array ? reader.hasNextElement() : reader.hasNextStreamElement()) {
          return true;
        }
        ended = true;
        if (array) {
          reader.endArray();
          input.drain(); // content after the array is an error: the guard records it
        }
        Guard.Violation v = guard.violation();
        if (v != null) {
          throw violated(v, reader);
        }
        return false;
      } catch (IOException | RuntimeException e) {
        ended = true;
        throw readFailure(e, reader, guard, positions, position());
      }
    }

    @Override
    public @Nullable T value() throws IOException {
      T value;
      try {
        value = adapter.fromJson(reader);
      } catch (RuntimeException | StackOverflowError e) {
        throw readFailure(e, reader, guard, positions, position());
      }
      // The parser may have taken the byte the guard refused (a comma before '}', say).
      Guard.Violation v = guard.violation();
      if (v != null && position() >= v.offset()) {
        ended = true;
        throw violated(v, reader);
      }
      return value;
    }

    /** The offset in the input of the byte the parser read last; -1 if unknown. */
    private long position() {
      return input.realOffset(parserPosition(reader.delegate()));
    }

    @Override
    public void close() throws IOException {
      if (closed) {
        return;
      }
      closed = true;
      try {
        reader.close();
      } finally {
        input.close();
      }
    }
  }

  // ---- types without a generated adapter ----

  /** A type avaje has no adapter for: every use fails, saying what to add. */
  private static <T> Unbindable<T> missing(Type type, RuntimeException cause) {
    return new Unbindable<>(
        cause,
        verb ->
            "Cannot "
                + verb
                + " "
                + type.getTypeName()
                + ": "
                + message(cause, type, verb.equals("read")));
  }

  static String message(Throwable cause, Type type, boolean read) {
    String missing = type.getTypeName();
    for (Throwable t = cause; t != null; t = t.getCause()) {
      String m = t.getMessage();
      if (m != null && m.startsWith("No JsonAdapter for ")) {
        String first = m.substring("No JsonAdapter for ".length()).split("\n", 2)[0].trim();
        for (String kind : new String[] {"class ", "interface ", "enum ", "record "}) {
          if (first.startsWith(kind)) {
            first = first.substring(kind.length());
          }
        }
        missing = first;
      }
    }
    String needed =
        missing.equals(type.getTypeName())
            ? ""
            : " (needed to " + (read ? "read " : "write ") + type.getTypeName() + ")";
    return "No avaje-jsonb adapter for "
        + missing
        + needed
        + ": annotate "
        + missing
        + " with @Json, or list it in @Json.Import, and put io.avaje:avaje-jsonb-generator"
        + " on the compiler's annotation processor path (httpjson-avaje-jsonb reads and writes"
        + " no type by reflection)";
  }
}
