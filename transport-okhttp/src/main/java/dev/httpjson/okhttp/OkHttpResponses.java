package dev.httpjson.okhttp;

import dev.httpjson.transport.support.internal.HeaderLines;
import dev.httpjson.transport.support.internal.TransportResponse;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Protocol;
import okhttp3.Response;
import org.jspecify.annotations.Nullable;

/**
 * OkHttp's responses as the JDK's ({@link TransportResponse}); OkHttp's handshake is not an {@code
 * SSLSession}, so they have none.
 */
final class OkHttpResponses {
  private OkHttpResponses() {}

  /**
   * The status line and headers, for the body handler, naming the request that got the response and
   * the responses before it (of redirects OkHttp followed), which have no body.
   */
  static TransportResponse<Void> info(
      Response response, HttpRequest original, HttpUrl originalUrl) {
    okhttp3.Request sent = response.request();
    HttpRequest request =
        sent.url().equals(originalUrl) && sent.method().equals(original.method())
            ? original // no redirect: skip rebuilding a java.net.URI from the HttpUrl
            : request(response, original);
    return info(response, request, previous(response.priorResponse(), original));
  }

  private static TransportResponse<Void> info(
      Response response, HttpRequest request, @Nullable HttpResponse<?> previous) {
    return TransportResponse.info(
        response.code(),
        lines(response.headers()),
        version(response.protocol()),
        request,
        null,
        previous);
  }

  private static @Nullable HttpResponse<?> previous(
      @Nullable Response prior, HttpRequest original) {
    return prior == null
        ? null
        : info(prior, request(prior, original), previous(prior.priorResponse(), original));
  }

  /** The request that produced {@code response}: the original, or the one a redirect made. */
  private static HttpRequest request(Response response, HttpRequest original) {
    okhttp3.Request sent = response.request();
    return TransportResponse.redirected(original, sent.url().uri(), sent.method());
  }

  /** OkHttp's headers (immutable), made into the JDK's when asked for. */
  static HeaderLines lines(Headers headers) {
    return new HeaderLines() {
      @Override
      protected int size() {
        return headers.size();
      }

      @Override
      protected String name(int i) {
        return headers.name(i);
      }

      @Override
      protected String value(int i) {
        return headers.value(i);
      }
    };
  }

  static HttpClient.Version version(Protocol protocol) {
    return protocol == Protocol.HTTP_2 || protocol == Protocol.H2_PRIOR_KNOWLEDGE
        ? HttpClient.Version.HTTP_2
        : HttpClient.Version.HTTP_1_1;
  }
}
