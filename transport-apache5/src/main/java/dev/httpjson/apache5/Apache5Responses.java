package dev.httpjson.apache5;

import dev.httpjson.transport.support.internal.HeaderLines;
import dev.httpjson.transport.support.internal.TransportResponse;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpClient.Redirect;
import java.net.http.HttpRequest;
import java.util.List;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.protocol.RedirectLocations;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;

/**
 * Apache's responses as the JDK's ({@link TransportResponse}): HTTP/1.1, as Apache's classic I/O
 * speaks HTTP/1.x only, and without earlier responses, as Apache follows redirects inside one
 * exchange and keeps none.
 */
final class Apache5Responses {
  private Apache5Responses() {}

  /**
   * The status line and headers, for the body handler, naming the request Apache sent last (after
   * its redirects; a client that follows {@code NEVER} follows none, and asking the context would
   * make it allocate an empty list per exchange).
   */
  static TransportResponse<Void> info(
      ClassicHttpResponse response,
      HttpRequest request,
      HttpClientContext context,
      Redirect redirect) {
    HttpRequest answered = request;
    RedirectLocations redirects =
        redirect == Redirect.NEVER ? null : context.getRedirectLocations();
    if (redirects != null && redirects.size() > 0) {
      List<URI> all = redirects.getAll();
      org.apache.hc.core5.http.HttpRequest last = context.getRequest();
      String method = last != null ? last.getMethod() : request.method();
      answered = TransportResponse.redirected(request, all.get(all.size() - 1), method);
    }
    return TransportResponse.info(
        response.getCode(),
        lines(response.getHeaders(), decoded(response)),
        HttpClient.Version.HTTP_1_1,
        answered,
        context.getSSLSession(),
        null);
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

  /**
   * The headers (Apache's copy, not changed after), made into the JDK's when asked for; of a body
   * Apache decodes, without the {@code Content-Encoding} and {@code Content-Length} that describe
   * the bytes sent, as OkHttp and the JDK's own decoders leave them.
   */
  static HeaderLines lines(Header[] headers, boolean decoded) {
    return new HeaderLines() {
      @Override
      protected int size() {
        return headers.length;
      }

      @Override
      protected String name(int i) {
        return headers[i].getName();
      }

      @Override
      protected String value(int i) {
        return headers[i].getValue();
      }

      @Override
      protected boolean skipped(int i) {
        if (!decoded) {
          return false;
        }
        String name = headers[i].getName();
        return name.equalsIgnoreCase("Content-Encoding")
            || name.equalsIgnoreCase("Content-Length")
            || name.equalsIgnoreCase("Content-MD5");
      }
    };
  }
}
