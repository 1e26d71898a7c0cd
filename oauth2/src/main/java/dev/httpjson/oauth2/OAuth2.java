package dev.httpjson.oauth2;

import dev.httpjson.FormContent;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonOptions;
import dev.httpjson.MultipartContent;
import dev.httpjson.internal.auth.IdentifiedRequest;
import dev.httpjson.oauth2.Tokens.Token;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * OAuth2 bearer tokens on every call of a client, as one {@link Interceptor}: the token is fetched
 * from the token endpoint with a form POST, cached until shortly before it expires, fetched again
 * once for all the calls that need it at the same time, and sent as {@code Authorization: Bearer …}
 * to the API's origin only.
 *
 * <pre>{@code
 * HttpJsonClient api = HttpJsonClient.newBuilder(HttpClient.newHttpClient())
 *     .baseUri("https://api.example.com/v1/")
 *     .interceptor(OAuth2.clientCredentials(tokenUri, clientId, clientSecret)
 *         .origin(URI.create("https://api.example.com"))
 *         .scopes("orders:read")
 *         .build())
 *     .build();
 * }</pre>
 *
 * <p><b>Grants.</b> {@link #clientCredentials(URI, String, String)} (RFC 6749 §4.4), for a service
 * calling an API in its own name, and {@link #refreshToken(URI, String, String, String)} (§6), for
 * a refresh token obtained once, by a user's authorization elsewhere: when the token endpoint
 * answers with a new refresh token, the next request uses it (rotation). The client authenticates
 * with HTTP Basic by default ({@link ClientAuthentication#CLIENT_SECRET_BASIC}), or with its
 * credentials in the form ({@link ClientAuthentication#CLIENT_SECRET_POST}); a refresh token of a
 * public client (no secret) sends its {@code client_id} in the form.
 *
 * <p><b>Caching and refreshing.</b> The token is kept until {@link
 * Builder#refreshBeforeExpiry(Duration)} (60 s by default, and never more than half its lifetime)
 * before its {@code expires_in} ends; one without {@code expires_in} is kept until the API refuses
 * it. A call that finds no fresh token starts one token request, and every call that needs a token
 * while it runs waits for that same request (single flight): fifty calls at the moment a token
 * expires make one token request. A blocking call waits on its own thread (an interrupt, or the
 * call's whole-call timeout, ends the wait); an asynchronous one ({@link
 * Interceptor#interceptAsync}) chains on the token request and holds no thread while it waits, and
 * goes on from the common pool, never from the token client's threads. A failed token request fails
 * the calls that waited for it, and the next call tries again.
 *
 * <p><b>A 401.</b> When the API answers 401 to a request that carried the token — the token was
 * revoked, or expired early — the token is dropped, a new one fetched (once, for all the calls that
 * got the 401 with it) and the request sent again, once. A second 401 is the call's answer, as any
 * other status (for httpjson's calls, an {@link dev.httpjson.HttpJsonStatusException}). When the
 * API refuses that new token too, it refuses any token (a wrong audience or scope, say): for the
 * next 30 s its 401s are the calls' answers and the token is kept, so that such an API costs the
 * token endpoint one request a half-minute, not one a call. A 401 whose {@code WWW-Authenticate:
 * Bearer} challenge names another error than {@code invalid_token} is answered at once: a new token
 * would not change it. The request is sent again only when that cannot send something other than
 * what was sent: a request with no body or with a body httpjson made ({@link JsonContent}, {@link
 * FormContent}, {@link MultipartContent}, and the values httpjson's calls send), or one whose
 * method is idempotent (GET, HEAD, PUT, DELETE, OPTIONS, TRACE), whose body, like the JDK's own
 * {@code BodyPublishers}, can be sent again. Any other request (a POST of a publisher of your own)
 * gets the 401 as its answer, and the token is dropped all the same: the next call fetches a new
 * one rather than being refused with it too.
 *
 * <p><b>Where the token goes.</b> Only to the origins named with {@link Builder#origin(URI)}
 * (scheme, host and port), where it replaces any {@code Authorization} header the request carries;
 * a request to any other origin — an absolute URI, a link or redirect that a server named — is sent
 * as it is, without the token. With {@link
 * HttpJsonClient.Builder#followRedirects(HttpClient.Redirect)} each redirect hop passes through
 * this interceptor and is checked again; an {@link HttpClient} that follows redirects itself would
 * copy the header to every hop before any interceptor sees it, so give the API client one that does
 * not (the default): with one that does, a call that would carry the token fails with {@link
 * IllegalStateException} before anything is sent. The token request itself is sent through its own
 * client ({@link Builder#httpClient(HttpClient)}) and never carries the token; a request to the
 * token URI through this interceptor does not get it either. Neither the client secret, the refresh
 * token nor the access token appears in a message, a {@code toString} or a log of this module (it
 * logs nothing).
 *
 * <p><b>Failures.</b> A token endpoint that answers with an error fails the call with {@link
 * OAuth2Exception}, naming the token endpoint and the OAuth2 error ({@code invalid_client}, {@code
 * invalid_grant}, …), before the call's own request is sent; one that cannot be reached, with the
 * transport's exception.
 *
 * <p>Immutable configuration and thread-safe; one instance holds one token, for any number of
 * clients and calls.
 */
public final class OAuth2 implements Interceptor {
  /** The methods RFC 9110 §9.2.2 calls idempotent: sent again after a 401 whatever their body. */
  private static final Set<String> IDEMPOTENT =
      Set.of("GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE");

  private static final Pattern BEARER_ERROR =
      Pattern.compile("(?i)^\\s*bearer\\b.*?\\berror\\s*=\\s*\"?([^\",\\s]*)");

  /** How the client authenticates to the token endpoint (RFC 6749 §2.3.1). */
  public enum ClientAuthentication {
    /** The client id and secret in an {@code Authorization: Basic} header; the default. */
    CLIENT_SECRET_BASIC,
    /** The client id and secret as {@code client_id} and {@code client_secret} form fields. */
    CLIENT_SECRET_POST
  }

  private final Tokens tokens;
  private final URI tokenUri;
  private final Set<String> origins;
  // What a client credentials token stands for, whichever token it is: an HttpCache keeps its
  // entries for it. Null for a refresh token, whose identity (a user's) httpjson cannot name.
  private final @Nullable String identity;

  private OAuth2(Builder b) {
    this.tokenUri = b.tokenUri;
    this.origins = Set.copyOf(b.origins);
    this.identity = b.refreshToken != null ? null : identity(b);
    this.tokens =
        new Tokens(
            b.tokenUri,
            b.clientId,
            b.clientSecret,
            b.refreshToken,
            b.authentication,
            b.scopes.isEmpty() ? null : String.join(" ", b.scopes),
            b.audience,
            b.skew,
            b.timeout,
            b.clock,
            b.http);
  }

  /**
   * What a client credentials token of {@code b} stands for: its token endpoint, client id, scopes
   * (as a set) and audience, each field spelt with its length, so that no two clients read the same
   * (a field that holds a separator, an audience spelt "null" and none).
   */
  private static String identity(Builder b) {
    StringBuilder id = new StringBuilder("oauth2 client_credentials");
    field(id, b.tokenUri.toString());
    field(id, b.clientId);
    java.util.SortedSet<String> scopes = new java.util.TreeSet<>(b.scopes);
    id.append('\n').append(scopes.size());
    for (String scope : scopes) {
      field(id, scope);
    }
    String audience = b.audience;
    if (audience == null) {
      id.append("\n-");
    } else {
      field(id, audience);
    }
    return id.toString();
  }

  private static void field(StringBuilder id, String value) {
    id.append('\n').append(value.length()).append(':').append(value);
  }

  /**
   * A builder for tokens of the client credentials grant: the client asks in its own name.
   *
   * @param tokenUri the token endpoint, absolute, {@code https} (or {@code http})
   * @param clientId the client id
   * @param clientSecret the client secret
   * @return a builder; name the API's origin with {@link Builder#origin(URI)}
   * @throws IllegalArgumentException if {@code tokenUri} is not an absolute http or https URI
   */
  public static Builder clientCredentials(URI tokenUri, String clientId, String clientSecret) {
    Objects.requireNonNull(clientSecret, "clientSecret == null");
    return new Builder(tokenUri, clientId, clientSecret, null);
  }

  /**
   * A builder for tokens of the refresh token grant: a refresh token obtained once (a user's
   * authorization) is exchanged for access tokens, and replaced by the new one the token endpoint
   * may return with each.
   *
   * @param tokenUri the token endpoint, absolute, {@code https} (or {@code http})
   * @param clientId the client id
   * @param clientSecret the client secret; {@code null} for a public client, which sends its id in
   *     the form
   * @param refreshToken the refresh token
   * @return a builder; name the API's origin with {@link Builder#origin(URI)}
   * @throws IllegalArgumentException if {@code tokenUri} is not an absolute http or https URI
   */
  public static Builder refreshToken(
      URI tokenUri, String clientId, @Nullable String clientSecret, String refreshToken) {
    Objects.requireNonNull(refreshToken, "refreshToken == null");
    return new Builder(tokenUri, clientId, clientSecret, refreshToken);
  }

  private boolean authorizes(HttpRequest request) {
    URI uri = request.uri();
    String origin = originOf(uri);
    if (origin == null || !origins.contains(origin)) {
      return false;
    }
    return !(origin.equals(originOf(tokenUri))
        && Objects.equals(uri.getRawPath(), tokenUri.getRawPath()));
  }

  /** {@code scheme://host:port}, lower case, the default port filled in; null if not http(s). */
  static @Nullable String originOf(URI uri) {
    String scheme = uri.getScheme();
    String host = uri.getHost();
    if (scheme == null || host == null) {
      return null;
    }
    scheme = scheme.toLowerCase(Locale.ROOT);
    int port = uri.getPort();
    if (port < 0) {
      if (scheme.equals("https")) {
        port = 443;
      } else if (scheme.equals("http")) {
        port = 80;
      } else {
        return null;
      }
    } else if (!scheme.equals("https") && !scheme.equals("http")) {
      return null;
    }
    return scheme + "://" + host.toLowerCase(Locale.ROOT) + ":" + port;
  }

  /** Whether the request can be sent again as it was: see "A 401" in the class description. */
  private static boolean repeatable(HttpRequest request) {
    if (IDEMPOTENT.contains(request.method())) {
      return true;
    }
    BodyPublisher body = request.bodyPublisher().orElse(null);
    return body == null
        || body.contentLength() == 0
        || body instanceof JsonContent
        || body instanceof FormContent
        || body instanceof MultipartContent;
  }

  /** Whether a 401 with these headers may be cured by a new token. */
  private static boolean newTokenMayHelp(HttpHeaders headers) {
    for (String challenge : headers.allValues("WWW-Authenticate")) {
      Matcher m = BEARER_ERROR.matcher(challenge);
      if (m.find() && !m.group(1).equalsIgnoreCase("invalid_token")) {
        return false;
      }
    }
    return true;
  }

  private HttpRequest authorized(HttpRequest request, Token token) {
    HttpRequest authorized =
        HttpRequest.newBuilder(request, (name, value) -> !name.equalsIgnoreCase("Authorization"))
            .header("Authorization", token.header)
            .build();
    return identity == null ? authorized : IdentifiedRequest.of(authorized, identity);
  }

  /**
   * Set when a response was a 401 a new token may cure: dropped to send the request again, or, for
   * a request that cannot be sent again, passed on with the token dropped for the next call.
   */
  private static final class Refused {
    volatile boolean refused;
  }

  private <T> Chain<T> watching(Chain<T> chain, Token token, Refused refused) {
    return watching(chain, token, refused, true);
  }

  private <T> Chain<T> watching(Chain<T> chain, Token token, Refused refused, boolean drop) {
    BodyHandler<T> handler = chain.bodyHandler();
    return chain.withBodyHandler(
        info -> {
          if (info.statusCode() == 401
              && newTokenMayHelp(info.headers())
              && tokens.replaceable(token)) {
            refused.refused = true;
            if (drop) {
              return chain.discard(info);
            }
          }
          return handler.apply(info);
        });
  }

  @Override
  public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
      throws IOException, InterruptedException {
    if (!authorizes(request)) {
      return chain.forward(request);
    }
    JsonOptions options = chain.options().orElse(null);
    Token token = tokens.await(options);
    if (!repeatable(request)) {
      // Not sent again: the caller gets the 401, and the next call a new token.
      Refused refused = new Refused();
      try {
        return answered(
            token, watching(chain, token, refused, false).forward(authorized(request, token)));
      } finally {
        if (refused.refused) {
          tokens.invalidate(token);
        }
      }
    }
    Refused refused = new Refused();
    HttpResponse<T> response = watching(chain, token, refused).forward(authorized(request, token));
    if (!refused.refused) {
      return answered(token, response);
    }
    tokens.invalidate(token);
    Token fresh = tokens.await(options);
    return answered(fresh, chain.forward(authorized(request, fresh)));
  }

  /** {@code response}, noting that the API took {@code token} unless it answered 401. */
  private static <T> HttpResponse<T> answered(Token token, HttpResponse<T> response) {
    if (response.statusCode() != 401) {
      token.accepted = true;
    }
    return response;
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
      HttpRequest request, Chain<T> chain) {
    if (!authorizes(request)) {
      return chain.forwardAsync(request);
    }
    Call<T> call = new Call<>(request, chain);
    call.start();
    return call.result;
  }

  /** One asynchronous call; the caller's future is {@link #result}. */
  private final class Call<T> {
    final CompletableFuture<HttpResponse<T>> result = new CompletableFuture<>();
    private final HttpRequest request;
    private final Chain<T> chain;
    private final @Nullable JsonOptions options;
    private volatile @Nullable CompletableFuture<HttpResponse<T>> inFlight;

    Call(HttpRequest request, Chain<T> chain) {
      this.request = request;
      this.chain = chain;
      this.options = chain.options().orElse(null);
      result.whenComplete(
          (r, e) -> {
            CompletableFuture<HttpResponse<T>> f = inFlight;
            if (e != null && f != null) {
              f.cancel(true); // the caller gave up: stop the exchange (never the token request)
            }
          });
    }

    void start() {
      boolean mayRepeat = repeatable(request);
      withToken(token -> send(token, mayRepeat, true));
    }

    /** Runs {@code then} with the token; the shared token request is never cancelled from here. */
    private void withToken(java.util.function.Consumer<Token> then) {
      CompletableFuture<Token> token;
      try {
        token = tokens.get(options);
      } catch (RuntimeException e) {
        result.completeExceptionally(e);
        return;
      }
      java.util.function.BiConsumer<Token, Throwable> next =
          (t, failure) -> {
            if (result.isDone()) {
              return;
            }
            if (failure != null) {
              result.completeExceptionally(Tokens.unwrap(failure));
            } else {
              try {
                then.accept(t);
              } catch (RuntimeException e) {
                result.completeExceptionally(e);
              }
            }
          };
      if (token.isDone()) {
        token.whenComplete(next); // on this thread
      } else {
        // Never on the token client's threads: the rest of the chain goes on from the common pool.
        token.whenCompleteAsync(next, ForkJoinPool.commonPool());
      }
    }

    /**
     * Sends with {@code token}: a 401 a new token may cure is dropped and the request sent again
     * when it {@code mayRepeat}, else passed on with the token dropped when this is the {@code
     * first} send.
     */
    private void send(Token token, boolean mayRepeat, boolean first) {
      Refused refused = new Refused();
      CompletableFuture<HttpResponse<T>> f =
          (mayRepeat || first ? watching(chain, token, refused, mayRepeat) : chain)
              .forwardAsync(authorized(request, token));
      inFlight = f;
      if (result.isDone()) {
        f.cancel(true);
        return;
      }
      f.whenComplete(
          (response, failure) -> {
            if (refused.refused) {
              tokens.invalidate(token);
            } else if (response != null) {
              answered(token, response);
            }
            if (failure != null) {
              result.completeExceptionally(Tokens.unwrap(failure));
            } else if (refused.refused && mayRepeat) {
              withToken(fresh -> send(fresh, false, false));
            } else if (!result.complete(response) && response.body() instanceof AutoCloseable) {
              try {
                ((AutoCloseable) response.body()).close(); // the caller gave up on it
              } catch (Exception ignored) {
                // nothing to report to: the call is over
              }
            }
          });
    }
  }

  /** {@return the grant, the token endpoint, the client id and the origins; never a secret} */
  @Override
  public String toString() {
    return "OAuth2{" + tokens.describe() + ", origins=" + origins + "}";
  }

  /**
   * Builds {@link OAuth2}; each setter returns this builder. Not thread-safe. {@link #origin(URI)}
   * is required: the token goes to no origin but those named.
   */
  public static final class Builder {
    private final URI tokenUri;
    private final String clientId;
    private final @Nullable String clientSecret;
    private final @Nullable String refreshToken;
    private final Set<String> origins = new LinkedHashSet<>();
    private final List<String> scopes = new ArrayList<>();
    private @Nullable String audience;
    private ClientAuthentication authentication = ClientAuthentication.CLIENT_SECRET_BASIC;
    private Duration skew = Duration.ofSeconds(60);
    private Duration timeout = Duration.ofSeconds(30);
    private InstantSource clock = InstantSource.system();
    private @Nullable HttpClient http;

    Builder(
        URI tokenUri, String clientId, @Nullable String clientSecret, @Nullable String refresh) {
      Objects.requireNonNull(tokenUri, "tokenUri == null");
      Objects.requireNonNull(clientId, "clientId == null");
      if (!tokenUri.isAbsolute() || originOf(tokenUri) == null) {
        throw new IllegalArgumentException(
            "tokenUri is not an absolute http or https URI: "
                + JsonOptions.web().redact(tokenUri.toString()));
      }
      this.tokenUri = tokenUri;
      this.clientId = clientId;
      this.clientSecret = clientSecret;
      this.refreshToken = refresh;
    }

    /**
     * Adds an origin the token is sent to: the scheme, host and port of {@code uri} (its path and
     * query do not count, so the API's base URI will do). Required; call it again for an API on
     * more than one origin. Requests to any other origin are sent without the token.
     *
     * @param uri an absolute http or https URI on the origin
     * @throws IllegalArgumentException if {@code uri} is not an absolute http or https URI
     */
    public Builder origin(URI uri) {
      Objects.requireNonNull(uri, "uri == null");
      String origin = originOf(uri);
      if (origin == null) {
        throw new IllegalArgumentException(
            "not an absolute http or https URI: " + JsonOptions.web().redact(uri.toString()));
      }
      origins.add(origin);
      return this;
    }

    /**
     * Sets the scopes asked for, sent as the {@code scope} field, separated by spaces. Default:
     * none (the field is left out, and the server grants its default).
     *
     * @param scopes the scopes
     */
    public Builder scopes(String... scopes) {
      List<String> all = new ArrayList<>();
      for (String scope : scopes) {
        Objects.requireNonNull(scope, "scope == null");
        if (scope.isEmpty() || scope.chars().anyMatch(c -> c == ' ' || c < 0x21 || c > 0x7e)) {
          throw new IllegalArgumentException("not a scope (RFC 6749 §3.3): \"" + scope + "\"");
        }
        all.add(scope);
      }
      this.scopes.clear();
      this.scopes.addAll(all);
      return this;
    }

    /**
     * Sets the {@code audience} field, which some token endpoints (Auth0's, Okta's) require to name
     * the API the token is for. Default: none.
     *
     * @param audience the audience, or {@code null} for none
     */
    public Builder audience(@Nullable String audience) {
      this.audience = audience;
      return this;
    }

    /**
     * Sets how the client authenticates to the token endpoint. Default {@link
     * ClientAuthentication#CLIENT_SECRET_BASIC}; a client without a secret sends its id in the form
     * whatever this says.
     *
     * @param method the method
     */
    public Builder clientAuthentication(ClientAuthentication method) {
      this.authentication = Objects.requireNonNull(method, "method == null");
      return this;
    }

    /**
     * Sets how long before its expiry a token is replaced, so that a call does not reach the API
     * with a token about to expire (clocks differ, requests take time). Default 60 s; never more
     * than half a token's lifetime.
     *
     * @param skew zero or more
     * @throws IllegalArgumentException if {@code skew} is negative
     */
    public Builder refreshBeforeExpiry(Duration skew) {
      Objects.requireNonNull(skew, "skew == null");
      if (skew.isNegative()) {
        throw new IllegalArgumentException("skew < 0: " + skew);
      }
      this.skew = skew;
      return this;
    }

    /**
     * Sets the client token requests are sent with. Default: one made for this interceptor when the
     * first token is needed, which does not follow redirects. Give it a client without this
     * interceptor, that does not follow redirects (a token endpoint's redirect would take the
     * client's credentials with it), and that logs no bodies (the response carries the token).
     *
     * @param client the client
     * @throws IllegalArgumentException if {@code client} follows redirects ({@link
     *     HttpClient#followRedirects()} is not {@code NEVER})
     */
    public Builder httpClient(HttpClient client) {
      Objects.requireNonNull(client, "client == null");
      if (client.followRedirects() != HttpClient.Redirect.NEVER) {
        throw new IllegalArgumentException(
            "the token client follows redirects (followRedirects() is "
                + client.followRedirects()
                + "): a token endpoint's redirect would take the client's credentials to whatever"
                + " origin it names. Give a client built with followRedirects(Redirect.NEVER) (for"
                + " OkHttp: followRedirects(false))");
      }
      this.http = client;
      return this;
    }

    /**
     * Sets the whole-call timeout of a token request (connecting, sending, reading the response).
     * Default 30 s. Calls waiting for the token fail with the request's timeout.
     *
     * @param timeout more than zero
     * @throws IllegalArgumentException if {@code timeout} is zero or negative
     */
    public Builder timeout(Duration timeout) {
      Objects.requireNonNull(timeout, "timeout == null");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("timeout <= 0: " + timeout);
      }
      this.timeout = timeout;
      return this;
    }

    /**
     * Sets the clock the expiry of tokens is measured with. Default {@link InstantSource#system()};
     * a test's clock moves time on without waiting for it.
     *
     * @param clock the clock
     */
    public Builder clock(InstantSource clock) {
      this.clock = Objects.requireNonNull(clock, "clock == null");
      return this;
    }

    /**
     * Builds the interceptor. Nothing is sent until a call needs a token.
     *
     * @return the interceptor, holding no token yet
     * @throws IllegalStateException if no origin was named with {@link #origin(URI)}
     */
    public OAuth2 build() {
      if (origins.isEmpty()) {
        throw new IllegalStateException(
            "no origin to send the token to: name the API's with origin(URI), such as"
                + " origin(URI.create(\"https://api.example.com\")); the token goes nowhere else");
      }
      return new OAuth2(this);
    }
  }
}
