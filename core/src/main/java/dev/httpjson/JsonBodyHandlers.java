package dev.httpjson;

import java.lang.reflect.Type;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscribers;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * {@link BodyHandler}s that read a response body as JSON, for requests built by hand:
 *
 * <pre>{@code
 * HttpResponse<User> response = client.send(request, JsonBodyHandlers.of(User.class));
 * }</pre>
 *
 * <p>The handlers behave like {@link HttpJson#getFromJson}: a status outside 200–299 fails with
 * {@link HttpJsonStatusException} (only a bounded prefix of the error body is read), a body over
 * {@link JsonOptions#maxResponseSize()} fails with {@link ResponseTooLargeException}, a 204 or
 * empty body reads as {@code null}, and the charset of the Content-Type is honoured. Note that
 * {@link java.net.http.HttpClient#send} wraps a handler's exception in a plain {@link
 * java.io.IOException} whose cause is the httpjson exception; {@code sendAsync} fails its future
 * with it directly.
 *
 * <p>Handlers are immutable and thread-safe; create one per type and reuse it.
 */
public final class JsonBodyHandlers {
  private JsonBodyHandlers() {}

  /** A handler reading the body as {@code type} with the {@link JsonOptions#web()} options. */
  public static <T> BodyHandler<T> of(Class<T> type) {
    return of(type, JsonOptions.web());
  }

  /** A handler reading the body as {@code type} with {@code options}. */
  public static <T> BodyHandler<T> of(Class<T> type, JsonOptions options) {
    Objects.requireNonNull(type, "type == null");
    return new Responses.JsonHandler<>(Calls.options(options), type, true, null, null);
  }

  /** A handler reading the body as the generic {@code type} with the web options. */
  public static <T> BodyHandler<T> of(TypeRef<T> type) {
    return of(type, JsonOptions.web());
  }

  /** A handler reading the body as the generic {@code type} with {@code options}. */
  public static <T> BodyHandler<T> of(TypeRef<T> type, JsonOptions options) {
    Objects.requireNonNull(type, "type == null");
    return new Responses.JsonHandler<>(Calls.options(options), type.type(), true, null, null);
  }

  /**
   * A handler streaming the elements of a top-level JSON array — or of NDJSON when the Content-Type
   * is {@code application/x-ndjson} — lazily, as in {@link
   * HttpJson#getFromJsonAsStream(java.net.http.HttpClient, java.net.URI, Class)}. The body is ready
   * as soon as the headers arrive; close the stream if you may stop early.
   */
  public static <T> BodyHandler<Stream<T>> ofStream(Class<T> elementType, JsonOptions options) {
    return streaming(elementType, options, Responses.StreamFormat.AUTO);
  }

  /** As {@link #ofStream(Class, JsonOptions)}, for a generic element type. */
  public static <T> BodyHandler<Stream<T>> ofStream(TypeRef<T> elementType, JsonOptions options) {
    Objects.requireNonNull(elementType, "elementType == null");
    return streaming(elementType.type(), options, Responses.StreamFormat.AUTO);
  }

  /** As {@link #ofStream(Class, JsonOptions)}, always reading a top-level JSON array. */
  public static <T> BodyHandler<Stream<T>> ofArrayStream(
      Class<T> elementType, JsonOptions options) {
    return streaming(elementType, options, Responses.StreamFormat.ARRAY);
  }

  /**
   * As {@link #ofStream(Class, JsonOptions)}, always reading NDJSON: one JSON value per line, blank
   * lines skipped, whatever the Content-Type.
   */
  public static <T> BodyHandler<Stream<T>> ofNdjsonStream(
      Class<T> elementType, JsonOptions options) {
    return streaming(elementType, options, Responses.StreamFormat.NDJSON);
  }

  private static <T> BodyHandler<Stream<T>> streaming(
      Type elementType, JsonOptions options, Responses.StreamFormat format) {
    Objects.requireNonNull(elementType, "elementType == null");
    Responses.StreamHandler<T> handler =
        new Responses.StreamHandler<>(Calls.options(options), elementType, format, null, null);
    return info -> BodySubscribers.mapping(handler.apply(info), ElementStream::stream);
  }
}
