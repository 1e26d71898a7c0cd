package dev.httpjson;

import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import java.io.IOException;
import java.io.StringReader;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.charset.StandardCharsets;
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
 * <p>The same type reads and writes text that did not come as a body — the data of a Server-Sent
 * Event, a cached response, a test fixture — with {@link #fromJson(String)} and {@link
 * #toJson(Object)}, under the same options and rules as a call.
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
    return prepared(Objects.requireNonNull(type, "type == null"), Calls.options(options));
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

  /**
   * Reads {@code json} as a value of this type with this type's options, by the rules a call reads
   * a body with: one JSON value, nothing after it but whitespace, an empty string is {@code null}.
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
  public @Nullable T fromJson(String json) throws HttpJsonException {
    Objects.requireNonNull(json, "json == null");
    if (json.isEmpty()) {
      return null;
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
   * Reads JSON bytes as a value of this type, as {@link #fromJson(String)} does: UTF-8, or
   * UTF-16/32 marked by a byte order mark.
   *
   * @param json the JSON bytes; not kept or changed
   * @return the value; {@code null} for JSON {@code null} or no bytes
   * @throws JsonReadException if the bytes are not one JSON value of this type, with the position
   *     and path
   * @throws HttpJsonException if the codec cannot reach the type (on the module path, a package
   *     that is not open to it)
   */
  public @Nullable T fromJson(byte[] json) throws HttpJsonException {
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
  public String toJson(@Nullable T value) throws JsonWriteException {
    return new String(toJsonBytes(value), StandardCharsets.UTF_8);
  }

  /**
   * Writes {@code value} as JSON in UTF-8 bytes with this type's options, as a request body would
   * be written.
   *
   * @param value the value; {@code null} writes JSON {@code null}
   * @return the JSON bytes, owned by the caller
   * @throws JsonWriteException if the value cannot be written, with the path
   */
  public byte[] toJsonBytes(@Nullable T value) throws JsonWriteException {
    try {
      return writer().writeBytes(value);
    } catch (JsonWriteException e) {
      throw e;
    } catch (IOException e) {
      throw new JsonWriteException(
          "Cannot write " + type.getTypeName() + ": " + e.getMessage(), "$", e);
    }
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
