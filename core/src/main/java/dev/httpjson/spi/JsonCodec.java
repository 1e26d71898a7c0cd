package dev.httpjson.spi;

import dev.httpjson.JsonOptions;

/**
 * The service a JSON library implements to plug into httpjson.
 *
 * <p>A codec is found with {@link java.util.ServiceLoader} (declare it in {@code module-info.java}
 * with {@code provides dev.httpjson.spi.JsonCodec with ...} and in {@code
 * META-INF/services/dev.httpjson.spi.JsonCodec}) or passed explicitly through {@link
 * JsonOptions.Builder#codec(JsonCodec)}.
 *
 * <p>httpjson calls {@link #bind(JsonOptions)} once per distinct (equal) options and caches the
 * result; it then asks the binding once per type for a reader or writer and caches those too. A
 * codec therefore does its expensive work (building a mapper, introspecting a type) in those calls
 * and never on the per-request path.
 *
 * <p>Implementations must be thread-safe.
 */
public interface JsonCodec {

  /** A short name for messages, such as {@code "jackson"}. */
  String name();

  /**
   * Returns a binding of this codec to {@code options}: the codec's configured serializer. Called
   * once per distinct options value; the result is cached by httpjson and shared by every call that
   * uses equal options.
   */
  JsonBinding bind(JsonOptions options);
}
