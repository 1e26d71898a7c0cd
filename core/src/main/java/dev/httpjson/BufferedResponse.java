package dev.httpjson;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/** A response whose body was collected as bytes by a {@link Responses.Collector}. */
final class BufferedResponse implements HttpResponse<byte[]> {
  private static final byte[] EMPTY = new byte[0];

  private final HttpResponse<?> response;
  private final byte[] body;

  BufferedResponse(HttpResponse<?> response, byte[] body) {
    this.response = response;
    this.body = body;
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
  public Optional<HttpResponse<byte[]>> previousResponse() {
    return response.previousResponse().map(p -> new BufferedResponse(p, EMPTY));
  }

  @Override
  public HttpHeaders headers() {
    return response.headers();
  }

  @Override
  public byte[] body() {
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
