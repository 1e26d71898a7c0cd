package dev.httpjson.avaje;

import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonCodec;
import io.avaje.jsonb.Jsonb;
import java.lang.reflect.Type;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The avaje-jsonb codec: JSON adapters generated at compile time, no reflection at run time. Found
 * by {@link java.util.ServiceLoader} when {@code httpjson-avaje-jsonb} is on the class or module
 * path; it needs {@code io.avaje:avaje-jsonb} (3.11) at run time and, in your build, avaje's
 * annotation processor {@code io.avaje:avaje-jsonb-generator} on the compiler's processor path.
 *
 * <p><b>Your types.</b> Annotate each type you read or write with {@code @io.avaje.jsonb.Json}, or
 * list types you cannot annotate in {@code @Json.Import({...})} on a class or {@code
 * package-info.java} of yours; the processor writes their adapters. A type without one fails on
 * first use, naming it and what to add: a read with an {@link dev.httpjson.HttpJsonException} (the
 * JSON was not at fault), a write with a {@link dev.httpjson.JsonWriteException}. JDK types
 * (strings, numbers, collections, maps, {@code Optional}, {@code java.time}, enums, {@code Object})
 * need nothing. On the module path your module {@code requires io.avaje.jsonb} and {@code provides
 * io.avaje.jsonb.spi.JsonbExtension} with the component the processor generates (it says which); no
 * {@code opens} is needed.
 *
 * <p><b>Web defaults.</b> The options apply as with the other codecs: property names are spelt by
 * {@link JsonOptions#naming()} (camelCase by default, as .NET writes it) from the names the
 * adapters declare (the Java names, or {@code @Json.Property}), matched regardless of case on read
 * ({@link JsonOptions#caseInsensitiveProperties()}), unknown properties ignored or rejected listing
 * the known ones ({@link JsonOptions#ignoreUnknownProperties()}), numbers accepted from JSON
 * strings or not ({@link JsonOptions#numbersFromStrings()}), nulls written or omitted, output
 * indented or not, {@code java.time} as ISO-8601 text as Jackson writes it (read as the type's ISO
 * formatter parses it, {@code Instant.MAX} included), untyped numbers as {@code Integer}, {@code
 * Long}, {@code BigInteger} or {@code Double}. Reading is strict RFC 8259: UTF-8 checked, content
 * after the value an error, and httpjson's parser limits (nesting depth, number and string length)
 * enforced on the bytes before avaje's parser reads them; errors give the line, the column (in
 * bytes) and the JSON path.
 *
 * <p><b>Where avaje-jsonb differs</b> from the Jackson codecs:
 *
 * <ul>
 *   <li>{@link JsonOptions.Builder#strictRecords(boolean) strictRecords(true)} is refused with an
 *       {@link UnsupportedOperationException}: telling a missing record component from a present
 *       one, or a {@code @Nullable} one, would take reflection.
 *   <li>avaje's parser reads strings of at most about 32,000 characters, whatever {@link
 *       JsonOptions#maxStringLength()} allows; a longer one fails with a {@link
 *       dev.httpjson.JsonReadException} that says so. (Numbers are read from their text with the
 *       JDK, up to {@link JsonOptions#maxNumberLength()} characters, as in the other codecs.)
 *   <li>A streamed body is parsed in blocks of 4 KiB (avaje's buffer, {@code
 *       -Djsonb.parserBufferSize}): an element is returned once the block holding its end has
 *       arrived, or the body ended.
 *   <li>A name the adapter declares explicitly ({@code @Json.Property}, {@code @Json(naming =
 *       ...)}) is spelt by the options' naming like any other, where Jackson keeps an explicit name
 *       as written: use {@link JsonOptions.Naming#AS_DECLARED} to keep every name as the adapters
 *       declare it.
 *   <li>A property whose JSON name has the same avaje hash as a known one may be read as that one
 *       (avaje matches names by hash).
 *   <li>avaje keeps the generated adapters of every class loader it has seen in a static list: a
 *       class loader whose types were read through it is not collected.
 * </ul>
 *
 * <p>To use a {@link Jsonb} of your own, pass {@link #withJsonb(Jsonb)} to {@link
 * JsonOptions.Builder#codec}; to read and write one type with one avaje {@code JsonType} of yours,
 * prepare it with {@link #jsonType(io.avaje.jsonb.JsonType, Type, JsonOptions)}.
 *
 * <p>Immutable and thread-safe. Codecs built with {@code new AvajeCodec()} are all equal, so
 * options built with a new one per call still share one cache.
 */
public final class AvajeCodec implements JsonCodec {
  private final @Nullable Jsonb jsonb;
  private final io.avaje.jsonb.@Nullable JsonType<?> carried;
  private final @Nullable Type carriedType;

  /** The codec that applies every codec setting of the options (the one ServiceLoader finds). */
  public AvajeCodec() {
    this(null, null, null);
  }

  private AvajeCodec(
      @Nullable Jsonb jsonb,
      io.avaje.jsonb.@Nullable JsonType<?> carried,
      @Nullable Type carriedType) {
    this.jsonb = jsonb;
    this.carried = carried;
    this.carriedType = carriedType;
  }

  /**
   * A codec that reads and writes with {@code jsonb}'s adapters: its names, its unknown-property
   * rule ({@code failOnUnknown}), its nulls ({@code serializeNulls}) and its parser. httpjson's
   * reading rules still apply: UTF-8 checked, content after the value an error, and the options'
   * limits ({@link JsonOptions#maxNestingDepth()}, {@link JsonOptions#maxNumberLength()}, {@link
   * JsonOptions#maxStringLength()}; the nesting depth also bounds writing). The options' other JSON
   * settings are ignored: names are matched exactly as the adapters declare them, numbers are read
   * from strings as avaje does, output is compact, and {@code java.time} and untyped values are
   * {@code jsonb}'s (an {@code OffsetDateTime} as its {@code toString()}, an untyped number as
   * {@code Long} or {@code Double}).
   *
   * <p>Streamed bodies are read with {@code jsonb}'s parsers: with avaje's default buffer recycling
   * (one parser per platform thread) read no other body on a thread while a stream is open on it,
   * or build {@code jsonb} with {@code bufferRecycling(BufferRecycleStrategy.NO_RECYCLING)}. (The
   * codec's own Jsonb gives each stream a parser of its own.)
   *
   * <p>Build the codec once and reuse it: two such codecs are equal only when they hold the same
   * Jsonb instance.
   *
   * @param jsonb the Jsonb to read and write with
   * @return a codec for {@link JsonOptions.Builder#codec}
   * @throws NullPointerException if {@code jsonb} is null
   */
  public static AvajeCodec withJsonb(Jsonb jsonb) {
    return new AvajeCodec(Objects.requireNonNull(jsonb, "jsonb == null"), null, null);
  }

  /**
   * Prepares {@code type} to be read and written with exactly {@code avajeType} — a generated
   * adapter of yours, or one you wrote — with the {@link JsonOptions#web()} options. Other types (a
   * Problem Details body, say) are read with the codec's own Jsonb.
   *
   * <pre>{@code
   * static final JsonType<User> USER = AvajeCodec.jsonType(jsonb.type(User.class), User.class);
   *
   * User user = HttpJson.getFromJson(client, uri, USER);
   * }</pre>
   *
   * @param <T> the Java type
   * @param avajeType the avaje type that reads and writes {@code type}
   * @param type the Java type it stands for: a {@link Class}, or {@code new JsonType<List<User>>()
   *     {}.type()} for {@code jsonb.type(User.class).list()}
   * @return a prepared type for every call that takes one
   * @throws NullPointerException if an argument is null
   * @see #jsonType(io.avaje.jsonb.JsonType, Type, JsonOptions)
   */
  public static <T> JsonType<T> jsonType(io.avaje.jsonb.JsonType<T> avajeType, Type type) {
    return jsonType(avajeType, type, JsonOptions.web());
  }

  /**
   * Prepares {@code type} to be read and written with exactly {@code avajeType}, under {@code
   * options}: its call settings (timeout, size limit), and its codec settings for what avajeType
   * leaves to the reader and writer (the parser limits, nulls, indentation, numbers from strings,
   * unknown properties) and for every other type. The names are {@code avajeType}'s, as it declares
   * them. The codec the options name, if any, is replaced.
   *
   * <p>Two such prepared types are equal when their avaje types are the same instance and their
   * types and options equal; keep the result in a constant.
   *
   * <p>{@code avajeType} must come from a Jsonb on avaje's own JSON stream (the default, not {@code
   * avaje-jsonb-jackson}'s).
   *
   * @param <T> the Java type
   * @param avajeType the avaje type that reads and writes {@code type}
   * @param type the Java type it stands for: a {@link Class} or a generic type
   * @param options the options to read and write with
   * @return a prepared type for every call that takes one
   * @throws NullPointerException if an argument is null
   */
  public static <T> JsonType<T> jsonType(
      io.avaje.jsonb.JsonType<T> avajeType, Type type, JsonOptions options) {
    Objects.requireNonNull(avajeType, "avajeType == null");
    Objects.requireNonNull(type, "type == null");
    Objects.requireNonNull(options, "options == null");
    AvajeCodec codec = new AvajeCodec(null, avajeType, type);
    @SuppressWarnings("unchecked")
    JsonType<T> prepared =
        (JsonType<T>) JsonType.of(type, options.toBuilder().codec(codec).build());
    return prepared;
  }

  @Override
  public String name() {
    if (carried != null) {
      return "avaje-jsonb(JsonType of " + Objects.requireNonNull(carriedType).getTypeName() + ")";
    }
    return jsonb == null ? "avaje-jsonb" : "avaje-jsonb(custom Jsonb)";
  }

  @Override
  public JsonBinding bind(JsonOptions options) {
    if (options.strictRecords()) {
      throw new UnsupportedOperationException(
          "JsonOptions.strictRecords is not supported by the avaje-jsonb codec: use"
              + " httpjson-jackson (Jackson 3) for strict records, or leave strictRecords off");
    }
    if (carried != null) {
      return carrying(carried, Objects.requireNonNull(carriedType), options);
    }
    return jsonb == null ? AvajeBinding.forOptions(options) : AvajeBinding.forJsonb(jsonb, options);
  }

  private static <T> JsonBinding carrying(
      io.avaje.jsonb.JsonType<T> carried, Type type, JsonOptions options) {
    return AvajeBinding.carrying(carried, type, options);
  }

  @Override
  public boolean equals(@Nullable Object o) {
    if (!(o instanceof AvajeCodec)) {
      return false;
    }
    AvajeCodec that = (AvajeCodec) o;
    return that.jsonb == jsonb
        && that.carried == carried
        && Objects.equals(that.carriedType, carriedType);
  }

  @Override
  public int hashCode() {
    int h = jsonb == null ? 0 : System.identityHashCode(jsonb);
    h = 31 * h + (carried == null ? 0 : System.identityHashCode(carried));
    return 31 * h + Objects.hashCode(carriedType);
  }

  @Override
  public String toString() {
    return "AvajeCodec{" + name() + "}";
  }
}
