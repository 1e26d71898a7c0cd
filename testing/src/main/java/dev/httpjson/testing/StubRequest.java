package dev.httpjson.testing;

import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A request the stub received, as the server would have seen it: method, URI, headers and the body
 * bytes, which {@link #bodyAs(Class)} reads back as a value with the stub's options. Its {@link
 * #toString()} shows all of it, so an assertion failure names what was sent.
 *
 * <p>Immutable and thread-safe.
 */
public final class StubRequest {
  private static final int SHOWN = 2000;

  private final String method;
  private final URI uri;
  private final HttpHeaders headers;
  private final byte[] body;
  private final JsonOptions options;
  private final @Nullable String route;

  StubRequest(
      String method,
      URI uri,
      HttpHeaders headers,
      byte[] body,
      JsonOptions options,
      @Nullable String route) {
    this.method = method;
    this.uri = uri;
    this.headers = headers;
    this.body = body;
    this.options = options;
    this.route = route;
  }

  /**
   * The request method.
   *
   * @return the method, e.g. {@code "POST"}
   */
  public String method() {
    return method;
  }

  /**
   * The request URI, query included.
   *
   * @return the URI
   */
  public URI uri() {
    return uri;
  }

  /**
   * The request path, without the query.
   *
   * @return the raw path of {@link #uri()}
   */
  public String path() {
    String path = uri.getRawPath();
    return path == null || path.isEmpty() ? "/" : path;
  }

  /**
   * The headers the caller set (the JDK client adds a few of its own on the wire, such as {@code
   * Host} and {@code Content-Length}, which a stub has no wire to add).
   *
   * @return the headers
   */
  public HttpHeaders headers() {
    return headers;
  }

  /**
   * A header's first value.
   *
   * @param name the header's name, in any case
   * @return its first value, or {@code null} when the request has none
   */
  public @Nullable String header(String name) {
    Optional<String> value = headers.firstValue(name);
    return value.orElse(null);
  }

  /**
   * The body's bytes as sent.
   *
   * @return a copy of the body, empty when there was none
   */
  public byte[] body() {
    return body.clone();
  }

  /**
   * The body decoded as UTF-8.
   *
   * @return the body as text
   */
  public String bodyAsString() {
    return new String(body, StandardCharsets.UTF_8);
  }

  /**
   * The body read as a value with the stub's options, e.g. {@code bodyAs(Order.class)}.
   *
   * @param <T> the value's type
   * @param type the value's class
   * @return the value
   * @throws AssertionError if the body is not a JSON document of that type, naming the request
   */
  public <T> T bodyAs(Class<T> type) {
    return bodyAs(JsonType.of(type, options));
  }

  /**
   * The body read as a value of a generic type, with the type's own options.
   *
   * @param <T> the value's type
   * @param type the value's type, e.g. {@code JsonType.listOf(Item.class)}
   * @return the value
   * @throws AssertionError if the body is not a JSON document of that type, naming the request
   */
  public <T> T bodyAs(JsonType<T> type) {
    try {
      return type.fromJson(body);
    } catch (IOException | RuntimeException e) {
      AssertionError error =
          new AssertionError(
              "expected a body of type " + type.type().getTypeName() + ", but was sent: " + this);
      error.initCause(e);
      throw error;
    }
  }

  /**
   * The route that answered, as {@link Route#toString()} shows it.
   *
   * @return the route, or {@code null} when none matched (an unexpected request)
   */
  public @Nullable String route() {
    return route;
  }

  /** The method, URI, headers and the body (its first 2000 characters), one per line. */
  @Override
  public String toString() {
    StringBuilder s = new StringBuilder(method).append(' ').append(uri);
    headers
        .map()
        .forEach((k, v) -> v.forEach(x -> s.append('\n').append(k).append(": ").append(x)));
    if (body.length > 0) {
      String text = bodyAsString();
      s.append("\n\n")
          .append(
              text.length() > SHOWN
                  ? text.substring(0, SHOWN) + "… (" + body.length + " bytes)"
                  : text);
    }
    return s.toString();
  }
}
