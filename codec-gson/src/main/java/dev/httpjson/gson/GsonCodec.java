package dev.httpjson.gson;

import com.google.gson.Gson;
import dev.httpjson.JsonOptions;
import dev.httpjson.codec.support.internal.HeldLoaders;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonCodec;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The Gson codec, found by {@link java.util.ServiceLoader} when {@code httpjson-gson} is on the
 * class or module path. It needs only {@code com.google.code.gson:gson} (2.11 or later).
 *
 * <p>By default it builds one {@link Gson} per distinct {@link JsonOptions} (httpjson caches it)
 * and gives the web defaults as the Jackson codecs do: camelCase names as .NET writes them,
 * case-insensitive property matching, numbers from JSON strings, unknown properties ignored (or
 * rejected, with {@code ignoreUnknownProperties(false)}), nulls written, records, {@code java.time}
 * as ISO-8601 text (an {@link java.time.OffsetDateTime} or {@link java.time.ZonedDateTime} keeps
 * its offset; an {@link java.time.Instant} is written in UTC; each reads what its type's ISO
 * formatter parses, {@code Instant.MAX} included), RFC 8259 strict parsing, content after the value
 * an error, and httpjson's parser limits. Gson has no polymorphic typing, and {@code
 * disableJdkUnsafe} is set: a class is only ever built through its constructor.
 *
 * <p><b>Where Gson differs</b> from the Jackson codecs:
 *
 * <ul>
 *   <li>Gson reads and writes <em>fields</em>, not getters and setters: a bean's properties are its
 *       non-static, non-transient fields (records use their components and accessors).
 *   <li>A class needs a no-argument constructor (or to be a record): Gson's JDK {@code Unsafe}
 *       fallback is off.
 *   <li>An NDJSON stream ({@code application/x-ndjson}) is parsed in Gson's lenient mode, the only
 *       one that reads several top-level values: comments, single quotes and unquoted names are
 *       accepted there. A single value and a top-level array are parsed strictly.
 *   <li>Numbers from strings follow Gson: a number field accepts {@code "42"} and a boolean field
 *       accepts any string ({@code "yes"} reads as {@code false}).
 *   <li>The length limits ({@link JsonOptions#maxStringLength()}, {@link
 *       JsonOptions#maxNumberLength()}, the 50 000-char name limit) are checked once Gson has read
 *       the whole string, number or name: the error is the same, but one such value can hold memory
 *       up to {@link JsonOptions#maxResponseSize()} before it is refused, where the Jackson parsers
 *       stop at the limit.
 * </ul>
 *
 * <p>To use a {@link Gson} of your own pass {@link #withGson(Gson)} to {@link
 * JsonOptions.Builder#codec}.
 *
 * <p>Immutable and thread-safe. Two codecs are equal when both build their own Gson, or both use
 * the same Gson instance, so options built with a new {@code GsonCodec} per call still share one
 * cache.
 */
public final class GsonCodec implements JsonCodec {
  private final @Nullable Gson gson;
  private final Set<ClassLoader> loaders;

  /** The codec that builds its Gson from the options (the one ServiceLoader finds). */
  public GsonCodec() {
    this.gson = null;
    this.loaders = Set.of();
  }

  private GsonCodec(Gson gson, Class<?> maker) {
    this.gson = gson;
    // Gson shows its naming strategy but not its adapters: the code that registered them is
    // most likely the code that hands the Gson over.
    this.loaders = HeldLoaders.of(maker, gson.fieldNamingStrategy());
  }

  /**
   * A codec that reads and writes with {@code gson}'s adapters and naming. httpjson's parser rules
   * still apply: strict RFC 8259 parsing, content after the value is an error, and the options'
   * limits ({@link JsonOptions#maxNestingDepth()}, {@link JsonOptions#maxNumberLength()}, {@link
   * JsonOptions#maxStringLength()}; the nesting depth also bounds writing). Everything else is
   * {@code gson}'s, and the options' other JSON settings are ignored: names are matched exactly as
   * Gson does, unknown properties are ignored, nulls are written if {@code gson} serializes nulls,
   * output is compact (Gson does not expose its pretty-printing setting), and {@code java.time}
   * needs adapters you register.
   *
   * <p>Build the codec once and reuse it: two such codecs are equal only when they hold the same
   * Gson instance.
   *
   * @param gson the Gson to read and write with
   * @return a codec for {@link JsonOptions.Builder#codec}
   * @throws NullPointerException if {@code gson} is null
   */
  public static GsonCodec withGson(Gson gson) {
    return new GsonCodec(
        Objects.requireNonNull(gson, "gson == null"), HeldLoaders.callerOfCaller());
  }

  /**
   * With {@link #withGson}: the loaders of the class that called {@code withGson} and of the Gson's
   * naming strategy (Gson does not show its adapters), so that httpjson keeps this codec's bindings
   * with a plugin's loader rather than for the life of the JVM.
   */
  @Override
  public Set<ClassLoader> classLoaders() {
    return loaders;
  }

  @Override
  public String name() {
    return gson == null ? "gson" : "gson(custom Gson)";
  }

  @Override
  public JsonBinding bind(JsonOptions options) {
    if (options.strictRecords() && gson != null) {
      // The checks ride on the codec's own adapters, which a Gson of the user's lacks.
      throw new UnsupportedOperationException(
          "JsonOptions.strictRecords is not supported by a GsonCodec.withGson codec: use new"
              + " GsonCodec() for strict records, or leave strictRecords off");
    }
    return gson == null ? GsonBinding.forOptions(options) : GsonBinding.forGson(gson, options);
  }

  /**
   * The module that reflects on your types, so that {@code opens your.pkg to dev.httpjson;} is
   * enough on the module path.
   *
   * @return the library's module
   */
  @Override
  public Set<Module> reflectiveModules() {
    return REFLECTIVE;
  }

  private static final Set<Module> REFLECTIVE = Set.of(Gson.class.getModule());

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof GsonCodec && ((GsonCodec) o).gson == gson;
  }

  @Override
  public int hashCode() {
    return gson == null ? 0 : System.identityHashCode(gson);
  }

  @Override
  public String toString() {
    return "GsonCodec{" + name() + "}";
  }
}
