package dev.httpjson.oauth2;

import dev.httpjson.FormContent;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonException;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.jspecify.annotations.Nullable;

/**
 * The token of one {@link OAuth2}: the one in use, and the one request that fetches the next, which
 * every caller that needs a token meanwhile waits for (single flight).
 */
final class Tokens {
  /** A hundred years: a longer {@code expires_in} is taken as none. */
  private static final long MAX_LIFETIME_SECONDS = 100L * 366 * 24 * 3600;

  /**
   * How long a token fetched to replace one the API refused is kept when the API refuses it too:
   * the API refuses any token (a wrong audience or scope, say), and a new one per call would only
   * flood the token endpoint. The same pause as Azure's token cache takes between refreshes.
   */
  static final Duration REFUSED_AGAIN_PAUSE = Duration.ofSeconds(30);

  /** The most of the token endpoint's text (its error, its description) a message shows. */
  private static final int MAX_SHOWN_CHARS = 512;

  /** An access token and when to stop using it. */
  static final class Token {
    final String header;
    final @Nullable Instant refreshAt;
    final Instant obtained;
    final boolean replacesRefused; // fetched after the API refused the token before it
    volatile boolean accepted; // the API answered a request with it, other than with 401

    Token(
        String accessToken,
        @Nullable Instant refreshAt,
        Instant obtained,
        boolean replacesRefused) {
      this.header = "Bearer " + accessToken;
      this.refreshAt = refreshAt;
      this.obtained = obtained;
      this.replacesRefused = replacesRefused;
    }

    boolean usableAt(Instant now) {
      return refreshAt == null || now.isBefore(refreshAt);
    }

    @Override
    public String toString() {
      return "Token{refreshAt=" + refreshAt + "}"; // never the token
    }
  }

  private final URI tokenUri;
  private final String clientId;
  private final @Nullable String clientSecret;
  private final OAuth2.ClientAuthentication authentication;
  private final @Nullable String scope;
  private final @Nullable String audience;
  private final Duration skew;
  private final Duration timeout;
  private final InstantSource clock;
  private final @Nullable HttpClient given;
  private volatile @Nullable HttpClient http;

  private final Object lock = new Object();
  private volatile @Nullable Token current; // read without the lock: the fast path of every call
  private @Nullable CompletableFuture<Token> inFlight;
  private boolean refused; // guarded by lock: the API refused the token dropped last
  private @Nullable String refreshToken;

  Tokens(
      URI tokenUri,
      String clientId,
      @Nullable String clientSecret,
      @Nullable String refreshToken,
      OAuth2.ClientAuthentication authentication,
      @Nullable String scope,
      @Nullable String audience,
      Duration skew,
      Duration timeout,
      InstantSource clock,
      @Nullable HttpClient http) {
    this.tokenUri = tokenUri;
    this.clientId = clientId;
    this.clientSecret = clientSecret;
    this.refreshToken = refreshToken;
    this.authentication = authentication;
    this.scope = scope;
    this.audience = audience;
    this.skew = skew;
    this.timeout = timeout;
    this.clock = clock;
    this.given = http;
  }

  /** {@return the token to send now, or {@code null} when one must be fetched first} */
  @Nullable Token usable() {
    Token t = current;
    return t != null && t.usableAt(clock.instant()) ? t : null;
  }

  /**
   * The token to send: the one in use while it is fresh, else the one being fetched, or a fetch
   * started now. The future completes on the token client's thread: chain on it with an executor.
   */
  CompletableFuture<Token> get(@Nullable JsonOptions callOptions) {
    Token fresh = usable();
    if (fresh != null) {
      return CompletableFuture.completedFuture(fresh);
    }
    CompletableFuture<Token> f;
    synchronized (lock) {
      Token t = current;
      if (t != null && t.usableAt(clock.instant())) {
        return CompletableFuture.completedFuture(t);
      }
      f = inFlight;
      if (f != null) {
        return f;
      }
      f = new CompletableFuture<>();
      inFlight = f;
    }
    fetch(f, callOptions);
    return f;
  }

  /**
   * Whether a new token may cure the API's refusal of {@code used}: not when {@code used} itself
   * replaced a refused token less than {@link #REFUSED_AGAIN_PAUSE} ago and the API never took it.
   */
  boolean replaceable(Token used) {
    return !used.replacesRefused
        || used.accepted
        || !clock.instant().isBefore(used.obtained.plus(REFUSED_AGAIN_PAUSE));
  }

  /** Drops {@code used} if it is still the token in use: the API refused it. */
  void invalidate(Token used) {
    synchronized (lock) {
      if (current == used) {
        current = null;
        refused = true;
      }
    }
  }

  /** Waits for {@link #get}; a blocking caller's thread is its own. */
  Token await(@Nullable JsonOptions callOptions) throws IOException, InterruptedException {
    Token t = usable();
    if (t != null) {
      return t;
    }
    try {
      return get(callOptions).get();
    } catch (ExecutionException e) {
      Throwable cause = unwrap(e);
      if (cause instanceof OAuth2Exception) {
        throw ((OAuth2Exception) cause).copy(); // each caller its own, with its own stack
      }
      if (cause instanceof IOException) {
        throw (IOException) cause;
      }
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IOException(cause);
    }
  }

  private void fetch(CompletableFuture<Token> result, @Nullable JsonOptions callOptions) {
    String refresh;
    synchronized (lock) {
      refresh = refreshToken;
    }
    CompletableFuture<HttpResponse<Map<String, Object>>> exchange;
    try {
      JsonOptions.Builder options = JsonOptions.newBuilder().timeout(timeout);
      if (callOptions != null) {
        options.codec(callOptions.codec());
      }
      JsonType<Map<String, Object>> type =
          JsonType.mapOf(Object.class).withOptions(options.build());
      exchange = HttpJson.exchangeAsync(client(), request(refresh), type);
    } catch (RuntimeException e) {
      exchange = CompletableFuture.failedFuture(e);
    }
    exchange.whenComplete(
        (response, failure) -> {
          Token token = null;
          Throwable error = null;
          String rotated = null;
          try {
            if (failure != null) {
              error = translate(unwrap(failure));
            } else {
              Map<String, Object> body = response.body();
              token = token(body, response.statusCode());
              Object r = body.get("refresh_token");
              rotated = r instanceof String && !((String) r).isEmpty() ? (String) r : null;
            }
          } catch (OAuth2Exception | RuntimeException e) {
            error = e; // whatever happens, the waiters hear of it: none waits forever
            token = null;
          }
          synchronized (lock) {
            inFlight = null;
            if (token != null) {
              current = token;
              if (rotated != null) {
                refreshToken = rotated;
              }
            }
          }
          Token done = token;
          Throwable failed = error;
          // Blocking waiters wake up here; asynchronous ones chained their stages on the common
          // pool.
          if (failed != null) {
            result.completeExceptionally(failed);
          } else {
            result.complete(done);
          }
        });
  }

  private HttpClient client() {
    HttpClient c = given;
    if (c != null) {
      return c;
    }
    c = http;
    if (c == null) {
      synchronized (lock) {
        c = http;
        if (c == null) {
          c = HttpClient.newBuilder().connectTimeout(timeout).build();
          http = c;
        }
      }
    }
    return c;
  }

  private HttpRequest request(@Nullable String refresh) {
    FormContent.Builder form = FormContent.newBuilder();
    if (refresh == null) {
      form.add("grant_type", "client_credentials");
    } else {
      form.add("grant_type", "refresh_token").add("refresh_token", refresh);
    }
    form.add("scope", scope).add("audience", audience);
    boolean basic =
        clientSecret != null && authentication == OAuth2.ClientAuthentication.CLIENT_SECRET_BASIC;
    if (!basic) {
      form.add("client_id", clientId).add("client_secret", clientSecret);
    }
    HttpRequest.Builder request = form.build().requestBuilder("POST", tokenUri);
    if (basic) {
      // RFC 6749 §2.3.1: the id and the secret form-encoded, then joined for Basic.
      String pair = formEncode(clientId) + ":" + formEncode(clientSecret);
      request.header(
          "Authorization",
          "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
    }
    return request.build();
  }

  /** {@code s} form-encoded, as RFC 6749 2.3.1 asks of the id and secret in a Basic header. */
  private static String formEncode(@Nullable String s) {
    return s == null ? "" : URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private Token token(Map<String, Object> body, int status) throws OAuth2Exception {
    if (body == null) {
      throw failure(status, null, null, "no body", null);
    }
    Object access = body.get("access_token");
    if (!(access instanceof String) || ((String) access).isEmpty()) {
      throw failure(status, null, null, "the response has no access_token", null);
    }
    int bad = unsendable((String) access);
    if (bad >= 0) {
      // Said here, without the token: a header with it would fail every call, quoting it.
      throw failure(
          status,
          null,
          null,
          String.format(
              Locale.ROOT,
              "the access_token has a character a Bearer header cannot carry (RFC 6749 A.12):"
                  + " U+%04X at index %d",
              (int) ((String) access).charAt(bad),
              bad),
          null);
    }
    Object type = body.get("token_type");
    if (type != null && !"bearer".equalsIgnoreCase(String.valueOf(type))) {
      throw failure(
          status,
          null,
          null,
          "token_type \""
              + shown(String.valueOf(type))
              + "\" is not Bearer, the only type sent by this client",
          null);
    }
    Instant now = clock.instant();
    long lifetime = seconds(body.get("expires_in"));
    if (lifetime > MAX_LIFETIME_SECONDS) {
      lifetime = -1; // beyond any clock's reach: no known expiry
    }
    Instant refreshAt = null;
    if (lifetime > 0) {
      // Shortly before it expires, but never in the first half of its life.
      Duration life = Duration.ofSeconds(lifetime);
      Duration early = skew.compareTo(life.dividedBy(2)) > 0 ? life.dividedBy(2) : skew;
      refreshAt = now.plus(life).minus(early);
    } else if (lifetime == 0) {
      refreshAt = now; // expires at once: used for this call only
    }
    boolean replacing;
    synchronized (lock) {
      replacing = refused;
      refused = false;
    }
    return new Token((String) access, refreshAt, now, replacing);
  }

  /** The index of the first character of {@code token} outside VSCHAR (%x20-7E), or -1. */
  private static int unsendable(String token) {
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      if (c < 0x20 || c > 0x7e) {
        return i;
      }
    }
    return -1;
  }

  /**
   * {@code expires_in} in whole seconds, as a JSON number or a string ({@code 3600}, {@code
   * "3600.0"}); -1 when absent or not a number (no known expiry), {@link Long#MAX_VALUE} when more
   * than a long holds.
   */
  private static long seconds(@Nullable Object value) {
    BigDecimal d;
    try {
      if (value instanceof Number) {
        d = new BigDecimal(value.toString());
      } else if (value instanceof String) {
        d = new BigDecimal(((String) value).trim());
      } else {
        return -1;
      }
    } catch (NumberFormatException e) {
      return -1;
    }
    if (d.signum() <= 0) {
      return 0;
    }
    return d.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : d.longValue();
  }

  private Throwable translate(Throwable failure) {
    if (failure instanceof HttpJsonException && !(failure instanceof HttpJsonStatusException)) {
      // Without the cause, whose message may quote the body: a token in it must not reach a log.
      return failure(
          0,
          null,
          null,
          "the response is not a JSON object that can be read ("
              + failure.getClass().getSimpleName()
              + ")",
          null);
    }
    if (!(failure instanceof HttpJsonStatusException)) {
      return failure; // a transport failure, as any call's
    }
    HttpJsonStatusException e = (HttpJsonStatusException) failure;
    String error = null;
    String description = null;
    try {
      Map<String, Object> body = e.bodyAs(JsonType.mapOf(Object.class));
      if (body != null) {
        error = text(body.get("error"));
        description = text(body.get("error_description"));
      }
    } catch (IOException | RuntimeException notJson) {
      // no OAuth2 error in the body: the status says what there is to say
    }
    return failure(e.statusCode(), error, description, null, e);
  }

  private static @Nullable String text(@Nullable Object o) {
    return o instanceof String ? (String) o : null;
  }

  private OAuth2Exception failure(
      int status,
      @Nullable String error,
      @Nullable String description,
      @Nullable String what,
      @Nullable Throwable cause) {
    StringBuilder m =
        new StringBuilder("OAuth2 token request to ")
            .append(JsonOptions.web().redact(tokenUri.toString()))
            .append(" failed");
    if (status > 0) {
      m.append(": HTTP ").append(status);
    }
    m.append(status > 0 ? ", " : ": ");
    if (error != null) {
      m.append(shown(error));
      if (description != null) {
        m.append(": ").append(shown(description));
      }
    } else if (what != null) {
      m.append(what);
    } else {
      m.setLength(m.length() - 2);
    }
    if (cause != null && quotesCredential(String.valueOf(cause.getMessage()))) {
      cause = null; // its excerpt of the body echoes what this client sent
    }
    return new OAuth2Exception(m.toString(), tokenUri, status, error, description, cause);
  }

  /** The secrets this client sends the token endpoint, which its answer may echo. */
  private java.util.List<String> credentials() {
    java.util.List<String> secrets = new java.util.ArrayList<>(2);
    if (clientSecret != null && !clientSecret.isEmpty()) {
      secrets.add(clientSecret);
    }
    synchronized (lock) {
      if (refreshToken != null && !refreshToken.isEmpty()) {
        secrets.add(refreshToken);
      }
    }
    return secrets;
  }

  private boolean quotesCredential(String text) {
    for (String secret : credentials()) {
      if (text.contains(secret)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Text the token endpoint sent, as a message shows it: the credentials this client sends as
   * {@code ***}, on one line (a control character or line separator escaped, so that it cannot
   * forge a log line), and at most {@link #MAX_SHOWN_CHARS} characters.
   */
  private String shown(String text) {
    String t = text;
    for (String secret : credentials()) {
      t = t.replace(secret, "***");
    }
    int end = Math.min(t.length(), MAX_SHOWN_CHARS);
    if (end < t.length() && Character.isHighSurrogate(t.charAt(end - 1))) {
      end--;
    }
    StringBuilder b = new StringBuilder(end + 8);
    for (int i = 0; i < end; i++) {
      char c = t.charAt(i);
      if (c == '\n') {
        b.append("\\n");
      } else if (c == '\r') {
        b.append("\\r");
      } else if (c == '\t') {
        b.append("\\t");
      } else if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return end < t.length() ? b.append('…').toString() : b.toString();
  }

  static Throwable unwrap(Throwable t) {
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  String describe() {
    return (refreshTokenGrant() ? "refresh_token" : "client_credentials")
        + ", tokenUri="
        + JsonOptions.web().redact(tokenUri.toString())
        + ", clientId="
        + clientId
        + ", clientAuthentication="
        + (clientSecret == null ? "none" : authentication.name().toLowerCase(Locale.ROOT));
  }

  private boolean refreshTokenGrant() {
    synchronized (lock) {
      return refreshToken != null;
    }
  }
}
