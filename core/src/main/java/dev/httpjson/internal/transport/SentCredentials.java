package dev.httpjson.internal.transport;

import dev.httpjson.internal.SecretHeaders;
import java.util.Locale;

/**
 * A response (its {@link java.net.http.HttpResponse.ResponseInfo}) whose transport tells whether
 * the request that got it carried other credentials than the request httpjson handed it: a field
 * that carries a credential ({@link #carriesCredential}) added, changed or removed beneath httpjson
 * by code of its library's own (an OkHttp interceptor), beyond what {@link OwnIdentity} reports (a
 * cookie store, an authenticator). An {@link dev.httpjson.HttpCache} keys a response by the request
 * it sees, so it neither stores such a response nor lets it validate or freshen a stored one.
 *
 * <p>Only httpjson implements it: the package is exported to httpjson's transport support alone.
 */
public interface SentCredentials {
  /**
   * Whether the request that got this response carried credentials its transport was not given.
   *
   * @return true when they were added, changed or removed beneath httpjson
   */
  boolean credentialsAdded();

  /**
   * Whether the field {@code name} (in any case) carries a credential: {@code Authorization},
   * {@code Cookie}, an API key or token; the fields the cache keys a response by.
   *
   * @param name a field's name
   * @return whether its values identify the requester
   */
  static boolean carriesCredential(String name) {
    return SecretHeaders.NAMES.contains(name.toLowerCase(Locale.ROOT));
  }
}
