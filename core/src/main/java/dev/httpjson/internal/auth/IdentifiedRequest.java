package dev.httpjson.internal.auth;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A request whose {@code Authorization} stands for an identity that outlives its value: an OAuth2
 * client's token of the hour. An {@code HttpCache} keys the entries of such a request by the
 * identity instead of the token, so that a response stored with one token is revalidated with the
 * next; a request rebuilt after it was made is a plain one again, keyed by its token.
 */
public final class IdentifiedRequest extends HttpRequest {
  private final HttpRequest request;
  private final String identity;

  private IdentifiedRequest(HttpRequest request, String identity) {
    this.request = request;
    this.identity = identity;
  }

  /**
   * {@code request}, its {@code Authorization} standing for {@code identity}.
   *
   * @param request the request, with its {@code Authorization} set
   * @param identity what the credential identifies, never a secret (a digest is taken of it)
   * @return the request, identified
   */
  public static HttpRequest of(HttpRequest request, String identity) {
    return new IdentifiedRequest(request, identity);
  }

  /**
   * The identity {@code request}'s {@code Authorization} stands for, or null for a request made
   * otherwise.
   *
   * @param request any request
   * @return the identity, or null
   */
  public static @Nullable String identity(HttpRequest request) {
    return request instanceof IdentifiedRequest ? ((IdentifiedRequest) request).identity : null;
  }

  @Override
  public Optional<BodyPublisher> bodyPublisher() {
    return request.bodyPublisher();
  }

  @Override
  public String method() {
    return request.method();
  }

  @Override
  public Optional<Duration> timeout() {
    return request.timeout();
  }

  @Override
  public boolean expectContinue() {
    return request.expectContinue();
  }

  @Override
  public URI uri() {
    return request.uri();
  }

  @Override
  public Optional<HttpClient.Version> version() {
    return request.version();
  }

  @Override
  public HttpHeaders headers() {
    return request.headers();
  }
}
