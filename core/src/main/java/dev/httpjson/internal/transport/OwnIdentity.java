package dev.httpjson.internal.transport;

import java.io.IOException;
import java.net.URI;
import org.jspecify.annotations.Nullable;

/**
 * A transport that identifies the requester beneath httpjson, with a cookie store or an
 * authenticator of its library's own, which {@link java.net.http.HttpClient#cookieHandler()} and
 * {@link java.net.http.HttpClient#authenticator()} do not show: an {@link dev.httpjson.HttpCache}
 * keys its responses by them too, so that none is served to another identity.
 */
public interface OwnIdentity {
  /**
   * The cookies the transport's own store adds to a request for {@code uri}, in one string; empty
   * for none.
   *
   * @param uri the request's URI
   * @return the cookies
   * @throws IOException when the store cannot tell (the cache then leaves the call alone)
   */
  String ownCookies(URI uri) throws IOException;

  /**
   * What answers challenges (or adds credentials) beneath httpjson, compared by identity: the
   * library's authenticator, or its client when its credentials cannot be seen; null for none.
   *
   * @return the authenticator, or null
   */
  @Nullable Object ownAuthenticator();
}
