package dev.httpjson.internal.cache;

import dev.httpjson.HttpCache.Outcome;
import dev.httpjson.internal.SecretHeaders;
import dev.httpjson.internal.Uris;
import dev.httpjson.internal.transport.OwnIdentity;
import dev.httpjson.internal.transport.SentCredentials;
import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpResponse.PushPromiseHandler;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLSession;
import org.jspecify.annotations.Nullable;

/**
 * The {@link HttpClient} of {@link dev.httpjson.HttpCache#decorate}: {@code send} and {@code
 * sendAsync} answer from the cache or through it; everything else is the wrapped client's.
 */
final class CachingClient extends dev.httpjson.internal.ForwardingClient {
  private static final byte[] EMPTY = {};

  /** The key part of a GET sent with no credentials or cookies (see {@link #call}). */
  private static final String ANONYMOUS_GET = "get";

  private static final Duration BACKGROUND_TIMEOUT = Duration.ofSeconds(30);

  /**
   * The most bytes of a QUERY's body read to key it; a longer body is sent as it is published,
   * never held whole, and its response passes through unstored.
   */
  static final int MAX_QUERY_BODY = 1 << 20;

  /** The variants of one URI kept at most (as a browser keeps a few); the oldest stored goes. */
  static final int MAX_VARIANTS = 4;

  private final Cache cache;

  CachingClient(HttpClient delegate, Cache cache) {
    super(delegate);
    this.cache = cache;
  }

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, BodyHandler<T> handler)
      throws IOException, InterruptedException {
    Objects.requireNonNull(request, "request == null");
    Objects.requireNonNull(handler, "handler == null");
    String identity = identityIfCached(request);
    if (identity == null) {
      if (safe(request.method())) {
        return delegate.send(request, handler);
      }
      Invalidating<T> invalidating = new Invalidating<>(request, handler);
      try {
        return delegate.send(request, invalidating);
      } catch (IOException | RuntimeException | InterruptedException | Error e) {
        invalidating.failed();
        throw e;
      }
    }
    byte[] body = null;
    if (request.method().equals("QUERY")) {
      QueryBody read = body(request);
      if (read.whole == null) {
        return delegate.send(withBody(request, Objects.requireNonNull(read.rest)), handler);
      }
      body = read.whole;
    }
    return call(request, handler, identity, body).run();
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, BodyHandler<T> handler) {
    Objects.requireNonNull(request, "request == null");
    Objects.requireNonNull(handler, "handler == null");
    String identity = identityIfCached(request);
    if (identity != null && request.method().equals("QUERY")) {
      return queryAsync(request, handler, identity);
    }
    Call<T> call = identity == null ? null : call(request, handler, identity, null);
    if (call == null) {
      return passedOn(request, handler, h -> delegate.sendAsync(request, h));
    }
    return call.runAsync();
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, BodyHandler<T> handler, @Nullable PushPromiseHandler<T> push) {
    if (push == null) {
      return sendAsync(request, handler);
    }
    return passedOn(request, handler, h -> delegate.sendAsync(request, h, push));
  }

  /**
   * The response of a request the cache passed on, sent with {@code handler}: an unsafe one
   * invalidates what it changed ({@link Invalidating}).
   */
  private <T> CompletableFuture<HttpResponse<T>> passedOn(
      HttpRequest request,
      BodyHandler<T> handler,
      java.util.function.Function<BodyHandler<T>, CompletableFuture<HttpResponse<T>>> send) {
    if (safe(request.method())) {
      CompletableFuture<HttpResponse<T>> network = send.apply(handler);
      return linked(network, network.thenApply(r -> r));
    }
    Invalidating<T> invalidating = new Invalidating<>(request, handler);
    CompletableFuture<HttpResponse<T>> network;
    try {
      network = send.apply(invalidating);
    } catch (RuntimeException | Error e) {
      invalidating.failed();
      throw e;
    }
    CompletableFuture<HttpResponse<T>> out = linked(network, network.thenApply(r -> r));
    out.whenComplete(
        (r, e) -> {
          if (e != null) {
            invalidating.failed();
          }
        });
    return out;
  }

  /**
   * The handler of an unsafe request, which invalidates (RFC 9111 section 4.4) as soon as the
   * response's status is known, before its body is read: a body that then fails (cut short, or not
   * what the caller's handler expects) leaves the change the origin made. A request that fails
   * without a response (a timeout, a broken connection) may have been applied all the same, so its
   * target is invalidated too.
   */
  private final class Invalidating<T> implements BodyHandler<T> {
    private final HttpRequest request;
    private final BodyHandler<T> handler;
    private volatile boolean answered;

    Invalidating(HttpRequest request, BodyHandler<T> handler) {
      this.request = request;
      this.handler = handler;
    }

    @Override
    public HttpResponse.BodySubscriber<T> apply(ResponseInfo info) {
      answered = true;
      invalidate(request, info.statusCode(), info.headers());
      return handler.apply(info);
    }

    /** The request failed: its target is invalidated unless a response said how it went. */
    void failed() {
      if (!answered) {
        cache.store.removeGroup(cache.group(request.uri()));
      }
    }
  }

  /**
   * {@code result}, whose cancellation (or any completion by its holder) aborts {@code network}.
   */
  private static <T> CompletableFuture<T> linked(
      CompletableFuture<?> network, CompletableFuture<T> result) {
    return linked(new AtomicReference<>(network), result, new CompletableFuture<>());
  }

  /**
   * {@code out}, completed as {@code result}; its cancellation (or any completion by its holder)
   * aborts the exchange {@code inFlight} holds at that time.
   */
  private static <T> CompletableFuture<T> linked(
      AtomicReference<CompletableFuture<?>> inFlight,
      CompletableFuture<T> result,
      CompletableFuture<T> out) {
    result.whenComplete(
        (r, e) -> {
          if (e != null) {
            out.completeExceptionally(e instanceof CompletionException ? e.getCause() : e);
          } else {
            out.complete(r);
          }
        });
    out.whenComplete(
        (r, e) -> {
          CompletableFuture<?> network = Objects.requireNonNull(inFlight.get());
          if (!network.isDone()) {
            network.cancel(true);
          }
        });
    return out;
  }

  private static boolean safe(String method) {
    switch (method) {
      case "GET":
      case "HEAD":
      case "OPTIONS":
      case "TRACE":
      case "QUERY":
        return true;
      default:
        return false;
    }
  }

  /** RFC 9111 section 4.4: a non-error response to an unsafe method invalidates the URIs. */
  private void invalidate(HttpRequest request, int status, HttpHeaders headers) {
    if (safe(request.method()) || status < 200 || status >= 400) {
      return;
    }
    URI target = request.uri();
    cache.store.removeGroup(cache.group(target));
    for (String name : new String[] {"Location", "Content-Location"}) {
      Optional<String> value = headers.firstValue(name);
      if (value.isPresent()) {
        try {
          URI other = target.resolve(value.get().trim());
          if (sameOrigin(target, other)) {
            cache.store.removeGroup(cache.group(other));
          }
        } catch (IllegalArgumentException e) {
          // not a URI: nothing to invalidate
        }
      }
    }
  }

  private static boolean sameOrigin(URI a, URI b) {
    return a.getScheme() != null
        && a.getScheme().equalsIgnoreCase(String.valueOf(b.getScheme()))
        && a.getHost() != null
        && a.getHost().equalsIgnoreCase(String.valueOf(b.getHost()))
        && port(a) == port(b);
  }

  private static int port(URI u) {
    if (u.getPort() != -1) {
      return u.getPort();
    }
    return "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
  }

  /** {@code request} with {@code body} to send instead of its own. */
  private static HttpRequest withBody(HttpRequest request, HttpRequest.BodyPublisher body) {
    return HttpRequest.newBuilder(request, (n, v) -> true).method(request.method(), body).build();
  }

  /**
   * A QUERY through the cache, asynchronously: its body, which keys it, is collected as it is
   * published, never waited for on the caller's thread; then the call goes on as any other.
   */
  private <T> CompletableFuture<HttpResponse<T>> queryAsync(
      HttpRequest request, BodyHandler<T> handler, String identity) {
    CompletableFuture<QueryBody> body = bodyAsync(request, bodyExecutor());
    CompletableFuture<HttpResponse<T>> out = new CompletableFuture<>();
    body.whenComplete(
        (read, failure) -> {
          if (failure != null) {
            out.completeExceptionally(bodyFailure(request, failure));
            return;
          }
          if (out.isDone()) {
            read.abandon(true); // cancelled while the body was published: nothing is sent
            return;
          }
          CompletableFuture<HttpResponse<T>> running;
          try {
            running =
                read.whole == null
                    ? delegate.sendAsync(
                        withBody(request, Objects.requireNonNull(read.rest)), handler)
                    : call(request, handler, identity, read.whole).runAsync();
          } catch (RuntimeException e) {
            read.abandon(true);
            out.completeExceptionally(e);
            return;
          }
          running.whenComplete(
              (r, e) -> {
                if (e != null) {
                  out.completeExceptionally(
                      e instanceof CompletionException && e.getCause() != null ? e.getCause() : e);
                } else {
                  out.complete(r);
                }
              });
          out.whenComplete(
              (r, e) -> {
                if (!running.isDone()) {
                  running.cancel(true);
                }
                read.abandon(e != null); // a client cancelled before it took the body never will
              });
        });
    out.whenComplete(
        (r, e) -> {
          if (!body.isDone()) {
            body.cancel(true);
          }
        });
    return out;
  }

  /**
   * The requester's identity ({@link #identity}) when the cache takes part in {@code request}, or
   * null when it leaves the request alone.
   */
  private @Nullable String identityIfCached(HttpRequest request) {
    String method = request.method();
    if (!method.equals("GET") && !method.equals("HEAD") && !method.equals("QUERY")) {
      return null;
    }
    if (!method.equals("QUERY")) {
      Optional<HttpRequest.BodyPublisher> body = request.bodyPublisher();
      if (body.isPresent() && body.get().contentLength() != 0) {
        return null; // content a GET has no defined meaning for, which the key cannot tell apart
      }
    }
    HttpHeaders h = request.headers();
    if (has(h, "Range") && !method.equals("GET")) {
      return null;
    }
    boolean own = has(h, "If-None-Match") || has(h, "If-Modified-Since");
    if (own && has(h, "Range")) {
      return null;
    }
    for (String conditional : new String[] {"If-Match", "If-Unmodified-Since"}) {
      if (has(h, conditional)) {
        return null; // the caller's own conditions and ranges go to the origin as they are
      }
    }
    if (has(h, "If-Range") && !has(h, "Range")) {
      return null;
    }
    return identity(request);
  }

  /**
   * The call for {@code request}, which the cache takes part in, by {@code identity}; {@code body}
   * is a QUERY's body, read before.
   */
  private <T> Call<T> call(
      HttpRequest request, BodyHandler<T> handler, String identity, byte @Nullable [] body) {
    String method = request.method();
    HttpRequest sent = request;
    String bodyDigest = "";
    if (body != null) {
      // The content and the fields that say what it is (RFC 10008 section 2.7): the same bytes
      // in another type or coding are another query.
      bodyDigest =
          Cache.hex(Cache.sha256(body))
              + "\nt:"
              + String.join("\nt:", request.headers().allValues("Content-Type"))
              + "\ne:"
              + String.join("\ne:", request.headers().allValues("Content-Encoding"));
      sent =
          HttpRequest.newBuilder(request, (n, v) -> true)
              .method("QUERY", HttpRequest.BodyPublishers.ofByteArray(body))
              .build();
    }
    String keyed = method.equals("HEAD") ? "GET" : method;
    String normalized = Cache.normalize(request.uri());
    String group = cache.store.group(normalized);
    // A GET (or HEAD) by no one in particular is the URI's own entry: the group (the URI, or its
    // digest) names it, with a constant part no hexadecimal digest can end with; anything else is
    // digested.
    String key =
        keyed.equals("GET") && identity.isEmpty()
            ? group + "-" + ANONYMOUS_GET
            : group
                + "-"
                + Cache.hex(
                    Cache.sha256(
                        (keyed + " " + normalized + "\n" + bodyDigest + "\n" + identity)
                            .getBytes(StandardCharsets.UTF_8)));
    return new Call<>(request, sent, handler, key, group);
  }

  /**
   * The request fields that carry a credential ({@link SecretHeaders}): a response is keyed by
   * their values, in any case of their names.
   */
  private static final java.util.Set<String> KEYED = keyed();

  private static java.util.Set<String> keyed() {
    java.util.Set<String> names = new java.util.TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    names.addAll(SecretHeaders.NAMES);
    return Collections.unmodifiableSet(names);
  }

  /**
   * Whether the transport says that the request that got {@code info} carried credentials it was
   * not given, added beneath this cache (an OkHttp interceptor's): the key, made of the request the
   * cache saw, does not name that requester ({@link SentCredentials}).
   */
  private static boolean credentialsAdded(ResponseInfo info) {
    return info instanceof SentCredentials && ((SentCredentials) info).credentialsAdded();
  }

  /** Whether {@code h} has a field that carries a credential. */
  private static boolean secret(HttpHeaders h) {
    for (String name : h.map().keySet()) {
      if (KEYED.contains(name)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A digest of what identifies the requester (RFC 9111 leaves a private cache free to key by it):
   * {@code Authorization} and the other fields that carry a credential ({@link #KEYED}: API keys,
   * tokens), the client's {@link Authenticator}, and the cookies, those of the client's {@link
   * CookieHandler} included, and a transport's own ({@link OwnIdentity}); "" for none; null when a
   * cookie store fails (the call then bypasses the cache).
   */
  private @Nullable String identity(HttpRequest request) {
    HttpHeaders h = request.headers();
    Optional<Authenticator> authenticator = delegate.authenticator();
    Optional<CookieHandler> cookies = delegate.cookieHandler();
    String ownCookies = "";
    Object ownAuthenticator = null;
    if (delegate instanceof OwnIdentity) {
      // A library's cookie store and authenticator, beneath the client's API.
      OwnIdentity own = (OwnIdentity) delegate;
      try {
        ownCookies = own.ownCookies(request.uri());
      } catch (IOException | RuntimeException e) {
        return null;
      }
      ownAuthenticator = own.ownAuthenticator();
    }
    if (authenticator.isEmpty()
        && cookies.isEmpty()
        && ownCookies.isEmpty()
        && ownAuthenticator == null
        && !secret(h)) {
      return ""; // the common case, without a builder
    }
    StringBuilder b = new StringBuilder();
    // An OAuth2 client's token of the hour stands for the client: its entries outlive the token.
    String identified = dev.httpjson.internal.auth.IdentifiedRequest.identity(request);
    for (String v : request.headers().allValues("Authorization")) {
      if (identified != null) {
        b.append("i:").append(identified).append('\n');
      } else {
        b.append("a:").append(v).append('\n');
      }
    }
    for (String v : request.headers().allValues("Cookie")) {
      b.append("c:").append(v).append('\n');
    }
    h.map()
        .forEach(
            (name, values) -> {
              if (KEYED.contains(name)
                  && !name.equalsIgnoreCase("Authorization")
                  && !name.equalsIgnoreCase("Cookie")) {
                for (String v : values) {
                  b.append("k:").append(name.toLowerCase(Locale.ROOT)).append(':').append(v);
                  b.append('\n');
                }
              }
            });
    if (authenticator.isPresent()) {
      // Its credentials are added beneath the cache, after a challenge: responses are kept apart
      // per authenticator instance (an entry on disk is not used after a restart by such a client).
      b.append("u:").append(cache.authenticatorId(authenticator.get())).append('\n');
    }
    if (!ownCookies.isEmpty()) {
      b.append("o:").append(ownCookies).append('\n');
    }
    if (ownAuthenticator != null) {
      b.append("v:").append(cache.authenticatorId(ownAuthenticator)).append('\n');
    }
    if (cookies.isPresent()) {
      try {
        Map<String, List<String>> added = cookies.get().get(request.uri(), request.headers().map());
        for (Map.Entry<String, List<String>> e : added.entrySet()) {
          if (e.getKey() != null && e.getKey().toLowerCase(Locale.ROOT).startsWith("cookie")) {
            for (String v : e.getValue()) {
              b.append("h:").append(v).append('\n');
            }
          }
        }
      } catch (IOException | RuntimeException e) {
        return null;
      }
    }
    return b.length() == 0
        ? ""
        : Cache.hex(Cache.sha256(b.toString().getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * The bytes of a QUERY's body, which key it (the request is then sent with these bytes), or, past
   * {@link #MAX_QUERY_BODY}, the body to send it with unkeyed.
   */
  private static QueryBody body(HttpRequest request) throws IOException, InterruptedException {
    CompletableFuture<QueryBody> body = bodyAsync(request, null);
    try {
      return body.get();
    } catch (ExecutionException e) {
      throw bodyFailure(request, e.getCause());
    } catch (InterruptedException e) {
      body.cancel(true);
      throw e;
    }
  }

  /**
   * The bytes of a QUERY's body as they are published, up to {@link #MAX_QUERY_BODY}, within the
   * request's timeout (else {@link #BACKGROUND_TIMEOUT}); nothing waits for them. A publisher that
   * is not {@linkplain QueryBody#held held in memory} is subscribed to on {@code executor} when
   * there is one, since it may wait for its bytes in a request for them.
   */
  private static CompletableFuture<QueryBody> bodyAsync(
      HttpRequest request, @Nullable Executor executor) {
    Optional<HttpRequest.BodyPublisher> publisher = request.bodyPublisher();
    if (publisher.isEmpty()) {
      return CompletableFuture.completedFuture(QueryBody.whole(EMPTY));
    }
    Duration limit = request.timeout().orElse(BACKGROUND_TIMEOUT);
    HttpRequest.BodyPublisher p = publisher.get();
    return QueryBody.read(p, MAX_QUERY_BODY, QueryBody.held(p) ? null : executor)
        .orTimeout(limit.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * Where {@code sendAsync} reads a caller's QUERY body for its key, off the caller's thread: the
   * client's executor, which runs the caller's publisher when the client sends it; else where the
   * JDK's {@code sendAsync} completes its futures and runs the caller's stages ({@link
   * CompletableFuture}'s default executor), never a thread of httpjson's.
   */
  private Executor bodyExecutor() {
    return delegate.executor().orElse(JDK_COMPLETION);
  }

  private static final Executor JDK_COMPLETION = new CompletableFuture<Void>().defaultExecutor();

  /** Why a QUERY's body could not be read, as the call's failure. */
  private static IOException bodyFailure(HttpRequest request, @Nullable Throwable failure) {
    Throwable cause =
        failure instanceof CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    if (cause instanceof TimeoutException) {
      return new IOException(
          "the QUERY body was not published within " + request.timeout().orElse(BACKGROUND_TIMEOUT),
          cause);
    }
    return Bodies.asIoException(cause);
  }

  /**
   * The first value of the field {@code name}, or null: what {@link HttpHeaders#firstValue} gives,
   * without the stream it makes on every call (this runs several times per call).
   */
  static @Nullable String first(HttpHeaders h, String name) {
    List<String> values = h.allValues(name);
    return values.isEmpty() ? null : values.get(0);
  }

  static boolean has(HttpHeaders h, String name) {
    return !h.allValues(name).isEmpty();
  }

  /** The {@code Content-Length}, or -1 when absent or not a number. */
  private static long contentLength(HttpHeaders h) {
    String v = first(h, "Content-Length");
    if (v == null) {
      return -1;
    }
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The member of {@code Cache-Status} of the most common forward, made once. */
  private static final String URI_MISS_200 = Cache.NAME + "; fwd=uri-miss; fwd-status=200";

  /** This cache's member of {@code Cache-Status} for a response forwarded for {@code why}. */
  static String forwarded(String why, int status) {
    if (status == 200 && why.equals("uri-miss")) {
      return URI_MISS_200;
    }
    return Cache.NAME + "; fwd=" + why + "; fwd-status=" + status;
  }

  /** The normalized values of a selecting header field (RFC 9111 section 4.1), as a digest. */
  static String selecting(HttpHeaders headers, String name) {
    List<String> values = headers.allValues(name);
    if (values.isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    for (String v : values) {
      for (String part : v.split(",")) {
        String p = part.trim().replaceAll("\\s+", " ");
        if (!p.isEmpty()) {
          b.append(p).append(',');
        }
      }
    }
    return Cache.hex(Cache.sha256(b.toString().getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * A read-only view of {@code map} with the field {@code name} (in any case) replaced by {@code
   * values}: what {@link HttpHeaders#of} copies once.
   */
  private static final class WithField extends java.util.AbstractMap<String, List<String>> {
    private final Map<String, List<String>> map;
    private final String name;
    private final List<String> values;

    WithField(Map<String, List<String>> map, String name, List<String> values) {
      this.map = map;
      this.name = name;
      this.values = values;
    }

    @Override
    public void forEach(
        java.util.function.BiConsumer<? super String, ? super List<String>> action) {
      map.forEach(
          (k, v) -> {
            if (!k.equalsIgnoreCase(name)) {
              action.accept(k, v);
            }
          });
      action.accept(name, values);
    }

    @Override
    public java.util.Set<Map.Entry<String, List<String>>> entrySet() {
      java.util.Set<Map.Entry<String, List<String>>> all = new java.util.LinkedHashSet<>();
      forEach((k, v) -> all.add(Map.entry(k, v)));
      return all;
    }
  }

  /** How a call through the cache starts. */
  private enum Start {
    PASS,
    ANSWERED,
    STORED,
    NETWORK
  }

  /** One call through the cache. */
  private final class Call<T> {
    /** The caller's request: what a response made here names; never sent, its body once read. */
    final HttpRequest request;

    /**
     * What is sent, on every path (a request left as it is included): the caller's request, or, for
     * a QUERY, a copy with the bytes its body was read into for the key, as a publisher that
     * publishes again, since the caller's may publish only once.
     */
    final HttpRequest sent;

    final BodyHandler<T> handler;
    final String key;
    final String group;

    /**
     * The removals when the call started ({@link Store#stamp}): what it would store after a removal
     * of its group, which it may predate, is not stored.
     */
    final long stamp;

    /**
     * The removal marks of the other processes on the store's directory when the call last went to
     * the origin ({@link Store#marks}), read then and not when it starts, so that a fresh hit reads
     * none: what it stores after such a removal, which its request may predate, is not stored.
     */
    volatile long marks;

    final Directives cc;
    final boolean head;

    /** The request's {@code Range}: answered from a fresh stored 200, else sent as it is. */
    final @Nullable String range;

    /**
     * Whether the caller sent {@code If-None-Match} or {@code If-Modified-Since}: a usable stored
     * response answers it (RFC 9111 section 4.3.2), else it goes to the origin as it is.
     */
    final boolean ownCondition;

    @Nullable Entry entry;
    String forward = "uri-miss";
    boolean conditional;

    /** Whether the origin answered the conditional request with a 304 for another response. */
    boolean mismatched;

    /** What answered, set by the network handler: the entry served instead, and how. */
    @Nullable Entry served;

    /**
     * Whether the network handler gave the caller's handler a body (the network's or a stored one):
     * a failure after that is not answered with a stale entry, which would follow the bytes the
     * handler may have passed on already (to a consumer, a subscriber) as if they were one body.
     */
    volatile boolean handed;

    /**
     * The stored body the network handler gives the caller's handler instead of the network's (a
     * 304's, an error's), stopped when the caller gives up on the call.
     */
    volatile @Nullable CompletableFuture<?> swapped;

    /** The caller's future failed or was cancelled: a body swapped in after it stops at once. */
    private volatile boolean givenUp;

    /**
     * On a blocking call, the stored body a 304 answers with, given to the caller's handler on the
     * caller's thread once {@code send} returns: the network's empty body is then read by the JDK's
     * own subscriber, which its client completes where it reads it, with no hand-off.
     */
    volatile Bodies.@Nullable Source deferred;

    /** Whether the call is blocking: its caller's thread is there to read the stored body. */
    private boolean blocking;

    Outcome outcome = Outcome.MISS;
    @Nullable HttpHeaders shown;

    /**
     * Whether the wrapped client follows redirects: then what a response stores or updates waits
     * for the final response, which tells whether it came from the URI asked for.
     */
    final boolean follows;

    /** The marker found under {@link #key}, when the URI's responses vary. */
    @Nullable Entry marker;

    /** The body being stored, when it waits for the final response or is followed by more. */
    Store.@Nullable Gated gate;

    /** An update (a 304's, a HEAD's) that waits for the final response. */
    @Nullable Entry pending;

    /**
     * The network body being stored, dropped when the caller gives up on the call (on whichever
     * thread completes its future).
     */
    volatile Bodies.@Nullable Tee<?> tee;

    /** The digests of the request's values of the fields the {@link #marker} names. */
    @Nullable Map<String, String> selected;

    /**
     * The URI's stored variants with an {@code ETag}, when none was selected for the request: the
     * request asks the origin with their tags whether one of them is what it would send (RFC 9111
     * section 4.3.1); a 304 names it, and it is stored as this request's variant too.
     */
    @Nullable List<Entry> others;

    /** Whether {@link #entry} is another variant a 304 chose, to list in the marker once stored. */
    boolean chosen;

    /** The response the cache answers with, when the call started {@link Start#ANSWERED}. */
    private @Nullable Answer answer;

    /** The body of {@link #entry} to serve, when the call started {@link Start#STORED}. */
    private Bodies.@Nullable Source stored;

    Call(HttpRequest request, HttpRequest sent, BodyHandler<T> handler, String key, String group) {
      this.request = request;
      this.sent = sent;
      this.handler = handler;
      this.key = key;
      this.group = group;
      this.stamp = cache.store.stamp();
      this.head = request.method().equals("HEAD");
      this.follows = delegate.followRedirects() != Redirect.NEVER;
      this.range = first(request.headers(), "Range");
      this.ownCondition =
          has(request.headers(), "If-None-Match") || has(request.headers(), "If-Modified-Since");
      Directives d = Directives.parse(request.headers().allValues("Cache-Control"));
      List<String> pragma =
          d == Directives.NONE ? request.headers().allValues("Pragma") : List.of();
      if (!pragma.isEmpty()
          && pragma.stream().anyMatch(p -> p.toLowerCase(Locale.ROOT).contains("no-cache"))) {
        d = Directives.parse(List.of("no-cache"));
      }
      this.cc = d;
    }

    /** What to do: serve {@link #entry}, or go to the network ("stale" as the reason when one). */
    private boolean lookUp(long now) {
      Entry e = cache.store.get(key);
      if (e != null && e.isMarker()) {
        marker = e;
        Map<String, String> selected = new TreeMap<>();
        for (String name : e.all(":vary")) {
          selected.put(name, selecting(request.headers(), name));
        }
        this.selected = selected;
        e = cache.store.get(variantKey(selected));
        if (e == null || e.isMarker()) {
          forward = "vary-miss";
          e = null;
          if (!head && !ownCondition && range == null && !cc.has("only-if-cached")) {
            others = tagged(marker);
          }
        }
      }
      if (e != null && !varies(e)) {
        forward = "vary-miss";
        e = null;
      }
      entry = e;
      if (e == null) {
        return false;
      }
      Directives rc = e.directives();
      long maxAge = cc.seconds("max-age");
      long minFresh = cc.seconds("min-fresh");
      boolean validate = cc.has("no-cache") || rc.has("no-cache");
      long age = 0;
      long life = 0;
      if (!validate) {
        age = e.currentAge(now);
        life = e.lifetime(rc);
        validate =
            maxAge >= 0 && age > maxAge * 1000 || minFresh >= 0 && life - age < minFresh * 1000;
      }
      forward =
          validate && (cc.has("no-cache") || maxAge >= 0 || minFresh >= 0) ? "request" : "stale";
      if (validate) {
        return false;
      }
      if (life > age) {
        return true;
      }
      if (rc.has("must-revalidate")) {
        return false;
      }
      long staleness = age - life;
      if (cc.has("max-stale")) {
        String v = cc.value("max-stale");
        if (v == null || v.isEmpty() || staleness <= Directives.deltaSeconds(v) * 1000) {
          return true;
        }
      }
      long swr = rc.seconds("stale-while-revalidate");
      if (swr >= 0 && staleness <= swr * 1000 && !head) {
        revalidateLater(e);
        return true;
      }
      return false;
    }

    /** The key of the variant whose selecting header fields have these digests. */
    private String variantKey(Map<String, String> selected) {
      StringBuilder b = new StringBuilder();
      for (Map.Entry<String, String> v : selected.entrySet()) {
        b.append(v.getKey()).append('=').append(v.getValue()).append('\n');
      }
      return key
          + "-v"
          + Cache.hex(Cache.sha256(b.toString().getBytes(StandardCharsets.UTF_8)), 16);
    }

    /**
     * Where the body of the response {@code template} describes goes: published once whole and,
     * behind a client that follows redirects, once the final response shows it is this URI's; a
     * variant is then listed in its URI's marker, and a response that does not vary drops the
     * variants it replaces.
     */
    private Store.Sink sink(Entry template, boolean approved) {
      cache.store.expunge(); // the room of bodies dropped unfinished first
      Store.Sink sink = cache.store.sink(template, cache.maxEntryBytes, stamp, marks);
      Runnable after = null;
      Entry m = marker;
      if (!template.vary.isEmpty()) {
        after = () -> listVariant(template);
      } else if (m != null) {
        after = () -> dropVariants(m);
      }
      return approved && after == null ? sink : new Store.Gated(sink, approved, after);
    }

    /**
     * Lists the variant {@code stored} in its URI's marker, most recent last, and removes the
     * oldest beyond {@link #MAX_VARIANTS}; variants selected by other fields are removed. Two
     * threads storing at once may leave a variant unlisted: it is still found, and goes when the
     * store evicts it.
     */
    private void listVariant(Entry stored) {
      List<String> names = new ArrayList<>(stored.vary.keySet());
      Entry m = cache.store.get(key);
      List<String> variants = new ArrayList<>();
      if (m != null && m.isMarker()) {
        if (m.all(":vary").equals(names)) {
          variants.addAll(m.all(":variants"));
        } else {
          dropVariants(m);
        }
      }
      variants.remove(stored.key);
      variants.add(stored.key);
      while (variants.size() > MAX_VARIANTS) {
        cache.store.remove(variants.remove(0));
      }
      cache.store.put(Entry.marker(key, group, names, variants), stamp, marks);
    }

    /** The variants {@code m} lists that carry an {@code ETag}, or null for none. */
    private @Nullable List<Entry> tagged(Entry m) {
      List<Entry> found = null;
      for (String k : m.all(":variants")) {
        Entry v = cache.store.get(k);
        if (v != null && !v.isMarker() && v.first("ETag") != null) {
          if (found == null) {
            found = new ArrayList<>();
          }
          found.add(v);
        }
      }
      return found;
    }

    /**
     * The stored response a 304 to the tags of {@code stored} selects (RFC 9111 section 4.3.4): the
     * one with its strong validator, or the most recent one its weak validator matches; null when
     * it names none.
     */
    private @Nullable Entry chosen(List<Entry> stored, HttpHeaders notModified) {
      Optional<String> tag = notModified.firstValue("ETag");
      if (tag.isEmpty()) {
        return null;
      }
      String t = tag.get().trim();
      boolean strong = !t.startsWith("W/");
      Entry best = null;
      for (Entry s : stored) {
        String st = Objects.requireNonNull(s.first("ETag")).trim();
        boolean match = strong ? st.equals(t) : weak(st).equals(weak(t));
        if (match && (best == null || s.responseMillis > best.responseMillis)) {
          best = s;
        }
      }
      return best;
    }

    private void dropVariants(Entry m) {
      for (String variant : m.all(":variants")) {
        cache.store.remove(variant);
      }
    }

    private boolean varies(Entry e) {
      for (Map.Entry<String, String> v : e.vary.entrySet()) {
        if (v.getKey().equals("*")
            || !selecting(request.headers(), v.getKey()).equals(v.getValue())) {
          return false;
        }
      }
      return true;
    }

    private boolean staleIfError(Entry e, long now) {
      Directives rc = e.directives();
      if (rc.has("must-revalidate") || rc.has("no-cache")) {
        return false;
      }
      long allowed = Math.max(rc.seconds("stale-if-error"), cc.seconds("stale-if-error"));
      return allowed >= 0 && e.currentAge(now) - e.lifetime(rc) <= allowed * 1000;
    }

    /**
     * The directives of a response to this request with {@code info} when it may be stored (RFC
     * 9111 section 3), else null.
     */
    private @Nullable Directives storable(ResponseInfo info) {
      int status = info.statusCode();
      if (head || cc.has("no-store") || status < 200 || status == 206 || status == 304) {
        return null;
      }
      if (credentialsAdded(info)) {
        return null; // keyed by a request without them, it would answer another requester
      }
      HttpHeaders h = info.headers();
      Directives rc = Directives.parse(h.allValues("Cache-Control"));
      if (rc.has("must-understand")) {
        if (!understood(status)) {
          return null; // RFC 9111 section 5.2.2.3; an understood status ignores no-store
        }
      } else if (rc.has("no-store")) {
        return null;
      }
      if (Entry.varyNames(h.allValues("Vary")).contains("*")) {
        return null;
      }
      String type = first(h, "Content-Type");
      if (type != null && eventStream(type)) {
        return null;
      }
      long length = contentLength(h);
      if (length > cache.maxEntryBytes) {
        return null;
      }
      boolean explicit = rc.has("max-age") || has(h, "Expires");
      if (!explicit
          && !has(h, "Last-Modified")
          && !has(h, "ETag")
          && !rc.has("stale-while-revalidate")
          && !rc.has("stale-if-error")
          && !cc.has("max-stale")
          && !cc.has("stale-if-error")) {
        // Never fresh (no expiry, no Last-Modified for a heuristic) and nothing to validate it
        // with: only a request that takes any staleness could use it. Storing it would copy every
        // such body (most API responses) and push out entries that can be reused.
        return null;
      }
      return explicit || rc.has("public") || Entry.HEURISTIC.contains(status) ? rc : null;
    }

    /** Whether a {@code Content-Type} is {@code text/event-stream}, in any case. */
    private boolean eventStream(String type) {
      int i = 0;
      while (i < type.length() && (type.charAt(i) == ' ' || type.charAt(i) == '\t')) {
        i++;
      }
      return type.regionMatches(true, i, "text/event-stream", 0, 17);
    }

    /** The statuses RFC 9110 defines, whose caching this cache knows. */
    private boolean understood(int status) {
      return status >= 200 && status <= 205
          || status >= 300 && status <= 308 && status != 304 && status != 305 && status != 306
          || status >= 400 && status <= 417
          || status == 421
          || status == 422
          || status == 426
          || status >= 500 && status <= 505;
    }

    /** The entry of the response {@code info} before its body; {@code rc}: its directives. */
    private Entry template(
        ResponseInfo info, Directives rc, long requestMillis, long responseMillis) {
      Map<String, String> vary = Map.of();
      List<String> names = Entry.varyNames(info.headers().allValues("Vary"));
      if (!names.isEmpty()) {
        vary = new TreeMap<>();
        for (String name : names) {
          vary.put(name, selecting(sent.headers(), name));
        }
        vary = Collections.unmodifiableMap(vary);
      }
      return new Entry(
          vary.isEmpty() ? key : variantKey(vary),
          group,
          info.statusCode(),
          Entry.storable(info.headers()),
          rc,
          vary,
          requestMillis,
          responseMillis,
          Entry.age(info.headers()),
          Entry.NO_BODY,
          null);
    }

    /**
     * The headers of {@code e} as served now: its {@code Age}, and this cache's status, in one
     * copy.
     */
    private HttpHeaders servedHeaders(Entry e, String member, long now) {
      return withStatus(
          new WithField(e.headers, "Age", List.of(Long.toString(e.currentAge(now) / 1000))),
          e.all("Cache-Status"),
          member);
    }

    /** {@code map}, a case-insensitive map, with this cache's status added. */
    private HttpHeaders withStatus(Map<String, List<String>> map, String member) {
      return withStatus(map, map.getOrDefault("Cache-Status", List.of()), member);
    }

    /** {@code fields} with this cache's member added to their {@code Cache-Status}, {@code had}. */
    private HttpHeaders withStatus(
        Map<String, List<String>> fields, List<String> had, String member) {
      List<String> status = new ArrayList<>(had);
      status.add(Cache.NAME + "; " + member);
      return HttpHeaders.of(new WithField(fields, "Cache-Status", status), (n, v) -> true);
    }

    /** {@code network} and this cache's status, in one copy (this runs on every network call). */
    private HttpHeaders shownHeaders(HttpHeaders network, String member) {
      List<String> had = network.allValues("Cache-Status");
      List<String> status;
      if (had.isEmpty()) {
        status = List.of(member);
      } else {
        status = new ArrayList<>(had);
        status.add(member);
      }
      return HttpHeaders.of(new WithField(network.map(), "Cache-Status", status), (n, v) -> true);
    }

    /**
     * How the call starts, from what the cache holds at {@code now}: it passes the request on
     * untouched, is {@linkplain #answer answered} here (a range, a 304, a 504), serves the {@link
     * #stored} body of {@link #entry}, or goes to the network.
     */
    private Start start(long now) {
      cache.store.expunge(); // the files of bodies served and dropped unfinished closed first
      boolean onlyIfCached = cc.has("only-if-cached");
      if (range != null) {
        long[] slice = slice(now);
        Bodies.Source source = slice == null ? null : Objects.requireNonNull(entry).open();
        if (slice != null && source != null) {
          answer = partial(Objects.requireNonNull(entry), source, slice, now);
          return Start.ANSWERED;
        }
        if (!onlyIfCached) {
          return Start.PASS;
        }
        // Never the origin (RFC 9111 section 5.2.1.7): the stored response whole, as an origin
        // may answer a range, else a 504.
      }
      if (ownCondition) {
        if (!lookUp(now)) {
          if (onlyIfCached) {
            answer = gatewayTimeout();
            return Start.ANSWERED;
          }
          return Start.PASS;
        }
        Entry e = Objects.requireNonNull(entry);
        if (notModified(e)) {
          answer = notModifiedResponse(e, now);
          return Start.ANSWERED;
        }
      }
      if (ownCondition || lookUp(now)) {
        stored = source(Objects.requireNonNull(entry));
        if (stored != null) {
          return Start.STORED;
        }
        entry = null; // its file is gone: a miss
        forward = "uri-miss";
      }
      if (onlyIfCached) {
        answer = gatewayTimeout();
        return Start.ANSWERED;
      }
      return Start.NETWORK;
    }

    HttpResponse<T> run() throws IOException, InterruptedException {
      long now = System.currentTimeMillis();
      switch (start(now)) {
        case PASS:
          return delegate.send(sent, handler);
        case ANSWERED:
          return answered(Objects.requireNonNull(answer));
        case STORED:
          return serve(Objects.requireNonNull(entry), Objects.requireNonNull(stored), now);
        case NETWORK:
          break;
      }
      long requestMillis = System.currentTimeMillis();
      HttpResponse<T> response;
      blocking = true;
      try {
        response = delegate.send(networkRequest(), networkHandler(requestMillis));
        if (mismatched || servedForAnotherUri(response)) {
          unconditional();
          response = delegate.send(sent, networkHandler(System.currentTimeMillis()));
        }
        Bodies.Source later = deferred;
        if (later != null) {
          deferred = null;
          HttpHeaders h = Objects.requireNonNull(shown);
          T body =
              Bodies.await(feed(Objects.requireNonNull(served).status, h, later, 0, later.length));
          response =
              new Response<>(
                  response.statusCode(),
                  response.headers(),
                  body,
                  response.request(),
                  response.uri(),
                  response.version(),
                  response.sslSession());
        }
      } catch (RuntimeException | InterruptedException e) {
        unsettle();
        throw e;
      } catch (IOException e) {
        unsettle();
        Entry stale = entry;
        if (!handed && stale != null && staleIfError(stale, System.currentTimeMillis())) {
          Bodies.Source source = source(stale);
          if (source != null) {
            return serve(stale, source, System.currentTimeMillis());
          }
        }
        throw e;
      }
      return finish(response);
    }

    CompletableFuture<HttpResponse<T>> runAsync() {
      long now = System.currentTimeMillis();
      switch (start(now)) {
        case PASS:
          return delegate.sendAsync(sent, handler);
        case ANSWERED:
          Answer a = Objects.requireNonNull(answer);
          return fed(a.status(), a.headers(), a.source(), a.from(), a.to());
        case STORED:
          return served(Objects.requireNonNull(entry), Objects.requireNonNull(stored), now);
        case NETWORK:
          break;
      }
      long requestMillis = System.currentTimeMillis();
      CompletableFuture<HttpResponse<T>> network =
          delegate.sendAsync(networkRequest(), networkHandler(requestMillis));
      // The exchange in flight: the first, then the whole request a 304 for another validator
      // makes; the caller's future, once completed or cancelled, aborts whichever it is.
      AtomicReference<CompletableFuture<?>> inFlight = new AtomicReference<>(network);
      CompletableFuture<HttpResponse<T>> out = new CompletableFuture<>();
      CompletableFuture<HttpResponse<T>> result =
          network
              .handle(
                  (r, failure) -> {
                    if (failure == null && (mismatched || servedForAnotherUri(r))) {
                      unconditional();
                      CompletableFuture<HttpResponse<T>> again =
                          delegate.sendAsync(sent, networkHandler(System.currentTimeMillis()));
                      inFlight.set(again);
                      if (out.isDone()) {
                        again.cancel(true); // the caller gave up while the 304 was read
                      }
                      return again.thenApply(this::finish);
                    }
                    Bodies.Source later = deferred;
                    if (failure == null && later != null) {
                      deferred = null;
                      HttpHeaders h = Objects.requireNonNull(shown);
                      CompletableFuture<T> fed =
                          feed(Objects.requireNonNull(served).status, h, later, 0, later.length);
                      swapped = fed;
                      inFlight.set(fed);
                      if (out.isDone()) {
                        fed.cancel(true); // the caller gave up while the response was read
                      }
                      return fed.thenApply(
                          body ->
                              finish(
                                  new Response<>(
                                      r.statusCode(),
                                      r.headers(),
                                      body,
                                      r.request(),
                                      r.uri(),
                                      r.version(),
                                      r.sslSession())));
                    }
                    if (failure == null) {
                      return CompletableFuture.completedFuture(finish(r));
                    }
                    unsettle();
                    Throwable cause =
                        failure instanceof CompletionException && failure.getCause() != null
                            ? failure.getCause()
                            : failure;
                    Entry stale = entry;
                    if (cause instanceof IOException
                        && !handed
                        && stale != null
                        && staleIfError(stale, System.currentTimeMillis())) {
                      Bodies.Source source = source(stale);
                      if (source != null) {
                        CompletableFuture<HttpResponse<T>> s =
                            served(stale, source, System.currentTimeMillis());
                        inFlight.set(s); // given up on, the stale body stops
                        if (out.isDone()) {
                          s.cancel(true);
                        }
                        return s;
                      }
                    }
                    return CompletableFuture.<HttpResponse<T>>failedFuture(cause);
                  })
              .thenCompose(f -> f);
      out.whenComplete(
          (r, failure) -> {
            if (failure != null) {
              givenUp = true;
              unsettle(); // cancelled or failed mid-body: nothing of it is published
            }
          });
      return linked(inFlight, result, out);
    }

    /**
     * The first and last byte of the one range of {@link #range} that a fresh stored 200 answers
     * (RFC 9110 section 14), or null when the origin must: no such entry, several ranges, a range
     * it does not hold, or an {@code If-Range} it does not match.
     */
    private long @Nullable [] slice(long now) {
      String r = Objects.requireNonNull(range).trim();
      if (!lookUp(now)) {
        return null;
      }
      Entry e = Objects.requireNonNull(entry);
      if (e.status != 200 || !r.regionMatches(true, 0, "bytes=", 0, 6) || r.indexOf(',') >= 0) {
        return null;
      }
      Optional<String> ifRange = request.headers().firstValue("If-Range");
      if (ifRange.isPresent()) {
        String v = ifRange.get().trim();
        String etag = e.first("ETag");
        boolean matches =
            v.startsWith("\"")
                ? etag != null && !etag.startsWith("W/") && etag.equals(v)
                : v.equals(e.first("Last-Modified"));
        if (!matches) {
          return null;
        }
      }
      String spec = r.substring(6).trim();
      int dash = spec.indexOf('-');
      if (dash < 0) {
        return null;
      }
      long length = e.bodyLength();
      String a = spec.substring(0, dash).trim();
      String b = spec.substring(dash + 1).trim();
      if (!a.chars().allMatch(Character::isDigit) || !b.chars().allMatch(Character::isDigit)) {
        return null;
      }
      long first;
      long last;
      try {
        if (a.isEmpty()) {
          if (b.isEmpty()) {
            return null;
          }
          long suffix = Long.parseLong(b);
          if (suffix == 0) {
            return null;
          }
          first = Math.max(0, length - suffix);
          last = length - 1;
        } else {
          first = Long.parseLong(a);
          last = b.isEmpty() ? length - 1 : Math.min(Long.parseLong(b), length - 1);
        }
      } catch (NumberFormatException x) {
        return null;
      }
      if (first >= length || last < first) {
        return null; // unsatisfiable here: the origin says so
      }
      return new long[] {first, last};
    }

    private Answer partial(Entry e, Bodies.Source source, long[] slice, long now) {
      count(Outcome.HIT);
      Map<String, List<String>> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      map.putAll(e.headers);
      map.put("Age", List.of(Long.toString(e.currentAge(now) / 1000)));
      map.put(
          "Content-Range", List.of("bytes " + slice[0] + "-" + slice[1] + "/" + e.bodyLength()));
      map.put("Content-Length", List.of(Long.toString(slice[1] - slice[0] + 1)));
      return new Answer(206, withStatus(map, "hit"), source, slice[0], slice[1] + 1);
    }

    private void unconditional() {
      mismatched = false;
      conditional = false;
      entry = null;
      others = null;
      chosen = false;
    }

    private HttpRequest networkRequest() {
      Entry e = entry;
      if (e == null && others != null && !head) {
        java.util.Set<String> tags = new java.util.LinkedHashSet<>();
        for (Entry o : Objects.requireNonNull(others)) {
          tags.add(Objects.requireNonNull(o.first("ETag")).trim());
        }
        conditional = true;
        return HttpRequest.newBuilder(sent, (n, v) -> true)
            .header("If-None-Match", String.join(", ", tags))
            .build();
      }
      if (e == null || head) {
        return sent;
      }
      String etag = e.first("ETag");
      String modified = e.first("Last-Modified");
      if (etag == null && modified == null) {
        return sent;
      }
      HttpRequest.Builder b = HttpRequest.newBuilder(sent, (n, v) -> true);
      if (etag != null) {
        b.header("If-None-Match", etag);
      }
      if (modified != null) {
        b.header("If-Modified-Since", modified);
      }
      conditional = true;
      return b.build();
    }

    /** The handler of a request to the origin, made just before it is sent. */
    private BodyHandler<T> networkHandler(long requestMillis) {
      marks = cache.store.marks(group);
      return info -> {
        long responseMillis = System.currentTimeMillis();
        int status = info.statusCode();
        Entry e = entry;
        gate = null;
        pending = null;
        tee = null;
        swapped = null;
        List<Entry> o = others;
        Map<String, String> s = selected;
        // Credentials added beneath the cache: the response is another requester's than the key's.
        boolean added = credentialsAdded(info);
        if (added && conditional && status == 304) {
          mismatched = true; // validates nothing stored under this key; asked again, whole
          return BodySubscribers.replacing(null);
        }
        if (e == null && o != null && s != null && conditional && status == 304) {
          Entry c = chosen(o, info.headers());
          if (c == null) {
            mismatched = true; // none of them: asked again, whole
            return BodySubscribers.replacing(null);
          }
          e = c.as(variantKey(s), s);
          entry = e;
          chosen = true;
        }
        if (head && !added && e != null && status == 200 && describes(e, info.headers())) {
          // RFC 9111 section 4.3.5: a HEAD response freshens the stored GET it describes.
          update(e.freshened(info.headers(), requestMillis, responseMillis));
        }
        if (e != null && conditional && status == 304 && !sameValidator(e, info.headers())) {
          mismatched = true; // RFC 9111 section 4.3.4: nothing to update; asked again, whole
          return BodySubscribers.replacing(null);
        }
        if (e != null && conditional && status == 304) {
          Entry fresh = e.freshened(info.headers(), requestMillis, responseMillis);
          Bodies.Source source = source(fresh); // before the update replaces the file
          if (source == null) {
            mismatched = true; // the stored body is gone: asked again, whole
            return BodySubscribers.replacing(null);
          }
          if (!cc.has("no-store")) {
            update(fresh);
          }
          return swap(
              fresh,
              source,
              Outcome.REVALIDATED,
              chosen ? "fwd=vary-miss; fwd-status=304" : "fwd=stale; fwd-status=304",
              responseMillis);
        }
        if (e != null && !added && status >= 500 && staleIfError(e, responseMillis)) {
          Bodies.Source source = source(e);
          if (source != null) {
            return swap(e, source, Outcome.HIT, "hit; detail=stale-if-error", responseMillis);
          }
        }
        HttpHeaders headers = shownHeaders(info.headers(), forwarded(forward, status));
        shown = headers;
        ResponseInfo seen = Bodies.forwarded(info, headers);
        Directives rc = storable(info);
        if (rc != null) {
          Entry template = template(info, rc, requestMillis, responseMillis);
          Store.Sink sink = sink(template, !follows);
          if (sink instanceof Store.Gated) {
            gate = (Store.Gated) sink;
          }
          handed = true;
          Bodies.Tee<T> t = new Bodies.Tee<>(handler.apply(seen), sink, cache.store);
          tee = t;
          return t;
        }
        handed = true;
        return handler.apply(seen);
      };
    }

    /** Stores {@code e} now, or once the final response shows it is this URI's. */
    private void update(Entry e) {
      if (follows) {
        pending = e;
      } else {
        put(e);
      }
    }

    /** Stores {@code e}; a variant another one's 304 made is listed in the URI's marker. */
    private void put(Entry e) {
      if (!cache.store.put(e, stamp, marks)) {
        return;
      }
      if (chosen && !e.vary.isEmpty()) {
        listVariant(e);
      }
    }

    /** Whether {@code r} is another URI's: the wrapped client followed a redirect to it. */
    private boolean redirected(HttpResponse<?> r) {
      return follows
          && (r.previousResponse().isPresent()
              || !r.uri().equals(request.uri())
                  && !Cache.normalize(r.uri()).equals(Cache.normalize(request.uri())));
    }

    /**
     * Settles what waited for the final response {@code r}: stored only when it is this URI's (RFC
     * 9111 section 3 stores a response under the target URI of the request it answers; the request
     * a redirect made was the wrapped client's, with fields and credentials this cache did not
     * key), else dropped, and the stored response that was selected removed: the URI redirects now.
     */
    private void settle(HttpResponse<?> r) {
      if (!follows) {
        return;
      }
      Store.Gated g = gate;
      Entry p = pending;
      gate = null;
      pending = null;
      boolean elsewhere = redirected(r);
      if (g != null) {
        g.decide(!elsewhere);
      }
      if (p != null && !elsewhere) {
        put(p);
      }
      Entry e = entry;
      if (elsewhere && e != null) {
        cache.store.remove(e.key);
      }
    }

    /**
     * Drops what waited for a final response that will not come, and the body being stored: a
     * transport may stop reading a body it was told to abandon without telling its subscriber.
     */
    private void unsettle() {
      Store.Gated g = gate;
      gate = null;
      pending = null;
      if (g != null) {
        g.decide(false);
      }
      Bodies.Tee<?> t = tee;
      if (t != null) {
        t.abandon();
      }
      stopSwapped();
    }

    /** Stops the stored body given instead of the network's, when still being read. */
    private void stopSwapped() {
      Bodies.Source later = deferred;
      deferred = null;
      if (later != null) {
        later.close();
      }
      CompletableFuture<?> s = swapped;
      swapped = null;
      if (s != null && !s.isDone()) {
        s.completeExceptionally(new IOException("the call was given up"));
      }
    }

    /**
     * Whether the stored body was served for a 304 (or an error) that another URI gave after a
     * redirect: not this URI's answer. Then the body made for it is closed, the stored response
     * removed, and the request is to be made again, whole.
     */
    private boolean servedForAnotherUri(HttpResponse<T> r) {
      if (served == null || !redirected(r)) {
        return false;
      }
      settle(r);
      served = null;
      outcome = Outcome.MISS;
      shown = null;
      stopSwapped();
      Object body = r.body();
      if (body instanceof AutoCloseable) {
        try {
          ((AutoCloseable) body).close();
        } catch (Exception e) {
          // a body nobody reads: nothing lost
        }
      }
      return true;
    }

    /**
     * Whether the caller's condition finds {@code e} unchanged: one of its {@code If-None-Match}
     * tags matches the stored one (weak comparison), or, without {@code If-None-Match}, the stored
     * response was last modified at or before {@code If-Modified-Since}.
     */
    private boolean notModified(Entry e) {
      List<String> tags = request.headers().allValues("If-None-Match");
      if (!tags.isEmpty()) {
        String etag = e.first("ETag");
        for (String line : tags) {
          for (String tag : line.split(",")) {
            String t = tag.trim();
            if (t.equals("*") || etag != null && weak(t).equals(weak(etag))) {
              return true;
            }
          }
        }
        return false;
      }
      long since = Entry.httpDate(request.headers().firstValue("If-Modified-Since").orElse(null));
      long modified = Entry.httpDate(e.first("Last-Modified"));
      if (modified == Long.MIN_VALUE) {
        modified = Entry.httpDate(e.first("Date"));
      }
      return since != Long.MIN_VALUE && modified != Long.MIN_VALUE && modified <= since;
    }

    /** The 304 a stored response answers the caller's own condition with (RFC 9110 15.4.5). */
    private Answer notModifiedResponse(Entry e, long now) {
      count(Outcome.HIT);
      Map<String, List<String>> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      for (String name :
          new String[] {
            "Cache-Control", "Content-Location", "Date", "ETag", "Expires", "Last-Modified", "Vary"
          }) {
        List<String> values = e.all(name);
        if (!values.isEmpty()) {
          map.put(name, values);
        }
      }
      map.put("Age", List.of(Long.toString(e.currentAge(now) / 1000)));
      return new Answer(304, withStatus(map, "hit"), Bodies.Source.of(EMPTY), 0, 0);
    }

    /** Whether a HEAD response has the validator of the stored response {@code e}. */
    private boolean describes(Entry e, HttpHeaders headResponse) {
      String etag = e.first("ETag");
      if (etag != null) {
        return headResponse.firstValue("ETag").map(etag::equals).orElse(false);
      }
      String modified = e.first("Last-Modified");
      return modified != null
          && !has(headResponse, "ETag")
          && headResponse.firstValue("Last-Modified").map(modified::equals).orElse(false);
    }

    private boolean sameValidator(Entry e, HttpHeaders notModified) {
      Optional<String> etag = notModified.firstValue("ETag");
      String stored = e.first("ETag");
      return etag.isEmpty() || stored == null || weak(etag.get()).equals(weak(stored));
    }

    private String weak(String etag) {
      String t = etag.trim();
      return t.startsWith("W/") ? t.substring(2) : t;
    }

    /** The body {@code e} answers with: none for a HEAD; null when its file is gone. */
    private Bodies.@Nullable Source source(Entry e) {
      return head ? Bodies.Source.of(EMPTY) : e.open();
    }

    private HttpResponse.BodySubscriber<T> swap(
        Entry e, Bodies.Source source, Outcome how, String member, long now) {
      served = e;
      outcome = how;
      HttpHeaders headers = servedHeaders(e, member, now);
      shown = headers;
      if (blocking && how == Outcome.REVALIDATED || follows) {
        // Behind a client that follows redirects, the stored body waits for the final response
        // too: were it another URI's, the request is made again, and the caller's handler must
        // not have passed the stored bytes on before the new body.
        deferred = source;
        return BodySubscribers.replacing(null);
      }
      handed = true;
      CompletableFuture<T> body = feed(e.status, headers, source, 0, source.length);
      swapped = body;
      if (givenUp) {
        stopSwapped(); // given up while the caller's handler subscribed: it is told now
      }
      return new Bodies.Swap<>(body);
    }

    private HttpResponse<T> finish(HttpResponse<T> r) {
      settle(r);
      Entry e = served;
      HttpHeaders headers = shown;
      count(outcome);
      if (e != null && headers != null) {
        return new Response<>(
            e.status, headers, r.body(), request, r.uri(), r.version(), r.sslSession());
      }
      Bodies.Tee<?> t = tee;
      return new Response<>(
          r.statusCode(),
          headers == null ? r.headers() : headers,
          t == null ? r.body() : t.handOut(r.body()),
          r.request(),
          r.uri(),
          r.version(),
          r.sslSession());
    }

    private void count(Outcome how) {
      switch (how) {
        case HIT:
          cache.hits.increment();
          break;
        case REVALIDATED:
          cache.revalidations.increment();
          break;
        default:
          cache.misses.increment();
      }
    }

    private HttpResponse<T> serve(Entry e, Bodies.Source source, long now)
        throws IOException, InterruptedException {
      count(Outcome.HIT);
      return answered(new Answer(e.status, servedHeaders(e, "hit", now), source, 0, source.length));
    }

    private CompletableFuture<HttpResponse<T>> served(Entry e, Bodies.Source source, long now) {
      count(Outcome.HIT);
      return fed(e.status, servedHeaders(e, "hit", now), source, 0, source.length);
    }

    /**
     * The response of bytes {@code from} to {@code to} of {@code source}, once the caller's handler
     * read them: it reads them as it asks for them, on the threads it asks on, and nothing waits
     * for them here.
     */
    private CompletableFuture<HttpResponse<T>> fed(
        int status, HttpHeaders headers, Bodies.Source source, long from, long to) {
      CompletableFuture<T> body;
      try {
        body = feed(status, headers, source, from, to);
      } catch (RuntimeException x) {
        return CompletableFuture.failedFuture(x);
      }
      CompletableFuture<HttpResponse<T>> out = new CompletableFuture<>();
      body.whenComplete(
          (b, x) -> {
            if (x != null) {
              out.completeExceptionally(Bodies.asIoException(x));
            } else {
              out.complete(made(status, headers, b));
            }
          });
      out.whenComplete(
          (r, x) -> {
            if (x != null) {
              body.completeExceptionally(x); // given up: the body stops, its file is closed
            }
          });
      return out;
    }

    private Answer gatewayTimeout() {
      count(Outcome.MISS);
      Map<String, List<String>> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      map.put("Content-Length", List.of("0"));
      return new Answer(
          504, withStatus(map, "fwd=miss; detail=only-if-cached"), Bodies.Source.of(EMPTY), 0, 0);
    }

    /** The response {@code a}, once the caller's handler read its body on this thread. */
    private HttpResponse<T> answered(Answer a) throws IOException, InterruptedException {
      return made(
          a.status(),
          a.headers(),
          Bodies.await(feed(a.status(), a.headers(), a.source(), a.from(), a.to())));
    }

    /** Bytes {@code from} to {@code to} of {@code source}, fed to the caller's handler. */
    private CompletableFuture<T> feed(
        int status, HttpHeaders headers, Bodies.Source source, long from, long to) {
      return Bodies.feed(
          handler, Bodies.info(status, headers, delegate.version()), source, from, to, cache.store);
    }

    /** A response the cache made, with the body the caller's handler read. */
    private HttpResponse<T> made(int status, HttpHeaders headers, T body) {
      return new Response<>(
          status, headers, body, request, request.uri(), delegate.version(), Optional.empty());
    }

    /**
     * Validates {@code stale} on the cache's threads (stale-while-revalidate); only the cache's own
     * body handlers run there.
     */
    private void revalidateLater(Entry stale) {
      HttpRequest.Builder b = HttpRequest.newBuilder(sent, (n, v) -> true);
      if (sent.timeout().isEmpty()) {
        b.timeout(BACKGROUND_TIMEOUT);
      }
      String etag = stale.first("ETag");
      String modified = stale.first("Last-Modified");
      if (etag != null) {
        b.header("If-None-Match", etag);
      }
      if (modified != null) {
        b.header("If-Modified-Since", modified);
      }
      HttpRequest validation = b.build();
      cache.validateInBackground(
          key,
          () -> {
            marks = cache.store.marks(group); // the stale hit read none
            long requestMillis = System.currentTimeMillis();
            AtomicReference<@Nullable Object> waiting = new AtomicReference<>();
            AtomicReference<Bodies.@Nullable Tee<Void>> storing = new AtomicReference<>();
            @Nullable CompletableFuture<HttpResponse<Void>> sent = null;
            try {
              // Sent asynchronously: the code a client runs for its caller (an OkHttp interceptor,
              // a cookie store) runs on the client's threads, as for any asynchronous call, never
              // on the cache's.
              sent =
                  delegate.sendAsync(
                      validation,
                      info -> {
                        long responseMillis = System.currentTimeMillis();
                        Directives rc = storable(info);
                        if (info.statusCode() == 304
                            && !credentialsAdded(info)
                            && sameValidator(stale, info.headers())) {
                          Entry fresh =
                              stale.freshened(info.headers(), requestMillis, responseMillis);
                          if (follows) {
                            waiting.set(fresh);
                          } else {
                            cache.store.put(fresh, stamp, marks);
                          }
                        } else if (rc != null) {
                          Store.Sink sink =
                              sink(template(info, rc, requestMillis, responseMillis), !follows);
                          waiting.set(sink);
                          Bodies.Tee<Void> t = new Bodies.Tee<>(BodySubscribers.discarding(), sink);
                          storing.set(t);
                          return t;
                        }
                        return BodySubscribers.discarding();
                      });
              // The request's timeout bounds the whole exchange, body included: a body that stalls
              // would hold this thread, the key's validation and the connection for good.
              HttpResponse<Void> r = joined(sent, validation.timeout().orElse(BACKGROUND_TIMEOUT));
              boolean elsewhere = redirected(r);
              Object w = waiting.get();
              if (w instanceof Store.Gated) {
                ((Store.Gated) w).decide(!elsewhere);
              } else if (w instanceof Entry && !elsewhere) {
                cache.store.put((Entry) w, stamp, marks);
              }
            } catch (IOException | RuntimeException | InterruptedException e) {
              // the stale entry stays; the next call validates it
              if (sent != null) {
                sent.cancel(true);
              }
              Bodies.Tee<Void> t = storing.get();
              if (t != null) {
                t.abandon();
              }
              Object w = waiting.get();
              if (w instanceof Store.Gated) {
                ((Store.Gated) w).decide(false);
              }
              if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
              }
            }
          });
    }

    /**
     * The response {@code sent} completes with within {@code timeout}, its failure as {@code send}
     * would throw it.
     */
    private static <R> HttpResponse<R> joined(
        CompletableFuture<HttpResponse<R>> sent, Duration timeout)
        throws IOException, InterruptedException {
      try {
        return sent.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        throw new java.net.http.HttpTimeoutException(
            "background validation not done within " + timeout);
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof IOException) {
          throw (IOException) cause;
        }
        if (cause instanceof RuntimeException) {
          throw (RuntimeException) cause;
        }
        throw new IOException(cause);
      }
    }
  }

  /**
   * A response the cache answers with itself: bytes {@code from} to {@code to} of {@code source},
   * for the caller's handler to read.
   */
  private record Answer(
      int status, HttpHeaders headers, Bodies.Source source, long from, long to) {}

  /** A response the cache answered or passed on, with the headers the caller sees. */
  private record Response<T>(
      int statusCode,
      HttpHeaders headers,
      T body,
      HttpRequest request,
      URI uri,
      Version version,
      Optional<SSLSession> sslSession)
      implements HttpResponse<T> {
    @Override
    public Optional<HttpResponse<T>> previousResponse() {
      return Optional.empty();
    }

    @Override
    public String toString() {
      return "(" + request.method() + " " + Uris.redact(uri) + ") " + statusCode;
    }
  }

  @Override
  public String toString() {
    return "HttpCache" + cache + " over " + delegate;
  }
}
