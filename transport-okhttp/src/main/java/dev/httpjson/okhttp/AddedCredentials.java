package dev.httpjson.okhttp;

import dev.httpjson.transport.support.internal.TransportResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import okhttp3.Cookie;
import okhttp3.CookieJar;
import okhttp3.Headers;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.jspecify.annotations.Nullable;

/**
 * Whether the caller's OkHttp interceptors sent other credentials than the request the transport
 * was given ({@link TransportResponse#withCredentialsAdded}): an {@code Authorization}, a cookie,
 * an API key that an application interceptor or a network interceptor added, changed or removed. An
 * {@link dev.httpjson.HttpCache} keys a response by the request it handed the transport, and cannot
 * see them before the call; told after it, it neither stores the response nor validates a stored
 * one with it.
 *
 * <p>What OkHttp adds itself is known to the cache and not counted: the cookies of its {@code
 * CookieJar} and what its authenticators answer a challenge with ({@link OkHttpHttpClient#cookies},
 * {@link OkHttpHttpClient#credentials}). A client without interceptors is not looked at.
 */
final class AddedCredentials {
  private final boolean application;
  private final boolean network;
  private final CookieJar jar;

  private AddedCredentials(OkHttpClient client) {
    this.application = !client.interceptors().isEmpty();
    this.network = !client.networkInterceptors().isEmpty();
    this.jar = client.cookieJar();
  }

  /** What looks at the calls of {@code client}, the caller's; null when it has no interceptors. */
  static @Nullable AddedCredentials of(OkHttpClient client) {
    AddedCredentials added = new AddedCredentials(client);
    return added.application || added.network ? added : null;
  }

  /**
   * Whether a request sent for {@code given} carried other credentials: the first one, as the
   * application interceptors passed it on (OkHttp's own chain names it in the earliest response:
   * each later one is its follow-up, after a redirect or a challenge), or any request as a network
   * interceptor sent it, against the one OkHttp made (with its jar's cookies).
   */
  boolean in(Request given, Response response) {
    Response first = response;
    while (first.priorResponse() != null) {
      first = first.priorResponse();
    }
    if (application && !secrets(given.headers()).equals(secrets(first.request().headers()))) {
      return true;
    }
    if (!network) {
      return false;
    }
    for (Response hop = response; hop != null; hop = hop.priorResponse()) {
      Response sent = hop.networkResponse();
      if (sent == null) {
        continue; // answered without the network
      }
      List<String> made = secrets(hop.request().headers());
      List<String> wire = secrets(sent.request().headers());
      if (!made.equals(wire) && !withJarCookies(hop.request(), made).equals(wire)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code made} with the {@code Cookie} OkHttp puts in place of the request's own when its jar has
   * cookies for the URL (as its bridge does). The jar is asked now: a cookie the response set makes
   * the request look changed, and the response is then not stored, never wrongly stored.
   */
  private List<String> withJarCookies(Request request, List<String> made) {
    if (jar == CookieJar.NO_COOKIES) {
      return made;
    }
    List<Cookie> cookies = jar.loadForRequest(request.url());
    if (cookies.isEmpty()) {
      return made;
    }
    StringBuilder b = new StringBuilder();
    for (Cookie c : cookies) {
      if (b.length() > 0) {
        b.append("; ");
      }
      b.append(c.name()).append('=').append(c.value());
    }
    List<String> with = new ArrayList<>();
    for (String s : made) {
      if (!s.startsWith("cookie:")) {
        with.add(s);
      }
    }
    with.add("cookie:" + b);
    Collections.sort(with);
    return with;
  }

  /** The fields of {@code headers} that carry a credential, as sorted lines "name:value". */
  private static List<String> secrets(Headers headers) {
    List<String> found = null;
    for (int i = 0, n = headers.size(); i < n; i++) {
      String name = headers.name(i);
      if (TransportResponse.carriesCredential(name)) {
        if (found == null) {
          found = new ArrayList<>();
        }
        found.add(name.toLowerCase(Locale.ROOT) + ":" + headers.value(i));
      }
    }
    if (found == null) {
      return List.of();
    }
    Collections.sort(found);
    return found;
  }
}
