package dev.httpjson;

import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A prepared type: a Java type with the options to read and write it, its reader and writer
 * resolved once and held. The counterpart of .NET's {@code JsonTypeInfo<T>}: keep one in a constant
 * and every call that takes it skips even the cache lookup.
 *
 * <pre>{@code
 * static final JsonType<List<User>> USERS = JsonType.of(new TypeRef<List<User>>() {});
 *
 * List<User> users = HttpJson.getFromJson(client, uri, USERS);
 * Stream<User> stream = HttpJson.getFromJsonAsStream(client, uri, JsonType.of(User.class));
 * }</pre>
 *
 * <p>A {@code JsonType} is accepted wherever httpjson takes a type: the {@link HttpJson} calls,
 * {@link HttpJsonClient}, {@link JsonBodyHandlers}, {@link JsonContent} and {@link
 * JsonSequenceContent}. Its options apply whole — the codec settings to read and write, the call
 * settings ({@link JsonOptions#timeout()}, {@link JsonOptions#maxResponseSize()}) to the call. A
 * runtime {@link Type} (say, from reflection) becomes a prepared type with {@link #of(Type)}.
 *
 * <p>Two prepared types are equal when their types and options are. Immutable and thread-safe.
 *
 * @param <T> the Java type
 */
public final class JsonType<T> {
  private final Type type;
  private final JsonOptions options;
  private volatile @Nullable CachedBinding binding;
  private volatile @Nullable JsonReader<T> reader;
  private volatile @Nullable JsonWriter<T> writer;
  private volatile @Nullable JsonSequenceReader<T> sequenceReader;

  private JsonType(Type type, JsonOptions options) {
    this.type = type;
    this.options = options;
  }

  /** A prepared type: the codec binding resolved now, so a missing codec fails here. */
  private static <T> JsonType<T> prepared(Type type, JsonOptions options) {
    JsonType<T> t = new JsonType<>(type, options);
    t.binding();
    return t;
  }

  /**
   * Prepares {@code type} with the {@link JsonOptions#web()} options.
   *
   * @param type the class to read or write
   * @param <T> the Java type
   * @return the prepared type
   * @throws IllegalStateException if no codec is on the class or module path
   */
  public static <T> JsonType<T> of(Class<T> type) {
    return of(type, JsonOptions.web());
  }

  /**
   * Prepares {@code type} with {@code options}.
   *
   * @param type the class to read or write
   * @param options the options, used as given
   * @param <T> the Java type
   * @return the prepared type
   * @throws IllegalStateException if no codec is set and none is on the class or module path
   */
  public static <T> JsonType<T> of(Class<T> type, JsonOptions options) {
    return new JsonType<>(Objects.requireNonNull(type, "type == null"), Calls.options(options));
  }

  /**
   * Prepares the generic type {@code type} with the {@link JsonOptions#web()} options.
   *
   * @param type the generic type token
   * @param <T> the Java type
   * @return the prepared type
   * @throws IllegalStateException if no codec is on the class or module path
   */
  public static <T> JsonType<T> of(TypeRef<T> type) {
    return of(type, JsonOptions.web());
  }

  /**
   * Prepares the generic type {@code type} with {@code options}.
   *
   * @param type the generic type token
   * @param options the options, used as given
   * @param <T> the Java type
   * @return the prepared type
   * @throws IllegalStateException if no codec is set and none is on the class or module path
   */
  public static <T> JsonType<T> of(TypeRef<T> type, JsonOptions options) {
    return prepared(Objects.requireNonNull(type, "type == null").type(), Calls.options(options));
  }

  /**
   * Prepares a runtime {@code type} — a {@link Class} or any generic type — with the {@link
   * JsonOptions#web()} options. Calls that take it return the value as {@code Object}.
   *
   * @param type the type, such as one obtained by reflection
   * @return the prepared type
   * @throws IllegalArgumentException if {@code type} is a type variable or a wildcard
   * @throws IllegalStateException if no codec is on the class or module path
   */
  public static JsonType<?> of(Type type) {
    return of(type, JsonOptions.web());
  }

  /**
   * Prepares a runtime {@code type} with {@code options}.
   *
   * @param type the type, such as one obtained by reflection
   * @param options the options, used as given
   * @return the prepared type
   * @throws IllegalArgumentException if {@code type} is a type variable or a wildcard
   * @throws IllegalStateException if no codec is set and none is on the class or module path
   */
  public static JsonType<?> of(Type type, JsonOptions options) {
    return prepared(concrete(type), Calls.options(options));
  }

  /** The same, without checks or eager resolution: for the call paths, per call. */
  static <T> JsonType<T> resolve(Type type, JsonOptions options) {
    return new JsonType<>(type, options);
  }

  private static Type concrete(Type type) {
    Objects.requireNonNull(type, "type == null");
    if (type instanceof TypeVariable || type instanceof WildcardType) {
      throw new IllegalArgumentException("not a concrete type: " + type);
    }
    return type;
  }

  /**
   * The Java type.
   *
   * @return the type this prepared type reads and writes
   */
  public Type type() {
    return type;
  }

  /**
   * The options.
   *
   * @return the options it reads and writes with, and whose call settings apply to calls
   */
  public JsonOptions options() {
    return options;
  }

  JsonReader<T> reader() {
    JsonReader<T> r = reader;
    if (r == null) {
      reader = r = binding().reader(type);
    }
    return r;
  }

  JsonWriter<T> writer() {
    JsonWriter<T> w = writer;
    if (w == null) {
      writer = w = binding().writer(type);
    }
    return w;
  }

  JsonSequenceReader<T> sequenceReader() {
    JsonSequenceReader<T> r = sequenceReader;
    if (r == null) {
      sequenceReader = r = binding().sequenceReader(type);
    }
    return r;
  }

  CachedBinding binding() {
    CachedBinding b = binding;
    if (b == null) {
      binding = b = options.binding();
    }
    return b;
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof JsonType
        && type.equals(((JsonType<?>) o).type)
        && options.equals(((JsonType<?>) o).options);
  }

  @Override
  public int hashCode() {
    return 31 * type.hashCode() + options.hashCode();
  }

  @Override
  public String toString() {
    return "JsonType{" + type.getTypeName() + ", " + options + "}";
  }
}
