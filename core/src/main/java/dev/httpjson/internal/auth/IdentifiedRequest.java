package dev.httpjson.internal.auth;

import dev.httpjson.internal.ForwardingRequest;
import java.net.http.HttpRequest;
import org.jspecify.annotations.Nullable;

/**
 * A request whose {@code Authorization} stands for an identity that outlives its value: an OAuth2
 * client's token of the hour. An {@code HttpCache} keys the entries of such a request by the
 * identity instead of the token, so that a response stored with one token is revalidated with the
 * next; a request rebuilt after it was made is a plain one again, keyed by its token.
 */
public final class IdentifiedRequest extends ForwardingRequest {
  private final String identity;

  private IdentifiedRequest(HttpRequest request, String identity) {
    super(request);
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
}
