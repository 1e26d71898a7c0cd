package dev.httpjson.okhttp;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import javax.net.ssl.SSLSession;
import okhttp3.Headers;
import okhttp3.Protocol;
import okhttp3.Response;
import org.jspecify.annotations.Nullable;

/** An OkHttp response as the JDK's: immutable once built. */
final class OkHttpResponse<T> implements HttpResponse<T>, HttpResponse.ResponseInfo {
  private static final BiPredicate<String, String> ALL = (name, value) -> true;

  private final int statusCode;
  private final HttpHeaders headers;
  private final HttpClient.Version version;
  private final HttpRequest request;
  private final @Nullable HttpResponse<T> previous;
  private final @Nullable T body;

  private OkHttpResponse(
      int statusCode,
      HttpHeaders headers,
      HttpClient.Version version,
      HttpRequest request,
      @Nullable HttpResponse<T> previous,
      @Nullable T body) {
    this.statusCode = statusCode;
    this.headers = headers;
    this.version = version;
    this.request = request;
    this.previous = previous;
    this.body = body;
  }

  /** The status line and headers, for the body handler. */
  static OkHttpResponse<Void> info(Response response, HttpRequest request) {
    return new OkHttpResponse<>(
        response.code(),
        headers(response.headers()),
        version(response.protocol()),
        request,
        null,
        null);
  }

  /** The final response with its body; earlier responses of a redirect chain have none. */
  static <T> HttpResponse<T> of(
      OkHttpResponse<Void> info,
      Response response,
      HttpRequest original,
      okhttp3.HttpUrl originalUrl,
      @Nullable T body) {
    Response prior = response.priorResponse();
    okhttp3.Request sent = response.request();
    HttpRequest request =
        sent.url().equals(originalUrl) && sent.method().equals(original.method())
            ? original // no redirect: skip rebuilding a java.net.URI from the HttpUrl
            : request(response, original);
    return new OkHttpResponse<>(
        info.statusCode,
        info.headers,
        info.version,
        request,
        prior == null ? null : OkHttpResponse.<T>withoutBody(prior, original),
        body);
  }

  private static <T> HttpResponse<T> withoutBody(Response response, HttpRequest original) {
    Response prior = response.priorResponse();
    return new OkHttpResponse<>(
        response.code(),
        headers(response.headers()),
        version(response.protocol()),
        request(response, original),
        prior == null ? null : OkHttpResponse.<T>withoutBody(prior, original),
        null);
  }

  /** The request that produced {@code response}: the original, or the one a redirect made. */
  private static HttpRequest request(Response response, HttpRequest original) {
    okhttp3.Request sent = response.request();
    URI uri = sent.url().uri();
    if (uri.equals(original.uri()) && sent.method().equals(original.method())) {
      return original;
    }
    HttpRequest.Builder builder = HttpRequest.newBuilder(original, ALL).uri(uri);
    if (!sent.method().equals(original.method())) {
      builder.method(sent.method(), HttpRequest.BodyPublishers.noBody());
    }
    return builder.build();
  }

  static HttpHeaders headers(Headers headers) {
    int size = headers.size();
    Map<String, List<String>> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (int i = 0; i < size; i++) {
      map.computeIfAbsent(headers.name(i), name -> new ArrayList<>(1)).add(headers.value(i));
    }
    return HttpHeaders.of(map, ALL);
  }

  static HttpClient.Version version(Protocol protocol) {
    return protocol == Protocol.HTTP_2 || protocol == Protocol.H2_PRIOR_KNOWLEDGE
        ? HttpClient.Version.HTTP_2
        : HttpClient.Version.HTTP_1_1;
  }

  @Override
  public int statusCode() {
    return statusCode;
  }

  @Override
  public HttpRequest request() {
    return request;
  }

  @Override
  public Optional<HttpResponse<T>> previousResponse() {
    return Optional.ofNullable(previous);
  }

  @Override
  public HttpHeaders headers() {
    return headers;
  }

  @Override
  public @Nullable T body() {
    return body;
  }

  /** Empty: OkHttp's handshake is not an {@link SSLSession}. */
  @Override
  public Optional<SSLSession> sslSession() {
    return Optional.empty();
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
    return "(" + request.method() + " " + request.uri() + ") " + statusCode;
  }
}
