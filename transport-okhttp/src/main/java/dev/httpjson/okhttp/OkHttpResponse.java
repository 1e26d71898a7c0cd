package dev.httpjson.okhttp;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
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

  /**
   * OkHttp's headers as the JDK's. {@link HttpHeaders#of} copies what it is given, so a usual head
   * is handed over as a view that groups the names as it goes; a long one, whose grouping by
   * scanning would take quadratic time, through a sorted map.
   */
  static HttpHeaders headers(Headers headers) {
    int size = headers.size();
    if (size <= HeaderView.MAX_SIZE) {
      return HttpHeaders.of(new HeaderView(headers), ALL);
    }
    Map<String, List<String>> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (int i = 0; i < size; i++) {
      map.computeIfAbsent(headers.name(i), name -> new ArrayList<>(1)).add(headers.value(i));
    }
    return HttpHeaders.of(map, ALL);
  }

  /**
   * Each name once (as first spelt, compared ignoring case) with its values in order, found by
   * scanning the head.
   */
  private static final class HeaderView extends AbstractMap<String, List<String>> {
    static final int MAX_SIZE = 64;

    private final Headers headers;

    HeaderView(Headers headers) {
      this.headers = headers;
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super List<String>> action) {
      int size = headers.size();
      next:
      for (int i = 0; i < size; i++) {
        String name = headers.name(i);
        for (int j = 0; j < i; j++) {
          if (headers.name(j).equalsIgnoreCase(name)) {
            continue next; // listed with its first occurrence
          }
        }
        String first = headers.value(i);
        List<String> values = null;
        for (int k = i + 1; k < size; k++) {
          if (headers.name(k).equalsIgnoreCase(name)) {
            if (values == null) {
              values = new ArrayList<>(2);
              values.add(first);
            }
            values.add(headers.value(k));
          }
        }
        action.accept(name, values == null ? List.of(first) : values);
      }
    }

    @Override
    public Set<Map.Entry<String, List<String>>> entrySet() {
      Map<String, List<String>> copy = new LinkedHashMap<>();
      forEach(copy::put);
      return copy.entrySet();
    }
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
