package dev.httpjson;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.PushPromiseHandler;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.jspecify.annotations.Nullable;

/**
 * The {@link HttpClient} behind {@link Interceptor#decorate}: {@code send} and {@code sendAsync}
 * run through the interceptors, everything else is the wrapped client's.
 */
final class InterceptingClient extends HttpClient {
  static final long NO_DEADLINE = Long.MIN_VALUE;

  private final HttpClient delegate;
  private final Interceptor[] interceptors;

  private InterceptingClient(HttpClient delegate, Interceptor[] interceptors) {
    this.delegate = delegate;
    this.interceptors = interceptors;
  }

  static HttpClient of(HttpClient client, List<Interceptor> interceptors) {
    Objects.requireNonNull(client, "client == null");
    Interceptor[] all = interceptors.toArray(new Interceptor[0]);
    for (int i = 0; i < all.length; i++) {
      Objects.requireNonNull(all[i], "interceptors[" + i + "] == null");
    }
    return all.length == 0 ? client : new InterceptingClient(client, all);
  }

  HttpClient delegate() {
    return delegate;
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

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, BodyHandler<T> handler)
      throws IOException, InterruptedException {
    return send(request, handler, NO_DEADLINE);
  }

  /** {@code send} for a call whose whole-call timeout ends at {@code deadline} (nanoTime). */
  <T> HttpResponse<T> send(HttpRequest request, BodyHandler<T> handler, long deadline)
      throws IOException, InterruptedException {
    return new Link<>(this, 0, Objects.requireNonNull(handler, "handler == null"), null, deadline)
        .forward(Objects.requireNonNull(request, "request == null"));
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, BodyHandler<T> handler) {
    return sendAsync(request, handler, null, NO_DEADLINE);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, BodyHandler<T> handler, @Nullable PushPromiseHandler<T> push) {
    return sendAsync(request, handler, push, NO_DEADLINE);
  }

  <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request,
      BodyHandler<T> handler,
      @Nullable PushPromiseHandler<T> push,
      long deadline) {
    Objects.requireNonNull(request, "request == null");
    Objects.requireNonNull(handler, "handler == null");
    return new Link<>(this, 0, handler, push, deadline).forwardAsync(request);
  }

  @Override
  public String toString() {
    return "Interceptor.decorate(" + delegate + ", " + interceptors.length + " interceptors)";
  }

  /** The chain from interceptor {@code index} on. */
  private static final class Link<T> implements Interceptor.Chain<T> {
    private final InterceptingClient client;
    private final int index;
    private final BodyHandler<T> handler;
    private final @Nullable PushPromiseHandler<T> push;
    private final long deadline;

    Link(
        InterceptingClient client,
        int index,
        BodyHandler<T> handler,
        @Nullable PushPromiseHandler<T> push,
        long deadline) {
      this.client = client;
      this.index = index;
      this.handler = handler;
      this.push = push;
      this.deadline = deadline;
    }

    @Override
    public BodyHandler<T> bodyHandler() {
      return handler;
    }

    @Override
    public <U> Interceptor.Chain<U> withBodyHandler(BodyHandler<U> bodyHandler) {
      Objects.requireNonNull(bodyHandler, "bodyHandler == null");
      return new Link<>(client, index, bodyHandler, null, deadline);
    }

    private Link<T> next() {
      return new Link<>(client, index + 1, handler, push, deadline);
    }

    @Override
    public HttpResponse<T> forward(HttpRequest request) throws IOException, InterruptedException {
      Objects.requireNonNull(request, "request == null");
      Interceptor[] interceptors = client.interceptors;
      if (index < interceptors.length) {
        return Objects.requireNonNull(
            interceptors[index].intercept(request, next()),
            () -> interceptors[index] + " returned a null response");
      }
      try {
        return client.delegate.send(request, handler);
      } catch (IOException e) {
        // What httpjson's own handlers raised comes out as raised, so interceptors see it too.
        throw Calls.sendFailure(e, request, client.delegate);
      } catch (IllegalArgumentException e) {
        if (e.getCause() == null) {
          throw e; // the request itself was rejected
        }
        throw Calls.sendFailure(e, request, client.delegate); // a response the client rejected
      }
    }

    @Override
    public CompletableFuture<HttpResponse<T>> forwardAsync(HttpRequest request) {
      Objects.requireNonNull(request, "request == null");
      Interceptor[] interceptors = client.interceptors;
      CompletableFuture<HttpResponse<T>> f;
      try {
        if (index < interceptors.length) {
          f = interceptors[index].interceptAsync(request, next());
          Objects.requireNonNull(f, () -> interceptors[index] + " returned a null future");
        } else {
          f =
              push == null
                  ? client.delegate.sendAsync(request, handler)
                  : client.delegate.sendAsync(request, handler, push);
        }
      } catch (RuntimeException | Error e) {
        return CompletableFuture.failedFuture(e);
      }
      return f;
    }

    @Override
    public Optional<Duration> remaining() {
      if (deadline == NO_DEADLINE) {
        return Optional.empty();
      }
      return Optional.of(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
    }
  }
}
