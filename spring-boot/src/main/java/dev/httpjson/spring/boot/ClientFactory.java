package dev.httpjson.spring.boot;

import dev.httpjson.HttpCache;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonOptions;
import dev.httpjson.RetryInterceptor;
import dev.httpjson.internal.ApiAccess;
import dev.httpjson.internal.Uris;
import dev.httpjson.spi.JsonCodec;
import dev.httpjson.spring.boot.HttpJsonAutoConfiguration.TransportOverride;
import dev.httpjson.spring.boot.HttpJsonProperties.Client;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.util.ClassUtils;

/**
 * Builds each named client from its properties: the transport, the options, the builder's settings,
 * then the customizers, then the retries (innermost). A setting the client refuses fails the bean
 * with the property's name in the message.
 */
final class ClientFactory implements DisposableBean {
  static final String BEAN_NAME = "httpJsonClientFactory";

  private final HttpJsonProperties properties;
  private final Supplier<@Nullable SslBundles> sslBundles;
  private final Supplier<List<HttpJsonClientCustomizer>> customizers;
  private final Supplier<@Nullable JsonCodec> codec;
  private final Supplier<@Nullable TransportOverride> transportOverride;
  private final List<Runnable> closers = new ArrayList<>();

  ClientFactory(
      HttpJsonProperties properties,
      Supplier<@Nullable SslBundles> sslBundles,
      Supplier<List<HttpJsonClientCustomizer>> customizers,
      Supplier<@Nullable JsonCodec> codec,
      Supplier<@Nullable TransportOverride> transportOverride) {
    this.properties = properties;
    this.sslBundles = sslBundles;
    this.customizers = customizers;
    this.codec = codec;
    this.transportOverride = transportOverride;
  }

  /** The client {@code name}; its API interfaces' beans are made from it. */
  HttpJsonClient client(String name) {
    Client own = properties.getClients().get(name);
    if (own == null) {
      throw new IllegalStateException(
          "no properties for the httpjson client '"
              + name
              + "': set httpjson.clients."
              + name
              + ".base-uri (clients configured: "
              + properties.getClients().keySet()
              + ")");
    }
    Client p = own.withDefaults(properties.getDefaults(), name);
    java.util.function.UnaryOperator<String> at = key -> p.property(name, key);
    TransportOverride override = transportOverride.get();
    HttpClient http =
        override != null
            ? override.transport()
            : Transports.create(at, p, sslBundles, this::onClose);
    JsonOptions.Builder o = JsonOptions.newBuilder();
    JsonCodec c = codec.get();
    if (c != null) {
      o.codec(c);
    }
    set(at.apply("timeout"), p.getTimeout(), o::timeout);
    set(at.apply("idle-timeout"), p.getIdleTimeout(), o::idleTimeout);
    set(at.apply("max-response-size"), p.getMaxResponseSize(), s -> o.maxResponseSize(s.toBytes()));
    set(at.apply("compression"), p.getCompression(), o::compression);
    set(at.apply("request-compression"), p.getRequestCompression(), o::requestCompression);
    HttpJsonClient.Builder b = HttpJsonClient.newBuilder(http).options(o.build());
    baseUri(at.apply("base-uri"), p.getBaseUri(), b);
    for (Map.Entry<String, String> h : p.getHeaders().entrySet()) {
      // Not an invalid-value failure: Spring Boot's analysis would print the value, a credential.
      try {
        b.header(h.getKey(), h.getValue());
      } catch (IllegalArgumentException | IllegalStateException e) {
        throw new IllegalStateException(
            "httpjson.clients."
                + name
                + ".headers."
                + h.getKey()
                + " (or httpjson.defaults.headers): "
                + e.getMessage(),
            e);
      }
    }
    set(at.apply("max-concurrent-calls"), p.getMaxConcurrentCalls(), b::maxConcurrentCalls);
    set(at.apply("follow-redirects"), p.getFollowRedirects(), b::followRedirects);
    HttpJsonProperties.Cache cache = p.getCache();
    if (cache.getMaxSize() != null) {
      long max = cache.getMaxSize().toBytes();
      java.nio.file.Path dir = cache.getDirectory();
      HttpCache store;
      try {
        store = dir == null ? HttpCache.inMemory(max) : HttpCache.onDisk(dir, max);
      } catch (IllegalArgumentException e) {
        // The size is checked first; with a valid size, it is the directory that was refused.
        throw max <= 0 || dir == null
            ? invalid(at.apply("cache.max-size"), cache.getMaxSize(), e)
            : invalid(at.apply("cache.directory"), dir, e);
      }
      b.cache(store);
      if (override != null) {
        override.onRenew(store::clear);
      }
    } else if (cache.getDirectory() != null) {
      throw new IllegalStateException(
          at.apply("cache.directory") + " is set without cache.max-size");
    }
    for (HttpJsonClientCustomizer customizer : customizers.get()) {
      customizer.customize(name, b);
    }
    if (override != null) {
      refuseOwnTokenRequests(name, b);
    }
    HttpJsonProperties.OAuth2 tokens = p.getOauth2();
    if (tokens.getTokenUri() != null
        || tokens.getClientId() != null
        || tokens.getClientSecret() != null) {
      b.interceptor(oauth2(name, at, p, http, override));
    }
    RetryInterceptor retry = retry(at, p.getRetry());
    if (retry != null) {
      b.interceptor(retry);
    }
    try {
      return b.build();
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new IllegalStateException("httpjson client '" + name + "': " + e.getMessage(), e);
    }
  }

  /**
   * Sets the base URI; a refused one fails as Spring Boot's own invalid properties do, unless it
   * has userinfo, a query or a fragment: those may hold a credential (an API key in the query),
   * which Spring Boot's failure analysis would print as the property's value. Such a URI fails
   * naming the property and the URI without them, as httpjson's own messages show it.
   */
  private static void baseUri(String property, @Nullable URI uri, HttpJsonClient.Builder b) {
    if (uri == null) {
      return;
    }
    try {
      b.baseUri(uri);
    } catch (IllegalArgumentException | IllegalStateException e) {
      if (!Uris.redact(uri).equals(uri.toString())) {
        throw new IllegalStateException(property + " is invalid: " + e.getMessage(), e);
      }
      throw invalid(property, uri, e);
    }
  }

  /**
   * Fails when a customizer added an OAuth2 interceptor under the test stub: its token requests go
   * through its own client, past the stub, to the real token endpoint with the client's
   * credentials. The message names the endpoint, never a secret ({@code OAuth2#toString}).
   */
  private static void refuseOwnTokenRequests(String name, HttpJsonClient.Builder b) {
    if (!ClassUtils.isPresent("dev.httpjson.oauth2.OAuth2", ClientFactory.class.getClassLoader())) {
      return;
    }
    for (Interceptor i : ApiAccess.get().interceptors(b)) {
      if (OAuth2Tokens.isOAuth2(i)) {
        throw new IllegalStateException(
            "httpjson client '"
                + name
                + "': a customizer added "
                + i
                + ", whose token requests, with the client's credentials, would go to the real"
                + " token endpoint through its own client, past the test stub"
                + " (@AutoConfigureHttpJsonStub). Configure it with httpjson.clients."
                + name
                + ".oauth2.* instead (the stub answers its token requests), or add it only"
                + " outside tests");
      }
    }
  }

  /**
   * The OAuth2 interceptor of {@code oauth2.*}: inside the customizers' interceptors, outside the
   * retries, so that each attempt carries the token and a 401 is answered once for all of them.
   */
  private static Interceptor oauth2(
      String name,
      java.util.function.UnaryOperator<String> at,
      Client p,
      HttpClient http,
      @Nullable TransportOverride override) {
    if (!ClassUtils.isPresent("dev.httpjson.oauth2.OAuth2", ClientFactory.class.getClassLoader())) {
      throw new IllegalStateException(
          at.apply("oauth2.token-uri")
              + " is set, but httpjson-oauth2 is not on the class path: add the dependency"
              + " dev.httpjson:httpjson-oauth2");
    }
    URI base = p.getBaseUri();
    if (base == null) {
      throw new IllegalStateException(
          at.apply("oauth2.token-uri")
              + " is set without httpjson.clients."
              + name
              + ".base-uri: the token is sent to the base URI's origin only");
    }
    Supplier<Interceptor> make =
        () -> OAuth2Tokens.clientCredentials(at, p.getOauth2(), base, http);
    if (override == null) {
      return make.get();
    }
    OAuth2Tokens.Renewable renewable = new OAuth2Tokens.Renewable(make);
    override.onRenew(renewable::renew);
    return renewable;
  }

  private static final Duration DEFAULT_INITIAL_BACKOFF = Duration.ofMillis(500);
  private static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(30);

  private static @Nullable RetryInterceptor retry(
      java.util.function.UnaryOperator<String> at, HttpJsonProperties.Retry p) {
    if (p.getMaxAttempts() == null) {
      if (p.getInitialBackoff() != null
          || p.getMaxBackoff() != null
          || !p.getStatuses().isEmpty()
          || !p.getMethods().isEmpty()) {
        throw new IllegalStateException(
            at.apply("retry.max-attempts") + " is not set: the other retry settings retry nothing");
      }
      return null;
    }
    RetryInterceptor.Builder r = RetryInterceptor.newBuilder();
    set(at.apply("retry.max-attempts"), p.getMaxAttempts(), r::maxAttempts);
    Duration ownInitial = p.getInitialBackoff();
    Duration ownMax = p.getMaxBackoff();
    if (ownInitial != null || ownMax != null) {
      // One of the two alone moves the other's default out of its way: a cap below 500 ms is
      // also the first backoff, a first backoff above 30 s is also the cap.
      Duration max =
          ownMax != null
              ? ownMax
              : ownInitial != null && ownInitial.compareTo(DEFAULT_MAX_BACKOFF) > 0
                  ? ownInitial
                  : DEFAULT_MAX_BACKOFF;
      Duration initial =
          ownInitial != null
              ? ownInitial
              : DEFAULT_INITIAL_BACKOFF.compareTo(max) <= 0 ? DEFAULT_INITIAL_BACKOFF : max;
      try {
        r.backoff(initial, max);
      } catch (IllegalArgumentException e) {
        if (ownInitial == null) {
          throw invalid(at.apply("retry.max-backoff"), max, e);
        }
        String reason =
            ownMax == null
                ? String.valueOf(e.getMessage())
                : "more than "
                    + at.apply("retry.max-backoff")
                    + " ("
                    + max
                    + "): "
                    + e.getMessage();
        throw invalid(at.apply("retry.initial-backoff"), initial, reason, e);
      }
    }
    if (!p.getStatuses().isEmpty()) {
      set(
          at.apply("retry.statuses"),
          p.getStatuses(),
          s -> r.statuses(s.stream().mapToInt(Integer::intValue).toArray()));
    }
    if (!p.getMethods().isEmpty()) {
      set(at.apply("retry.methods"), p.getMethods(), m -> r.methods(m.toArray(new String[0])));
    }
    return r.build();
  }

  /**
   * Applies {@code value} when set; a value refused fails as Spring Boot's own invalid properties
   * do, and its failure analysis names the property, the value and where it was set.
   */
  static <T> void set(String property, @Nullable T value, Setter<T> setter) {
    if (value == null) {
      return;
    }
    try {
      setter.set(value);
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw invalid(property, value, e);
    }
  }

  /** The failure of {@code property}'s {@code value}, for the reason {@code refused} gives. */
  static InvalidConfigurationPropertyValueException invalid(
      String property, Object value, RuntimeException refused) {
    return invalid(property, value, String.valueOf(refused.getMessage()), refused);
  }

  /** The failure of {@code property}'s {@code value}, for {@code reason}. */
  static InvalidConfigurationPropertyValueException invalid(
      String property, Object value, String reason, @Nullable Throwable cause) {
    InvalidConfigurationPropertyValueException e =
        new InvalidConfigurationPropertyValueException(property, value, reason);
    if (cause != null) {
      e.addSuppressed(cause); // its constructor leaves no cause to set: the refusal's trace kept
    }
    return e;
  }

  @FunctionalInterface
  interface Setter<T> {
    void set(T value);
  }

  private void onClose(Runnable closer) {
    synchronized (closers) {
      closers.add(closer);
    }
  }

  /** Closes what the transports hold: every one, even after one failed (that failure thrown). */
  @Override
  public void destroy() {
    RuntimeException failed = null;
    synchronized (closers) {
      for (Runnable closer : closers) {
        try {
          closer.run();
        } catch (RuntimeException e) {
          if (failed == null) {
            failed = e;
          } else {
            failed.addSuppressed(e);
          }
        }
      }
      closers.clear();
    }
    if (failed != null) {
      throw failed;
    }
  }
}
