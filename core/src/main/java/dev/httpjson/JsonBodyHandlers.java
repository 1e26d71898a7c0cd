package dev.httpjson;

import dev.httpjson.internal.Calls;
import dev.httpjson.internal.ElementStream;
import dev.httpjson.internal.Responses;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscribers;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * {@link BodyHandler}s that read a response body as JSON, for requests built by hand:
 *
 * <pre>{@code
 * HttpResponse<User> response = client.send(request, JsonBodyHandlers.of(User.class));
 * }</pre>
 *
 * <p>The handlers behave like {@link HttpJson#getFromJson}: a status outside 200–299 fails with
 * {@link HttpJsonStatusException}, a body over {@link JsonOptions#maxResponseSize()} with {@link
 * ResponseTooLargeException}, a 204 or empty body reads as {@code null}, and the Content-Type's
 * charset is honoured. {@link java.net.http.HttpClient#send} wraps a handler's exception in an
 * {@link java.io.IOException}; {@code sendAsync} fails its future with it directly. A handler sees
 * no request: on a plain client a status failure names none ({@code HTTP 404: …}), on a decorated
 * one it names the request, as {@code exchange} always does.
 *
 * <p>The stream handlers bound their reads' waits for body bytes by {@link JsonOptions#timeout()}
 * (added up) and {@link JsonOptions#idleTimeout()} (each wait), never the consumer's pace;
 * connecting and the headers are the client's to bound.
 *
 * <p>Handlers are immutable and thread-safe; create one per type and reuse it.
 */
public final class JsonBodyHandlers {
  private JsonBodyHandlers() {}

  /** A handler reading the body as {@code type} with the {@link JsonOptions#web()} options. */
  public static <T> BodyHandler<T> of(Class<T> type) {
    return of(JsonType.of(type));
  }

  /** A handler reading the body as the prepared {@code type}, with its options. */
  public static <T> BodyHandler<T> of(JsonType<T> type) {
    return Calls.prepared(Calls.type(type).handler());
  }

  /**
   * A handler streaming the elements of a top-level JSON array — or of NDJSON when the Content-Type
   * is {@code application/x-ndjson} — lazily, as in {@link
   * HttpJson#getFromJsonAsStream(java.net.http.HttpClient, java.net.URI, Class)}, with the {@link
   * JsonOptions#web()} options. The body is ready as soon as the headers arrive; close the stream
   * if you may stop early.
   */
  public static <T> BodyHandler<Stream<T>> ofStream(Class<T> elementType) {
    return ofStream(JsonType.of(elementType));
  }

  /**
   * As {@link #ofStream(Class)}, for a prepared element type with its options; the body is read in
   * the format they name ({@link JsonOptions#streamFormat()}: by default by the Content-Type).
   */
  public static <T> BodyHandler<Stream<T>> ofStream(JsonType<T> elementType) {
    return streaming(elementType, null);
  }

  /**
   * As {@link #ofStream(JsonType)}, always reading a top-level JSON array: the same as options with
   * {@link JsonOptions.StreamFormat#ARRAY}.
   */
  public static <T> BodyHandler<Stream<T>> ofArrayStream(JsonType<T> elementType) {
    return streaming(elementType, JsonOptions.StreamFormat.ARRAY);
  }

  /**
   * As {@link #ofStream(JsonType)}, always reading NDJSON: the same as options with {@link
   * JsonOptions.StreamFormat#NDJSON}.
   */
  public static <T> BodyHandler<Stream<T>> ofNdjsonStream(JsonType<T> elementType) {
    return streaming(elementType, JsonOptions.StreamFormat.NDJSON);
  }

  private static <T> BodyHandler<Stream<T>> streaming(
      JsonType<T> elementType, JsonOptions.@Nullable StreamFormat format) {
    JsonType<T> type = Calls.type(elementType);
    Responses.StreamHandler<T> handler =
        new Responses.StreamHandler<>(
            type, format == null ? type.options().streamFormat() : format, null, null);
    return info -> BodySubscribers.mapping(handler.apply(info), ElementStream::stream);
  }
}
