package dev.httpjson.internal;

import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * An {@link HttpClient} that wraps another and reports the wrapped client's settings as its own:
 * the base of httpjson's decorating clients, which change how a request is sent, never how the
 * client is configured.
 */
public abstract class ForwardingClient extends HttpClient {
  /** The wrapped client. */
  protected final HttpClient delegate;

  /** Wraps {@code delegate}. */
  protected ForwardingClient(HttpClient delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate == null");
  }

  @Override
  public Optional<CookieHandler> cookieHandler() {
    return delegate.cookieHandler();
  }

  @Override
  public Optional<Duration> connectTimeout() {
    return delegate.connectTimeout();
  }

  @Override
  public Redirect followRedirects() {
    return delegate.followRedirects();
  }

  @Override
  public Optional<ProxySelector> proxy() {
    return delegate.proxy();
  }

  @Override
  public SSLContext sslContext() {
    return delegate.sslContext();
  }

  @Override
  public SSLParameters sslParameters() {
    return delegate.sslParameters();
  }

  @Override
  public Optional<Authenticator> authenticator() {
    return delegate.authenticator();
  }

  @Override
  public Version version() {
    return delegate.version();
  }

  @Override
  public Optional<Executor> executor() {
    return delegate.executor();
  }

  @Override
  public java.net.http.WebSocket.Builder newWebSocketBuilder() {
    return delegate.newWebSocketBuilder();
  }
}
