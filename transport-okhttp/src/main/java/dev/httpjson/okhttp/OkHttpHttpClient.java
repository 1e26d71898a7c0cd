package dev.httpjson.okhttp;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.Authenticator;
import java.net.ConnectException;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.PushPromiseHandler;
import java.net.http.HttpTimeoutException;
import java.net.http.WebSocket;
import java.nio.channels.ClosedByInterruptException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.EventListener;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.AsyncTimeout;
import okio.Timeout;
import org.jspecify.annotations.Nullable;

/** The JDK client's contract over OkHttp: see {@link OkHttpTransport}. */
final class OkHttpHttpClient extends HttpClient {
  private static final RequestBody EMPTY = RequestBody.create(new byte[0], null);

  /**
   * Methods whose request the transport may send again, as may one with an {@code Idempotency-Key};
   * any other is sent once, as the JDK client sends it (see {@link PublisherRequestBody}).
   */
  private static final java.util.Set<String> IDEMPOTENT =
      java.util.Set.of("GET", "HEAD", "OPTIONS", "PUT", "DELETE", "QUERY", "TRACE");

  private final OkHttpClient client; // with answers(), for the requests whose body it guards
  private final OkHttpClient plain; // the caller's settings, for every other request
  private final Redirect redirect;
  private final Version version;
  private final ExecutorService executor;
  private volatile @Nullable ParsedUrl lastUrl;
  private volatile @Nullable Converted lastRequest;

  OkHttpHttpClient(OkHttpClient client) {
    IdleConnections idle = new IdleConnections();
    EventListener.Factory listeners = client.eventListenerFactory();
    // Both share the caller's dispatcher, pool and settings; each call tells idle of the
    // connections it releases.
    this.plain =
        client.newBuilder().eventListenerFactory(call -> listeners.create(call).plus(idle)).build();
    this.client =
        plain.newBuilder().addNetworkInterceptor(PublisherRequestBody.answers(idle)).build();
    this.redirect =
        !client.followRedirects()
            ? Redirect.NEVER
            : client.followSslRedirects() ? Redirect.ALWAYS : Redirect.NORMAL;
    this.version =
        client.protocols().contains(Protocol.HTTP_2)
                || client.protocols().contains(Protocol.H2_PRIOR_KNOWLEDGE)
            ? Version.HTTP_2
            : Version.HTTP_1_1;
    this.executor = this.client.dispatcher().executorService();
  }

  // ---- configuration: the OkHttpClient's ----

  /** Empty: OkHttp keeps cookies in its {@code CookieJar}. */
  @Override
  public Optional<CookieHandler> cookieHandler() {
    return Optional.empty();
  }

  @Override
  public Optional<Duration> connectTimeout() {
    int millis = client.connectTimeoutMillis();
    return millis == 0 ? Optional.empty() : Optional.of(Duration.ofMillis(millis));
  }

  @Override
  public Redirect followRedirects() {
    return redirect;
  }

  @Override
  public Optional<ProxySelector> proxy() {
    return client.proxy() == null ? Optional.of(client.proxySelector()) : Optional.empty();
  }

  @Override
  public SSLContext sslContext() {
    throw new UnsupportedOperationException(
        "OkHttp configures TLS with an SSLSocketFactory, not an SSLContext:"
            + " see OkHttpClient.sslSocketFactory()");
  }

  @Override
  public SSLParameters sslParameters() {
    throw new UnsupportedOperationException(
        "OkHttp configures TLS with ConnectionSpecs, not SSLParameters:"
            + " see OkHttpClient.connectionSpecs()");
  }

  /** Empty: OkHttp answers challenges with its own {@code okhttp3.Authenticator}. */
  @Override
  public Optional<Authenticator> authenticator() {
    return Optional.empty();
  }

  @Override
  public Version version() {
    return version;
  }

  /** The executor of OkHttp's dispatcher, which runs {@code sendAsync} calls. */
  @Override
  public Optional<Executor> executor() {
    return Optional.of(executor);
  }

  @Override
  public WebSocket.Builder newWebSocketBuilder() {
    throw new UnsupportedOperationException(
        "WebSocket is not supported by the OkHttp transport: use OkHttpClient.newWebSocket");
  }

  // ---- exchanges ----

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, BodyHandler<T> handler)
      throws IOException, InterruptedException {
    java.util.Objects.requireNonNull(handler, "handler == null");
    Request okRequest = toOkHttp(request);
    Call call = newCall(okRequest);
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    HeadersTimeout timeout = HeadersTimeout.start(call, request);
    CallInterrupter interrupter = new CallInterrupter(call);
    Response response;
    interrupter.enter();
    try {
      response = call.execute();
    } catch (IOException e) {
      throw failure(call, e, timeout);
    } finally {
      interrupter.exit();
    }
    if (timeout != null && timeout.headersReceived()) {
      response.close();
      throw new HttpTimeoutException("request timed out");
    }
    java.net.ProtocolException malformed = malformedContentLength(response);
    if (malformed != null) {
      call.cancel();
      response.close();
      throw new IOException(malformed.getMessage(), malformed);
    }
    OkHttpResponse<Void> info = OkHttpResponse.info(response, request);
    ResponsePump pump;
    CompletableFuture<T> body;
    try {
      BodySubscriber<T> subscriber = handler.apply(info);
      body = subscriber.getBody().toCompletableFuture();
      pump = new ResponsePump(call, response, subscriber, hasBody(response, request), executor);
    } catch (RuntimeException | Error e) {
      call.cancel();
      response.close();
      throw new IOException(e.getMessage(), e);
    }
    pump.start(body, interrupter);
    if (!body.isDone()) {
      try {
        CompletableFuture.anyOf(body, pump.broken).get();
      } catch (InterruptedException e) {
        pump.cancel();
        throw e;
      } catch (ExecutionException e) {
        // reported below
      }
    }
    T value;
    try {
      if (pump.broken.isCompletedExceptionally()) {
        pump.broken.join();
      }
      value = body.join();
    } catch (CompletionException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      if (Thread.interrupted()) {
        call.cancel();
        throw new InterruptedException();
      }
      throw jdkWrapped(cause);
    }
    return OkHttpResponse.of(info, response, request, okRequest.url(), value);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, BodyHandler<T> handler) {
    java.util.Objects.requireNonNull(handler, "handler == null");
    Request okRequest;
    try {
      okRequest = toOkHttp(request);
    } catch (BodyNotAllowedException e) {
      return CompletableFuture.failedFuture(e);
    }
    Call call = newCall(okRequest);
    CallFuture<HttpResponse<T>> future = new CallFuture<>(call);
    HeadersTimeout timeout = HeadersTimeout.start(call, request);
    call.enqueue(
        new Callback() {
          @Override
          public void onFailure(Call c, IOException e) {
            future.fail(asyncFailure(e, timeout));
          }

          @Override
          public void onResponse(Call c, Response response) {
            if (timeout != null && timeout.headersReceived()) {
              response.close();
              future.fail(new HttpTimeoutException("request timed out"));
              return;
            }
            java.net.ProtocolException malformed = malformedContentLength(response);
            if (malformed != null) {
              call.cancel();
              response.close();
              future.fail(malformed);
              return;
            }
            OkHttpResponse<Void> info = OkHttpResponse.info(response, request);
            ResponsePump pump;
            CompletableFuture<T> body;
            try {
              BodySubscriber<T> subscriber = handler.apply(info);
              body = subscriber.getBody().toCompletableFuture();
              pump =
                  new ResponsePump(
                      call, response, subscriber, hasBody(response, request), executor);
            } catch (RuntimeException | Error e) {
              call.cancel();
              response.close();
              future.fail(e);
              return;
            }
            future.reading(pump);
            pump.broken.whenComplete((v, t) -> offReader(() -> future.fail(t)));
            body.whenComplete(
                (value, failure) ->
                    offReader(
                        () -> {
                          if (failure != null) {
                            future.fail(unwrap(failure));
                          } else {
                            future.succeed(
                                OkHttpResponse.of(info, response, request, okRequest.url(), value));
                          }
                        }));
            pump.start(body, null);
          }
        });
    return future;
  }

  /**
   * Runs {@code completion} (which completes a caller's future, so runs the caller's dependent
   * stages) here, unless this is a reader thread of the transport: then on the client's executor,
   * where the JDK client completes its futures too.
   */
  private void offReader(Runnable completion) {
    if (!PumpThreads.isReader()) {
      completion.run();
      return;
    }
    try {
      executor.execute(completion);
    } catch (RejectedExecutionException e) { // the dispatcher was shut down
      ForkJoinPool.commonPool().execute(completion);
    }
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request,
      BodyHandler<T> handler,
      @Nullable PushPromiseHandler<T> pushPromiseHandler) {
    if (pushPromiseHandler != null) {
      throw new UnsupportedOperationException(
          "HTTP/2 push promises are not supported by the OkHttp transport");
    }
    return sendAsync(request, handler);
  }

  @Override
  public String toString() {
    return "OkHttpTransport client (" + version + ", redirects " + redirect + ")";
  }

  // ---- the request ----

  /**
   * A call of the client with {@link PublisherRequestBody#answers} for a request with a body of
   * ours (the interceptor only acts on those), of the caller's own client for any other: one
   * interceptor less per exchange. The body's wait for its publisher ends when the call is
   * cancelled.
   */
  private Call newCall(Request okRequest) {
    RequestBody body = okRequest.body();
    if (!(body instanceof PublisherRequestBody)) {
      return plain.newCall(okRequest);
    }
    Call call = client.newCall(okRequest);
    call.addEventListener(((PublisherRequestBody) body).endsWithCall());
    return call;
  }

  /**
   * The request as OkHttp's. A request without a body sent again — the same object, as httpjson
   * sends a repeated GET, and one the JDK's builder made, which is immutable — gets the OkHttp
   * request made for it last time (immutable too) rather than a copy of its headers.
   */
  Request toOkHttp(HttpRequest request) {
    Converted last = lastRequest;
    if (last != null && last.request == request) {
      return last.okRequest;
    }
    Request okRequest = convert(request);
    if (okRequest.body() == null && immutable(request.getClass())) {
      lastRequest = new Converted(request, okRequest);
    }
    return okRequest;
  }

  /** Whether requests of {@code type} are the JDK's immutable ones, which its builders make. */
  private static boolean immutable(Class<?> type) {
    return type.getModule() == HttpClient.class.getModule()
        && type.getName().equals("jdk.internal.net.http.ImmutableHttpRequest");
  }

  private static final class Converted {
    final HttpRequest request;
    final Request okRequest;

    Converted(HttpRequest request, Request okRequest) {
      this.request = request;
      this.okRequest = okRequest;
    }
  }

  private Request convert(HttpRequest request) {
    Request.Builder builder = new Request.Builder().url(url(request.uri()));
    request
        .headers()
        .map()
        .forEach(
            (name, values) -> {
              for (String value : values) {
                builder.addHeader(name, value);
              }
            });
    if (request.expectContinue()) {
      builder.header("Expect", "100-continue"); // OkHttp waits for the 100 before the body
    }
    String method = request.method();
    RequestBody body = null;
    BodyPublisher publisher = request.bodyPublisher().orElse(null);
    long length = publisher == null ? 0 : publisher.contentLength();
    boolean guarded =
        !IDEMPOTENT.contains(method) && request.headers().firstValue("Idempotency-Key").isEmpty();
    if (length != 0) {
      if (method.equals("GET") || method.equals("HEAD")) {
        throw new BodyNotAllowedException(method);
      }
      body = new PublisherRequestBody(publisher, length, guarded);
    } else if (guarded) {
      // OkHttp repeats a request without a body freely: an empty one of ours says when not. The
      // JDK client sends such a request with Content-Length: 0 too.
      body = new PublisherRequestBody(HttpRequest.BodyPublishers.noBody(), 0, true);
    } else if (requiresBody(method)) {
      body = EMPTY;
    }
    return builder.method(method, body).build();
  }

  /**
   * The URI as OkHttp's {@link HttpUrl}, parsed once for a run of requests to the same URI (the
   * usual case: a caller polling one endpoint); both types are immutable.
   */
  private HttpUrl url(URI uri) {
    // Compared as strings: URI.equals ignores the case of percent-escapes, which are sent as
    // written.
    String text = uri.toString();
    ParsedUrl last = lastUrl;
    if (last != null && (last.uri == uri || last.text.equals(text))) {
      return last.url;
    }
    HttpUrl url = HttpUrl.get(text);
    lastUrl = new ParsedUrl(uri, text, url);
    return url;
  }

  private static final class ParsedUrl {
    final URI uri;
    final String text;
    final HttpUrl url;

    ParsedUrl(URI uri, String text, HttpUrl url) {
      this.uri = uri;
      this.text = text;
      this.url = url;
    }
  }

  private static boolean requiresBody(String method) {
    switch (method) {
      case "POST":
      case "PUT":
      case "PATCH":
      case "PROPPATCH":
      case "REPORT":
        return true;
      default:
        return false;
    }
  }

  /** A HEAD answer, a 204 and a 304 have no body, whatever their headers say. */
  private static boolean hasBody(Response response, HttpRequest request) {
    int code = response.code();
    return !request.method().equals("HEAD") && code != 204 && code != 304;
  }

  // ---- failures, as the JDK reports them ----

  /**
   * OkHttp reads an unparsable Content-Length as "no length" and the body up to the end of the
   * connection; the JDK client rejects it, and so does this one.
   */
  private static java.net.@Nullable ProtocolException malformedContentLength(Response response) {
    String value = response.header("Content-Length");
    if (value == null) {
      return null;
    }
    int n = value.length();
    boolean digits = n > 0 && n <= 18;
    for (int i = 0; digits && i < n; i++) {
      char c = value.charAt(i);
      digits = c >= '0' && c <= '9';
    }
    return digits ? null : new java.net.ProtocolException("Bad Content-Length: " + value);
  }

  private static IOException failure(Call call, IOException e, @Nullable HeadersTimeout timeout)
      throws InterruptedException {
    if (timeout != null && timeout.fired(e)) {
      return new HttpTimeoutException("request timed out");
    }
    if (Thread.interrupted() || e instanceof ClosedByInterruptException) {
      call.cancel();
      throw new InterruptedException();
    }
    return jdkWrapped(unwrap(e));
  }

  private static Throwable asyncFailure(IOException e, @Nullable HeadersTimeout timeout) {
    if (timeout != null && timeout.fired(e)) {
      return new HttpTimeoutException("request timed out");
    }
    Throwable cause = unwrap(e);
    if (cause instanceof SocketTimeoutException && isConnect(cause)) {
      HttpConnectTimeoutException connect = new HttpConnectTimeoutException(cause.getMessage());
      connect.initCause(cause);
      return connect;
    }
    return cause;
  }

  private static Throwable unwrap(Throwable t) {
    if (t instanceof CompletionException && t.getCause() != null) {
      return t.getCause();
    }
    if (t instanceof PublisherRequestBody.PublisherFailure) {
      return t.getCause();
    }
    return t;
  }

  private static boolean isConnect(Throwable t) {
    String message = t.getMessage();
    return message != null && message.toLowerCase(java.util.Locale.ROOT).contains("connect");
  }

  /** What {@link HttpClient#send} throws for a failed exchange: a new exception of a JDK type. */
  private static IOException jdkWrapped(Throwable t) {
    String message = t.getMessage() != null ? t.getMessage() : t.toString();
    if (t instanceof SocketTimeoutException && isConnect(t)) {
      HttpConnectTimeoutException e = new HttpConnectTimeoutException(message);
      e.initCause(t);
      return e;
    }
    if (t instanceof HttpConnectTimeoutException) {
      HttpConnectTimeoutException e = new HttpConnectTimeoutException(message);
      e.initCause(t);
      return e;
    }
    if (t instanceof HttpTimeoutException) {
      return new HttpTimeoutException(message);
    }
    if (t instanceof ConnectException) {
      ConnectException e = new ConnectException(message);
      e.initCause(t);
      return e;
    }
    if (t instanceof SSLHandshakeException) {
      SSLHandshakeException e = new SSLHandshakeException(message);
      e.initCause(t);
      return e;
    }
    if (t instanceof SSLException) {
      return new SSLException(message, t);
    }
    return new IOException(message, t);
  }

  /**
   * The returned future: a caller who completes or cancels it first cancels the OkHttp call and
   * releases the response.
   */
  private static final class CallFuture<T> extends CompletableFuture<T> {
    private final Call call;
    private volatile @Nullable ResponsePump pump;

    CallFuture(Call call) {
      this.call = call;
    }

    void reading(ResponsePump pump) {
      this.pump = pump;
      if (isDone()) {
        pump.cancel();
      }
    }

    void succeed(T value) {
      super.complete(value);
    }

    void fail(Throwable failure) {
      if (super.completeExceptionally(failure)) {
        abort();
      }
    }

    @Override
    public boolean complete(T value) {
      boolean completed = super.complete(value);
      if (completed) {
        abort();
      }
      return completed;
    }

    @Override
    public boolean completeExceptionally(Throwable failure) {
      boolean completed = super.completeExceptionally(failure);
      if (completed) {
        abort();
      }
      return completed;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      boolean cancelled = super.cancel(mayInterruptIfRunning);
      if (cancelled) {
        abort();
      }
      return cancelled;
    }

    private void abort() {
      ResponsePump p = pump;
      if (p != null) {
        p.cancel();
      } else {
        call.cancel();
      }
    }

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
      return new CompletableFuture<>();
    }
  }

  /**
   * {@link HttpRequest#timeout()}: as in the JDK, it covers the exchange up to the response
   * headers, not the reading of the body. It is OkHttp's own per-call timeout ({@link
   * Call#timeout()}, watched by Okio's watchdog thread, which also serves OkHttp's call and HTTP/2
   * timeouts), set to the request's timeout before the call and ended when the headers arrive, so
   * the transport keeps no timer thread of its own. A call timeout of the {@link OkHttpClient}
   * stays in force as a deadline for the whole call.
   */
  private static final class HeadersTimeout {
    private static final long MAX_NANOS = Long.MAX_VALUE / 4; // Okio adds it to nanoTime()
    private static final Duration MAX = Duration.ofNanos(MAX_NANOS);

    private final Call call;
    private final long nanos;
    private final long callNanos; // the OkHttpClient's call timeout, or 0

    private HeadersTimeout(Call call, long nanos) {
      this.call = call;
      this.nanos = nanos;
      Timeout timeout = call.timeout();
      this.callNanos = timeout.timeoutNanos();
      if (callNanos > 0) {
        timeout.deadlineNanoTime(System.nanoTime() + callNanos);
      }
      timeout.timeout(nanos, TimeUnit.NANOSECONDS);
    }

    static @Nullable HeadersTimeout start(Call call, HttpRequest request) {
      Duration timeout = request.timeout().orElse(null);
      if (timeout == null) {
        return null;
      }
      long nanos = timeout.compareTo(MAX) >= 0 ? MAX_NANOS : timeout.toNanos();
      return new HeadersTimeout(call, nanos);
    }

    /**
     * The headers arrived: ends the request's timeout (the client's call timeout, if any, goes on
     * as a deadline). Returns whether the timeout had fired first.
     */
    boolean headersReceived() {
      Timeout timeout = call.timeout();
      if (!(timeout instanceof AsyncTimeout)) {
        return false;
      }
      AsyncTimeout watched = (AsyncTimeout) timeout;
      boolean fired = watched.exit() && firstToFire();
      if (callNanos > 0 && !fired) {
        watched.timeout(0, TimeUnit.NANOSECONDS);
        watched.enter(); // the deadline alone; OkHttp exits it when the call ends
      }
      return fired;
    }

    /** Whether {@code e}, a failure before the headers, is this timeout's doing. */
    boolean fired(IOException e) {
      return e instanceof InterruptedIOException
          && !(e instanceof SocketTimeoutException)
          && "timeout".equals(e.getMessage())
          && firstToFire();
    }

    /** Whether this timeout, not the client's call timeout, is the one that fires first. */
    private boolean firstToFire() {
      return callNanos == 0 || nanos <= callNanos;
    }
  }

  /** OkHttp refuses a body on GET and HEAD, which the JDK client sends. */
  private static final class BodyNotAllowedException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    BodyNotAllowedException(String method) {
      super(
          "OkHttp does not allow a request body on "
              + method
              + " (the JDK client sends it): send the body with another method, such as POST,"
              + " or use the JDK client");
    }
  }
}
