package dev.httpjson.apache5;

import dev.httpjson.transport.support.internal.CallFuture;
import dev.httpjson.transport.support.internal.Failures;
import dev.httpjson.transport.support.internal.LibraryClient;
import dev.httpjson.transport.support.internal.TransportResponse;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpTimeoutException;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.apache.hc.client5.http.ClientProtocolException;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.HttpHostConnectException;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.MinimalHttpClient;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.routing.RoutingSupport;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.io.ModalCloseable;
import org.jspecify.annotations.Nullable;

/** The JDK client's contract over Apache HttpClient 5 classic: see {@link Apache5Transport}. */
final class Apache5HttpClient extends LibraryClient implements AutoCloseable {
  private final CloseableHttpClient client;

  /** Whether {@link #client} is this client's own, made by {@link Apache5Transport}. */
  private final boolean owned;

  /**
   * Whether the client needs the target host named: {@code HttpClients.createMinimal()}'s refuses a
   * null one, where the others take it from the request's URI.
   */
  private final boolean namesTarget;

  Apache5HttpClient(CloseableHttpClient client, Redirect redirect, boolean owned) {
    super("Apache HttpClient 5", redirect, "use the JDK client");
    this.client = client;
    this.owned = owned;
    this.namesTarget = client instanceof MinimalHttpClient;
  }

  /**
   * The caller's client itself: its {@code CookieStore} and {@code CredentialsProvider} add cookies
   * and credentials this API cannot see, so a cache keeps its responses apart from other clients'.
   */
  @Override
  protected @Nullable Object credentials() {
    return owned ? null : client;
  }

  // ---- configuration: the CloseableHttpClient's ----

  @Override
  public SSLContext sslContext() {
    throw new UnsupportedOperationException(
        "Apache HttpClient configures TLS with a TlsSocketStrategy, not an HttpClient's"
            + " SSLContext: see PoolingHttpClientConnectionManagerBuilder.setTlsSocketStrategy");
  }

  @Override
  public SSLParameters sslParameters() {
    throw new UnsupportedOperationException(
        "Apache HttpClient configures TLS with a TlsSocketStrategy and TlsConfig, not"
            + " SSLParameters: see PoolingHttpClientConnectionManagerBuilder.setDefaultTlsConfig");
  }

  /**
   * Closes the connection pool of a client {@link Apache5Transport#newHttpClient()} made: its idle
   * connections at once, those in use as their exchanges end. A client over an Apache client of the
   * caller's leaves that one to its owner.
   */
  @Override
  public void close() {
    if (owned) {
      client.close(CloseMode.GRACEFUL);
    }
  }

  // ---- exchanges ----

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, BodyHandler<T> handler)
      throws IOException, InterruptedException {
    Objects.requireNonNull(handler, "handler == null");
    HttpClientContext context = HttpClientContext.create();
    HttpUriRequestBase apache = toApache(request, context);
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    Watchdog.Watch watch =
        Watchdog.watch(Thread.currentThread(), apache, Failures.timeoutNanos(request));
    try {
      ClassicHttpResponse response;
      try {
        response = client.executeOpen(target(apache), apache, context);
      } catch (IOException | RuntimeException e) {
        throw failure(watch, e, apache);
      }
      Exchange exchange = new Exchange(apache, response);
      if (watch.headersReceived()) {
        exchange.abort();
        throw new HttpTimeoutException("request timed out");
      }
      TransportResponse<Void> info =
          Apache5Responses.info(response, request, context, followRedirects());
      ResponsePump<T> pump;
      try {
        pump = exchange.pump(handler, info, request);
      } catch (IOException | RuntimeException | Error e) {
        throw new IOException(e.getMessage(), e);
      }
      pump.start(true);
      try {
        return info.with(pump.await());
      } catch (CompletionException e) {
        pump.cancel(); // the call failed: nothing reads the rest of the body
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        if (watch.interrupted() || Thread.currentThread().isInterrupted()) {
          Thread.interrupted();
          throw new InterruptedException();
        }
        throw jdkWrapped(cause);
      }
    } finally {
      watch.end();
    }
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, BodyHandler<T> handler) {
    Objects.requireNonNull(handler, "handler == null");
    HttpClientContext context = HttpClientContext.create();
    HttpUriRequestBase apache;
    try {
      apache = toApache(request, context);
    } catch (IllegalArgumentException e) {
      return CompletableFuture.failedFuture(e);
    }
    CallFuture<T> future = new CallFuture<>(apache::cancel);
    try {
      OwnThreads.IO
          .executor()
          .execute(() -> exchangeAsync(request, handler, apache, context, future));
    } catch (RejectedExecutionException e) {
      future.fail(new IOException("could not start a thread for the exchange: " + e, e));
    }
    return future;
  }

  /** The exchange of {@code sendAsync}, on a transport thread: up to the response headers. */
  private <T> void exchangeAsync(
      HttpRequest request,
      BodyHandler<T> handler,
      HttpUriRequestBase apache,
      HttpClientContext context,
      CallFuture<T> future) {
    if (future.isDone()) {
      return;
    }
    Watchdog.Watch watch = Watchdog.watch(null, apache, Failures.timeoutNanos(request));
    ClassicHttpResponse response;
    try {
      response = client.executeOpen(target(apache), apache, context);
    } catch (IOException | RuntimeException e) {
      watch.end();
      Throwable failure =
          watch.timedOut() ? new HttpTimeoutException("request timed out") : jdkWrapped(unwrap(e));
      OwnThreads.OFF_OWN.execute(() -> future.fail(failure));
      return;
    }
    boolean timedOut = watch.headersReceived();
    watch.end();
    Exchange exchange = new Exchange(apache, response);
    if (timedOut) {
      exchange.abort();
      OwnThreads.OFF_OWN.execute(() -> future.fail(new HttpTimeoutException("request timed out")));
      return;
    }
    TransportResponse<Void> info =
        Apache5Responses.info(response, request, context, followRedirects());
    OwnThreads.OFF_OWN.execute(
        () -> {
          if (future.isDone()) {
            exchange.abort();
            return;
          }
          ResponsePump<T> pump;
          try {
            pump = exchange.pump(handler, info, request);
          } catch (IOException | RuntimeException | Error e) {
            future.fail(e);
            return;
          }
          future.reading(pump, info, OwnThreads.OFF_OWN);
          pump.start(false);
        });
  }

  // ---- the request ----

  HttpUriRequestBase toApache(HttpRequest request, HttpClientContext context) {
    Failures.checkHeaders(request);
    String method = request.method();
    HttpUriRequestBase apache = new Request(method, request.uri());
    request
        .headers()
        .map()
        .forEach(
            (name, values) -> {
              for (int i = 0, n = values.size(); i < n; i++) { // the JDK's lists: no iterator
                apache.addHeader(name, values.get(i));
              }
            });
    BodyPublisher publisher = request.bodyPublisher().orElse(null);
    long length = publisher == null ? 0 : publisher.contentLength();
    boolean guarded = Failures.guarded(request);
    HttpEntity entity = null;
    if (publisher != null && length != 0) {
      entity = new PublisherEntity(publisher, length, guarded, context, apache);
    } else if (guarded) {
      // An entity says when Apache may repeat the request; the JDK client sends such a request
      // with Content-Length: 0 too.
      entity = new PublisherEntity(HttpRequest.BodyPublishers.noBody(), 0, true, context, apache);
    } else if (requiresBody(method)) {
      entity = new ByteArrayEntity(new byte[0], null);
    }
    if (entity != null) {
      apache.setEntity(entity);
      if (request.expectContinue()) {
        apache.setHeader("Expect", "100-continue"); // Apache waits for the 100 before the body
      }
    }
    return apache;
  }

  /**
   * An Apache request whose cancellation (a timeout, an interrupt, a cancelled future, an aborted
   * body) closes its connection and then wakes a write of its body that waits for the publisher:
   * Apache's blocking write cannot notice by itself that its exchange is over.
   *
   * <p>A cancel returns only once the connection is closed, whichever thread began closing it:
   * Apache's own returns at once to a second caller while the first is still closing, and a body
   * write that failed would then let Apache end a chunked body on a connection still open.
   */
  static final class Request extends HttpUriRequestBase {
    private static final long serialVersionUID = 1L;

    Request(String method, URI uri) {
      super(method, uri);
    }

    @Override
    public boolean cancel() {
      boolean cancelled;
      synchronized (this) {
        cancelled = super.cancel();
      }
      HttpEntity entity = getEntity();
      if (entity instanceof PublisherEntity) {
        ((PublisherEntity) entity).abort();
      }
      return cancelled;
    }
  }

  /** The target host to name to the client, or null for it to take the request URI's. */
  private @Nullable HttpHost target(HttpUriRequestBase apache) throws IOException {
    if (!namesTarget) {
      return null;
    }
    try {
      return RoutingSupport.determineHost(apache);
    } catch (HttpException e) {
      throw new ClientProtocolException(e.getMessage(), e);
    }
  }

  private static boolean requiresBody(String method) {
    switch (method) {
      case "POST":
      case "PUT":
      case "PATCH":
        return true;
      default:
        return false;
    }
  }

  // ---- failures, as the JDK reports them ----

  /**
   * The publisher's own failure when it made the exchange fail (Apache then reports the
   * cancellation that cut the body short), else {@code e}.
   */
  private static Exception publisherFailure(HttpUriRequestBase apache, Exception e) {
    HttpEntity entity = apache.getEntity();
    if (entity instanceof PublisherEntity) {
      Failures.PublisherFailure failure = ((PublisherEntity) entity).failure();
      if (failure != null) {
        return failure;
      }
    }
    return e;
  }

  private static IOException failure(Watchdog.Watch watch, Exception e, HttpUriRequestBase apache)
      throws InterruptedException {
    if (watch.timedOut()) {
      return new HttpTimeoutException("request timed out");
    }
    if (watch.interrupted() || Thread.currentThread().isInterrupted()) {
      Thread.interrupted();
      throw new InterruptedException();
    }
    if (e instanceof IllegalArgumentException) {
      throw (IllegalArgumentException) e;
    }
    return jdkWrapped(unwrap(publisherFailure(apache, e)));
  }

  private static Throwable unwrap(Throwable t) {
    Throwable cause = Failures.unwrap(t);
    if (cause instanceof ClientProtocolException && cause.getCause() != null) {
      return cause.getCause(); // Apache's wrapper of a protocol violation
    }
    return cause;
  }

  /** What {@link HttpClient#send} throws for a failed exchange: a new exception of a JDK type. */
  private static IOException jdkWrapped(Throwable t) {
    String message = t.getMessage() != null ? t.getMessage() : t.toString();
    if (t instanceof org.apache.hc.core5.http.HttpException
        || t instanceof java.net.ProtocolException) {
      // A response Apache could not parse. Its "Invalid content length: 1x9" names the header as
      // the JDK client does.
      String reworded =
          message.startsWith("Invalid content length")
              ? "Bad Content-Length" + message.substring("Invalid content length".length())
              : message;
      java.net.ProtocolException e = new java.net.ProtocolException(reworded);
      e.initCause(t);
      return e;
    }
    if (t instanceof HttpHostConnectException) {
      // "Connect to http://[::1]:8080 failed: Connection refused", without the socket's failure as
      // its cause: the reason is the end of its message.
      int at = message.lastIndexOf(" failed: ");
      return Failures.connectFailure(
          t, at < 0 ? t : new ConnectException(message.substring(at + " failed: ".length())));
    }
    return Failures.jdkWrapped(t, t instanceof ConnectTimeoutException);
  }

  /**
   * One exchange's response: ends it once, either at the end of its body (Apache has put the
   * connection back in the pool) or by aborting it (the connection is closed, never reused).
   */
  static final class Exchange implements ResponsePump.Exchange {
    private static final VarHandle ENDED;

    static {
      try {
        ENDED = MethodHandles.lookup().findVarHandle(Exchange.class, "ended", boolean.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    private final HttpUriRequestBase request;
    private final ClassicHttpResponse response;
    private volatile boolean ended;

    Exchange(HttpUriRequestBase request, ClassicHttpResponse response) {
      this.request = request;
      this.response = response;
    }

    /** The pump of the body {@code handler} makes of the response; a failure aborts this. */
    <T> ResponsePump<T> pump(
        BodyHandler<T> handler, TransportResponse<Void> info, HttpRequest request)
        throws IOException {
      try {
        BodySubscriber<T> subscriber = handler.apply(info);
        boolean hasBody = Failures.hasBody(request, response.getCode());
        HttpEntity entity = hasBody ? response.getEntity() : null;
        InputStream in = entity == null ? null : entity.getContent();
        long length = entity == null ? 0 : entity.getContentLength();
        return new ResponsePump<>(this, in, length, subscriber);
      } catch (IOException | RuntimeException | Error e) {
        abort();
        throw e;
      }
    }

    @Override
    public void finished() {
      if (ENDED.compareAndSet(this, false, true)) {
        try {
          response.close();
        } catch (IOException e) {
          request.cancel();
        }
      }
    }

    @Override
    public void abort() {
      if (ENDED.compareAndSet(this, false, true)) {
        request.cancel(); // closes the connection: nothing waits to read the rest of the body
        if (response instanceof ModalCloseable) {
          ((ModalCloseable) response).close(CloseMode.IMMEDIATE);
        } else {
          try {
            response.close();
          } catch (IOException e) {
            // the connection is closed already
          }
        }
      }
    }
  }
}
