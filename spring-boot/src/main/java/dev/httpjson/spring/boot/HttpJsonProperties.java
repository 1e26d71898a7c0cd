package dev.httpjson.spring.boot;

import java.net.URI;
import java.net.http.HttpClient.Redirect;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The clients under {@code httpjson.clients.<name>}: each entry configures the {@code
 * HttpJsonClient} of that name and the API interfaces bound to it, starting from {@code
 * httpjson.defaults}.
 */
@ConfigurationProperties("httpjson")
final class HttpJsonProperties {
  /** The clients, by name: the name that @HttpJsonApis gives its interfaces. */
  private final Map<String, Client> clients = new LinkedHashMap<>();

  /**
   * Settings of every client, which a client's own override (its headers are added to these); an
   * on-disk cache directory here holds one subdirectory per client.
   */
  private final Settings defaults = new Settings();

  public Map<String, Client> getClients() {
    return clients;
  }

  public Settings getDefaults() {
    return defaults;
  }

  /** One client: its base URI, its interfaces and its settings. */
  static final class Client extends Settings {
    /**
     * The absolute base URI relative paths resolve against, ending in '/' (such as
     * https://api.example.com/v1/); the default headers go only to its origin.
     */
    private @Nullable URI baseUri;

    /** API interfaces bound to this client, as beans, besides those of @HttpJsonApis. */
    private final List<Class<?>> apis = new ArrayList<>();

    /**
     * OAuth2 client credentials: a bearer token fetched from token-uri, cached and refreshed, sent
     * to the base URI's origin only (needs httpjson-oauth2).
     */
    private final OAuth2 oauth2 = new OAuth2();

    public @Nullable URI getBaseUri() {
      return baseUri;
    }

    public void setBaseUri(@Nullable URI baseUri) {
      this.baseUri = baseUri;
    }

    public List<Class<?>> getApis() {
      return apis;
    }

    public OAuth2 getOauth2() {
      return oauth2;
    }

    /**
     * This client's settings over {@code defaults}: each value its own when set, else the default;
     * the default headers first, then its own (which replace a default of the same name); a default
     * cache directory gets a subdirectory named {@code name}.
     */
    Client withDefaults(Settings defaults, String name) {
      Client c = new Client();
      c.baseUri = baseUri;
      c.apis.addAll(apis);
      c.oauth2.copy(oauth2);
      // Header names are case-insensitive, and Spring binds one header as two keys when an
      // environment variable (in lower case) overrides a file's key: one header each.
      defaults.getHeaders().forEach((k, v) -> putHeader(c.getHeaders(), k, v));
      getHeaders().forEach((k, v) -> putHeader(c.getHeaders(), k, v));
      c.setTransport(c.pick("transport", getTransport(), defaults.getTransport()));
      c.setConnectTimeout(
          c.pick("connect-timeout", getConnectTimeout(), defaults.getConnectTimeout()));
      c.setTimeout(c.pick("timeout", getTimeout(), defaults.getTimeout()));
      c.setIdleTimeout(c.pick("idle-timeout", getIdleTimeout(), defaults.getIdleTimeout()));
      c.setMaxResponseSize(
          c.pick("max-response-size", getMaxResponseSize(), defaults.getMaxResponseSize()));
      c.setCompression(c.pick("compression", getCompression(), defaults.getCompression()));
      c.setRequestCompression(
          c.pick("request-compression", getRequestCompression(), defaults.getRequestCompression()));
      c.setMaxConcurrentCalls(
          c.pick(
              "max-concurrent-calls", getMaxConcurrentCalls(), defaults.getMaxConcurrentCalls()));
      c.setFollowRedirects(
          c.pick("follow-redirects", getFollowRedirects(), defaults.getFollowRedirects()));
      Retry r = getRetry();
      Retry dr = defaults.getRetry();
      c.getRetry()
          .setMaxAttempts(c.pick("retry.max-attempts", r.getMaxAttempts(), dr.getMaxAttempts()));
      c.getRetry()
          .setInitialBackoff(
              c.pick("retry.initial-backoff", r.getInitialBackoff(), dr.getInitialBackoff()));
      c.getRetry()
          .setMaxBackoff(c.pick("retry.max-backoff", r.getMaxBackoff(), dr.getMaxBackoff()));
      List<Integer> statuses =
          c.pick("retry.statuses", nonEmpty(r.getStatuses()), nonEmpty(dr.getStatuses()));
      if (statuses != null) {
        c.getRetry().getStatuses().addAll(statuses);
      }
      List<String> methods =
          c.pick("retry.methods", nonEmpty(r.getMethods()), nonEmpty(dr.getMethods()));
      if (methods != null) {
        c.getRetry().getMethods().addAll(methods);
      }
      c.getSsl()
          .setBundle(c.pick("ssl.bundle", getSsl().getBundle(), defaults.getSsl().getBundle()));
      Cache cache = getCache();
      Cache dc = defaults.getCache();
      c.getCache().setMaxSize(c.pick("cache.max-size", cache.getMaxSize(), dc.getMaxSize()));
      Path dir = dc.getDirectory();
      c.getCache()
          .setDirectory(
              c.pick(
                  "cache.directory", cache.getDirectory(), dir == null ? null : dir.resolve(name)));
      return c;
    }

    /** Puts the header {@code name}, replacing one whose name differs only in case. */
    private static void putHeader(Map<String, String> headers, String name, String value) {
      headers.keySet().removeIf(name::equalsIgnoreCase);
      headers.put(name, value);
    }

    private static <T> @Nullable List<T> nonEmpty(List<T> list) {
      return list.isEmpty() ? null : list;
    }

    /** The settings of {@link #withDefaults} that came from the defaults, by key. */
    private final java.util.Set<String> fromDefaults = new java.util.HashSet<>();

    /**
     * The property that set {@code key} (such as {@code retry.max-attempts}) of a client made by
     * {@link #withDefaults}: the client's own, or the default it took.
     */
    String property(String name, String key) {
      return fromDefaults.contains(key)
          ? "httpjson.defaults." + key
          : "httpjson.clients." + name + "." + key;
    }

    private <T> @Nullable T pick(String key, @Nullable T own, @Nullable T fallback) {
      if (own == null && fallback != null) {
        fromDefaults.add(key);
      }
      return own != null ? own : fallback;
    }
  }

  /** The settings of a client. Unset values keep httpjson's defaults. */
  static class Settings {
    /**
     * Headers sent with every request to the base URI's origin, by name; values may hold ${...}
     * placeholders (an API key from the environment).
     */
    private final Map<String, String> headers = new LinkedHashMap<>();

    /** The transport: the JDK's HttpClient, OkHttp or Apache HttpClient 5; jdk when unset. */
    private @Nullable Transport transport;

    /** How long connecting may take; the transport's default when unset. */
    private @Nullable Duration connectTimeout;

    /** The whole-call timeout (0 for none); 100 s when unset. */
    private @Nullable Duration timeout;

    /** The longest a response body may stay silent before the call fails; none when unset. */
    private @Nullable Duration idleTimeout;

    /** The largest response body read (decoded bytes); 16MB when unset. */
    private @Nullable DataSize maxResponseSize;

    /** Whether to ask for gzip-compressed responses and decode them. */
    private @Nullable Boolean compression;

    /** Whether to gzip JSON request bodies. */
    private @Nullable Boolean requestCompression;

    /** The most calls in flight at once; no limit when unset. */
    private @Nullable Integer maxConcurrentCalls;

    /** Which redirects httpjson follows, checking each hop's headers; none when unset. */
    private @Nullable Redirect followRedirects;

    /** Retries of failed calls. */
    private final Retry retry = new Retry();

    /** The HTTP cache (RFC 9111) of this client. */
    private final Cache cache = new Cache();

    /** TLS: the SSL bundle (spring.ssl.bundle.*) of the transport. */
    private final Ssl ssl = new Ssl();

    public Map<String, String> getHeaders() {
      return headers;
    }

    public @Nullable Transport getTransport() {
      return transport;
    }

    public void setTransport(@Nullable Transport transport) {
      this.transport = transport;
    }

    public @Nullable Duration getConnectTimeout() {
      return connectTimeout;
    }

    public void setConnectTimeout(@Nullable Duration connectTimeout) {
      this.connectTimeout = connectTimeout;
    }

    public @Nullable Duration getTimeout() {
      return timeout;
    }

    public void setTimeout(@Nullable Duration timeout) {
      this.timeout = timeout;
    }

    public @Nullable Duration getIdleTimeout() {
      return idleTimeout;
    }

    public void setIdleTimeout(@Nullable Duration idleTimeout) {
      this.idleTimeout = idleTimeout;
    }

    public @Nullable DataSize getMaxResponseSize() {
      return maxResponseSize;
    }

    public void setMaxResponseSize(@Nullable DataSize maxResponseSize) {
      this.maxResponseSize = maxResponseSize;
    }

    public @Nullable Boolean getCompression() {
      return compression;
    }

    public void setCompression(@Nullable Boolean compression) {
      this.compression = compression;
    }

    public @Nullable Boolean getRequestCompression() {
      return requestCompression;
    }

    public void setRequestCompression(@Nullable Boolean requestCompression) {
      this.requestCompression = requestCompression;
    }

    public @Nullable Integer getMaxConcurrentCalls() {
      return maxConcurrentCalls;
    }

    public void setMaxConcurrentCalls(@Nullable Integer maxConcurrentCalls) {
      this.maxConcurrentCalls = maxConcurrentCalls;
    }

    public @Nullable Redirect getFollowRedirects() {
      return followRedirects;
    }

    public void setFollowRedirects(@Nullable Redirect followRedirects) {
      this.followRedirects = followRedirects;
    }

    public Retry getRetry() {
      return retry;
    }

    public Cache getCache() {
      return cache;
    }

    public Ssl getSsl() {
      return ssl;
    }
  }

  /** The transports a client can run on. */
  enum Transport {
    /** The JDK's java.net.http.HttpClient. */
    JDK,
    /** OkHttp, through httpjson-okhttp. */
    OKHTTP,
    /** Apache HttpClient 5, through httpjson-apache5. */
    APACHE5
  }

  /** Retries of a client's failed calls (RetryInterceptor). */
  static final class Retry {
    /** The most attempts of a call, the first included; no retries when unset or 1. */
    private @Nullable Integer maxAttempts;

    /**
     * The first backoff ceiling, doubled for each later retry (full jitter); 500ms when unset, or
     * max-backoff when that is less.
     */
    private @Nullable Duration initialBackoff;

    /**
     * The longest backoff, which also bounds a Retry-After; 30s when unset, or initial-backoff when
     * that is more.
     */
    private @Nullable Duration maxBackoff;

    /** The statuses retried; 429 and 503 when empty. */
    private final List<Integer> statuses = new ArrayList<>();

    /**
     * The methods retried; the idempotent ones (GET, HEAD, PUT, DELETE, OPTIONS, TRACE, QUERY) when
     * empty.
     */
    private final List<String> methods = new ArrayList<>();

    public @Nullable Integer getMaxAttempts() {
      return maxAttempts;
    }

    public void setMaxAttempts(@Nullable Integer maxAttempts) {
      this.maxAttempts = maxAttempts;
    }

    public @Nullable Duration getInitialBackoff() {
      return initialBackoff;
    }

    public void setInitialBackoff(@Nullable Duration initialBackoff) {
      this.initialBackoff = initialBackoff;
    }

    public @Nullable Duration getMaxBackoff() {
      return maxBackoff;
    }

    public void setMaxBackoff(@Nullable Duration maxBackoff) {
      this.maxBackoff = maxBackoff;
    }

    public List<Integer> getStatuses() {
      return statuses;
    }

    public List<String> getMethods() {
      return methods;
    }
  }

  /** How a client authenticates to the token endpoint. */
  enum ClientAuthentication {
    /** The client id and secret in an Authorization: Basic header. */
    CLIENT_SECRET_BASIC,
    /** The client id and secret as form fields. */
    CLIENT_SECRET_POST
  }

  /** A client's OAuth2 client credentials (RFC 6749 section 4.4). */
  static final class OAuth2 {
    /** The token endpoint; no OAuth2 when unset. */
    private @Nullable URI tokenUri;

    /** The client id. */
    private @Nullable String clientId;

    /**
     * The client secret (a placeholder such as ${ORDERS_CLIENT_SECRET} keeps it out of the file).
     */
    private @Nullable String clientSecret;

    /** The scopes asked for (the scope field, space-separated); none when empty. */
    private final List<String> scopes = new ArrayList<>();

    /** The audience field some token endpoints require (Auth0, Okta); none when unset. */
    private @Nullable String audience;

    /** How the client authenticates to the token endpoint; client-secret-basic when unset. */
    private @Nullable ClientAuthentication clientAuthentication;

    void copy(OAuth2 other) {
      tokenUri = other.tokenUri;
      clientId = other.clientId;
      clientSecret = other.clientSecret;
      scopes.addAll(other.scopes);
      audience = other.audience;
      clientAuthentication = other.clientAuthentication;
    }

    public @Nullable URI getTokenUri() {
      return tokenUri;
    }

    public void setTokenUri(@Nullable URI tokenUri) {
      this.tokenUri = tokenUri;
    }

    public @Nullable String getClientId() {
      return clientId;
    }

    public void setClientId(@Nullable String clientId) {
      this.clientId = clientId;
    }

    public @Nullable String getClientSecret() {
      return clientSecret;
    }

    public void setClientSecret(@Nullable String clientSecret) {
      this.clientSecret = clientSecret;
    }

    public List<String> getScopes() {
      return scopes;
    }

    public @Nullable String getAudience() {
      return audience;
    }

    public void setAudience(@Nullable String audience) {
      this.audience = audience;
    }

    public @Nullable ClientAuthentication getClientAuthentication() {
      return clientAuthentication;
    }

    public void setClientAuthentication(@Nullable ClientAuthentication clientAuthentication) {
      this.clientAuthentication = clientAuthentication;
    }
  }

  /** A client's TLS settings. */
  static final class Ssl {
    /**
     * The name of the SSL bundle (spring.ssl.bundle.*) whose trust material, keys and options the
     * transport uses (jdk and okhttp); the JDK's defaults when unset.
     */
    private @Nullable String bundle;

    public @Nullable String getBundle() {
      return bundle;
    }

    public void setBundle(@Nullable String bundle) {
      this.bundle = bundle;
    }
  }

  /** A client's HTTP cache: in memory, or on disk when a directory is set. */
  static final class Cache {
    /** The most the cache holds; no cache when unset. */
    private @Nullable DataSize maxSize;

    /** The directory of an on-disk cache; in memory when unset. */
    private @Nullable Path directory;

    public @Nullable DataSize getMaxSize() {
      return maxSize;
    }

    public void setMaxSize(@Nullable DataSize maxSize) {
      this.maxSize = maxSize;
    }

    public @Nullable Path getDirectory() {
      return directory;
    }

    public void setDirectory(@Nullable Path directory) {
      this.directory = directory;
    }
  }
}
