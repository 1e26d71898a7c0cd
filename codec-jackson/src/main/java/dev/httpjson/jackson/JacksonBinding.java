package dev.httpjson.jackson;

import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonWriteException;
import dev.httpjson.codec.support.internal.AccessProblems;
import dev.httpjson.codec.support.internal.ParserReading;
import dev.httpjson.codec.support.internal.ReadProblems;
import dev.httpjson.codec.support.internal.ReadProblems.Place;
import dev.httpjson.codec.support.internal.SequenceSource;
import dev.httpjson.codec.support.internal.ValueWriter;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.lang.reflect.Type;
import java.util.List;
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
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.exc.InvalidNullException;
import tools.jackson.databind.exc.PropertyBindingException;
import tools.jackson.databind.exc.ValueInstantiationException;
import tools.jackson.databind.json.JsonMapper;

/** One mapper, and the readers and writers httpjson asks of it (httpjson caches them). */
final class JacksonBinding implements JsonBinding {
  private final JsonMapper mapper;

  JacksonBinding(JsonMapper mapper) {
    this.mapper = mapper;
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
    return new ValueWriter<>(
        writer::writeValueAsBytes,
        writer::writeValue,
        writer::writeValue,
        JacksonBinding::writeFailure);
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
    protected @Nullable T readValue(byte[] bytes, int offset, int length) {
      return reader.readValue(bytes, offset, length);
    }

    @Override
    protected @Nullable T readValue(JsonParser parser) {
      return reader.readValue(parser);
    }

    @Override
    protected JsonParser parser(byte[] bytes, int offset, int length) {
      return reader.createParser(bytes, offset, length);
    }

    @Override
    protected JsonParser parser(@Nullable InputStream in, @Nullable Reader chars) {
      return in != null ? reader.createParser(in) : reader.createParser(chars);
    }

    @Override
    protected void close(JsonParser parser) {
      parser.close();
    }

    @Override
    protected boolean unplaced(Throwable e) {
      return e instanceof JacksonException j && JacksonBinding.unplaced(j);
    }

    /** A mapping failure that databind gives no path ({@link ReadProblems#atRoot}). */
    @Override
    protected boolean atRoot(Throwable e) {
      return e instanceof DatabindException d && d.getPath().isEmpty();
    }

    @Override
    protected @Nullable IOException failure(Throwable e, @Nullable JsonParser parser) {
      return JacksonBinding.failure(e, parser);
    }
  }

  /**
   * The exception to surface for {@code e}, placed where {@code parser} stopped when it has no
   * position of its own; null when it is not a reading failure.
   */
  static @Nullable IOException failure(Throwable e, @Nullable JsonParser parser) {
    if (e instanceof JacksonException j) {
      return readFailure(j, parser);
    } else if (parser == null) {
      return null;
    }
    return e instanceof StackOverflowError || ParserReading.isDataError(e)
        ? at(parser).unplacedFailure(e)
        : null;
  }

  /**
   * Whether Jackson's exception lacks the position that the parser has: a parser limit's never has
   * one, and some databind failures have none.
   */
  static boolean unplaced(JacksonException e) {
    return !(e instanceof JacksonIOException)
        && (e.getLocation() == null || e.getLocation() == TokenStreamLocation.NA);
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
      } catch (JacksonException e) {
        throw readFailure(e, null);
      }
      try {
        JsonToken first = array ? parser.nextToken() : JsonToken.START_ARRAY;
        if (first != JsonToken.START_ARRAY && first != null) {
          throw at(parser).atRoot().failure(ReadProblems.notAnArray(first), null);
        }
        return new ParserCursor<>(parser, reader, array && first != null); // empty: no elements
      } catch (JacksonException e) {
        parser.close();
        throw readFailure(e, parser);
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

    ParserCursor(JsonParser parser, ObjectReader reader, boolean array) {
      super(array, reader.getValueType().getRawClass());
      this.parser = parser;
      parser.clearCurrentToken();
      this.values = reader.readValues(parser);
    }

    @Override
    protected @Nullable Object nextToken() throws IOException {
      try {
        return parser.nextToken();
      } catch (JacksonException e) {
        throw readFailure(e, parser);
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
    protected @Nullable T readElement() {
      return values.nextValue();
    }

    @Override
    protected @Nullable IOException elementFailure(Throwable e) {
      return JacksonBinding.failure(e, parser);
    }

    @Override
    protected @Nullable Iterable<?> pathInside(Throwable e) {
      return e instanceof DatabindException d
          ? d.getPath().stream().map(JacksonBinding::segment).toList()
          : null;
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
   * aborted body, a size limit) as it is; anything else as a {@link JsonReadException}, placed
   * where {@code parser} stopped when the exception itself has no position (a parser limit's).
   */
  static IOException readFailure(JacksonException e, @Nullable JsonParser parser) {
    if (e instanceof JacksonIOException && e.getCause() instanceof IOException) {
      return (IOException) e.getCause();
    }
    String access = accessProblem(e, "read");
    if (access != null) {
      return new HttpJsonException(access, e);
    }
    TokenStreamLocation location = e.getLocation();
    String problem = ReadProblems.withoutSource(String.valueOf(e.getOriginalMessage()));
    if (e instanceof tools.jackson.databind.exc.MismatchedInputException m) {
      problem = ReadProblems.withoutCoercionHint(problem, m.getTargetType());
    }
    String path = path(e);
    List<JacksonException.Reference> refs = e.getPath();
    JacksonException.Reference last = refs.isEmpty() ? null : refs.get(refs.size() - 1);
    if (e instanceof InvalidNullException n) {
      problem =
          ReadProblems.nullProblem(
              last == null ? null : last.from(),
              n.getPropertyName() == null ? null : n.getPropertyName().getSimpleName(),
              n.getTargetType() != null && n.getTargetType().isPrimitive(),
              problem);
    } else if (e instanceof PropertyBindingException unknown) {
      problem += ReadProblems.knownProperties(unknown.getKnownPropertyIds());
      path = ReadProblems.placedOnce(path, unknown.getPropertyName(), refs);
    } else if (e instanceof StreamConstraintsException) {
      problem = ReadProblems.limitProblem(problem);
    }
    if (parser != null && unplaced(e)) {
      location = parser.currentLocation();
      if (e instanceof StreamConstraintsException || path.equals("$")) {
        path = path(parser.streamReadContext());
      }
    }
    return at(location, path).failure(problem, e);
  }

  /**
   * What to add to module-info.java when Jackson failed because a package of a class the failure
   * names is not open to it (else the failure reads like malformed JSON); null for any other.
   */
  private static @Nullable String accessProblem(JacksonException e, String verb) {
    JavaType type =
        e instanceof ValueInstantiationException v
            ? v.getType()
            : e instanceof InvalidDefinitionException d ? d.getType() : null;
    List<Class<?>> candidates =
        AccessProblems.candidates(
            type,
            JavaType::getRawClass,
            t -> t.getBindings().getTypeParameters(),
            e.getPath().stream().map(JacksonException.Reference::from).toList());
    return AccessProblems.problem(e, verb, DATABIND, "Jackson", candidates);
  }

  private static final Module DATABIND = JsonMapper.class.getModule();

  /** A write failure of Jackson's, in httpjson's words; null for any other exception. */
  static @Nullable JsonWriteException writeFailure(Exception failure, @Nullable Object value) {
    if (!(failure instanceof JacksonException e)) {
      return null;
    }
    String access = accessProblem(e, "write");
    if (access != null) {
      return new JsonWriteException(access, "$", e);
    }
    return new JsonWriteException(
        ReadProblems.writeProblem(value, e.getOriginalMessage()), path(e), e);
  }

  /** Where {@code parser} stopped. */
  static Place at(JsonParser parser) {
    return at(parser.currentLocation(), path(parser.streamReadContext()));
  }

  private static Place at(@Nullable TokenStreamLocation location, String path) {
    return location == null || location == TokenStreamLocation.NA
        ? new Place(-1, -1, path)
        : new Place(location.getLineNr(), location.getColumnNr(), path);
  }

  /** The JSON path of an exception: from databind's references, else from the parser context. */
  static String path(JacksonException e) {
    Object processor = e.processor();
    if (e instanceof StreamReadException && processor instanceof JsonParser parser) {
      // A syntax error: the parser knows exactly where it was.
      return path(parser.streamReadContext());
    }
    List<JacksonException.Reference> refs = e.getPath();
    if (!refs.isEmpty()) {
      return ReadProblems.path(refs.stream().map(JacksonBinding::segment)::iterator);
    }
    if (processor instanceof JsonParser parser) {
      return path(parser.streamReadContext());
    }
    return "$";
  }

  static String path(@Nullable TokenStreamContext context) {
    return ReadProblems.path(
        context,
        TokenStreamContext::getParent,
        TokenStreamContext::inRoot,
        c -> c.inArray() ? (Object) Math.max(c.getCurrentIndex(), 0) : c.currentName());
  }

  private static @Nullable Object segment(JacksonException.Reference ref) {
    return ref.getPropertyName() != null
        ? ref.getPropertyName()
        : ref.getIndex() >= 0 ? ref.getIndex() : null;
  }
}
