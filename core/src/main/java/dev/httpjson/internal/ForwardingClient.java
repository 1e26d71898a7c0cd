package dev.httpjson.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
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
import org.jspecify.annotations.Nullable;

/**
 * An {@link HttpClient} that wraps another and reports the wrapped client's settings as its own:
 * the base of httpjson's decorating clients, which change how a request is sent, never how the
 * client is configured.
 *
 * <p>It is a view of the wrapped client, so its life is that client's too: {@code close()}, {@code
 * shutdown()}, {@code shutdownNow()}, {@code awaitTermination(Duration)} and {@code isTerminated()}
 * (Java 21+, whose defaults in {@link HttpClient} do nothing) are the wrapped client's. On Java 17,
 * {@link #close()} closes a wrapped client that is {@link AutoCloseable}.
 */
public abstract class ForwardingClient extends HttpClient implements AutoCloseable {
  /** {@code HttpClient.close()} and the others of Java 21+, or null before. */
  private static final @Nullable MethodHandle CLOSE = java21("close", void.class);

  private static final @Nullable MethodHandle SHUTDOWN = java21("shutdown", void.class);
  private static final @Nullable MethodHandle SHUTDOWN_NOW = java21("shutdownNow", void.class);
  private static final @Nullable MethodHandle IS_TERMINATED = java21("isTerminated", boolean.class);
  private static final @Nullable MethodHandle AWAIT_TERMINATION =
      java21("awaitTermination", boolean.class, Duration.class);

  private static @Nullable MethodHandle java21(String name, Class<?> returns, Class<?>... takes) {
    try {
      return MethodHandles.publicLookup()
          .findVirtual(HttpClient.class, name, MethodType.methodType(returns, takes));
    } catch (NoSuchMethodException | IllegalAccessException e) {
      return null; // Java 17
    }
  }

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

  /** Closes the wrapped client (see the class description). */
  @Override
  public void close() {
    if (CLOSE != null) {
      invoke(CLOSE);
    } else if (delegate instanceof AutoCloseable) {
      try {
        ((AutoCloseable) delegate).close();
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException("closing " + delegate + " failed", e);
      }
    }
  }

  /** The wrapped client's {@code shutdown()} on Java 21+. */
  public void shutdown() {
    if (SHUTDOWN != null) {
      invoke(SHUTDOWN);
    }
  }

  /** The wrapped client's {@code shutdownNow()} on Java 21+. */
  public void shutdownNow() {
    if (SHUTDOWN_NOW != null) {
      invoke(SHUTDOWN_NOW);
    }
  }

  /** The wrapped client's {@code isTerminated()} on Java 21+; false on 17. */
  public boolean isTerminated() {
    return IS_TERMINATED != null && Boolean.TRUE.equals(invoke(IS_TERMINATED));
  }

  /**
   * The wrapped client's {@code awaitTermination(Duration)} on Java 21+; true at once on 17, as
   * {@link HttpClient}'s own default.
   *
   * @param duration how long to wait at most
   * @throws InterruptedException if interrupted while waiting
   */
  public boolean awaitTermination(Duration duration) throws InterruptedException {
    Objects.requireNonNull(duration, "duration == null");
    MethodHandle await = AWAIT_TERMINATION;
    if (await == null) {
      return true;
    }
    try {
      return (boolean) await.invoke(delegate, duration);
    } catch (InterruptedException | RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  private @Nullable Object invoke(MethodHandle method) {
    try {
      return method.invoke(delegate);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t); // none of these methods throws a checked exception
    }
  }
}
