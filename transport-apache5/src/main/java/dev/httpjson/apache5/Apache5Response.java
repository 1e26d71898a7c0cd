package dev.httpjson.apache5;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.AbstractList;
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
import java.util.function.Consumer;
import javax.net.ssl.SSLSession;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.jspecify.annotations.Nullable;

/** An Apache response as the JDK's: immutable once built. */
final class Apache5Response<T> implements HttpResponse<T>, HttpResponse.ResponseInfo {
  private static final BiPredicate<String, String> ALL = (name, value) -> true;

  private final int statusCode;
  private final HttpHeaders headers;
  private final HttpRequest request;
  private final @Nullable SSLSession session;
  private final @Nullable T body;

  private Apache5Response(
      int statusCode,
      HttpHeaders headers,
      HttpRequest request,
      @Nullable SSLSession session,
      @Nullable T body) {
    this.statusCode = statusCode;
    this.headers = headers;
    this.request = request;
    this.session = session;
    this.body = body;
  }

  /**
   * The status line and headers, for the body handler; {@code request} is the one that got this
   * response (after redirects Apache followed, the last one).
   */
  static Apache5Response<Void> info(
      ClassicHttpResponse response, HttpRequest request, @Nullable SSLSession session) {
    return new Apache5Response<>(
        response.getCode(), headers(response, decoded(response)), request, session, null);
  }

  /**
   * Whether Apache's content compression decodes the body: it then reports no encoding for the
   * entity, while the response keeps the header it decoded.
   */
  private static boolean decoded(ClassicHttpResponse response) {
    HttpEntity entity = response.getEntity();
    return entity != null
        && entity.getContentEncoding() == null
        && response.containsHeader("Content-Encoding");
  }

  /** The final response with its body. */
  static <T> HttpResponse<T> of(Apache5Response<Void> info, @Nullable T body) {
    return new Apache5Response<>(info.statusCode, info.headers, info.request, info.session, body);
  }

  /** The request that got the response, after Apache followed redirects to {@code uri}. */
  static HttpRequest redirected(HttpRequest original, URI uri, String method) {
    if (uri.equals(original.uri()) && method.equals(original.method())) {
      return original;
    }
    HttpRequest.Builder builder = HttpRequest.newBuilder(original, ALL).uri(uri);
    if (!method.equals(original.method())) {
      builder.method(method, HttpRequest.BodyPublishers.noBody());
    }
    return builder.build();
  }

  /**
   * The headers; of a body Apache decodes, without the {@code Content-Encoding} and {@code
   * Content-Length} that describe the bytes sent, as OkHttp and the JDK's own decoders leave them.
   */
  private static HttpHeaders headers(ClassicHttpResponse response, boolean decoded) {
    Header[] all = response.getHeaders();
    if (all.length <= HeaderMap.MAX_SCANNED) {
      return HttpHeaders.of(new HeaderMap(all, decoded), ALL);
    }
    // Many headers: grouped in a map, as the view's scans would take time in their square.
    Map<String, List<String>> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    HeaderMap view = new HeaderMap(all, decoded);
    for (int i = 0; i < all.length; i++) {
      if (!view.skipped(i)) {
        map.computeIfAbsent(all[i].getName(), name -> new ArrayList<>(1)).add(all[i].getValue());
      }
    }
    return HttpHeaders.of(map, ALL);
  }

  /**
   * Apache's headers as the map {@link HttpHeaders#of} copies, grouped by name (ignoring case) in
   * their order of arrival, without building a map of its own: {@code HttpHeaders.of} reads it once
   * with {@link #forEach}, which hands it each name with a view of its values that is only valid
   * during the call (it copies them).
   */
  static final class HeaderMap extends AbstractMap<String, List<String>> {
    /** The most headers the view groups by scanning (a response has a handful). */
    static final int MAX_SCANNED = 32;

    private final Header[] headers;
    private final boolean decoded;

    HeaderMap(Header[] headers, boolean decoded) {
      this.headers = headers;
      this.decoded = decoded;
    }

    /** Whether header {@code i} is left out: it describes the bytes Apache decoded. */
    boolean skipped(int i) {
      if (!decoded) {
        return false;
      }
      String name = headers[i].getName();
      return name.equalsIgnoreCase("Content-Encoding")
          || name.equalsIgnoreCase("Content-Length")
          || name.equalsIgnoreCase("Content-MD5");
    }

    /** Whether header {@code i} is the first (kept) one of its name. */
    private boolean first(int i) {
      String name = headers[i].getName();
      for (int j = 0; j < i; j++) {
        if (headers[j].getName().equalsIgnoreCase(name) && !skipped(j)) {
          return false;
        }
      }
      return true;
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super List<String>> action) {
      Values values = new Values();
      for (int i = 0; i < headers.length; i++) {
        if (!skipped(i) && first(i)) {
          values.first = i;
          action.accept(headers[i].getName(), values);
        }
      }
    }

    @Override
    public Set<Entry<String, List<String>>> entrySet() {
      Map<String, List<String>> grouped = new LinkedHashMap<>();
      forEach((name, values) -> grouped.put(name, List.copyOf(values)));
      return grouped.entrySet();
    }

    /** The values of the name of header {@code first}: a view that {@link #forEach} moves on. */
    private final class Values extends AbstractList<String> {
      int first;

      @Override
      public void forEach(Consumer<? super String> action) {
        String name = headers[first].getName();
        for (int i = first; i < headers.length; i++) {
          if (headers[i].getName().equalsIgnoreCase(name)) {
            action.accept(headers[i].getValue());
          }
        }
      }

      @Override
      public String get(int index) {
        String name = headers[first].getName();
        for (int i = first, n = 0; i < headers.length; i++) {
          if (headers[i].getName().equalsIgnoreCase(name) && n++ == index) {
            return headers[i].getValue();
          }
        }
        throw new IndexOutOfBoundsException("index " + index + ", size " + size());
      }

      @Override
      public int size() {
        String name = headers[first].getName();
        int n = 0;
        for (int i = first; i < headers.length; i++) {
          if (headers[i].getName().equalsIgnoreCase(name)) {
            n++;
          }
        }
        return n;
      }
    }
  }

  @Override
  public int statusCode() {
    return statusCode;
  }

  @Override
  public HttpRequest request() {
    return request;
  }

  /** Empty: Apache follows redirects inside one exchange and keeps no earlier response. */
  @Override
  public Optional<HttpResponse<T>> previousResponse() {
    return Optional.empty();
  }

  @Override
  public HttpHeaders headers() {
    return headers;
  }

  @Override
  public @Nullable T body() {
    return body;
  }

  @Override
  public Optional<SSLSession> sslSession() {
    return Optional.ofNullable(session);
  }

  @Override
  public URI uri() {
    return request.uri();
  }

  /** HTTP/1.1: Apache's classic I/O speaks HTTP/1.x only. */
  @Override
  public HttpClient.Version version() {
    return HttpClient.Version.HTTP_1_1;
  }

  @Override
  public String toString() {
    return "(" + request.method() + " " + request.uri() + ") " + statusCode;
  }
}
