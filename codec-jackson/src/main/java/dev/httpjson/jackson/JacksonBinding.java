package dev.httpjson.jackson;

import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonWriteException;
import dev.httpjson.internal.codec.ScalarRules;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import dev.httpjson.spi.RecordRules;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.MappingIterator;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.exc.InvalidNullException;
import tools.jackson.databind.exc.PropertyBindingException;
import tools.jackson.databind.json.JsonMapper;

/** One mapper, and the readers and writers httpjson asks of it (httpjson caches them). */
final class JacksonBinding implements JsonBinding {
  private final JsonMapper mapper;

  JacksonBinding(JsonMapper mapper) {
    this.mapper = mapper;
  }

  JsonMapper mapper() {
    return mapper;
  }

  @Override
  public <T> JsonReader<T> reader(Type type) {
    return new Reading<>(mapper.readerFor(mapper.constructType(type)));
  }

  @Override
  public <T> JsonWriter<T> writer(Type type) {
    JavaType javaType = mapper.constructType(type);
    ObjectWriter writer =
        javaType.getRawClass() == Object.class ? mapper.writer() : mapper.writerFor(javaType);
    return new Writing<>(writer);
  }

  @Override
  public <T> JsonSequenceReader<T> sequenceReader(Type elementType) {
    // Elements are read one after another from one parser: the next element is not "trailing".
    return new Sequences<>(
        mapper,
        mapper
            .readerFor(mapper.constructType(elementType))
            .without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS));
  }

  private static final class Reading<T> implements JsonReader<T> {
    private final ObjectReader reader;

    Reading(ObjectReader reader) {
      this.reader = reader;
    }

    @Override
    public @Nullable T read(byte[] bytes, int offset, int length) throws IOException {
      requireUtf8Start(bytes, offset, length);
      try {
        return reader.readValue(bytes, offset, length);
      } catch (JacksonException e) {
        throw atRoot(e, unplaced(e) ? locate(e, bytes, offset, length) : readFailure(e));
      } catch (IllegalArgumentException | ArithmeticException e) {
        throw locate(e, bytes, offset, length);
      }
    }

    /**
     * A mapping failure that databind gives no path is about the value read itself, the root:
     * {@code [1,2]} read as an object fails at {@code $}, where the parser's context (inside the
     * array) would say {@code $[0]}.
     */
    private static IOException atRoot(JacksonException e, IOException failure) {
      if (failure instanceof JsonReadException
          && e instanceof DatabindException
          && e.getPath().isEmpty()) {
        JsonReadException j = (JsonReadException) failure;
        return new JsonReadException(j.problem(), j.line(), j.column(), "$", e);
      }
      return failure;
    }

    /**
     * Jackson lets a few data errors out unwrapped (a number whose exponent BigDecimal cannot hold
     * is a NumberFormatException), and a parser limit's exception carries no position: they are
     * reported with the position and path found by reading the bytes again, which only these rare
     * failures pay for.
     */
    private IOException locate(RuntimeException e, byte[] bytes, int offset, int length) {
      JsonParser parser;
      try {
        parser = reader.createParser(bytes, offset, length);
      } catch (JacksonException again) {
        return e instanceof JacksonException
            ? readFailure((JacksonException) e)
            : new JsonReadException(dataProblem(e), -1, -1, "$", e);
      }
      try {
        reader.readValue(parser);
      } catch (RuntimeException again) {
        // Expected: the same failure, now with the parser at hand.
      }
      IOException failure = failureAt(e, parser);
      parser.close();
      return failure;
    }

    @Override
    public @Nullable T read(InputStream in) throws IOException {
      JsonParser parser;
      try {
        parser = reader.createParser(requireUtf8Start(in));
      } catch (JacksonException e) {
        throw readFailure(e);
      }
      return read(parser);
    }

    @Override
    public @Nullable T read(Reader in) throws IOException {
      JsonParser parser;
      try {
        parser = reader.createParser(in);
      } catch (JacksonException e) {
        throw readFailure(e);
      }
      return read(parser);
    }

    /** Reads through a parser of ours: input that cannot be read again has it at hand. */
    private @Nullable T read(JsonParser parser) throws IOException {
      try {
        return reader.readValue(parser);
      } catch (JacksonException e) {
        throw atRoot(e, readFailure(e, parser));
      } catch (UncheckedIOException e) {
        throw e.getCause();
      } catch (IllegalArgumentException | ArithmeticException e) {
        throw failureAt(e, parser);
      } finally {
        parser.close();
      }
    }
  }

  /**
   * Whether Jackson's exception lacks the position that the parser has: a parser limit's never has
   * one, and some databind failures have none.
   */
  static boolean unplaced(JacksonException e) {
    return !(e instanceof JacksonIOException)
        && (e.getLocation() == null || e.getLocation() == TokenStreamLocation.NA);
  }

  /** A failure at the position where {@code parser} stopped. */
  static IOException failureAt(RuntimeException e, JsonParser parser) {
    if (e instanceof JacksonException) {
      return readFailure((JacksonException) e, parser);
    }
    return new JsonReadException(
        dataProblem(e),
        line(parser.currentLocation()),
        column(parser.currentLocation()),
        path(parser.streamReadContext()),
        e);
  }

  static String dataProblem(RuntimeException e) {
    return "Value out of range ("
        + e.getClass().getSimpleName()
        + (e.getMessage() != null ? ": " + e.getMessage() : "")
        + ")";
  }

  private static final class Writing<T> implements JsonWriter<T> {
    private final ObjectWriter writer;

    Writing(ObjectWriter writer) {
      this.writer = writer;
    }

    @Override
    public byte[] writeBytes(@Nullable T value) throws IOException {
      try {
        return writer.writeValueAsBytes(value);
      } catch (JacksonException e) {
        throw writeFailure(e, value);
      }
    }

    @Override
    public void write(@Nullable T value, OutputStream out) throws IOException {
      try {
        writer.writeValue(out, value);
      } catch (JacksonException e) {
        throw writeFailure(e, value);
      }
    }

    @Override
    public void write(@Nullable T value, Writer out) throws IOException {
      try {
        writer.writeValue(out, value);
      } catch (JacksonException e) {
        throw writeFailure(e, value);
      }
    }
  }

  private static final class Sequences<T> implements JsonSequenceReader<T> {
    private final JsonMapper mapper;
    private final ObjectReader reader;

    Sequences(JsonMapper mapper, ObjectReader reader) {
      this.mapper = mapper;
      this.reader = reader;
    }

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

    private Cursor<T> open(@Nullable InputStream in, @Nullable Reader chars, boolean array)
        throws IOException {
      if (in != null) {
        try {
          in = requireUtf8Start(in); // as a single value's input: see requireUtf8Start
        } catch (IOException e) {
          in.close();
          throw e;
        }
      }
      JsonParser parser;
      try {
        parser = in != null ? mapper.createParser(in) : mapper.createParser(chars);
      } catch (JacksonException e) {
        throw readFailure(e);
      }
      try {
        if (array) {
          JsonToken first = parser.nextToken();
          if (first == null) {
            return new ParserCursor<>(parser, reader, false); // empty input: no elements
          }
          if (first != JsonToken.START_ARRAY) {
            throw new JsonReadException(
                "Expected a JSON array but was " + (first == null ? "end of input" : first),
                line(parser.currentLocation()),
                column(parser.currentLocation()),
                "$",
                null);
          }
        }
      } catch (JacksonException e) {
        parser.close();
        throw readFailure(e, parser);
      } catch (IOException | RuntimeException e) {
        parser.close();
        throw e;
      }
      return new ParserCursor<>(parser, reader, array);
    }
  }

  /**
   * Elements through one {@link MappingIterator}, so that one deserialization context serves every
   * element (a {@code readValue} per element costs twice the time). The cursor advances the parser
   * itself and reads JSON nulls itself; the iterator only deserializes.
   */
  private static final class ParserCursor<T> implements JsonSequenceReader.Cursor<T> {
    private final JsonParser parser;
    private final MappingIterator<T> values;
    private final boolean array;

    /** What a JSON null element reads as: an empty {@code Optional*}, else null. */
    private final @Nullable T nullElement;

    private boolean ended;

    @SuppressWarnings("unchecked")
    ParserCursor(JsonParser parser, ObjectReader reader, boolean array) {
      this.parser = parser;
      this.array = array;
      parser.clearCurrentToken();
      this.values = reader.readValues(parser);
      this.nullElement = (T) ScalarRules.nullValue(reader.getValueType().getRawClass());
    }

    @Override
    public boolean next() throws IOException {
      if (ended) {
        return false;
      }
      try {
        JsonToken token = parser.nextToken();
        if (token == null && array) {
          ended = true;
          throw new JsonReadException(
              "Unexpected end of input inside the top-level array",
              line(parser.currentLocation()),
              column(parser.currentLocation()),
              path(parser.streamReadContext()),
              null);
        }
        if (token == null || (array && token == JsonToken.END_ARRAY)) {
          ended = true;
          if (array) {
            JsonToken trailing = parser.nextToken();
            if (trailing != null) {
              throw new JsonReadException(
                  "Trailing content after the top-level array: " + trailing,
                  line(parser.currentLocation()),
                  column(parser.currentLocation()),
                  "$",
                  null);
            }
          }
          return false;
        }
        return true;
      } catch (JacksonException e) {
        throw readFailure(e, parser);
      }
    }

    @Override
    public @Nullable T value() throws IOException {
      try {
        if (parser.currentToken() == JsonToken.VALUE_NULL) {
          parser.clearCurrentToken();
          return nullElement;
        }
        return values.nextValue();
      } catch (JacksonException e) {
        throw readFailure(e, parser);
      } catch (IllegalArgumentException | ArithmeticException e) {
        throw failureAt(e, parser);
      }
    }

    @Override
    public void close() throws IOException {
      try {
        parser.close();
      } catch (JacksonException e) {
        throw new IOException(e.getOriginalMessage(), e);
      }
    }
  }

  /**
   * The exception to surface for a Jackson failure: an I/O failure of the input itself (a closed or
   * aborted body, a size limit) as it is; anything else as a {@link JsonReadException}.
   */
  static IOException readFailure(JacksonException e) {
    return readFailure(e, null);
  }

  /**
   * {@link #readFailure(JacksonException)}, placed where {@code parser} stopped when the exception
   * itself has no position (a parser limit's).
   */
  static IOException readFailure(JacksonException e, @Nullable JsonParser parser) {
    if (e instanceof JacksonIOException && e.getCause() instanceof IOException) {
      return (IOException) e.getCause();
    }
    String access = ModuleAccessHint.problem(e, "read");
    if (access != null) {
      return new HttpJsonException(access, e);
    }
    TokenStreamLocation location = e.getLocation();
    String problem = String.valueOf(e.getOriginalMessage());
    if (e instanceof InvalidNullException) {
      problem = nullProblem((InvalidNullException) e, problem);
    } else if (e instanceof PropertyBindingException) {
      problem += knownProperties(((PropertyBindingException) e).getKnownPropertyIds());
    } else if (e instanceof StreamConstraintsException) {
      problem += " (" + limitNote(problem) + ")";
    }
    String path = path(e);
    if (e instanceof PropertyBindingException) {
      path = unknownPropertyPath((PropertyBindingException) e, path);
    }
    if (parser != null && unplaced(e)) {
      location = parser.currentLocation();
      if (e instanceof StreamConstraintsException || path.equals("$")) {
        path = path(parser.streamReadContext());
      }
    }
    return new JsonReadException(problem, line(location), column(location), path, e);
  }

  /**
   * The path of an unknown property ends at the property itself, also when Jackson (reading through
   * a constructor) reports only the object that holds it.
   */
  private static String unknownPropertyPath(PropertyBindingException e, String path) {
    List<JacksonException.Reference> refs = e.getPath();
    String name = e.getPropertyName();
    if (name == null
        || (!refs.isEmpty() && name.equals(refs.get(refs.size() - 1).getPropertyName()))) {
      return path;
    }
    StringBuilder sb = new StringBuilder(path);
    appendName(sb, name);
    return sb.toString();
  }

  /** A null for a non-null record component, in the words of {@code strictRecords}. */
  private static String nullProblem(InvalidNullException e, String jacksonProblem) {
    List<JacksonException.Reference> refs = e.getPath();
    if (refs.isEmpty() || e.getPropertyName() == null) {
      return jacksonProblem;
    }
    Object from = refs.get(refs.size() - 1).from();
    Class<?> owner =
        from instanceof Class ? (Class<?>) from : from == null ? null : from.getClass();
    RecordRules rules = owner == null ? null : RecordRules.of(owner);
    if (owner == null || rules == null) {
      return jacksonProblem;
    }
    String property = e.getPropertyName().getSimpleName();
    boolean primitive = e.getTargetType() != null && e.getTargetType().isPrimitive();
    return "Null for "
        + (primitive ? "primitive" : "non-null")
        + " property '"
        + property
        + "' of record "
        + owner.getSimpleName()
        + (primitive ? "" : " (mark the component @Nullable if it may be null)");
  }

  /** Jackson's list of the properties it knows, which its original message leaves out. */
  private static String knownProperties(@Nullable Collection<Object> known) {
    if (known == null || known.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder(" (known properties: ");
    int n = 0;
    for (Object id : known) {
      if (n > 0) {
        sb.append(", ");
      }
      if (n++ == MAX_KNOWN_LISTED) {
        sb.append("… ").append(known.size() - MAX_KNOWN_LISTED).append(" more");
        break;
      }
      sb.append('"').append(id).append('"');
    }
    return sb.append(')').toString();
  }

  private static final int MAX_KNOWN_LISTED = 50;

  /**
   * Names the {@link dev.httpjson.JsonOptions} setting behind a parser constraint, or says that the
   * name-length limit is the parser's own.
   */
  private static String limitNote(String message) {
    String m = message.toLowerCase(Locale.ROOT);
    if (m.contains("nesting depth")) {
      return "the limit is JsonOptions.maxNestingDepth";
    } else if (m.contains("number value length")) {
      return "the limit is JsonOptions.maxNumberLength";
    } else if (m.contains("string value length")) {
      return "the limit is JsonOptions.maxStringLength";
    } else if (m.contains("name length")) {
      return "the parsers' limit on a property name, not a JsonOptions setting";
    }
    return "the limit is a parser limit set from JsonOptions";
  }

  static JsonWriteException writeFailure(JacksonException e, @Nullable Object value) {
    String access = ModuleAccessHint.problem(e, "write");
    if (access != null) {
      return new JsonWriteException(access, "$", e);
    }
    String type = value == null ? "null" : value.getClass().getName();
    return new JsonWriteException(
        "Cannot write " + type + ": " + e.getOriginalMessage(), path(e), e);
  }

  private static long line(@Nullable TokenStreamLocation location) {
    return location == null || location == TokenStreamLocation.NA ? -1 : location.getLineNr();
  }

  private static long column(@Nullable TokenStreamLocation location) {
    return location == null || location == TokenStreamLocation.NA ? -1 : location.getColumnNr();
  }

  /** The JSON path of an exception: from databind's references, else from the parser context. */
  static String path(JacksonException e) {
    Object processor = e.processor();
    if (e instanceof StreamReadException && processor instanceof JsonParser) {
      // A syntax error: the parser knows exactly where it was.
      return path(((JsonParser) processor).streamReadContext());
    }
    List<JacksonException.Reference> refs = e.getPath();
    if (!refs.isEmpty()) {
      StringBuilder sb = new StringBuilder("$");
      for (JacksonException.Reference ref : refs) {
        if (ref.getPropertyName() != null) {
          appendName(sb, ref.getPropertyName());
        } else if (ref.getIndex() >= 0) {
          sb.append('[').append(ref.getIndex()).append(']');
        }
      }
      return sb.toString();
    }
    if (processor instanceof JsonParser) {
      return path(((JsonParser) processor).streamReadContext());
    }
    return "$";
  }

  static String path(@Nullable TokenStreamContext context) {
    if (context == null || context.inRoot()) {
      return "$";
    }
    StringBuilder sb = new StringBuilder();
    for (TokenStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
      StringBuilder segment = new StringBuilder();
      if (c.inArray()) {
        segment.append('[').append(Math.max(c.getCurrentIndex(), 0)).append(']');
      } else if (c.currentName() != null) {
        appendName(segment, c.currentName());
      }
      sb.insert(0, segment);
    }
    return sb.insert(0, '$').toString();
  }

  private static void appendName(StringBuilder sb, String name) {
    boolean plain = !name.isEmpty() && Character.isJavaIdentifierStart(name.charAt(0));
    for (int i = 1; plain && i < name.length(); i++) {
      plain = Character.isJavaIdentifierPart(name.charAt(i));
    }
    if (plain) {
      sb.append('.').append(name);
    } else {
      sb.append("['").append(name.replace("'", "\\'")).append("']");
    }
  }

  /**
   * The input is UTF-8 ({@link JsonReader}'s contract), but Jackson guesses UTF-16 or UTF-32 from a
   * zero byte or a byte-order mark among the first two bytes: {@code 31 00} would read as {@code
   * 1}. Neither a zero byte there nor {@code FE}/{@code FF} anywhere is valid UTF-8 JSON, so such
   * input fails as Jackson fails on it further on.
   */
  static void requireUtf8Start(byte[] bytes, int offset, int length) throws JsonReadException {
    for (int i = 0; i < Math.min(length, 2); i++) {
      int b = bytes[offset + i] & 0xFF;
      if (b == 0 || b >= 0xFE) {
        throw new JsonReadException(
            "Illegal character (code " + b + "): not the start of UTF-8 JSON", 1, i + 1, "$", null);
      }
    }
  }

  /** {@link #requireUtf8Start} for a stream, which is given back unread. */
  static InputStream requireUtf8Start(InputStream in) throws IOException {
    PushbackInputStream peeked = new PushbackInputStream(in, 2);
    byte[] start = peeked.readNBytes(2);
    requireUtf8Start(start, 0, start.length);
    peeked.unread(start);
    return peeked;
  }
}
