package dev.httpjson.jackson2;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.PropertyBindingException;
import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonWriteException;
import dev.httpjson.codec.support.internal.ParserReading;
import dev.httpjson.codec.support.internal.ReadProblems;
import dev.httpjson.codec.support.internal.ReadProblems.Place;
import dev.httpjson.codec.support.internal.SequenceSource;
import dev.httpjson.codec.support.internal.ValueWriter;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import dev.httpjson.spi.ModuleAdvice;
import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.lang.reflect.Type;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** One mapper, and the readers and writers httpjson asks of it (httpjson caches them). */
final class Jackson2Binding implements JsonBinding {
  private final ObjectMapper mapper;

  Jackson2Binding(ObjectMapper mapper) {
    this.mapper = mapper;
  }

  @Override
  public <T> JsonReader<T> reader(Type type) {
    return new Reading<>(
        mapper
            .readerFor(mapper.constructType(type))
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS));
  }

  @Override
  public <T> JsonWriter<T> writer(Type type) {
    JavaType javaType = mapper.constructType(type);
    ObjectWriter writer =
        javaType.getRawClass() == Object.class ? mapper.writer() : mapper.writerFor(javaType);
    return new ValueWriter<>(
        writer::writeValueAsBytes,
        writer::writeValue,
        writer::writeValue,
        Jackson2Binding::writeFailure);
  }

  @Override
  public <T> JsonSequenceReader<T> sequenceReader(Type elementType) {
    // Elements are read one after another from one parser: the next element is not "trailing".
    return new Sequences<>(
        mapper
            .readerFor(mapper.constructType(elementType))
            .without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS));
  }

  private static final class Reading<T> extends ParserReading<T, JsonParser> {
    private final ObjectReader reader;

    Reading(ObjectReader reader) {
      this.reader = reader;
    }

    @Override
    protected @Nullable T readValue(byte[] bytes, int offset, int length) throws IOException {
      return reader.readValue(bytes, offset, length);
    }

    /**
     * Unlike {@code readValue(InputStream)}, {@code readValue(JsonParser)} leaves the content after
     * the value to the caller: it is refused here as {@code FAIL_ON_TRAILING_TOKENS} refuses it.
     */
    @Override
    protected @Nullable T readValue(JsonParser parser) throws IOException {
      T value = reader.readValue(parser);
      JsonToken trailing = parser.nextToken();
      if (trailing != null) {
        throw at(parser)
            .atRoot()
            .failure(
                "Trailing token (of type "
                    + trailing
                    + ") found after value (bound as "
                    + reader.getValueType().getRawClass().getName()
                    + "): not allowed as per `DeserializationFeature.FAIL_ON_TRAILING_TOKENS`",
                null);
      }
      return value;
    }

    @Override
    protected JsonParser parser(byte[] bytes, int offset, int length) throws IOException {
      return reader.createParser(bytes, offset, length);
    }

    @Override
    protected JsonParser parser(@Nullable InputStream in, @Nullable Reader chars)
        throws IOException {
      return in != null ? reader.createParser(in) : reader.createParser(chars);
    }

    @Override
    protected void close(JsonParser parser) throws IOException {
      parser.close();
    }

    @Override
    protected boolean unplaced(Throwable e) {
      return e instanceof JsonProcessingException
          && accessFailure(e) == null
          && Jackson2Binding.unplaced((JsonProcessingException) e);
    }

    /** A mapping failure that databind gives no path ({@link ReadProblems#atRoot}). */
    @Override
    protected boolean atRoot(Throwable e) {
      return e instanceof JsonMappingException && ((JsonMappingException) e).getPath().isEmpty();
    }

    @Override
    protected @Nullable IOException failure(Throwable e, @Nullable JsonParser parser) {
      return Jackson2Binding.failure(e, parser);
    }
  }

  /**
   * The exception to surface for {@code e}, placed where {@code parser} stopped when it has no
   * position of its own; null when it is not a reading failure.
   */
  static @Nullable IOException failure(Throwable e, @Nullable JsonParser parser) {
    boolean jackson = e instanceof JsonProcessingException || e instanceof CharConversionException;
    if (parser == null) {
      IOException access = accessFailure(e);
      return access != null ? access : jackson ? readFailure((IOException) e) : null;
    } else if (e instanceof StackOverflowError) {
      return at(parser).unplacedFailure(e);
    }
    return jackson || ParserReading.isDataError(e) ? failureAt((Exception) e, parser) : null;
  }

  /**
   * Whether Jackson's failure has no position of its own: a parser limit's exception never has one,
   * and some databind failures have none.
   */
  static boolean unplaced(JsonProcessingException e) {
    StreamConstraintsException limit = limit(e);
    return limit != null ? unknown(limit.getLocation()) : unknown(e.getLocation());
  }

  private static @Nullable StreamConstraintsException limit(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof StreamConstraintsException) {
        return (StreamConstraintsException) c;
      }
    }
    return null;
  }

  private static boolean unknown(@Nullable JsonLocation location) {
    return location == null || location == JsonLocation.NA;
  }

  /**
   * A failure placed where {@code parser} stopped when the exception has no position of its own: a
   * parser limit (whose path is the parser's too), a databind failure without a location, a data
   * error Jackson lets out unwrapped, undecodable input.
   */
  static IOException failureAt(Exception e, JsonParser parser) {
    IOException access = accessFailure(e);
    if (access != null) {
      return access;
    }
    if (e instanceof JsonProcessingException && !unplaced((JsonProcessingException) e)) {
      return readFailure((IOException) e);
    }
    Place at = at(parser);
    if (e instanceof IOException) {
      JsonReadException failure = (JsonReadException) readFailure((IOException) e);
      boolean parsers = limit(e) != null || failure.path().equals("$");
      // A failure without a parser of its own (a data error wrapped on its way out) names the
      // properties as declared: the parser at hand spells them as the document does.
      String path =
          parsers
              ? at.path()
              : e instanceof JsonProcessingException
                  ? path((JsonProcessingException) e, parser)
                  : failure.path();
      return new Place(at.line(), at.column(), path).failure(failure.problem(), e);
    }
    return at.unplacedFailure(e);
  }

  private static final class Sequences<T> extends SequenceSource<T> {
    private final ObjectReader reader;

    Sequences(ObjectReader reader) {
      super(true); // bytes behind line breaks: Jackson's parser waits for four before it starts
      this.reader = reader;
    }

    @Override
    protected Cursor<T> open(@Nullable InputStream in, @Nullable Reader chars, boolean array)
        throws IOException {
      JsonParser parser;
      try {
        parser = in != null ? reader.createParser(in) : reader.createParser(chars);
      } catch (JsonProcessingException | CharConversionException e) {
        throw readFailure(e);
      }
      try {
        JsonToken first = array ? parser.nextToken() : JsonToken.START_ARRAY;
        if (first != JsonToken.START_ARRAY && first != null) {
          throw at(parser).atRoot().failure(ReadProblems.notAnArray(first), null);
        }
        return new ParserCursor<>(parser, reader, array && first != null); // empty: no elements
      } catch (JsonProcessingException | CharConversionException e) {
        parser.close();
        throw failureAt(e, parser);
      } catch (IOException | RuntimeException e) {
        parser.close();
        throw e;
      }
    }
  }

  /**
   * Elements through one {@link MappingIterator}, so that one deserialization context serves every
   * element (a {@code readValue} per element costs twice the time). The cursor advances the parser
   * itself and reads JSON nulls itself; the iterator only deserializes.
   */
  private static final class ParserCursor<T> extends SequenceSource.TokenCursor<T> {
    private final JsonParser parser;
    private final MappingIterator<T> values;

    /** Whether the elements are those of an array, whose index the parser's path starts with. */
    private final boolean array;

    ParserCursor(JsonParser parser, ObjectReader reader, boolean array) throws IOException {
      super(array, reader.getValueType().getRawClass());
      this.parser = parser;
      this.array = array;
      parser.clearCurrentToken();
      this.values = reader.readValues(parser);
    }

    @Override
    protected @Nullable Object nextToken() throws IOException {
      try {
        return parser.nextToken();
      } catch (JsonProcessingException | CharConversionException e) {
        throw failureAt(e, parser);
      }
    }

    @Override
    protected boolean isEndArray(Object token) {
      return token == JsonToken.END_ARRAY;
    }

    @Override
    protected JsonReadException failure(String problem, boolean root) {
      return (root ? at(parser).atRoot() : at(parser)).failure(problem, null);
    }

    @Override
    protected boolean skipNull() {
      boolean isNull = parser.currentToken() == JsonToken.VALUE_NULL;
      if (isNull) {
        parser.clearCurrentToken();
      }
      return isNull;
    }

    @Override
    protected @Nullable T readElement() throws IOException {
      return values.nextValue();
    }

    @Override
    protected @Nullable IOException elementFailure(Throwable e) {
      return Jackson2Binding.failure(e, parser);
    }

    @Override
    protected @Nullable Iterable<?> pathInside(Throwable e) {
      if (!(e instanceof JsonMappingException)) {
        return null;
      }
      JsonStreamContext context = parser.getParsingContext();
      if (parserFailure((JsonMappingException) e) == null) {
        return segments((JsonMappingException) e, context);
      }
      // The parser's own failure, reported in place of the mapping one (readFailure), is where
      // the parser stands: databind's path may stop short of it (a map does not add the key of a
      // number past its type's range), the parser's does not.
      List<@Nullable Object> read = read(context);
      return array && !read.isEmpty() ? read.subList(1, read.size()) : read;
    }

    @Override
    public void close() throws IOException {
      parser.close();
    }
  }

  /**
   * A Jackson parse or mapping failure, or malformed bytes, as a {@link JsonReadException}; a
   * package the JDK would not open to Jackson as an {@link HttpJsonException} saying what to add to
   * module-info.java (the JSON is not at fault).
   */
  static IOException readFailure(IOException e) {
    IOException access = accessFailure(e);
    if (access != null) {
      return access;
    }
    if (!(e instanceof JsonProcessingException)) {
      return new JsonReadException(String.valueOf(e.getMessage()), -1, -1, "$", e);
    }
    JsonProcessingException j = (JsonProcessingException) e;
    Throwable inner = firstStreamFailure(j);
    JsonProcessingException placed = parserFailure(j);
    if (placed != null) {
      j = placed;
    } else if (inner instanceof StreamConstraintsException) {
      return failure(j, ((StreamConstraintsException) inner).getOriginalMessage(), true, e);
    }
    return failure(j, j.getOriginalMessage(), j instanceof StreamConstraintsException, e);
  }

  /**
   * The parser's failure that {@code e} wraps, when it has a position and its parser: Jackson 2
   * wraps a parser failure met inside a creator or property in a mapping exception whose path stops
   * at the enclosing object, and the parser's own failure is the precise one. Null when there is
   * none.
   */
  private static @Nullable JsonProcessingException parserFailure(JsonProcessingException e) {
    Throwable c = firstStreamFailure(e);
    return c instanceof JsonProcessingException
            && ((JsonProcessingException) c).getLocation() != null
            && ((JsonProcessingException) c).getProcessor() instanceof JsonParser
        ? (JsonProcessingException) c
        : null;
  }

  /** The first parser failure or parser limit among {@code e}'s causes, or null. */
  private static @Nullable Throwable firstStreamFailure(Throwable e) {
    for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
      if (c instanceof StreamReadException || c instanceof StreamConstraintsException) {
        return c;
      }
    }
    return null;
  }

  private static JsonReadException failure(
      JsonProcessingException at, @Nullable String message, boolean limit, Throwable cause) {
    JsonLocation location = at.getLocation();
    String problem = ReadProblems.withoutSource(String.valueOf(message));
    if (at instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException) {
      problem =
          ReadProblems.withoutCoercionHint(
              problem,
              ((com.fasterxml.jackson.databind.exc.MismatchedInputException) at).getTargetType());
    }
    if (limit) {
      problem = ReadProblems.limitProblem(problem);
    }
    String path = path(at);
    if (at instanceof JsonMappingException) {
      List<JsonMappingException.Reference> refs = ((JsonMappingException) at).getPath();
      JsonMappingException.Reference last = refs.isEmpty() ? null : refs.get(refs.size() - 1);
      if (at instanceof InvalidNullException) {
        InvalidNullException n = (InvalidNullException) at;
        problem =
            ReadProblems.nullProblem(
                last == null ? null : last.getFrom(),
                n.getPropertyName() == null ? null : n.getPropertyName().getSimpleName(),
                n.getTargetType() != null && n.getTargetType().isPrimitive(),
                problem);
      } else if (at instanceof PropertyBindingException) {
        PropertyBindingException unknown = (PropertyBindingException) at;
        problem += ReadProblems.knownProperties(unknown.getKnownPropertyIds());
        path = ReadProblems.placedOnce(path, unknown.getPropertyName(), refs);
        path =
            ReadProblems.unknownPropertyPath(
                path, unknown.getPropertyName(), last == null ? null : last.getFieldName());
      }
    }
    return at(location, path).failure(problem, cause);
  }

  /** A refused reflective access, as httpjson reports it; else null. */
  private static @Nullable IOException accessFailure(Throwable e) {
    String problem = ModuleAdvice.problem(e, "read", DATABIND, "Jackson");
    return problem == null ? null : new HttpJsonException(problem, e);
  }

  private static final Module DATABIND = ObjectMapper.class.getModule();

  /** A write failure of Jackson's, in httpjson's words; null for any other exception. */
  static @Nullable JsonWriteException writeFailure(Exception failure, @Nullable Object value) {
    if (!(failure instanceof JsonProcessingException)) {
      return null;
    }
    JsonProcessingException e = (JsonProcessingException) failure;
    String access = ModuleAdvice.problem(e, "write", DATABIND, "Jackson");
    if (access != null) {
      return new JsonWriteException(access, "$", e);
    }
    return new JsonWriteException(
        ReadProblems.writeProblem(value, e.getOriginalMessage()), path(e), e);
  }

  /** Where {@code parser} stopped. */
  static Place at(JsonParser parser) {
    return at(parser.currentLocation(), path(parser.getParsingContext()));
  }

  private static Place at(@Nullable JsonLocation location, String path) {
    return location == null || location == JsonLocation.NA
        ? new Place(-1, -1, path)
        : new Place(location.getLineNr(), location.getColumnNr(), path);
  }

  /** The JSON path of an exception: from databind's references, else from the parser context. */
  static String path(JsonProcessingException e) {
    return path(e, null);
  }

  /** {@link #path(JsonProcessingException)}, with {@code parser} when it carries none. */
  private static String path(JsonProcessingException e, @Nullable JsonParser parser) {
    Object processor = e.getProcessor() instanceof JsonParser ? e.getProcessor() : parser;
    if (e instanceof StreamReadException && processor instanceof JsonParser) {
      // A syntax error: the parser knows exactly where it was.
      return path(((JsonParser) processor).getParsingContext());
    }
    if (e instanceof JsonMappingException) {
      List<JsonMappingException.Reference> refs = ((JsonMappingException) e).getPath();
      if (!refs.isEmpty()) {
        return ReadProblems.path(
            segments(
                (JsonMappingException) e,
                processor instanceof JsonParser
                    ? ((JsonParser) processor).getParsingContext()
                    : null));
      }
    }
    if (processor instanceof JsonParser) {
      return path(((JsonParser) processor).getParsingContext());
    }
    return "$";
  }

  /** The segments of {@code context}'s path, names as the document spells them. */
  private static List<@Nullable Object> read(@Nullable JsonStreamContext context) {
    List<@Nullable Object> read = new java.util.LinkedList<>();
    for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
      read.add(0, c.inArray() ? (Object) Math.max(c.getCurrentIndex(), 0) : c.getCurrentName());
    }
    return read;
  }

  static String path(@Nullable JsonStreamContext context) {
    return ReadProblems.path(read(context));
  }

  /**
   * The segments of {@code e}'s path, its names as the document spells them where the parser's
   * {@code context} holds the same path (or one that contains it, as an element of a stream or
   * deeper inside the value): Jackson 2 names a property matched regardless of case by its declared
   * name ({@code $.v} for {@code {"V":0}}), where every other codec names what the document holds
   * ({@code $.V}).
   */
  private static List<@Nullable Object> segments(
      JsonMappingException e, @Nullable JsonStreamContext context) {
    List<@Nullable Object> segments = new java.util.ArrayList<>();
    e.getPath().forEach(r -> segments.add(segment(r)));
    List<@Nullable Object> read = read(context);
    for (int from = 0; from + segments.size() <= read.size(); from++) {
      if (sameIgnoringCase(segments, read.subList(from, from + segments.size()))) {
        return new java.util.ArrayList<>(read.subList(from, from + segments.size()));
      }
    }
    return segments;
  }

  private static boolean sameIgnoringCase(List<@Nullable Object> a, List<@Nullable Object> b) {
    for (int i = 0; i < a.size(); i++) {
      Object x = a.get(i);
      Object y = b.get(i);
      boolean same =
          x instanceof String && y instanceof String
              ? ((String) x).equalsIgnoreCase((String) y)
              : java.util.Objects.equals(x, y);
      if (!same) {
        return false;
      }
    }
    return true;
  }

  private static @Nullable Object segment(JsonMappingException.Reference ref) {
    return ref.getFieldName() != null
        ? ref.getFieldName()
        : ref.getIndex() >= 0 ? ref.getIndex() : null;
  }
}
