package dev.httpjson;

import java.net.http.HttpResponse.BodyHandler;
import java.util.Objects;

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
}
