package dev.httpjson.apache5;

import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.SSLException;
import org.apache.hc.client5.http.config.Configurable;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.DefaultHttpRequestRetryStrategy;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.classic.MinimalHttpClient;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.io.ManagedHttpClientConnection;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.MessageConstraintException;
import org.apache.hc.core5.http.io.HttpConnectionFactory;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.util.TimeValue;

/**
 * A {@link HttpClient} backed by Apache HttpClient 5's classic (blocking) I/O, so httpjson's API
 * (or any code written against the JDK client) runs over Apache unchanged:
 *
 * <pre>{@code
 * HttpClient client = Apache5Transport.newHttpClient();
 * Forecast forecast = HttpJson.getFromJson(client, uri, Forecast.class);
 * }</pre>
 *
 * <p>{@link HttpClient#send send} runs the call on the calling thread, from writing the request to
 * reading the body the handler's subscriber asks for. {@link HttpClient#sendAsync sendAsync} runs
 * the exchange on the transport's own threads ({@code httpjson-apache5-io-N}, gone after 2 s idle),
 * and calls the body handler, every subscriber that is not one of the JDK's own, and the returned
 * future's dependants on the executor of {@link java.util.concurrent.CompletableFuture}'s async
 * methods: never on the transport's threads. Request publishers of every kind are written honouring
 * their demand (an unknown length is sent chunked); body subscribers are fed only what they
 * request, each buffer as soon as a read of the connection returns it.
 *
 * <p>Ending an exchange early — cancelling a subscription, completing or cancelling a returned
 * future, interrupting a thread blocked in {@code send}, or the request's {@link
 * java.net.http.HttpRequest#timeout() timeout} (up to the response headers, as in the JDK) elapsing
 * — cancels the Apache request, which closes its connection and takes it out of the pool. A plain
 * socket read does not wake on an interrupt, so a watchdog thread of the transport ({@code
 * httpjson-apache5-watchdog}, running only while exchanges are in flight) notices the interrupt or
 * the timeout within about 10 ms and cancels the request. A request body being written when the
 * exchange ends is cut short with the connection, never ended as if it were complete, and a write
 * waiting for its publisher fails at once (the publisher's subscription is cancelled): a body that
 * stalls cannot hold {@code send} past the request's timeout.
 *
 * <p>A request that is not idempotent (POST, PATCH, … without an {@code Idempotency-Key} header) is
 * never sent again by Apache's retry strategy: its body is repeatable only after a 307, 308, 401 or
 * 407 answer, for which the JDK client sends it again too.
 *
 * <p>How it differs from the JDK client:
 *
 * <ul>
 *   <li>HTTP/1.1 only: Apache's classic I/O does not speak HTTP/2; {@link HttpClient#version()} and
 *       every response's {@code version()} say {@code HTTP_1_1}, and a request's {@link
 *       java.net.http.HttpRequest#version() version} is not used. Push promises and {@link
 *       HttpClient#newWebSocketBuilder()} throw {@link UnsupportedOperationException}.
 *   <li>The client's settings are the {@link CloseableHttpClient}'s: connection pool, connect and
 *       socket timeouts, redirects, cookies ({@code CookieStore}), proxies ({@code
 *       HttpRoutePlanner}), TLS ({@code TlsSocketStrategy}), authentication and content
 *       compression. So {@link HttpClient#cookieHandler()}, {@link HttpClient#proxy()}, {@link
 *       HttpClient#authenticator()}, {@link HttpClient#connectTimeout()} and {@link
 *       HttpClient#executor()} are empty, and {@link HttpClient#sslContext()} and {@link
 *       HttpClient#sslParameters()} throw {@link UnsupportedOperationException}.
 *   <li>Redirects that Apache follows happen inside one exchange: the response's {@code request()}
 *       and {@code uri()} name the last request, and {@code previousResponse()} is empty.
 * </ul>
 *
 * <p>This class is a static factory; the clients it returns are immutable and thread-safe and share
 * the {@link CloseableHttpClient}'s connection pool. One over a {@code CloseableHttpClient} of
 * yours needs no closing of its own (close the {@code CloseableHttpClient} when done with it); the
 * one {@link #newHttpClient()} makes is {@link AutoCloseable}, and closing it closes its pool.
 */
public final class Apache5Transport {
  private Apache5Transport() {}

  /**
   * A client with a connection pool of its own, configured as the JDK client's defaults are: it
   * follows no redirects ({@link HttpClient#followRedirects()} is {@code NEVER}), keeps no cookies,
   * uses no proxy, neither asks for nor decodes compressed bodies (httpjson decodes gzip itself),
   * and has no read timeout. Its pool keeps up to 256 connections, 64 per route (Apache's defaults,
   * 25 and 5, make a 6th concurrent caller to one host wait), with {@code TCP_NODELAY} on, and a
   * connection idle 1 ms or more is looked at before reuse, without waiting, so that a request does
   * not go to a connection the server closed (after its keep-alive timeout, or at once), which a
   * POST would fail on, as the JDK client's pool drops such a connection. A GET, HEAD, PUT, DELETE
   * or OPTIONS whose connection fails is sent once more, as the JDK client sends a GET or HEAD (a
   * body already written only when it is bytes in memory: httpjson's JSON and form bodies, the
   * JDK's {@code ofString} and {@code ofByteArray}; a caller's publisher may give less the second
   * time); a POST or PATCH (without an {@code Idempotency-Key}) never is; no response (429, 503) is
   * retried by the transport. A connection given up closes with a FIN, as the JDK client closes it
   * (Apache resets it), and a response head cut short by the end of the connection fails the
   * exchange (Apache takes what arrived as the whole head), while a Content-Length repeated with
   * the same value frames the body as the JDK client reads it (Apache refuses the response). A
   * final answer that a server sends before reading a large request body of known length (a 413 or
   * a 401 from the request's head) stops the writing of the body and is the call's response, its
   * connection then closed, as the JDK client gives it; Apache would write on until the server
   * stops reading and closes, and fail the call. It is seen over plain HTTP, not through TLS, nor
   * on a request that asks for {@code 100-continue}; it is looked for between writes, so an answer
   * that comes only once the sockets' buffers are full (a server slow to answer), or from a server
   * that resets the connection at once, may still fail the write first.
   *
   * <p>The client is {@link AutoCloseable}: {@code ((AutoCloseable) client).close()} closes its
   * pool, its idle connections at once (kept open otherwise until the server closes them), those in
   * use as their exchanges end.
   *
   * @return a new client with its own connection pool
   */
  public static HttpClient newHttpClient() {
    return newHttpClient(DefaultPool.create(), HttpClient.Redirect.NEVER);
  }

  /** The default client over {@code pool} (tests reach the pool through this). */
  static HttpClient newHttpClient(PoolingHttpClientConnectionManager pool, HttpClient.Redirect r) {
    CloseableHttpClient client =
        HttpClients.custom()
            .setConnectionManager(pool)
            // No response timeout: the pool's connections have no socket timeout, and one set
            // per request would cost a socket option call per exchange.
            .setDefaultRequestConfig(
                RequestConfig.custom()
                    .setRedirectsEnabled(false)
                    .setProtocolUpgradeEnabled(false)
                    .build())
            .disableRedirectHandling()
            .disableCookieManagement()
            .disableContentCompression()
            .disableAuthCaching()
            .setRetryStrategy(new ConnectionRetries())
            .build();
    return new Apache5HttpClient(client, r, true);
  }

  /**
   * A client that runs every exchange on {@code client}. Its {@link HttpClient#followRedirects()}
   * says {@code NEVER} when the client's default {@link RequestConfig} has redirects disabled
   * ({@code RequestConfig.custom().setRedirectsEnabled(false)}), or for {@code
   * HttpClients.createMinimal()}, and {@code NORMAL} otherwise: {@code disableRedirectHandling()}
   * alone does not show on a built client, and httpjson must never let a client-wide default header
   * ride a redirect Apache might follow to another origin. Apache's content compression, when on,
   * decodes gzip and deflate bodies and removes their {@code Content-Encoding} and {@code
   * Content-Length}, as OkHttp does; a body handler then sees the decoded bytes. Unlike the default
   * client's, its given-up connections are reset, and a response head cut short by the end of the
   * connection passes as Apache reads it unless its connection manager makes its connections with
   * {@link #connectionFactory()}.
   *
   * @param client the Apache client whose configuration and connection pool are used
   * @return a client backed by {@code client}
   * @throws NullPointerException if {@code client} is null
   */
  public static HttpClient newHttpClient(CloseableHttpClient client) {
    Objects.requireNonNull(client, "client == null");
    return new Apache5HttpClient(client, redirects(client), false);
  }

  /**
   * The factory of the default client's connections, for a client of your own: their response
   * parser fails a response head that the end of the connection cut short (before the blank line
   * that ends it, or inside that line), as the JDK client and OkHttp do, where Apache's own parser
   * takes the lines that arrived for the whole head and the exchange then succeeds with an empty
   * body. Give it to your connection manager:
   *
   * <pre>{@code
   * CloseableHttpClient apache = HttpClients.custom()
   *     .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
   *         .setConnectionFactory(Apache5Transport.connectionFactory())
   *         .build())
   *     .build();
   * HttpClient client = Apache5Transport.newHttpClient(apache);
   * }</pre>
   *
   * <p>They also frame a response body by a Content-Length given more than once with the same
   * value, as the JDK client does (Apache refuses such a response). Over plain HTTP, they stop
   * writing a request body of known length (past its first 64 KiB) when the server has sent its
   * final answer before reading it, and read that answer: Apache's own connections write on until
   * the server stops reading, and fail the exchange.
   *
   * <p>A connection that received bytes past a response's end (a server that counted characters for
   * its Content-Length) is never used again: Apache would read those bytes as the answer to the
   * next request on it. It reports itself stale to the pool's check before reuse, and if a request
   * is sent on it all the same (a pool that checks only connections idle a while) the call fails
   * before the request is written, saying why.
   *
   * <p>They read a response head of up to 384 KiB, the JDK client's limit, however many lines it
   * has and however long each is (Apache's default {@link
   * org.apache.hc.core5.http.config.Http1Config} refuses more than 100 lines, or a line over 8
   * KiB), and fail a larger one with a {@link java.net.ProtocolException}. The factory is immutable
   * and thread-safe; each call returns a new one.
   *
   * @return a factory of HTTP/1.1 connections that fail a response head cut short
   */
  public static HttpConnectionFactory<ManagedHttpClientConnection> connectionFactory() {
    return DefaultPool.connections();
  }

  /**
   * What a built client says of its redirects: {@code NEVER} when its default {@link RequestConfig}
   * disables them, or for {@code HttpClients.createMinimal()}; else {@code NORMAL}.
   */
  private static HttpClient.Redirect redirects(CloseableHttpClient client) {
    if (client instanceof MinimalHttpClient) {
      return HttpClient.Redirect.NEVER;
    }
    if (client instanceof Configurable) {
      RequestConfig config = ((Configurable) client).getConfig();
      if (config != null && !config.isRedirectsEnabled()) {
        return HttpClient.Redirect.NEVER;
      }
    }
    return HttpClient.Redirect.NORMAL;
  }

  /** Apache's retries on a failed connection (idempotent requests, once), none on a response. */
  private static final class ConnectionRetries extends DefaultHttpRequestRetryStrategy {
    ConnectionRetries() {
      super(
          1,
          TimeValue.ZERO_MILLISECONDS,
          List.of(
              InterruptedIOException.class, // a timeout or a cancellation: never again
              UnknownHostException.class,
              ConnectException.class,
              NoRouteToHostException.class,
              SSLException.class,
              // A response refused (a head too large): asking again gets the same one
              MessageConstraintException.class,
              java.net.ProtocolException.class),
          List.of());
    }

    @Override
    public boolean retryRequest(HttpResponse response, int execCount, HttpContext context) {
      return false;
    }
  }
}
