package dev.httpjson.testing;

import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;
import org.jspecify.annotations.Nullable;

/**
 * A request the stub received, as the server would have seen it: method, URI, headers and the body
 * bytes, which {@link #bodyAs(Class)} reads back as a value with the stub's options, decoded from
 * their {@code Content-Encoding} ({@code gzip}, {@code deflate}) as a server would. Its {@link
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
  private final byte @Nullable [] decoded;
  private final @Nullable String undecodable;
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
    byte[] plain = null;
    String why = null;
    try {
      plain = decode(body, headers.allValues("Content-Encoding"));
    } catch (IOException e) {
      why = e.getMessage();
    }
    this.decoded = plain;
    this.undecodable = why;
  }

  /** Undoes the codings in the reverse of the order they were applied, as RFC 9110 says. */
  private static byte[] decode(byte[] body, List<String> encodings) throws IOException {
    byte[] bytes = body;
    List<String> codings = new java.util.ArrayList<>();
    for (String value : encodings) {
      for (String coding : value.split(",")) {
        String c = coding.trim().toLowerCase(Locale.ROOT);
        if (!c.isEmpty() && !c.equals("identity")) {
          codings.add(c);
        }
      }
    }
    for (int i = codings.size() - 1; i >= 0; i--) {
      String coding = codings.get(i);
      InputStream in;
      if (coding.equals("gzip") || coding.equals("x-gzip")) {
        in = new GZIPInputStream(new ByteArrayInputStream(bytes));
      } else if (coding.equals("deflate")) {
        in = new InflaterInputStream(new ByteArrayInputStream(bytes));
      } else {
        throw new IOException(
            "cannot decode Content-Encoding " + coding + " (the kit decodes gzip and deflate)");
      }
      try (InputStream decoding = in) {
        bytes = decoding.readAllBytes();
      } catch (IOException e) {
        throw new IOException(
            "the body is not valid Content-Encoding " + coding + ": " + e.getMessage(), e);
      }
    }
    return bytes;
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
   * The body's bytes as sent, still in their {@code Content-Encoding} when they have one.
   *
   * @return a copy of the body, empty when there was none
   */
  public byte[] body() {
    return body.clone();
  }

  /**
   * The body as text: decoded from its {@code Content-Encoding} ({@code gzip}, {@code deflate}),
   * then from UTF-8.
   *
   * @return the body as text
   * @throws AssertionError if the body's {@code Content-Encoding} cannot be decoded, naming the
   *     request
   */
  public String bodyAsString() {
    return new String(decoded(), StandardCharsets.UTF_8);
  }

  private byte[] decoded() {
    if (decoded == null) {
      throw new AssertionError("the body cannot be decoded: " + this);
    }
    return decoded;
  }

  /**
   * The body read as a value with the stub's options, e.g. {@code bodyAs(Order.class)}, once
   * decoded from its {@code Content-Encoding} ({@code gzip}, {@code deflate}).
   *
   * @param <T> the value's type
   * @param type the value's class
   * @return the value; {@code null} for a body that is JSON {@code null}
   * @throws AssertionError if the body is not a JSON document of that type, naming the request
   */
  public <T> @Nullable T bodyAs(Class<T> type) {
    return bodyAs(JsonType.of(type, options));
  }

  /**
   * The body read as a value of a generic type, with the type's own options, once decoded from its
   * {@code Content-Encoding} ({@code gzip}, {@code deflate}).
   *
   * @param <T> the value's type
   * @param type the value's type, e.g. {@code JsonType.listOf(Item.class)}
   * @return the value; {@code null} for a body that is JSON {@code null}
   * @throws AssertionError if the body is not a JSON document of that type, naming the request
   */
  public <T> @Nullable T bodyAs(JsonType<T> type) {
    byte[] json = decoded();
    try {
      return type.fromJson(json);
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

  /**
   * The method, URI, headers and the body (its first 2000 characters, decoded from its {@code
   * Content-Encoding}), one per line.
   */
  @Override
  public String toString() {
    StringBuilder s = new StringBuilder(method).append(' ').append(uri);
    headers
        .map()
        .forEach((k, v) -> v.forEach(x -> s.append('\n').append(k).append(": ").append(x)));
    if (decoded == null) {
      s.append("\n\n(").append(body.length).append(" bytes: ").append(undecodable).append(')');
    } else if (decoded.length > 0) {
      String text = new String(decoded, StandardCharsets.UTF_8);
      s.append("\n\n")
          .append(
              text.length() > SHOWN
                  ? text.substring(0, SHOWN) + "… (" + decoded.length + " bytes)"
                  : text);
    }
    return s.toString();
  }
}
