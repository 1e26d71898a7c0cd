package dev.httpjson.transport.support.internal;

import dev.httpjson.internal.transport.OwnIdentity;
import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.PushPromiseHandler;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * The JDK client's contract over another library's client, whose configuration is the library's
 * own: what the JDK client would configure (cookies, connect timeout, proxies, authentication, an
 * executor) answers empty here unless a transport reads it from its library, and what the library
 * cannot do (push promises, WebSocket) is refused naming the transport.
 */
public abstract class LibraryClient extends HttpClient implements OwnIdentity {
  private final String transport;
  private final Redirect redirect;
  private final String webSocketInstead;

  /**
   * A client of a library.
   *
   * @param transport the transport as users know it, such as {@code "OkHttp"}
   * @param redirect what the library's client follows
   * @param webSocketInstead what to use for WebSocket, such as {@code "use the JDK client"}
   */
  protected LibraryClient(String transport, Redirect redirect, String webSocketInstead) {
    this.transport = transport;
    this.redirect = redirect;
    this.webSocketInstead = webSocketInstead;
  }

  /** Empty: the library keeps cookies in a store of its own. */
  @Override
  public Optional<CookieHandler> cookieHandler() {
    return Optional.empty();
  }

  @Override
  public final String ownCookies(URI uri) throws IOException {
    return cookies(uri);
  }

  @Override
  public final @Nullable Object ownAuthenticator() {
    return credentials();
  }

  /**
   * The cookies the library's own store adds to a request for {@code uri}, in one string: what an
   * {@link dev.httpjson.HttpCache} keys the response by. Default: none.
   *
   * @param uri the request's URI
   * @return the cookies, empty for none
   * @throws IOException when the store fails
   */
  protected String cookies(URI uri) throws IOException {
    return "";
  }

  /**
   * What adds credentials beneath the client's API, compared by identity (the library's
   * authenticator, or its whole client when they cannot be seen): an {@link dev.httpjson.HttpCache}
   * keeps apart the responses of clients with different ones. Default: none.
   *
   * @return the authenticator, or null
   */
  protected @Nullable Object credentials() {
    return null;
  }

  /** Empty: the connect timeout is the library client's. */
  @Override
  public Optional<Duration> connectTimeout() {
    return Optional.empty();
  }

  @Override
  public Redirect followRedirects() {
    return redirect;
  }

  /** Empty: the library routes requests its own way. */
  @Override
  public Optional<ProxySelector> proxy() {
    return Optional.empty();
  }

  /** Empty: the library answers challenges with its own authenticator. */
  @Override
  public Optional<Authenticator> authenticator() {
    return Optional.empty();
  }

  /** HTTP/1.1, unless the transport says its client speaks HTTP/2. */
  @Override
  public Version version() {
    return Version.HTTP_1_1;
  }

  /**
   * Empty: {@code sendAsync} runs exchanges on the transport's own threads, and what calls user
   * code (body handlers, subscribers, the returned future's completion) on the executor of {@link
   * CompletableFuture}'s async methods.
   */
  @Override
  public Optional<Executor> executor() {
    return Optional.empty();
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request,
      BodyHandler<T> handler,
      @Nullable PushPromiseHandler<T> pushPromiseHandler) {
    if (pushPromiseHandler != null) {
      throw new UnsupportedOperationException(
          "HTTP/2 push promises are not supported by the " + transport + " transport");
    }
    return sendAsync(request, handler);
  }

  /** Refused: the transport sends no WebSocket. */
  @Override
  public WebSocket.Builder newWebSocketBuilder() {
    throw new UnsupportedOperationException(
        "WebSocket is not supported by the " + transport + " transport: " + webSocketInstead);
  }

  @Override
  public String toString() {
    return transport + " transport client (" + version() + ", redirects " + redirect + ")";
  }
}
