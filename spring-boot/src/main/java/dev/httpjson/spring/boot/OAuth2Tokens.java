package dev.httpjson.spring.boot;

import dev.httpjson.Interceptor;
import dev.httpjson.oauth2.OAuth2;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The OAuth2 interceptor of {@code httpjson.clients.<name>.oauth2.*}. Loaded only when the
 * properties ask for it and httpjson-oauth2 is on the class path.
 */
final class OAuth2Tokens {
  private OAuth2Tokens() {}

  /** Whether {@code i} is an {@link OAuth2} interceptor. */
  static boolean isOAuth2(Interceptor i) {
    return i instanceof OAuth2;
  }

  /**
   * Client credentials for the API at {@code baseUri}, whose token requests go through {@code
   * tokens}: the client's own transport, so its TLS settings apply and the test stub answers them.
   */
  static Interceptor clientCredentials(
      UnaryOperator<String> at, HttpJsonProperties.OAuth2 p, URI baseUri, HttpClient tokens) {
    URI tokenUri = p.getTokenUri();
    String clientId = p.getClientId();
    String clientSecret = p.getClientSecret();
    if (tokenUri == null || clientId == null || clientSecret == null) {
      List<String> missing = new ArrayList<>();
      for (String key : List.of("token-uri", "client-id", "client-secret")) {
        Object value =
            key.equals("token-uri") ? tokenUri : key.equals("client-id") ? clientId : clientSecret;
        if (value == null) {
          missing.add(at.apply("oauth2." + key));
        }
      }
      throw new IllegalStateException(
          "OAuth2 client credentials need oauth2.token-uri, client-id and client-secret: "
              + String.join(" and ", missing)
              + (missing.size() == 1 ? " is" : " are")
              + " not set");
    }
    OAuth2.Builder b;
    try {
      b = OAuth2.clientCredentials(tokenUri, clientId, clientSecret);
    } catch (IllegalArgumentException e) {
      // OAuth2's messages never show the secret.
      throw new IllegalStateException(at.apply("oauth2") + ": " + e.getMessage(), e);
    }
    b.origin(baseUri).httpClient(tokens);
    if (!p.getScopes().isEmpty()) {
      ClientFactory.set(
          at.apply("oauth2.scopes"), p.getScopes(), s -> b.scopes(s.toArray(new String[0])));
    }
    ClientFactory.set(at.apply("oauth2.audience"), p.getAudience(), b::audience);
    HttpJsonProperties.@Nullable ClientAuthentication auth = p.getClientAuthentication();
    if (auth != null) {
      b.clientAuthentication(OAuth2.ClientAuthentication.valueOf(auth.name()));
    }
    return b.build();
  }

  /**
   * An interceptor made anew by {@link #renew()}: under the test stub, a test method starts without
   * the token the one before fetched.
   */
  static final class Renewable implements Interceptor {
    private final Supplier<Interceptor> make;
    private volatile Interceptor current;

    Renewable(Supplier<Interceptor> make) {
      this.make = make;
      this.current = make.get();
    }

    void renew() {
      current = make.get();
    }

    @Override
    public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
        throws IOException, InterruptedException {
      return current.intercept(request, chain);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
        HttpRequest request, Chain<T> chain) {
      return current.interceptAsync(request, chain);
    }

    @Override
    public @Nullable Snapshot snapshot() {
      return current.snapshot();
    }

    @Override
    public String toString() {
      return current.toString();
    }
  }
}
