package dev.httpjson.spring.boot;

import dev.httpjson.spring.boot.HttpJsonAutoConfiguration.TransportOverride;
import dev.httpjson.testing.StubHttpClient;
import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The transport of every client in a context with {@link AutoConfigureHttpJsonStub}: sends to the
 * stub of the running test method, which {@link StubTestExecutionListener} renews before the first
 * test instance of each test method is injected (an enclosing instance, then a nested one, share
 * it). The clients are built once per context; only the stub under them changes, and what they keep
 * beside it (cached responses, an OAuth2 token) is reset with it.
 */
final class StubSwitch extends HttpClient implements TransportOverride {
  private final Supplier<StubHttpClient> stubs;
  private volatile StubHttpClient current;
  // Whether a test method ran since the stub was made (or the context's start may have used it):
  // the next test instance gets a fresh one, and the enclosing and nested instances of one test
  // share it.
  private volatile boolean used = true;
  private final List<Runnable> resets = new CopyOnWriteArrayList<>();

  StubSwitch(Supplier<StubHttpClient> stubs) {
    this.stubs = stubs;
    this.current = stubs.get();
  }

  StubHttpClient current() {
    return current;
  }

  /**
   * A fresh stub, unless no test method ran since the last one was made.
   *
   * @return whether the stub was renewed
   */
  boolean renewIfUsed() {
    if (!used) {
      return false;
    }
    current = stubs.get();
    used = false;
    for (Runnable reset : resets) {
      reset.run();
    }
    return true;
  }

  /** A test method runs on the current stub: the next test instance gets another. */
  void used() {
    used = true;
  }

  @Override
  public HttpClient transport() {
    return this;
  }

  @Override
  public void onRenew(Runnable reset) {
    resets.add(reset);
  }

  @Override
  public Optional<CookieHandler> cookieHandler() {
    return current.cookieHandler();
  }

  @Override
  public Optional<Duration> connectTimeout() {
    return current.connectTimeout();
  }

  @Override
  public Redirect followRedirects() {
    return current.followRedirects();
  }

  @Override
  public Optional<ProxySelector> proxy() {
    return current.proxy();
  }

  @Override
  public SSLContext sslContext() {
    return current.sslContext();
  }

  @Override
  public SSLParameters sslParameters() {
    return current.sslParameters();
  }

  @Override
  public Optional<Authenticator> authenticator() {
    return current.authenticator();
  }

  @Override
  public Version version() {
    return current.version();
  }

  @Override
  public Optional<Executor> executor() {
    return current.executor();
  }

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
      throws IOException, InterruptedException {
    return current.send(request, handler);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    return current.sendAsync(request, handler);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request,
      HttpResponse.BodyHandler<T> handler,
      HttpResponse.PushPromiseHandler<T> push) {
    return current.sendAsync(request, handler, push);
  }

  @Override
  public String toString() {
    return "StubSwitch{" + current + "}";
  }
}
