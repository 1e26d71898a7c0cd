package dev.httpjson.gson;

import com.google.gson.FieldNamingPolicy;
import com.google.gson.FieldNamingStrategy;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonIOException;
import com.google.gson.JsonParseException;
import com.google.gson.Strictness;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.MalformedJsonException;
import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonWriteException;
import dev.httpjson.codec.support.internal.NameRules;
import dev.httpjson.codec.support.internal.ReadProblems;
import dev.httpjson.codec.support.internal.SequenceSource;
import dev.httpjson.codec.support.internal.Unbindable;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import dev.httpjson.spi.ModuleAdvice;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.lang.reflect.Type;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** One {@link Gson}, and the readers and writers httpjson asks of it (httpjson caches them). */
final class GsonBinding implements JsonBinding {
  private static final Module GSON = Gson.class.getModule();

  private final Gson gson;
  private final ReadSettings settings;
  private final boolean indent;
  private final boolean writeNulls;
  private final boolean htmlSafe;

  private GsonBinding(
      Gson gson, JsonOptions options, boolean indent, boolean writeNulls, boolean htmlSafe) {
    this.gson = gson;
    this.settings = new ReadSettings(options);
    this.indent = indent;
    this.writeNulls = writeNulls;
    this.htmlSafe = htmlSafe;
  }

  /**
   * A binding with a {@link Gson} built from the options.
   *
   * @param options the codec settings
   * @return the binding
   */
  static GsonBinding forOptions(JsonOptions options) {
    return new GsonBinding(
        newGson(options), options, options.indent(), options.writeNulls(), false);
  }

  /**
   * A binding with the user's {@link Gson}, under httpjson's parser limits and trailing rule.
   *
   * @param gson the user's Gson
   * @param options the codec settings, of which only the parser limits are read
   * @return the binding
   */
  static GsonBinding forGson(Gson gson, JsonOptions options) {
    return new GsonBinding(gson, options, false, gson.serializeNulls(), gson.htmlSafe());
  }

  /**
   * The Gson that {@link #forOptions} uses.
   *
   * @param options the codec settings
   * @return a new Gson
   */
  static Gson newGson(JsonOptions options) {
    JsonOptions.Naming names = options.naming();
    FieldNamingStrategy naming =
        names == JsonOptions.Naming.AS_DECLARED
            ? FieldNamingPolicy.IDENTITY
            : f -> NameRules.apply(names, f.getName());
    GsonBuilder b =
        new GsonBuilder()
            .setFieldNamingStrategy(naming)
            .setStrictness(Strictness.STRICT)
            .disableHtmlEscaping()
            .disableJdkUnsafe()
            .setObjectToNumberStrategy(GsonBinding::untypedNumber);
    b.registerTypeAdapterFactory(new JavaTimeAdapters());
    b.registerTypeAdapterFactory(UNTYPED_SERIALIZABLE);
    // A Queue or a Deque is a LinkedList, as with the Jackson codecs: it holds a null element.
    b.registerTypeAdapter(
        java.util.Queue.class,
        (com.google.gson.InstanceCreator<java.util.Queue<?>>) t -> new java.util.LinkedList<>());
    b.registerTypeAdapter(
        java.util.Deque.class,
        (com.google.gson.InstanceCreator<java.util.Deque<?>>) t -> new java.util.LinkedList<>());
    b.registerTypeAdapterFactory(new OptionalAdapters());
    b.registerTypeAdapterFactory(new LastWinsMaps());
    b.registerTypeAdapterFactory(new ExactValues());
    b.registerTypeAdapterFactory(new Base64Bytes());
    b.registerTypeAdapterFactory(new StrictNumbers(options.numbersFromStrings()));
    b.registerTypeAdapterFactory(new StrictScalars());
    // Registered last, so consulted first: it wraps whatever adapter Gson would otherwise use.
    b.registerTypeAdapterFactory(new PropertyNames(naming));
    return b.create();
  }

  /**
   * {@code Serializable} read as {@code Object} is (maps, lists, strings, numbers, booleans, null),
   * as the Jackson codecs read it: Gson has no adapter for the interface and fails.
   */
  private static final TypeAdapterFactory UNTYPED_SERIALIZABLE =
      new TypeAdapterFactory() {
        @Override
        @SuppressWarnings("unchecked")
        public <T> @Nullable TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
          return type.getRawType() == java.io.Serializable.class
              ? (TypeAdapter<T>) gson.getAdapter(Object.class)
              : null;
        }
      };

  /**
   * A number read into {@code Object} as the Jackson codecs read it: an {@code Integer}, a {@code
   * Long} or a {@code BigInteger} for an integer, a {@code Double} otherwise.
   */
  private static Number untypedNumber(com.google.gson.stream.JsonReader in) throws IOException {
    return StrictNumbers.untyped(in.nextString());
  }

  @Override
  public <T> JsonReader<T> reader(Type type) {
    TypeAdapter<T> adapter;
    try {
      adapter = adapter(type);
    } catch (RuntimeException e) {
      return unusable(type, e); // every read fails, as a documented exception
    }
    return new Reading<>(adapter, settings);
  }

  @Override
  public <T> JsonWriter<T> writer(Type type) {
    TypeAdapter<T> adapter;
    try {
      adapter = type == Object.class ? null : adapter(type);
    } catch (RuntimeException e) {
      return unusable(type, e);
    }
    return new Writing<>(gson, adapter, settings.maxNestingDepth, indent, writeNulls, htmlSafe);
  }

  @Override
  public <T> JsonSequenceReader<T> sequenceReader(Type elementType) {
    TypeAdapter<T> adapter;
    try {
      adapter = adapter(elementType);
    } catch (RuntimeException e) {
      return unusable(elementType, e);
    }
    return new Sequences<>(adapter, settings);
  }

  @SuppressWarnings("unchecked")
  private <T> TypeAdapter<T> adapter(Type type) {
    return (TypeAdapter<T>) gson.getAdapter(TypeToken.get(type));
  }

  /**
   * A type Gson cannot make an adapter for (a JDK class such as {@code Optional}, {@code File} or
   * {@code Thread} that it will not or cannot read by reflection): every use fails with httpjson's
   * exception for it, naming the type and what Gson refused.
   */
  private static <T> Unbindable<T> unusable(Type type, RuntimeException cause) {
    return new Unbindable<>(cause, verb -> unusableProblem(type, cause, verb));
  }

  private static String unusableProblem(Type type, RuntimeException cause, String verb) {
    String access = ModuleAdvice.problem(cause, verb, GSON, "Gson");
    if (access != null) {
      return access;
    }
    String m = String.valueOf(cause.getMessage());
    int link = m.indexOf("\nSee https://");
    if (link >= 0) {
      m = m.substring(0, link);
    }
    return "Cannot "
        + verb
        + " "
        + type.getTypeName()
        + ": Gson has no adapter for it and cannot make one ("
        + m.trim()
        + "); give GsonCodec.withGson a Gson with a TypeAdapter for the type it names";
  }

  /**
   * Characters from UTF-8 bytes, malformed input being an error rather than a replacement character
   * (a UTF-8 byte order mark is skipped). A UTF-16 or UTF-32 byte order mark is refused: bytes are
   * UTF-8 JSON, and a body in another charset is decoded by httpjson from the charset its response
   * names, as the other codecs read it (Gson would read {@code FE FF 00 31} as {@code 1}). Reads at
   * most the four bytes of a mark ahead.
   */
  static Reader decode(InputStream in) throws IOException {
    return new DecodingReader(ReadProblems.skipUtf8Mark(in), StandardCharsets.UTF_8.newDecoder());
  }

  /** Whether the body may start with a byte order mark (or is UTF-16/32): {@link #decode}'s. */
  private static boolean startsWithMark(byte[] bytes, int offset, int length) {
    if (length == 0) {
      return false;
    }
    byte b = bytes[offset];
    return b == (byte) 0xFE || b == (byte) 0xFF || b == 0;
  }

  /** The exception to surface for a failure while reading. */
  static IOException readFailure(LimitedJsonReader reader, Throwable e) {
    if (e instanceof JsonReadException) {
      return (JsonReadException) e;
    }
    String access = ModuleAdvice.problem(e, "read", GSON, "Gson");
    if (access != null) {
      return new HttpJsonException(access, e);
    }
    if (e instanceof JsonIOException && e.getCause() instanceof IOException) {
      return readFailure(reader, e.getCause());
    }
    if (e instanceof CharacterCodingException) {
      return reader.failure("Invalid UTF-8 input: " + e.getClass().getSimpleName(), e);
    }
    if (e instanceof MalformedJsonException
        || e instanceof EOFException
        || e instanceof JsonParseException
        || e instanceof IllegalStateException
        || e instanceof IllegalArgumentException
        || e instanceof DateTimeException
        || e instanceof ArithmeticException) {
      return reader.failure(e);
    }
    if (e instanceof IOException) {
      return (IOException) e;
    }
    return reader.failure(e);
  }

  private static final class Reading<T> implements JsonReader<T> {
    private final TypeAdapter<T> adapter;
    private final ReadSettings settings;

    Reading(TypeAdapter<T> adapter, ReadSettings settings) {
      this.adapter = adapter;
      this.settings = settings;
    }

    @Override
    public @Nullable T read(byte[] bytes, int offset, int length) throws IOException {
      return read(
          startsWithMark(bytes, offset, length)
              ? decode(new ByteArrayInputStream(bytes, offset, length))
              : new ByteArrayReader(bytes, offset, length));
    }

    @Override
    public @Nullable T read(InputStream in) throws IOException {
      return read(decode(in));
    }

    @Override
    public @Nullable T read(Reader in) throws IOException {
      LimitedJsonReader reader = new LimitedJsonReader(in, settings, false);
      try {
        T value = adapter.read(reader);
        JsonToken next;
        try {
          next = reader.peek();
        } catch (MalformedJsonException e) {
          next = null; // Strict mode refuses a second top-level value before saying what it is.
        }
        if (next != JsonToken.END_DOCUMENT) {
          throw reader.failure(
              "Trailing token (" + (next == null ? "a second value" : next) + ") found after value",
              null);
        }
        return value;
      } catch (IOException | RuntimeException e) {
        throw readFailure(reader, e);
      } catch (StackOverflowError e) {
        throw reader.failure(ReadProblems.TOO_DEEP_FOR_THE_STACK, null);
      }
    }
  }

  private static final class Writing<T> implements JsonWriter<T> {
    private final Gson gson;
    private final @Nullable TypeAdapter<T> adapter;
    private final int maxDepth;
    private final boolean indent;
    private final boolean writeNulls;
    private final boolean htmlSafe;

    Writing(
        Gson gson,
        @Nullable TypeAdapter<T> adapter,
        int maxDepth,
        boolean indent,
        boolean writeNulls,
        boolean htmlSafe) {
      this.gson = gson;
      this.adapter = adapter;
      this.maxDepth = maxDepth;
      this.indent = indent;
      this.writeNulls = writeNulls;
      this.htmlSafe = htmlSafe;
    }

    @Override
    public byte[] writeBytes(@Nullable T value) throws IOException {
      ByteArrayOutputStream out = new ByteArrayOutputStream(256);
      write(value, out);
      return out.toByteArray();
    }

    @Override
    public void write(@Nullable T value, OutputStream out) throws IOException {
      Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
      write(value, w);
      w.flush();
    }

    @Override
    @SuppressWarnings("unchecked")
    public void write(@Nullable T value, Writer out) throws IOException {
      TrackingJsonWriter w = new TrackingJsonWriter(new LoneSurrogates(out), maxDepth);
      w.setSerializeNulls(writeNulls);
      w.setHtmlSafe(htmlSafe);
      if (indent) {
        w.setIndent("  ");
      }
      try {
        if (value == null) {
          w.nullValue();
        } else {
          TypeAdapter<T> a =
              adapter != null
                  ? adapter
                  : (TypeAdapter<T>) gson.getAdapter(TypeToken.get(value.getClass()));
          a.write(w, value);
        }
        w.flush();
      } catch (TrackingJsonWriter.NestingTooDeep e) {
        throw failure(e, value, w);
      } catch (JsonIOException e) {
        if (e.getCause() instanceof IOException) {
          throw (IOException) e.getCause();
        }
        throw failure(e, value, w);
      } catch (RuntimeException e) {
        throw failure(e, value, w);
      } catch (StackOverflowError e) {
        throw failure(new IllegalStateException("Nesting too deep for the stack", e), value, w);
      }
    }

    private static JsonWriteException failure(
        Exception e, @Nullable Object value, TrackingJsonWriter w) {
      String access = ModuleAdvice.problem(e, "write", GSON, "Gson");
      if (access != null) {
        return new JsonWriteException(access, w.path(), e);
      }
      Throwable cause = e;
      // Gson wraps what a record accessor threw: the accessor's own exception says what failed.
      while (cause.getCause() != null && cause instanceof JsonIOException) {
        cause = cause.getCause();
      }
      String type = value == null ? "null" : value.getClass().getName();
      return new JsonWriteException(
          "Cannot write " + type + ": " + e.getMessage() + "; " + cause.getMessage(), w.path(), e);
    }
  }

  private static final class Sequences<T> extends SequenceSource<T> {
    private final TypeAdapter<T> adapter;
    private final ReadSettings settings;

    Sequences(TypeAdapter<T> adapter, ReadSettings settings) {
      this.adapter = adapter;
      this.settings = settings;
    }

    @Override
    protected Cursor<T> open(@Nullable InputStream in, @Nullable Reader chars, boolean array)
        throws IOException {
      return open(in != null ? decodeOrClose(in) : Objects.requireNonNull(chars), array);
    }

    private static Reader decodeOrClose(InputStream in) throws IOException {
      try {
        return decode(in);
      } catch (IOException | RuntimeException e) {
        in.close();
        throw e;
      }
    }

    private Cursor<T> open(Reader in, boolean array) throws IOException {
      LimitedJsonReader reader = new LimitedJsonReader(in, settings, !array);
      try {
        if (array) {
          JsonToken first;
          try {
            first = reader.peek();
          } catch (EOFException e) {
            first = JsonToken.END_DOCUMENT; // Gson's strict mode calls empty input an error
          }
          if (first == JsonToken.END_DOCUMENT) {
            return new ReaderCursor<>(reader, adapter, false); // empty input: no elements
          }
          if (first != JsonToken.BEGIN_ARRAY) {
            throw reader.failure("Expected a JSON array but was " + first, null);
          }
          reader.beginArray();
        }
        return new ReaderCursor<>(reader, adapter, array);
      } catch (IOException | RuntimeException e) {
        reader.close();
        throw readFailure(reader, e);
      }
    }
  }

  private static final class ReaderCursor<T> implements JsonSequenceReader.Cursor<T> {
    private final LimitedJsonReader reader;
    private final TypeAdapter<T> adapter;
    private final boolean array;
    private boolean started;
    private boolean ended;

    /** The index of the element read last. */
    private int index = -1;

    ReaderCursor(LimitedJsonReader reader, TypeAdapter<T> adapter, boolean array) {
      this.reader = reader;
      this.adapter = adapter;
      this.array = array;
    }

    @Override
    public boolean next() throws IOException {
      if (ended) {
        return false;
      }
      try {
        JsonToken token;
        try {
          token = array || !started ? reader.peek() : reader.peekNextValue();
        } catch (EOFException e) {
          if (array || started) {
            throw e;
          }
          token = JsonToken.END_DOCUMENT; // no value at all: an empty sequence
        }
        started = true;
        if (array && token == JsonToken.END_ARRAY) {
          ended = true;
          reader.endArray();
          JsonToken trailing;
          try {
            trailing = reader.peek();
          } catch (MalformedJsonException e) {
            trailing = null;
          }
          if (trailing != JsonToken.END_DOCUMENT) {
            throw reader.failure(
                "Trailing content after the top-level array: "
                    + (trailing == null ? "a second value" : trailing),
                null);
          }
          return false;
        }
        if (token == JsonToken.END_DOCUMENT) {
          ended = true;
          return false;
        }
        return true;
      } catch (IOException | RuntimeException e) {
        ended = true;
        throw readFailure(reader, e);
      }
    }

    @Override
    public @Nullable T value() throws IOException {
      index++;
      try {
        // JSON null as the adapter reads it: null for most types, empty for an Optional*.
        return adapter.read(reader);
      } catch (IOException | RuntimeException e) {
        throw atElement(readFailure(reader, e));
      } catch (StackOverflowError e) {
        throw reader.failure(ReadProblems.TOO_DEEP_FOR_THE_STACK, null);
      }
    }

    /**
     * {@code failure} named by the element read here: Gson's path names the element after a number
     * or a string it has consumed ({@code $[3]} for a failing {@code $[2]}).
     */
    private IOException atElement(IOException failure) {
      if (!array || !(failure instanceof JsonReadException)) {
        return failure;
      }
      JsonReadException j = (JsonReadException) failure;
      String path = j.path();
      String inside =
          path.startsWith("$[") ? path.substring(path.indexOf(']') + 1) : path.substring(1);
      return new JsonReadException(
          j.problem(), j.line(), j.column(), "$[" + index + "]" + inside, j.getCause());
    }

    @Override
    public void close() throws IOException {
      reader.close();
    }
  }
}
