package dev.httpjson.internal;

import dev.httpjson.JsonOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import javax.net.ssl.SSLSession;
import org.jspecify.annotations.Nullable;

/**
 * A response whose body was collected by httpjson: as bytes by a {@link CallState.Buffered}, or
 * read as a value.
 */
public final class BufferedResponse<T extends @Nullable Object> implements HttpResponse<T> {
  private static final byte[] EMPTY = new byte[0];

  private final HttpResponse<?> response;
  private final T body;
  private final T previousBody;
  private final HttpHeaders headers;
  private final @Nullable JsonOptions options;

  /**
   * A body httpjson collected was decoded from its {@code Content-Encoding} when it had one
   * httpjson decodes: the headers then drop the compressed form's {@code Content-Encoding} and
   * {@code Content-Length}, so that reading the body again does not decode it twice.
   */
  public BufferedResponse(HttpResponse<?> response, T body, T previousBody) {
    this(response, body, previousBody, Responses.decodableCoding(response.headers()) != null);
  }

  /** As above, when the caller knows whether the body was decoded from its coding. */
  BufferedResponse(HttpResponse<?> response, T body, T previousBody, boolean decoded) {
    this(response, body, previousBody, decoded, null);
  }

  /** As above, the body read by a call with {@code options}. */
  BufferedResponse(
      HttpResponse<?> response,
      T body,
      T previousBody,
      boolean decoded,
      @Nullable JsonOptions options) {
    this.response = response;
    this.options = options;
    this.body = body;
    this.previousBody = previousBody;
    HttpHeaders received = response.headers();
    this.headers = decoded ? ContentDecoder.decodedHeaders(received) : received;
  }

  /** A response with its body bytes; earlier responses of a redirect chain carry none. */
  public static BufferedResponse<byte[]> ofBytes(HttpResponse<?> response, byte[] body) {
    return new BufferedResponse<>(response, body, EMPTY);
  }

  /** As above, the body read by a call with {@code options}, {@code decoded} from its coding. */
  static BufferedResponse<byte[]> ofBytes(
      HttpResponse<?> response, byte[] body, boolean decoded, JsonOptions options) {
    return new BufferedResponse<>(response, body, EMPTY, decoded, options);
  }

  /**
   * {@return the options of the call that read this response, or {@code null} when not known}
   * {@link Calls#ensureSuccess} reads an error with them.
   */
  @Nullable JsonOptions options() {
    return options;
  }

  @Override
  public int statusCode() {
    return response.statusCode();
  }

  @Override
  public HttpRequest request() {
    return response.request();
  }

  @Override
  public Optional<HttpResponse<T>> previousResponse() {
    return response
        .previousResponse()
        .map(p -> new BufferedResponse<>(p, previousBody, previousBody));
  }

  @Override
  public HttpHeaders headers() {
    return headers;
  }

  @Override
  public T body() {
    return body;
  }

  @Override
  public Optional<SSLSession> sslSession() {
    return response.sslSession();
  }

  @Override
  public URI uri() {
    return response.uri();
  }

  @Override
  public HttpClient.Version version() {
    return response.version();
  }

  @Override
  public String toString() {
    // The JDK's form, "(GET uri) 200", with the URI redacted: a toString ends up in logs.
    return "("
        + response.request().method()
        + " "
        + Uris.redact(response.request().uri())
        + ") "
        + response.statusCode();
  }
}
