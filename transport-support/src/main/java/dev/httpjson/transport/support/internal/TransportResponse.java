package dev.httpjson.transport.support.internal;

import dev.httpjson.JsonOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import java.util.function.BiPredicate;
import javax.net.ssl.SSLSession;
import org.jspecify.annotations.Nullable;

/**
 * A transport's response as the JDK's: immutable. First made without a body, as the {@link
 * HttpResponse.ResponseInfo} the body handler gets, then again with the body. Earlier responses (of
 * redirects the library followed) have no body.
 *
 * @param <T> the body
 */
public final class TransportResponse<T> implements HttpResponse<T>, HttpResponse.ResponseInfo {
  private static final BiPredicate<String, String> ALL = (name, value) -> true;

  private final int statusCode;
  private final HttpHeaders headers;
  private final HttpClient.Version version;
  private final HttpRequest request;
  private final @Nullable SSLSession session;
  private final @Nullable HttpResponse<?> previous; // without a body
  private final @Nullable T body;

  private TransportResponse(
      int statusCode,
      HttpHeaders headers,
      HttpClient.Version version,
      HttpRequest request,
      @Nullable SSLSession session,
      @Nullable HttpResponse<?> previous,
      @Nullable T body) {
    this.statusCode = statusCode;
    this.headers = headers;
    this.version = version;
    this.request = request;
    this.session = session;
    this.previous = previous;
    this.body = body;
  }

  /**
   * The status line and headers, for the body handler; {@code request} is the one that got the
   * response (after redirects the library followed, the last one), after {@code previous}, if any.
   */
  public static TransportResponse<Void> info(
      int statusCode,
      HttpHeaders headers,
      HttpClient.Version version,
      HttpRequest request,
      @Nullable SSLSession session,
      @Nullable HttpResponse<?> previous) {
    return new TransportResponse<>(statusCode, headers, version, request, session, previous, null);
  }

  /** This response with {@code body}. */
  public <U> TransportResponse<U> with(@Nullable U body) {
    return new TransportResponse<>(statusCode, headers, version, request, session, previous, body);
  }

  /**
   * The request that got the response after the library followed redirects to {@code uri} with
   * {@code method}: the original, or a copy of it sent there (without a body when the method
   * changed).
   */
  public static HttpRequest redirected(HttpRequest original, URI uri, String method) {
    if (uri.equals(original.uri()) && method.equals(original.method())) {
      return original;
    }
    HttpRequest.Builder builder = HttpRequest.newBuilder(original, ALL).uri(uri);
    if (!method.equals(original.method())) {
      builder.method(method, HttpRequest.BodyPublishers.noBody());
    }
    return builder.build();
  }

  @Override
  public int statusCode() {
    return statusCode;
  }

  @Override
  public HttpRequest request() {
    return request;
  }

  /** The response before this one: it has no body, so it is one of any body type. */
  @Override
  @SuppressWarnings("unchecked")
  public Optional<HttpResponse<T>> previousResponse() {
    return Optional.ofNullable((HttpResponse<T>) previous);
  }

  @Override
  public HttpHeaders headers() {
    return headers;
  }

  @Override
  public @Nullable T body() {
    return body;
  }

  /** Empty where the library's handshake is not an {@link SSLSession} (OkHttp's). */
  @Override
  public Optional<SSLSession> sslSession() {
    return Optional.ofNullable(session);
  }

  @Override
  public URI uri() {
    return request.uri();
  }

  @Override
  public HttpClient.Version version() {
    return version;
  }

  @Override
  public String toString() {
    // The JDK's form, "(GET uri) 200", with the URI as exception messages show it: a toString ends
    // up in logs.
    return "("
        + request.method()
        + " "
        + JsonOptions.web().redact(request.uri().toString())
        + ") "
        + statusCode;
  }
}
