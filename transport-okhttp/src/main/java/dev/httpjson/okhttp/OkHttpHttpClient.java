package dev.httpjson.okhttp;

import dev.httpjson.transport.support.internal.CallFuture;
import dev.httpjson.transport.support.internal.Failures;
import dev.httpjson.transport.support.internal.LibraryClient;
import dev.httpjson.transport.support.internal.TransportResponse;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.ProxySelector;
import java.net.SocketTimeoutException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedByInterruptException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
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
final class OkHttpHttpClient extends LibraryClient {
  private static final RequestBody EMPTY = RequestBody.create(new byte[0], null);

  /**
   * The times a request whose stream the server refused ({@code REFUSED_STREAM}) is sent again at
   * most, each on a new OkHttp call.
   */
  static final int REFUSED_RETRIES = 3;

  private final OkHttpClient client; // with answers(), for the requests whose body it guards
  private final OkHttpClient plain; // the caller's settings, for every other request
  private final Version version;
  private final ExecutorService executor;
  private final Executor completions; // off the reader threads
  private final @Nullable AddedCredentials added; // null without interceptors of the caller's

  OkHttpHttpClient(OkHttpClient client) {
    super(
        "OkHttp",
        !client.followRedirects()
            ? Redirect.NEVER
            : client.followSslRedirects() ? Redirect.ALWAYS : Redirect.NORMAL,
        "use OkHttpClient.newWebSocket");
    IdleConnections idle = new IdleConnections();
    EventListener.Factory listeners = client.eventListenerFactory();
    // Both share the caller's dispatcher, pool and settings; each call tells idle of the
    // connections it releases.
    this.plain =
        client.newBuilder().eventListenerFactory(call -> listeners.create(call).plus(idle)).build();
    this.client =
        plain.newBuilder().addNetworkInterceptor(PublisherRequestBody.answers(idle)).build();
    this.version =
        client.protocols().contains(Protocol.HTTP_2)
                || client.protocols().contains(Protocol.H2_PRIOR_KNOWLEDGE)
            ? Version.HTTP_2
            : Version.HTTP_1_1;
    this.executor = this.client.dispatcher().executorService();
    this.completions = PumpThreads.READERS.offOwn(executor);
    this.added = AddedCredentials.of(client);
  }

  // ---- configuration: the OkHttpClient's ----

  /** The cookies of the client's {@code CookieJar}, which it adds beneath this API. */
  @Override
  protected String cookies(java.net.URI uri) {
    okhttp3.CookieJar jar = plain.cookieJar();
    if (jar == okhttp3.CookieJar.NO_COOKIES) {
      return "";
    }
    HttpUrl url = HttpUrl.parse(uri.toString());
    if (url == null) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    for (okhttp3.Cookie c : jar.loadForRequest(url)) {
      b.append(c.name()).append('=').append(c.value()).append("; ");
    }
    return b.toString();
  }

  /** The client's {@code Authenticator}, which answers the origin's challenges beneath this API. */
  @Override
  protected @Nullable Object credentials() {
    okhttp3.Authenticator origin = plain.authenticator();
    return origin == okhttp3.Authenticator.NONE ? null : origin;
  }

  @Override
  public Optional<Duration> connectTimeout() {
    int millis = client.connectTimeoutMillis();
    return millis == 0 ? Optional.empty() : Optional.of(Duration.ofMillis(millis));
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

  @Override
  public Version version() {
    return version;
  }

  /** The executor of OkHttp's dispatcher, which runs {@code sendAsync} calls. */
  @Override
  public Optional<Executor> executor() {
    return Optional.of(executor);
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
    long started = System.nanoTime();
    HeadersTimeout timeout = HeadersTimeout.start(call, request);
    CallInterrupter interrupter = new CallInterrupter(call);
    Response response;
    for (int retries = 0; ; retries++) {
      interrupter.enter();
      try {
        response = call.execute();
        break;
      } catch (IOException e) {
        if (!sendAgain(e, okRequest, retries)) {
          throw failure(call, e, timeout);
        }
      } finally {
        interrupter.exit();
      }
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
      okRequest = toOkHttp(request);
      call = newCall(okRequest);
      timeout = HeadersTimeout.resume(call, request, started);
      interrupter = new CallInterrupter(call);
    }
    IOException refused = refused(call, request, response, timeout);
    if (refused != null) {
      throw refused instanceof HttpTimeoutException
          ? refused
          : new IOException(refused.getMessage(), refused);
    }
    TransportResponse<Void> info;
    try {
      info = info(call, response, request, okRequest);
    } catch (RuntimeException e) {
      throw new IOException(e.getMessage(), e);
    }
    ResponsePump<T> pump;
    try {
      pump = pump(call, response, request, handler, info, interrupter);
    } catch (RuntimeException | Error e) {
      throw new IOException(e.getMessage(), e);
    }
    pump.start(true);
    try {
      return info.with(pump.await());
    } catch (CompletionException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      if (Thread.interrupted()) {
        call.cancel();
        throw new InterruptedException();
      }
      throw jdkWrapped(cause);
    }
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, BodyHandler<T> handler) {
    java.util.Objects.requireNonNull(handler, "handler == null");
    Request okRequest;
    try {
      okRequest = toOkHttp(request);
    } catch (IllegalArgumentException e) { // a body on GET, a restricted header
      return CompletableFuture.failedFuture(e);
    }
    Call call = newCall(okRequest);
    java.util.concurrent.atomic.AtomicReference<Call> current =
        new java.util.concurrent.atomic.AtomicReference<>(call);
    CallFuture<T> future =
        new CallFuture<>(
            () -> {
              Call c = current.get();
              if (c != null) {
                c.cancel();
              }
            });
    new AsyncAttempt<>(request, handler, okRequest, call, current, future, System.nanoTime(), 0)
        .enqueue();
    return future;
  }

  /**
   * One OkHttp call of a {@code sendAsync}: its response is read into {@code future}; a stream the
   * server refused is sent again on a new call ({@link #sendAgain}), which {@code current} then
   * names for the future to cancel.
   */
  private final class AsyncAttempt<T> implements Callback {
    private final HttpRequest request;
    private final BodyHandler<T> handler;
    private final Request okRequest;
    private final java.util.concurrent.atomic.AtomicReference<Call> current;
    private final CallFuture<T> future;
    private final long started;
    private final int retries;
    private final Call call;
    private @Nullable HeadersTimeout timeout;
    private @Nullable SendTimeout sent;

    AsyncAttempt(
        HttpRequest request,
        BodyHandler<T> handler,
        Request okRequest,
        Call call,
        java.util.concurrent.atomic.AtomicReference<Call> current,
        CallFuture<T> future,
        long started,
        int retries) {
      this.request = request;
      this.handler = handler;
      this.okRequest = okRequest;
      this.current = current;
      this.future = future;
      this.started = started;
      this.retries = retries;
      this.call = call;
    }

    void enqueue() {
      try {
        timeout =
            retries == 0
                ? HeadersTimeout.start(call, request)
                : HeadersTimeout.resume(call, request, started);
      } catch (HttpTimeoutException e) {
        future.fail(e);
        return;
      }
      HeadersTimeout headers = timeout;
      if (headers != null) {
        SendTimeout t = new SendTimeout(call, future, executor);
        t.timeout(headers.nanos, TimeUnit.NANOSECONDS);
        t.enter();
        sent = t;
      }
      call.enqueue(this);
      if (future.isDone()) {
        call.cancel(); // cancelled while this call was being made
      }
    }

    @Override
    public void onFailure(Call c, IOException e) {
      if (timedOut()) {
        future.fail(new HttpTimeoutException("request timed out"));
        return;
      }
      if (!future.isDone() && sendAgain(e, okRequest, retries)) {
        Request again = toOkHttp(request);
        Call next = newCall(again);
        current.set(next);
        new AsyncAttempt<>(request, handler, again, next, current, future, started, retries + 1)
            .enqueue();
        return;
      }
      future.fail(asyncFailure(e, timeout));
    }

    @Override
    public void onResponse(Call c, Response response) {
      if (timedOut()) {
        response.close();
        future.fail(new HttpTimeoutException("request timed out"));
        return;
      }
      IOException refused = refused(call, request, response, timeout);
      if (refused != null) {
        future.fail(refused);
        return;
      }
      TransportResponse<Void> info;
      try {
        info = info(call, response, request, okRequest);
      } catch (RuntimeException e) { // thrown to OkHttp, it would leave the future pending
        future.fail(new IOException(e.getMessage(), e));
        return;
      }
      ResponsePump<T> pump;
      try {
        pump = pump(call, response, request, handler, info, null);
      } catch (RuntimeException | Error e) {
        future.fail(e);
        return;
      }
      future.reading(pump, info, completions);
      pump.start(true);
    }

    /** Ends the request's timeout from the send, at the headers or a failure: whether it fired. */
    private boolean timedOut() {
      SendTimeout t = sent;
      return t != null && t.exit();
    }
  }

  /**
   * {@link HttpRequest#timeout()} of a {@code sendAsync} call from the send, as in the JDK client:
   * OkHttp starts a call's own timeout only when its dispatcher runs the call, and queues the calls
   * past its limits ({@code maxRequests}, {@code maxRequestsPerHost}) for as long as the calls
   * ahead of them take. Watched by Okio's watchdog thread, as the call's own timeout is. When it
   * fires first, the call is cancelled (a queued one is then never sent) and the future fails with
   * an {@link HttpTimeoutException} on the client's executor, never on the watchdog thread.
   */
  private static final class SendTimeout extends AsyncTimeout {
    private final Call call;
    private final CallFuture<?> future;
    private final Executor executor;

    SendTimeout(Call call, CallFuture<?> future, Executor executor) {
      this.call = call;
      this.future = future;
      this.executor = executor;
    }

    @Override
    protected void timedOut() {
      call.cancel();
      Runnable fail = () -> future.fail(new HttpTimeoutException("request timed out"));
      try {
        executor.execute(fail);
      } catch (java.util.concurrent.RejectedExecutionException e) {
        java.util.concurrent.ForkJoinPool.commonPool().execute(fail); // an executor shut down
      }
    }
  }

  /**
   * Whether a request whose call failed with {@code e} after {@code retries} retries is sent again:
   * the server refused its stream ({@code REFUSED_STREAM}: RFC 9113 section 8.7, it was not
   * processed, whatever the method), which OkHttp sends again only on another route (square/okhttp
   * issue 6700); at most {@link #REFUSED_RETRIES} times, unless the client's {@code
   * retryOnConnectionFailure} is off or the request's body failed. The body is published again, as
   * for a redirect: a publisher that can publish only once fails the call with its own failure.
   */
  private boolean sendAgain(IOException e, Request okRequest, int retries) {
    if (retries >= REFUSED_RETRIES || !plain.retryOnConnectionFailure() || !refusedStream(e)) {
      return false;
    }
    RequestBody body = okRequest.body();
    return !(body instanceof PublisherRequestBody) || ((PublisherRequestBody) body).replayable();
  }

  /**
   * Whether {@code e} (or a cause) is OkHttp's reset of the stream with {@code REFUSED_STREAM}: its
   * type is internal to OkHttp, so only the words OkHttp gives it tell it (should they change, a
   * refused stream fails the call as before).
   */
  private static boolean refusedStream(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof IOException && "stream was reset: REFUSED_STREAM".equals(t.getMessage())) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  /**
   * The status line and headers of {@code response}, telling an {@code HttpCache} whether the
   * caller's interceptors sent other credentials than {@code okRequest}'s ({@link
   * AddedCredentials}). When they cannot be made — OkHttp followed a redirect to a URI that an
   * {@link HttpRequest} cannot hold, such as one whose host has an underscore, or the caller's
   * cookie jar threw — the exchange ends and the failure is thrown.
   */
  private TransportResponse<Void> info(
      Call call, Response response, HttpRequest request, Request okRequest) {
    try {
      TransportResponse<Void> info = OkHttpResponses.info(response, request, okRequest.url());
      AddedCredentials a = added;
      return a != null && a.in(okRequest, response) ? info.withCredentialsAdded() : info;
    } catch (RuntimeException e) {
      call.cancel();
      response.close();
      throw e;
    }
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
   * The request as OkHttp's, made anew at each send: the transport keeps nothing of one exchange
   * for the next.
   */
  Request toOkHttp(HttpRequest request) {
    Failures.checkHeaders(request);
    Request.Builder builder = new Request.Builder().url(HttpUrl.get(request.uri().toString()));
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
    boolean guarded = Failures.guarded(request);
    if (publisher != null && length != 0) {
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

  /** The pump of the body {@code handler} makes of the response; a failure ends the exchange. */
  private <T> ResponsePump<T> pump(
      Call call,
      Response response,
      HttpRequest request,
      BodyHandler<T> handler,
      TransportResponse<Void> info,
      @Nullable CallInterrupter interrupter) {
    try {
      boolean hasBody = Failures.hasBody(request, response.code());
      return new ResponsePump<>(
          call, response, handler.apply(info), hasBody, executor, interrupter);
    } catch (RuntimeException | Error e) {
      call.cancel();
      response.close();
      throw e;
    }
  }

  // ---- failures, as the JDK reports them ----

  /**
   * Why the response, its headers just received, is not passed on (it is then closed): the
   * request's timeout fired first, or it is a {@code 101 Switching Protocols}, which the client
   * never asks for (it fails the JDK client's call too), or its Content-Length is unparsable —
   * OkHttp reads that as "no length" and the body up to the end of the connection; the JDK client
   * rejects it, and so does this one — or, on a response with a body, given more than once with
   * values that disagree, which leaves the end of the body unknown (RFC 9112, section 6.3; OkHttp
   * would read by the last). Null when it is passed on.
   */
  private static @Nullable IOException refused(
      Call call, HttpRequest request, Response response, @Nullable HeadersTimeout timeout) {
    if (timeout != null && timeout.headersReceived()) {
      response.close();
      return new HttpTimeoutException("request timed out");
    }
    if (response.code() == 101) {
      // Asked for no protocol switch (the JDK client's words); IdleConnections closes the
      // connection, which after a 101 speaks the server's new protocol.
      call.cancel();
      response.close();
      return new java.net.ProtocolException("Unexpected 101 response, when not upgrading");
    }
    String value = response.header("Content-Length");
    if (value == null) {
      return null;
    }
    String problem = null;
    if (!digits(value)) {
      problem = "Bad Content-Length: " + value;
    } else if (Failures.hasBody(request, response.code())) {
      // Several that disagree leave the body's end unknown (OkHttp would read by the last).
      okhttp3.Headers headers = response.headers();
      for (int i = 0, n = headers.size(); problem == null && i < n; i++) {
        if (headers.name(i).equalsIgnoreCase("Content-Length")) {
          String other = headers.value(i);
          if (!digits(other) || Long.parseLong(other) != Long.parseLong(value)) {
            problem =
                "Conflicting Content-Length headers: "
                    + String.join(", ", response.headers("Content-Length"));
          }
        }
      }
    }
    if (problem == null) {
      return null;
    }
    call.cancel();
    response.close();
    return new java.net.ProtocolException(problem);
  }

  /** Whether {@code value} is a Content-Length: 1 to 18 decimal digits. */
  private static boolean digits(String value) {
    int n = value.length();
    boolean digits = n > 0 && n <= 18;
    for (int i = 0; digits && i < n; i++) {
      char c = value.charAt(i);
      digits = c >= '0' && c <= '9';
    }
    return digits;
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
    if (cause instanceof ConnectException) {
      return jdkWrapped(cause); // named by the call as the JDK client's is
    }
    return cause;
  }

  private static Throwable unwrap(Throwable t) {
    return Failures.unwrap(t);
  }

  private static boolean isConnect(Throwable t) {
    String message = t.getMessage();
    return message != null && message.toLowerCase(java.util.Locale.ROOT).contains("connect");
  }

  /** What {@link HttpClient#send} throws for a failed exchange: a new exception of a JDK type. */
  private static IOException jdkWrapped(Throwable t) {
    return Failures.jdkWrapped(t, t instanceof SocketTimeoutException && isConnect(t));
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
      long nanos = Failures.timeoutNanos(request); // Okio adds it to nanoTime()
      return nanos < 0 ? null : new HeadersTimeout(call, nanos);
    }

    /**
     * The timeout of a call that sends {@code request} again, its first call made at {@code
     * started} (a {@code nanoTime}): what is left of the request's timeout.
     *
     * @throws HttpTimeoutException when nothing is left
     */
    static @Nullable HeadersTimeout resume(Call call, HttpRequest request, long started)
        throws HttpTimeoutException {
      long nanos = Failures.timeoutNanos(request);
      if (nanos < 0) {
        return null;
      }
      long left = nanos - (System.nanoTime() - started);
      if (left <= 0) {
        throw new HttpTimeoutException("request timed out");
      }
      return new HeadersTimeout(call, left);
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
