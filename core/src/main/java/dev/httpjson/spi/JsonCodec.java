package dev.httpjson.spi;

import dev.httpjson.JsonOptions;
import java.util.Set;

/**
 * The service a JSON library implements to plug into httpjson.
 *
 * <p>A codec is found with {@link java.util.ServiceLoader} (declare it in {@code module-info.java}
 * with {@code provides dev.httpjson.spi.JsonCodec with ...} and in {@code
 * META-INF/services/dev.httpjson.spi.JsonCodec}) or passed explicitly through {@link
 * JsonOptions.Builder#codec(JsonCodec)}.
 *
 * <p>httpjson calls {@link #bind(JsonOptions)} once per distinct <em>codec settings</em> — the
 * codec itself, naming, case-insensitivity, numbers from strings, unknown properties, strict
 * records, nulls, indentation and the parser limits — and caches the result; it then asks the
 * binding once per type for a reader or writer and caches those too. A codec therefore does its
 * expensive work (building a mapper, introspecting a type) in those calls and never on the
 * per-request path. Call settings ({@link JsonOptions#maxResponseSize()}, {@link
 * JsonOptions#timeout()}) are not part of the key: the options given to {@code bind} carry them at
 * their defaults, and a codec must not read them.
 *
 * <p><b>Equality.</b> The codec is part of the cache key, compared with {@link
 * Object#equals(Object)}. Codecs configured alike should be equal (and hash alike), so that options
 * built with a new codec instance per call still share one binding. A codec that does not override
 * {@code equals} is compared by identity: it works, but each new instance gets a binding of its own
 * — create it once and reuse it, or every call pays for a new serializer and evicts other bindings
 * from the bounded cache. {@code equals} and {@code hashCode} must be cheap and must not change
 * over the codec's life.
 *
 * <p>Implementations must be thread-safe.
 */
public interface JsonCodec {

  /** {@return a short name for messages, such as {@code "jackson"}} */
  String name();

  /**
   * Returns a binding of this codec to {@code options}: the codec's configured serializer. Called
   * once per distinct codec settings (and once more per class loader below httpjson's whose types
   * are used, so that such a loader can be collected); the result is cached by httpjson and shared
   * by every call whose options have equal codec settings.
   *
   * @param options the options whose codec settings to apply; their call settings (size limit,
   *     timeout) are at their defaults and must not be read
   * @return a thread-safe binding; httpjson never closes it, it is dropped when evicted
   */
  JsonBinding bind(JsonOptions options);

  /**
   * The named modules that read users' types by reflection on this codec's behalf, such as its JSON
   * library's ({@code tools.jackson.databind} for Jackson 3). Default: none.
   *
   * <p>On the module path a user opens a model package to httpjson once — {@code opens
   * com.example.model to dev.httpjson;} — whatever the codec. Before httpjson asks a binding for a
   * reader or writer of a type, it opens to these modules each package of that type that is open to
   * {@code dev.httpjson}: the type's classes, its type arguments and, for a record, its components'
   * types, to any depth ({@link Module#addOpens}, which a module a package is open to may call).
   * Packages not open to {@code dev.httpjson} are left alone, and nothing is opened on the class
   * path, where every package is open already. A codec names only the modules that do its
   * reflection: opening a package to httpjson extends to them.
   *
   * @return the modules packages open to httpjson are opened on to; empty by default
   */
  default Set<Module> reflectiveModules() {
    return Set.of();
  }

  /**
   * The class loaders of what this codec holds, when some may be below httpjson's own: the loaders
   * of the classes of a mapper it was given (its modules, serializers, naming strategy), of its
   * type factory, or of the code that created the codec with it. Default: none.
   *
   * <p>httpjson keeps the bindings of a codec that names a loader below its own with that loader
   * (the deepest named, or the codec class's own loader when that is deeper), never in its
   * process-wide cache of bindings, so that a plugin or a web application that reads with a mapper
   * of its own can be collected once it is dropped. Loaders that are httpjson's or its ancestors
   * are ignored, so a codec may name them. Called whenever httpjson looks a binding of the codec up
   * (once per options instance) or decides what to keep: it must be cheap (work the loaders out
   * when the codec is made), and give the same loaders over the codec's life.
   *
   * @return the loaders of what this codec holds; empty by default
   */
  default Set<ClassLoader> classLoaders() {
    return Set.of();
  }
}
