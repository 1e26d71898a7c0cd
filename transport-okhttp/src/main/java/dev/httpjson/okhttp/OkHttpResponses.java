package dev.httpjson.okhttp;

import dev.httpjson.transport.support.HeaderLines;
import dev.httpjson.transport.support.TransportResponse;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
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

  /** The status line and headers, for the body handler. */
  static TransportResponse<Void> info(Response response, HttpRequest request) {
    return TransportResponse.info(
        response.code(), headers(response.headers()), version(response.protocol()), request, null);
  }

  /** The final response with its body; earlier responses of a redirect chain have none. */
  static <T> HttpResponse<T> of(
      TransportResponse<Void> info,
      Response response,
      HttpRequest original,
      HttpUrl originalUrl,
      @Nullable T body) {
    okhttp3.Request sent = response.request();
    HttpRequest request =
        sent.url().equals(originalUrl) && sent.method().equals(original.method())
            ? original // no redirect: skip rebuilding a java.net.URI from the HttpUrl
            : request(response, original);
    return info.with(request, previous(response.priorResponse(), original), body);
  }

  private static <T> @Nullable HttpResponse<T> previous(
      @Nullable Response prior, HttpRequest original) {
    if (prior == null) {
      return null;
    }
    HttpRequest request = request(prior, original);
    return info(prior, request)
        .with(request, OkHttpResponses.<T>previous(prior.priorResponse(), original), null);
  }

  /** The request that produced {@code response}: the original, or the one a redirect made. */
  private static HttpRequest request(Response response, HttpRequest original) {
    okhttp3.Request sent = response.request();
    return TransportResponse.redirected(original, sent.url().uri(), sent.method());
  }

  /** OkHttp's headers as the JDK's. */
  static HttpHeaders headers(Headers headers) {
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
    }.toJdk();
  }

  static HttpClient.Version version(Protocol protocol) {
    return protocol == Protocol.HTTP_2 || protocol == Protocol.H2_PRIOR_KNOWLEDGE
        ? HttpClient.Version.HTTP_2
        : HttpClient.Version.HTTP_1_1;
  }
}
