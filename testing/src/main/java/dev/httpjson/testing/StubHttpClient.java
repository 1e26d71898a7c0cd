package dev.httpjson.testing;

import dev.httpjson.JsonOptions;
import dev.httpjson.internal.ForwardingRequest;
import dev.httpjson.internal.Uris;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.PushPromiseHandler;
import java.net.http.HttpTimeoutException;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.jspecify.annotations.Nullable;

/**
 * A {@link HttpClient} that answers in memory from routes: no socket, no port. The code under test
 * keeps its production wiring ({@code HttpJsonClient.newBuilder(stub)}, interceptors, listeners,
 * retries); only the network is replaced.
 *
 * <pre>{@code
 * StubHttpClient stub = StubHttpClient.create();
 * stub.on("GET", "/users/{id}").reply(200, new User("ada"));
 * stub.on("POST", "/orders").reply(Reply.status(503).header("Retry-After", "0")).reply(201, created);
 *
 * HttpJsonClient api = HttpJsonClient.newBuilder(stub).baseUri(URI.create("https://api.test/")).build();
 * ...
 * assertThat(stub.takeRequest(Duration.ofSeconds(1)).bodyAs(Order.class)).isEqualTo(order);
 * stub.verify(); // no unexpected request, no reply left unused
 * }</pre>
 *
 * <p><b>Routes</b> are tried in the order they were added; a request takes the next reply of the
 * first route that matches it and still has one, once its body has arrived whole (a request whose
 * body failed, timed out or was cancelled leaves the reply to the next). A request no route answers
 * fails the call with an {@link dev.httpjson.HttpJsonException} listing the routes (httpjson's own
 * type, so that a {@code RetryInterceptor} does not send it again), and is remembered, so that
 * {@link #verify()} fails the test even when the code under test swallowed the error. Routes match
 * the method and the whole path, the base URI's path included (the host and the query are not
 * looked at: any host works), or any predicate over the {@link HttpRequest}.
 *
 * <p><b>Delivery</b> follows the JDK client: the caller's {@link BodyHandler} gets the response's
 * head and its {@link HttpResponse.BodySubscriber} the body on the stub's own threads (never the
 * caller's), as much as it {@linkplain java.util.concurrent.Flow.Subscription#request requests},
 * one scripted part per {@code onNext}; a request's {@linkplain HttpRequest#timeout() timeout}
 * covers the wait for the response's head and fails it with {@link HttpTimeoutException}; the
 * timeout, cancelling the future of {@link #sendAsync} or interrupting {@link #send} aborts the
 * exchange: the subscription to a request body still being sent is cancelled, and a response body
 * being read fails with an {@link IOException}; response header names are in lower case, as the JDK
 * client reads an HTTP/1.1 response's. What a stub cannot be is the wire: it speaks HTTP/1.1 only,
 * has no TLS session ({@link HttpResponse#sslSession()} is empty), adds none of the JDK's own
 * request headers ({@code Host}, {@code Content-Length}, {@code User-Agent}), follows no redirect
 * and receives no server push.
 *
 * <p>Replies with values are written with the stub's {@link JsonOptions}: give it the options the
 * code under test uses when they change the JSON ({@link #create(JsonOptions)}).
 *
 * <p>Thread-safe: routes and replies may be added while calls run. The stub holds no resource to
 * close; its threads are shared by every stub and end when idle.
 */
public final class StubHttpClient extends HttpClient {
  private static final Pattern VARIABLE = Pattern.compile("\\{[^/{}]+}");
  private static final Pattern ABSOLUTE =
      Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*([^?#]*).*", Pattern.DOTALL);

  /** A token character of RFC 9110, what a method is made of. */
  private static boolean isTokenChar(int c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
  }

  private static int indexOfQueryOrFragment(String template) {
    int q = template.indexOf('?');
    int f = template.indexOf('#');
    return q < 0 ? f : f < 0 ? q : Math.min(q, f);
  }

  private final JsonOptions options;
  private final List<Route> routes = new CopyOnWriteArrayList<>();
  // A lock, not this object's monitor: takeRequest waits here, and a virtual thread waiting in
  // Object.wait keeps its carrier on Java 21 to 23.
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition arrived = lock.newCondition();
  private final List<StubRequest> received = new ArrayList<>(); // guarded by lock
  private final List<StubRequest> unexpected = new ArrayList<>(); // guarded by lock
  private final List<String> failedReplies = new ArrayList<>(); // guarded by lock
  private int taken; // guarded by lock
  private volatile @Nullable Recording recording; // while onCall(api, call) runs

  private StubHttpClient(JsonOptions options) {
    this.options = options;
  }

  /**
   * A stub writing and reading values with httpjson's default options ({@link JsonOptions#web()},
   * the codec found on the class path or module path), as {@code HttpJsonClient} uses them when
   * given none.
   *
   * @return a stub with no route
   */
  public static StubHttpClient create() {
    return new StubHttpClient(JsonOptions.web());
  }

  /**
   * A stub writing replies and reading captured bodies with {@code options}: the options the code
   * under test gives its {@code HttpJsonClient}, so that a reply reads as the server's JSON would
   * (naming, codec).
   *
   * @param options the options, codec included
   * @return a stub with no route
   */
  public static StubHttpClient create(JsonOptions options) {
    return new StubHttpClient(Objects.requireNonNull(options, "options"));
  }

  /**
   * Adds a route for a method and a path template, whose {@code {name}} parts match one path
   * segment each: {@code on("GET", "/users/{id}/orders")}.
   *
   * @param method the method, e.g. {@code "GET"}
   * @param pathTemplate the path, starting with {@code /}, with {@code {name}} for any segment
   * @return the route, to add its replies
   * @throws IllegalArgumentException if the method is blank or not a token (a space in it), or the
   *     template does not start with {@code /} or has a query or a fragment (a route matches the
   *     path only: read {@link StubRequest#query(String)} in {@link
   *     Route#reply(java.util.function.Function)} to answer by the query)
   */
  public Route on(String method, String pathTemplate) {
    if (method.isBlank()) {
      throw new IllegalArgumentException("blank method");
    }
    if (!method.chars().allMatch(StubHttpClient::isTokenChar)) {
      throw new IllegalArgumentException("not a method: '" + method + "'");
    }
    Matcher absolute = ABSOLUTE.matcher(pathTemplate);
    if (absolute.matches()) {
      throw new IllegalArgumentException(
          "path template is an absolute URI: "
              + pathTemplate
              + " (a route matches the path only, with the base URI's path: "
              + (absolute.group(1).isEmpty() ? "/" : absolute.group(1))
              + ")");
    }
    if (!pathTemplate.startsWith("/")) {
      throw new IllegalArgumentException("path template does not start with '/': " + pathTemplate);
    }
    int query = indexOfQueryOrFragment(pathTemplate);
    if (query >= 0) {
      throw new IllegalArgumentException(
          "path template has a query or a fragment: "
              + pathTemplate
              + " (a route matches the path only, "
              + pathTemplate.substring(0, query)
              + "; read request.query(name) in reply(request -> ...), or declare the route with"
              + " onCall)");
    }
    StringBuilder regex = new StringBuilder();
    Matcher m = VARIABLE.matcher(pathTemplate);
    int at = 0;
    while (m.find()) {
      regex.append(Pattern.quote(pathTemplate.substring(at, m.start()))).append("[^/]+");
      at = m.end();
    }
    regex.append(Pattern.quote(pathTemplate.substring(at)));
    Pattern path = Pattern.compile(regex.toString());
    Pattern atEnd = Pattern.compile("(/.*?)" + regex);
    return add(
        new Route(
            method + " " + pathTemplate,
            r -> r.method().equals(method) && path.matcher(pathOf(r)).matches(),
            r -> {
              if (!r.method().equals(method)
                  && r.method().equalsIgnoreCase(method)
                  && path.matcher(pathOf(r)).matches()) {
                return "the method differs in case only: methods are case-sensitive, "
                    + r.method()
                    + " is not "
                    + method;
              }
              Matcher end = atEnd.matcher(pathOf(r));
              return r.method().equals(method) && end.matches()
                  ? "matches the end of the path: is "
                      + end.group(1)
                      + ", the base URI's path, missing from the template?"
                  : null;
            }));
  }

  /**
   * Adds a route matching what {@code predicate} accepts, for what a method and a path cannot say
   * (a header, a query parameter): {@code on("search for ada", r ->
   * "q=ada".equals(r.uri().getQuery()))}. The body is not known yet when routes are chosen. The
   * predicate sees every request the routes before it did not answer; if it throws, the call fails
   * with an {@link dev.httpjson.HttpJsonException} naming the route, and the request counts as one
   * no route answered.
   *
   * @param description what the route matches, shown in failures
   * @param predicate accepts the requests the route answers
   * @return the route, to add its replies
   */
  public Route on(String description, Predicate<HttpRequest> predicate) {
    Objects.requireNonNull(predicate, "predicate");
    return add(new Route(Objects.requireNonNull(description, "description"), predicate));
  }

  /**
   * A call of an API interface's method, run once by {@link #onCall(Object, ApiCall)} to learn the
   * request it sends.
   *
   * @param <A> the API interface
   */
  @FunctionalInterface
  public interface ApiCall<A> {
    /**
     * Calls one method of {@code api}.
     *
     * @param api the implementation the code under test uses
     * @throws Exception whatever the method throws; ignored once its request was seen
     */
    void call(A api) throws Exception;
  }

  /**
   * Adds a route declared by an API interface's own method (httpjson-interfaces), so that a test
   * never repeats a path template: {@code stub.onCall(github, gh -> gh.issue("octo", "hello",
   * 42)).reply(200, issue)}. The call is run once, now, through {@code api} — the implementation
   * the code under test uses, created by an {@code HttpJsonClient} over this stub (its base URI,
   * default headers and interceptors apply) — and the request it sends is recorded, not routed: the
   * route matches that method, path and query exactly (failures show the query with its values
   * redacted). That run is answered with an empty {@code 204 No Content}, so that it is no failure
   * for the code under test's interceptors, listeners and logs, and no retry repeats it; what the
   * call returns or throws then is ignored. Neither {@link #requests()} nor {@link #verify()}
   * counts it. A lazily read stream sends nothing until its first element is asked for: {@code gh
   * -> gh.issues("octo", "hello").findFirst()}.
   *
   * <p>Declare such routes while the code under test is not calling: a request this stub receives
   * from any thread while the call runs is the one recorded.
   *
   * @param api an API interface's implementation bound to a client over this stub
   * @param call one call of one of its methods
   * @param <A> the API interface
   * @return the route, to add its replies
   * @throws IllegalArgumentException if the call sent no request through this stub within a second
   */
  public <A> Route onCall(A api, ApiCall<? super A> call) {
    Objects.requireNonNull(api, "api");
    Objects.requireNonNull(call, "call");
    Recording r = new Recording();
    lock.lock();
    try {
      if (recording != null) {
        throw new IllegalStateException("another onCall(api, call) is recording");
      }
      recording = r;
    } finally {
      lock.unlock();
    }
    Exception thrown = null;
    HttpRequest request;
    try {
      try {
        call.call(api);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        thrown = e;
      } catch (Exception e) {
        thrown = e;
      }
      request = r.await(Duration.ofSeconds(1)); // an async method may send from another thread
    } finally {
      recording = null;
    }
    if (request == null) {
      IllegalArgumentException e =
          new IllegalArgumentException(
              "the call sent no request through this stub: is "
                  + api.getClass().getName()
                  + " created by an HttpJsonClient over this stub? (a lazily read stream sends"
                  + " on its first element: end the call with .findFirst())");
      if (thrown != null) {
        e.initCause(thrown);
      }
      throw e;
    }
    String method = request.method();
    String path = pathOf(request);
    String query = request.uri().getRawQuery();
    // The query's values redacted, as httpjson's own messages show them: failures and verify()
    // print the route, and a test's output often ends up in CI logs.
    String description =
        method
            + " "
            + path
            + (query == null ? "" : "?" + Uris.redactQuery(query))
            + " ("
            + api.getClass().getSimpleName()
            + ")";
    return add(
        new Route(
            description,
            q ->
                q.method().equals(method)
                    && pathOf(q).equals(path)
                    && Objects.equals(q.uri().getRawQuery(), query)));
  }

  /** The request a recorded call sent: the first one, answered by nothing. */
  private static final class Recording {
    private final CompletableFuture<HttpRequest> first = new CompletableFuture<>();

    void capture(HttpRequest request) {
      first.complete(request);
    }

    @Nullable HttpRequest await(Duration timeout) {
      try {
        return first.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException | ExecutionException e) {
        return null;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return first.getNow(null);
      }
    }
  }

  private Route add(Route route) {
    routes.add(route);
    return route;
  }

  /**
   * Every request received so far, in order of arrival, unexpected ones included.
   *
   * @return a snapshot of the requests
   */
  public List<StubRequest> requests() {
    lock.lock();
    try {
      return List.copyOf(received);
    } finally {
      lock.unlock();
    }
  }

  /**
   * The next request not taken yet, in order of arrival, waiting at most {@code timeout} for it
   * (for code that calls asynchronously). A request is there once its body was read, before its
   * reply.
   *
   * @param timeout how long to wait at most
   * @return the request
   * @throws AssertionError if none arrives in time, saying how many arrived
   * @throws InterruptedException if interrupted while waiting
   */
  public StubRequest takeRequest(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    lock.lock();
    try {
      while (taken >= received.size()) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new AssertionError(
              "expected a request within "
                  + timeout
                  + ", but none came ("
                  + received.size()
                  + " received, all taken before)");
        }
        arrived.awaitNanos(left);
      }
      return received.get(taken++);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Checks that every request found a route, every computed reply ({@link
   * Route#reply(java.util.function.Function)}) could be made, and every reply was used ({@link
   * Route#always()} replies excepted). Unexpected requests are listed with their URIs redacted as
   * httpjson's own messages are: query values but those the stub's options show as {@code ***},
   * userinfo and fragment dropped.
   *
   * @throws AssertionError listing the unexpected requests, the replies that could not be computed
   *     (an assertion of the test's own, such as {@link StubRequest#bodyAs(Class)}, that failed in
   *     one) and the routes with replies left
   */
  public void verify() {
    List<String> problems = new ArrayList<>();
    lock.lock();
    try {
      for (StubRequest r : unexpected) {
        // Redacted as httpjson's own messages are: a test's output often ends up in CI logs.
        problems.add(
            "unexpected request (no route answered it): "
                + r.method()
                + " "
                + options().redact(r.uri().toString()));
      }
      problems.addAll(failedReplies);
    } finally {
      lock.unlock();
    }
    for (Route route : routes) {
      if (route.unconsumed() > 0) {
        problems.add("reply not used: " + route);
      }
    }
    if (!problems.isEmpty()) {
      throw new AssertionError(String.join("\n", problems));
    }
  }

  /** A route and the reply it gives, fixed or computed from the request once its body is read. */
  record Answer(
      Route route,
      @Nullable Reply reply,
      @Nullable Function<? super StubRequest, Reply> computed) {}

  /**
   * A route's predicate threw on a request: the test's own code failed, not the code under test.
   */
  static final class PredicateFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PredicateFailed(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * The routes whose predicates accept the request, in order: chosen before its body is read.
   *
   * @throws PredicateFailed if a route's predicate threw, naming the route and the request
   */
  List<Route> matching(HttpRequest request) {
    List<Route> matching = new ArrayList<>();
    for (Route route : routes) {
      boolean matches;
      try {
        matches = route.matches(request);
      } catch (RuntimeException | Error e) {
        throw new PredicateFailed(
            "the predicate of route "
                + route.description()
                + " threw on "
                + request.method()
                + " "
                + shown(request)
                + ": "
                + e,
            e);
      }
      if (matches) {
        matching.add(route);
      }
    }
    return matching;
  }

  /**
   * Takes the reply that answers before the request body is read, a {@link
   * Reply#dropBeforeRequestBody()} next on the first of {@code matching} with a reply left, or
   * returns null and takes nothing.
   */
  @Nullable Answer dropBeforeBody(List<Route> matching) {
    for (Route route : matching) {
      if (route.unused()) {
        Object reply =
            route.nextIf(
                r -> r instanceof Reply && ((Reply) r).drop == Reply.Drop.BEFORE_REQUEST_BODY);
        return reply == null ? null : new Answer(route, (Reply) reply, null);
      }
    }
    return null;
  }

  /**
   * Takes the next reply of the first of {@code matching} that still has one, once the request's
   * body arrived whole (a request never read is never answered, and leaves the reply to the next),
   * or returns null when none answers.
   */
  @SuppressWarnings("unchecked")
  @Nullable Answer take(List<Route> matching) {
    for (Route route : matching) {
      Object reply = route.next();
      if (reply instanceof Reply) {
        return new Answer(route, (Reply) reply, null);
      }
      if (reply != null) {
        return new Answer(route, null, (Function<? super StubRequest, Reply>) reply);
      }
    }
    return null;
  }

  String noRoute(HttpRequest request) {
    StringBuilder s =
        new StringBuilder("no route answers ")
            .append(request.method())
            .append(' ')
            .append(shown(request))
            .append("; routes, in order:");
    if (routes.isEmpty()) {
      s.append(" none");
    }
    for (Route route : routes) {
      s.append("\n  ").append(route);
      String hint = route.hint(request);
      if (hint != null) {
        s.append(" (").append(hint).append(')');
      }
    }
    return s.toString();
  }

  void record(StubRequest request, boolean expected) {
    lock.lock();
    try {
      received.add(request);
      if (!expected) {
        unexpected.add(request);
      }
      arrived.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * A computed reply failed: the call fails, and so does verify(), in case the code swallowed it.
   */
  void replyFailed(String problem) {
    lock.lock();
    try {
      failedReplies.add(problem);
    } finally {
      lock.unlock();
    }
  }

  JsonOptions options() {
    return options;
  }

  /**
   * The request's path and query, the query's values redacted as httpjson's own messages show them
   * with the stub's options: what a failure says was sent.
   */
  String shown(HttpRequest request) {
    String query = request.uri().getRawQuery();
    return options().redact(pathOf(request) + (query == null ? "" : "?" + query));
  }

  static String pathOf(HttpRequest request) {
    String path = request.uri().getRawPath();
    return path == null || path.isEmpty() ? "/" : path;
  }

  /** None: a stub has no cookies. */
  @Override
  public Optional<CookieHandler> cookieHandler() {
    return Optional.empty();
  }

  /** None: a stub does not connect. */
  @Override
  public Optional<Duration> connectTimeout() {
    return Optional.empty();
  }

  /** {@link Redirect#NEVER}, the JDK client's default: a redirect reaches the caller as it is. */
  @Override
  public Redirect followRedirects() {
    return Redirect.NEVER;
  }

  /** None: a stub does not connect. */
  @Override
  public Optional<ProxySelector> proxy() {
    return Optional.empty();
  }

  /** The JVM's default context, unused: a stub has no TLS. */
  @Override
  public SSLContext sslContext() {
    try {
      return SSLContext.getDefault();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Default parameters, unused: a stub has no TLS. */
  @Override
  public SSLParameters sslParameters() {
    return new SSLParameters();
  }

  /** None. */
  @Override
  public Optional<Authenticator> authenticator() {
    return Optional.empty();
  }

  /** {@link Version#HTTP_1_1}, the only version a stub speaks. */
  @Override
  public Version version() {
    return Version.HTTP_1_1;
  }

  /** None: the stub delivers on threads of its own, as the JDK client's default executor does. */
  @Override
  public Optional<Executor> executor() {
    return Optional.empty();
  }

  /**
   * Sends a request and waits for its response, as {@link HttpClient#send} does.
   *
   * @throws IOException if the route drops the connection, the request times out ({@link
   *     HttpTimeoutException}) or no route answers it
   * @throws InterruptedException if interrupted while waiting: the exchange is aborted
   * @throws IllegalArgumentException if the JDK client would refuse the request: one of the
   *     caller's own {@code HttpRequest} class with a restricted or invalid header, an invalid
   *     method, URI or timeout, with the JDK client's message
   */
  @Override
  public <T> HttpResponse<T> send(HttpRequest request, BodyHandler<T> handler)
      throws IOException, InterruptedException {
    CompletableFuture<HttpResponse<T>> future = exchange(request, handler);
    try {
      return future.get();
    } catch (InterruptedException e) {
      future.cancel(true);
      throw e;
    } catch (CancellationException e) {
      throw new InterruptedIOException("cancelled");
    } catch (ExecutionException e) {
      // As the JDK client's send: what it names keeps its type, anything else (an unchecked
      // exception a body subscriber threw included) becomes an IOException with its message.
      Throwable cause = e.getCause();
      String message = cause == null ? e.getMessage() : cause.getMessage();
      if (cause instanceof IllegalArgumentException) {
        throw new IllegalArgumentException(message, cause);
      }
      if (cause instanceof SecurityException) {
        throw new SecurityException(message, cause);
      }
      if (cause instanceof HttpTimeoutException) {
        HttpTimeoutException copy = new HttpTimeoutException(message);
        copy.initCause(cause);
        throw copy;
      }
      throw new IOException(message, cause);
    }
  }

  /**
   * Sends a request asynchronously, as {@link HttpClient#sendAsync(HttpRequest, BodyHandler)} does:
   * the future completes once the handler's body is (for a streaming handler, at once), in {@link
   * CompletableFuture}'s default async executor as the JDK client's does, so that what depends on
   * it never runs on the stub's threads. Cancelling it aborts the exchange. A request the JDK
   * client would refuse is refused here too, with its {@link IllegalArgumentException}, as {@link
   * #send} refuses it.
   */
  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, BodyHandler<T> handler) {
    CompletableFuture<HttpResponse<T>> exchange = exchange(request, handler);
    // As the JDK client's: what depends on the future runs in the default async executor, never
    // on the stub's threads; cancelling it aborts the exchange.
    CompletableFuture<HttpResponse<T>> future = exchange.whenCompleteAsync((r, e) -> {});
    future.whenComplete(
        (r, e) -> {
          if (future.isCancelled()) {
            exchange.cancel(true);
          }
        });
    return future;
  }

  private <T> CompletableFuture<HttpResponse<T>> exchange(
      HttpRequest request, BodyHandler<T> handler) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(handler, "handler");
    refuseAsTheJdkDoes(request);
    Recording r = recording;
    if (r != null) {
      r.capture(request);
      return new Exchange<>(this, request, handler).startRecorded();
    }
    return new Exchange<>(this, request, handler).start();
  }

  /**
   * Refuses what the JDK client refuses before it connects, with its exception: {@code
   * HttpRequest.newBuilder()} checks the requests it builds, but a request of the caller's own
   * class (a wrapper an interceptor made) is checked only when it is sent. A test must not pass on
   * a request that production could not send.
   */
  private static void refuseAsTheJdkDoes(HttpRequest request) {
    // The headers first, with the messages of the JDK client's own check, which name the header.
    Set<String> restricted = restrictedHeaders();
    request
        .headers()
        .map()
        .forEach(
            (name, values) -> {
              if (name.isEmpty() || !name.chars().allMatch(StubHttpClient::isTokenChar)) {
                throw new IllegalArgumentException("invalid header name: \"" + name + "\"");
              }
              if (restricted.contains(name)) {
                throw new IllegalArgumentException("restricted header name: \"" + name + "\"");
              }
              for (String value : values) {
                if (!value.chars().allMatch(StubHttpClient::isFieldChar)) {
                  throw new IllegalArgumentException(
                      "invalid header value for " + name + ": \"" + value + "\"");
                }
              }
            });
    // The method, the URI and the timeout: the checks HttpRequest.newBuilder makes of its own
    // requests, with their messages.
    boolean connect = "CONNECT".equals(request.method());
    HttpRequest.newBuilder(connect ? new Renamed(request, "GET") : request, (name, value) -> false);
    if (connect) {
      throw new IllegalArgumentException("Unsupported method CONNECT");
    }
  }

  /**
   * The headers the JDK client refuses to take from a caller ({@code Host}, {@code Connection},
   * {@code Content-Length}, {@code Expect}, {@code Upgrade}), but those its system property {@code
   * jdk.httpclient.allowRestrictedHeaders} allows.
   */
  private static Set<String> restrictedHeaders() {
    Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    names.addAll(List.of("connection", "content-length", "expect", "host", "upgrade"));
    String allowed = System.getProperty("jdk.httpclient.allowRestrictedHeaders");
    if (allowed != null) {
      for (String name : allowed.trim().split(",")) {
        names.remove(name.trim());
      }
    }
    return names;
  }

  /** A character a header value may hold: visible ASCII, a space, a tab or obs-text. */
  private static boolean isFieldChar(int c) {
    return c == ' ' || c == '\t' || (c >= 0x21 && c <= 0x7e) || (c >= 0x80 && c <= 0xff);
  }

  /** A request as it is, but its method: to check the rest of a CONNECT. */
  private static final class Renamed extends ForwardingRequest {
    private final String method;

    Renamed(HttpRequest request, String method) {
      super(request);
      this.method = method;
    }

    @Override
    public String method() {
      return method;
    }
  }

  /**
   * As {@link #sendAsync(HttpRequest, BodyHandler)}: a stub receives no server push, so the push
   * promise handler is never called.
   */
  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request,
      BodyHandler<T> handler,
      @Nullable PushPromiseHandler<T> pushPromiseHandler) {
    return sendAsync(request, handler);
  }

  /** The routes, in order. */
  @Override
  public String toString() {
    return "StubHttpClient" + routes;
  }
}
