package dev.httpjson;

import dev.httpjson.internal.CachedBinding;
import dev.httpjson.internal.Calls;
import dev.httpjson.internal.Responses;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import java.io.IOException;
import java.io.StringReader;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A type to read or write as JSON, with the options to do it: the one type form of httpjson besides
 * a plain {@link Class}. It is both the super type token for generic types and a prepared type —
 * .NET's {@code JsonTypeInfo<T>} — whose reader and writer are resolved once and held.
 *
 * <pre>{@code
 * // A generic type, captured by subclassing:
 * List<User> users = HttpJson.getFromJson(client, uri, new JsonType<List<User>>() {});
 *
 * // Prepared once, with options, and reused: calls that take it skip even the cache lookup.
 * static final JsonType<User> USER = JsonType.of(User.class, options);
 * User user = HttpJson.getFromJson(client, uri, USER);
 * }</pre>
 *
 * <p>A type made without options ({@code new JsonType<…>() {}}, {@link #of(Class)}, {@link
 * #of(Type)}, {@link #listOf}, {@link #mapOf}) takes the options of where it is used (an {@link
 * HttpJsonClient}'s, else {@link JsonOptions#web()}) and finds its codec there; one made with
 * options ({@link #of(Class, JsonOptions)}, {@link #withOptions(JsonOptions)}) keeps them
 * everywhere and finds its codec at once. A type written inline at every call costs a cache lookup,
 * never a new reader. {@link #fromJson(String)} and {@link #toJson(Object)} read and write text
 * that did not come as a body, under the same rules.
 *
 * <p>Two types are equal when their Java types and options are (a type made without options equals
 * only another made without). Immutable and thread-safe.
 */
public class JsonType<T> {
  private final Type type;
  private final JsonOptions options;
  private final boolean bound;
  private volatile @Nullable CachedBinding binding;
  private volatile @Nullable JsonReader<T> reader;
  private volatile @Nullable JsonWriter<T> writer;
  private volatile @Nullable JsonSequenceReader<T> sequenceReader;
  private volatile Responses.@Nullable JsonHandler<T> handler;
  private volatile @Nullable JsonType<T> rebound;

  /**
   * Captures the type argument of a direct anonymous subclass, without options:
   *
   * <pre>{@code
   * JsonType<List<User>> users = new JsonType<List<User>>() {};
   * }</pre>
   *
   * @throws IllegalStateException if not created as a direct subclass with a concrete type argument
   */
  protected JsonType() {
    Type superclass = getClass().getGenericSuperclass();
    if (!(superclass instanceof ParameterizedType)
        || ((ParameterizedType) superclass).getRawType() != JsonType.class) {
      throw new IllegalStateException(
          "JsonType must be created as a direct anonymous subclass: new JsonType<List<User>>() {}");
    }
    Type captured = ((ParameterizedType) superclass).getActualTypeArguments()[0];
    if (captured instanceof TypeVariable || captured instanceof WildcardType) {
      throw new IllegalStateException("JsonType captured a type variable, not a type: " + captured);
    }
    this.type = captured;
    this.options = JsonOptions.web();
    this.bound = false;
  }

  private JsonType(Type type, JsonOptions options, boolean bound) {
    this.type = type;
    this.options = options;
    this.bound = bound;
  }

  /** A type with its codec binding resolved now, so a missing codec fails here. */
  private static <T> JsonType<T> prepared(Type type, JsonOptions options, boolean bound) {
    JsonType<T> t = new JsonType<>(type, options, bound);
    t.binding();
    return t;
  }

  /** The class {@code type}, without options: it takes the options of where it is used. */
  @SuppressWarnings("unchecked")
  public static <T> JsonType<T> of(Class<T> type) {
    return (JsonType<T>) OF_CLASS.get(Objects.requireNonNull(type, "type == null"));
  }

  /**
   * The unbound type of each class, made once and held by the class (so a class loader that goes
   * away takes its types along): a call with a class reads with what an earlier one resolved.
   */
  private static final ClassValue<JsonType<?>> OF_CLASS =
      new ClassValue<>() {
        @Override
        protected JsonType<?> computeValue(Class<?> type) {
          return new JsonType<>(type, JsonOptions.web(), false);
        }
      };

  /** The class {@code type} with {@code options}, which apply wherever it is used. */
  public static <T> JsonType<T> of(Class<T> type, JsonOptions options) {
    return prepared(Objects.requireNonNull(type, "type == null"), Calls.options(options), true);
  }

  /** {@return {@code List<elementType>}, without options} */
  public static <E> JsonType<List<E>> listOf(Class<E> elementType) {
    Objects.requireNonNull(elementType, "elementType == null");
    return new JsonType<>(listType(elementType), JsonOptions.web(), false);
  }

  /** {@return {@code Map<String, valueType>}, without options} */
  public static <V> JsonType<Map<String, V>> mapOf(Class<V> valueType) {
    Objects.requireNonNull(valueType, "valueType == null");
    return new JsonType<>(
        new Parameterized(Map.class, String.class, valueType), JsonOptions.web(), false);
  }

  /**
   * This type with {@code options}, which apply wherever it is used; {@code this} when it already
   * has them.
   *
   * <pre>{@code
   * JsonType<List<User>> users = new JsonType<List<User>>() {}.withOptions(snakeCase);
   * }</pre>
   */
  public final JsonType<T> withOptions(JsonOptions options) {
    Calls.options(options);
    if (bound && this.options.equals(options)) {
      return this;
    }
    return prepared(type, options, true);
  }

  /** {@code List<element>}, for any element type. */
  static Type listType(Type element) {
    return new Parameterized(List.class, element);
  }

  /**
   * This type, or when it was made without options, this type with {@code fallback}: what a call
   * with its own options uses.
   */
  final JsonType<T> orOptions(JsonOptions fallback) {
    if (bound) {
      return this;
    }
    JsonType<T> r = rebound;
    if (r != null && r.options == fallback) {
      return r;
    }
    if (fallback.equals(options)) {
      return this;
    }
    r = new JsonType<>(type, fallback, false);
    if (CachedBinding.mayKeep(type, fallback.settings())) {
      rebound = r; // else an application's codec, which a JDK type must not keep
    }
    return r;
  }

  /**
   * A runtime {@code type} — a {@link Class} or any generic type, such as one from reflection —
   * without options. Calls that take it return the value as {@code Object}.
   *
   * @param type the type, such as one obtained by reflection
   * @throws IllegalArgumentException if {@code type} is a type variable or a wildcard
   */
  public static JsonType<?> of(Type type) {
    return new JsonType<>(concrete(type), JsonOptions.web(), false);
  }

  /** As {@link #of(Type)}, with {@code options}, which apply wherever it is used. */
  public static JsonType<?> of(Type type, JsonOptions options) {
    return prepared(concrete(type), Calls.options(options), true);
  }

  /** The same, without checks or eager resolution: for the call paths, per call. */
  static <T> JsonType<T> resolve(Type type, JsonOptions options) {
    return new JsonType<>(type, options, true);
  }

  private static Type concrete(Type type) {
    Objects.requireNonNull(type, "type == null");
    if (type instanceof TypeVariable || type instanceof WildcardType) {
      throw new IllegalArgumentException("not a concrete type: " + type);
    }
    return type;
  }

  /** {@return the Java type this prepared type reads and writes} */
  public final Type type() {
    return type;
  }

  /**
   * The options.
   *
   * @return the options it reads and writes with, and whose call settings apply to calls; {@link
   *     JsonOptions#web()} for a type made without options (a call then uses its own)
   */
  public final JsonOptions options() {
    return options;
  }

  /**
   * Reads {@code json} as a value of this type with this type's options, by the rules a call reads
   * a body with: one JSON value, nothing after it but whitespace, an empty string is {@code null}.
   * A {@code String} holds characters, not bytes: a U+FEFF before the value is not a byte order
   * mark but a character JSON does not allow there, and fails as any other would (in bytes, {@link
   * #fromJson(byte[])} skips a UTF-8 byte order mark, as a body's is).
   *
   * <pre>{@code
   * static final JsonType<User> USER = JsonType.of(User.class);
   *
   * User user = USER.fromJson("{\"id\":42,\"name\":\"Ada\"}");
   * }</pre>
   *
   * @param json the JSON text
   * @return the value; {@code null} for JSON {@code null} or an empty string
   * @throws JsonReadException if the text is not one JSON value of this type, with the position and
   *     path
   * @throws HttpJsonException if the codec cannot reach the type (on the module path, a package
   *     that is not open to it)
   */
  public final @Nullable T fromJson(String json) throws HttpJsonException {
    Objects.requireNonNull(json, "json == null");
    if (json.isEmpty()) {
      return null;
    }
    if (json.charAt(0) == '\uFEFF') {
      // Every codec alike: Gson's reader would skip it, the others refuse it.
      throw new JsonReadException(
              "Unexpected character U+FEFF (a byte order mark, which a String does not have):"
                  + " expected a value",
              1,
              1,
              "$",
              null)
          .withContext(type, null);
    }
    try {
      return reader().read(new StringReader(json));
    } catch (JsonReadException e) {
      throw e.withContext(type, null);
    } catch (HttpJsonException e) {
      throw e;
    } catch (IOException e) {
      throw Responses.malformed(e).withContext(type, null);
    }
  }

  /**
   * Reads JSON bytes, not kept or changed, as a value of this type, as {@link #fromJson(String)}
   * does ({@code null} for no bytes): UTF-8 (a UTF-8 byte order mark is skipped; a UTF-16 or UTF-32
   * one, or a zero byte first, is a {@link JsonReadException}).
   */
  public final @Nullable T fromJson(byte[] json) throws HttpJsonException {
    Objects.requireNonNull(json, "json == null");
    try {
      return Responses.decode(reader(), json, json.length, null, type);
    } catch (HttpJsonException e) {
      throw e;
    } catch (IOException e) {
      throw Responses.malformed(e).withContext(type, null);
    }
  }

  /**
   * Writes {@code value} as JSON text with this type's options, as a request body would be written
   * (in UTF-8).
   *
   * @param value the value; {@code null} writes JSON {@code null}
   * @return the JSON text
   * @throws JsonWriteException if the value cannot be written, with the path
   */
  public final String toJson(@Nullable T value) throws JsonWriteException {
    return new String(toJsonBytes(value), StandardCharsets.UTF_8);
  }

  /** As {@link #toJson(Object)}, in UTF-8 bytes, owned by the caller. */
  public final byte[] toJsonBytes(@Nullable T value) throws JsonWriteException {
    try {
      return writer().writeBytes(value);
    } catch (JsonWriteException e) {
      throw e;
    } catch (IOException e) {
      throw new JsonWriteException(
          "Cannot write " + type.getTypeName() + ": " + e.getMessage(), "$", e);
    }
  }

  final JsonReader<T> reader() {
    JsonReader<T> r = reader;
    if (r == null) {
      reader = r = binding().reader(type);
    }
    return r;
  }

  /** The handler reading this type's bodies, made once: what every call reading it runs with. */
  final Responses.JsonHandler<T> handler() {
    Responses.JsonHandler<T> h = handler;
    if (h == null) {
      handler = h = new Responses.JsonHandler<>(this, this::reader);
    }
    return h;
  }

  final JsonWriter<T> writer() {
    JsonWriter<T> w = writer;
    if (w == null) {
      writer = w = binding().writer(type);
    }
    return w;
  }

  final JsonSequenceReader<T> sequenceReader() {
    JsonSequenceReader<T> r = sequenceReader;
    if (r == null) {
      sequenceReader = r = binding().sequenceReader(type);
    }
    return r;
  }

  final CachedBinding binding() {
    CachedBinding b = binding;
    if (b == null) {
      binding = b = options.binding();
    }
    return b;
  }

  @Override
  public final boolean equals(@Nullable Object o) {
    return o instanceof JsonType
        && type.equals(((JsonType<?>) o).type)
        && bound == ((JsonType<?>) o).bound
        && options.equals(((JsonType<?>) o).options);
  }

  @Override
  public final int hashCode() {
    return 31 * type.hashCode() + (bound ? options.hashCode() : 0);
  }

  @Override
  public final String toString() {
    return "JsonType{" + type.getTypeName() + (bound ? ", " + options : "") + "}";
  }

  /** Equal to, and hashing like, the JDK's own {@link ParameterizedType} implementation. */
  private static final class Parameterized implements ParameterizedType {
    private final Class<?> raw;
    private final Type[] arguments;

    Parameterized(Class<?> raw, Type... arguments) {
      this.raw = raw;
      this.arguments = arguments.clone();
    }

    @Override
    public Type[] getActualTypeArguments() {
      return arguments.clone();
    }

    @Override
    public Type getRawType() {
      return raw;
    }

    @Override
    public @Nullable Type getOwnerType() {
      return raw.getDeclaringClass();
    }

    @Override
    public boolean equals(@Nullable Object o) {
      if (!(o instanceof ParameterizedType)) {
        return false;
      }
      ParameterizedType that = (ParameterizedType) o;
      return raw.equals(that.getRawType())
          && Objects.equals(getOwnerType(), that.getOwnerType())
          && Arrays.equals(arguments, that.getActualTypeArguments());
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(arguments) ^ Objects.hashCode(getOwnerType()) ^ raw.hashCode();
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(raw.getName()).append('<');
      for (int i = 0; i < arguments.length; i++) {
        sb.append(i == 0 ? "" : ", ").append(arguments[i].getTypeName());
      }
      return sb.append('>').toString();
    }
  }
}
