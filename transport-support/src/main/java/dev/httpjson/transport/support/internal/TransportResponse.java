package dev.httpjson.transport.support.internal;

import dev.httpjson.JsonOptions;
import dev.httpjson.internal.transport.HeaderLookup;
import dev.httpjson.internal.transport.SentCredentials;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Objects;
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
public final class TransportResponse<T>
    implements HttpResponse<T>, HttpResponse.ResponseInfo, HeaderLookup, SentCredentials {
  private static final BiPredicate<String, String> ALL = (name, value) -> true;

  private final int statusCode;
  private final @Nullable HeaderLines lines; // null when made with the JDK's headers
  // Made from the lines when first asked for: a call looks up its few headers in the lines
  // (HeaderLookup). Two threads may both make them; they make equal headers.
  private volatile @Nullable HttpHeaders headers;
  private final HttpClient.Version version;
  private final HttpRequest request;
  private final @Nullable SSLSession session;
  private final @Nullable HttpResponse<?> previous; // without a body
  private final @Nullable T body;
  private final boolean credentialsAdded;

  private TransportResponse(
      int statusCode,
      @Nullable HeaderLines lines,
      @Nullable HttpHeaders headers,
      HttpClient.Version version,
      HttpRequest request,
      @Nullable SSLSession session,
      @Nullable HttpResponse<?> previous,
      @Nullable T body,
      boolean credentialsAdded) {
    this.statusCode = statusCode;
    this.lines = lines;
    this.headers = headers;
    this.version = version;
    this.request = request;
    this.session = session;
    this.previous = previous;
    this.body = body;
    this.credentialsAdded = credentialsAdded;
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
    return new TransportResponse<>(
        statusCode, null, headers, version, request, session, previous, null, false);
  }

  /**
   * As {@link #info(int, HttpHeaders, HttpClient.Version, HttpRequest, SSLSession, HttpResponse)},
   * with the library's header lines, made into the JDK's headers ({@link HeaderLines#toJdk}) only
   * when {@link #headers()} is first called; the lines must not change.
   */
  public static TransportResponse<Void> info(
      int statusCode,
      HeaderLines lines,
      HttpClient.Version version,
      HttpRequest request,
      @Nullable SSLSession session,
      @Nullable HttpResponse<?> previous) {
    return new TransportResponse<>(
        statusCode, lines, null, version, request, session, previous, null, false);
  }

  /** This response with {@code body}. */
  public <U> TransportResponse<U> with(@Nullable U body) {
    return new TransportResponse<>(
        statusCode, lines, headers, version, request, session, previous, body, credentialsAdded);
  }

  /**
   * This response, its request having carried credentials the transport was not given: added,
   * changed or removed beneath httpjson by the library's own code ({@link SentCredentials}).
   */
  public TransportResponse<T> withCredentialsAdded() {
    return new TransportResponse<>(
        statusCode, lines, headers, version, request, session, previous, body, true);
  }

  @Override
  public boolean credentialsAdded() {
    return credentialsAdded;
  }

  /**
   * Whether the request field {@code name} (in any case) carries a credential, by which an {@link
   * dev.httpjson.HttpCache} keys a response: see {@link #withCredentialsAdded}.
   */
  public static boolean carriesCredential(String name) {
    return SentCredentials.carriesCredential(name);
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
    HttpHeaders made = headers;
    if (made == null) {
      headers = made = Objects.requireNonNull(lines).toJdk();
    }
    return made;
  }

  /** Found in the library's lines, without making the JDK's headers; else in those. */
  @Override
  public @Nullable String firstValue(String name) {
    HeaderLines l = lines;
    if (l != null) {
      return l.firstValue(name);
    }
    List<String> values = headers().allValues(name);
    return values.isEmpty() ? null : values.get(0);
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
