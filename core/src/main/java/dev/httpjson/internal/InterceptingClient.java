package dev.httpjson.internal;

import dev.httpjson.CallListener;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonOptions;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.PushPromiseHandler;
import java.net.http.HttpResponse.ResponseInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The {@link HttpClient} behind {@link Interceptor#decorate}: {@code send} and {@code sendAsync}
 * run through the interceptors, everything else is the wrapped client's.
 */
public final class InterceptingClient extends ForwardingClient {
  public static final long NO_DEADLINE = Long.MIN_VALUE;

  private static final CallListener[] NO_LISTENERS = {};

  private final Interceptor[] interceptors;
  private final CallListener[] listeners;

  /** Whether a call's body may be sent more than once ({@link ResentBodies#mayResend}). */
  private final boolean resends;

  /** The limit on calls in flight this client's calls run under, or {@code null}. */
  final @Nullable CallLimit limit;

  /** What {@link Interceptor.Chain#route()} says for this client's calls, or {@code null}. */
  private final @Nullable String route;

  private InterceptingClient(
      HttpClient delegate,
      Interceptor[] interceptors,
      CallListener[] listeners,
      @Nullable CallLimit limit) {
    this(delegate, interceptors, listeners, limit, null);
  }

  private InterceptingClient(
      HttpClient delegate,
      Interceptor[] interceptors,
      CallListener[] listeners,
      @Nullable CallLimit limit,
      @Nullable String route) {
    super(delegate);
    this.limit = limit;
    this.interceptors = interceptors;
    this.listeners = listeners;
    this.route = route;
    this.resends = ResentBodies.mayResend(interceptors, delegate);
  }

  /**
   * {@code client} whose calls tell its interceptors {@code route} ({@link
   * Interceptor.Chain#route()}); {@code client} itself when it runs no interceptors, since nothing
   * would read it.
   */
  public static HttpClient routed(HttpClient client, String route) {
    Objects.requireNonNull(route, "route == null");
    if (!(client instanceof InterceptingClient)) {
      return client;
    }
    InterceptingClient c = (InterceptingClient) client;
    if (c.interceptors.length == 0) {
      return client;
    }
    return new InterceptingClient(c.delegate, c.interceptors, c.listeners, c.limit, route);
  }

  public static HttpClient of(HttpClient client, List<Interceptor> interceptors) {
    return of(client, interceptors, List.of());
  }

  public static HttpClient of(
      HttpClient client, List<Interceptor> interceptors, List<CallListener> listeners) {
    return of(client, interceptors, listeners, null);
  }

  /**
   * {@code client} with {@code interceptors} and {@code listeners}, its calls under {@code limit}.
   */
  public static HttpClient of(
      HttpClient client,
      List<Interceptor> interceptors,
      List<CallListener> listeners,
      @Nullable CallLimit limit) {
    Objects.requireNonNull(client, "client == null");
    Interceptor[] all = interceptors.toArray(new Interceptor[0]);
    for (int i = 0; i < all.length; i++) {
      Objects.requireNonNull(all[i], "interceptors[" + i + "] == null");
    }
    CallListener[] each = listeners.toArray(NO_LISTENERS);
    for (int i = 0; i < each.length; i++) {
      Objects.requireNonNull(each[i], "listeners[" + i + "] == null");
    }
    if (all.length == 0 && each.length == 0 && limit == null) {
      return client;
    }
    if (client instanceof InterceptingClient) {
      // Calls are traced by the outermost client: it reports to the listeners of the one inside.
      CallListener[] inner = ((InterceptingClient) client).listeners;
      if (limit == null) {
        limit = ((InterceptingClient) client).limit; // the calls still run under it
      }
      CallListener[] merged = Arrays.copyOf(inner, inner.length + each.length);
      System.arraycopy(each, 0, merged, inner.length, each.length);
      each = merged;
    }
    return new InterceptingClient(client, all, each, limit);
  }

  /** {@code client} reporting to {@code listener} too, its interceptors and listeners kept. */
  public static HttpClient withListener(HttpClient client, CallListener listener) {
    Objects.requireNonNull(client, "client == null");
    Objects.requireNonNull(listener, "listener == null");
    if (client instanceof InterceptingClient) {
      InterceptingClient c = (InterceptingClient) client;
      CallListener[] more = Arrays.copyOf(c.listeners, c.listeners.length + 1);
      more[c.listeners.length] = listener;
      return new InterceptingClient(c.delegate, c.interceptors, more, c.limit, c.route);
    }
    return new InterceptingClient(client, new Interceptor[0], new CallListener[] {listener}, null);
  }

  public HttpClient delegate() {
    return delegate;
  }

  /**
   * What a call sends with: the wrapped client when this one only observes (listeners, a limit),
   * else this one, which runs the interceptors.
   */
  HttpClient sender() {
    return interceptors.length == 0 ? delegate : this;
  }

  /**
   * {@code blocking} run with the {@linkplain Interceptor#snapshot() snapshots} of {@code client}'s
   * interceptors restored, taken now, on the caller's thread; {@code blocking} itself when none
   * takes one (and for a client without interceptors, at the cost of one type check).
   */
  public static <R> Callable<R> withSnapshots(HttpClient client, Callable<R> blocking) {
    Interceptor.@Nullable Snapshot[] snapshots = snapshots(client);
    if (snapshots == null) {
      return blocking;
    }
    return () -> {
      AutoCloseable[] restored = restore(snapshots);
      try {
        return blocking.call();
      } finally {
        close(restored);
      }
    };
  }

  /** Work that sends: a later exchange of a stream. */
  public interface Sending<R> {
    R send() throws IOException, InterruptedException;
  }

  /**
   * The {@linkplain Interceptor#snapshot() snapshots} the interceptors of a client took on the
   * thread that opened a stream, to restore around the stream's later exchanges (a reconnection, a
   * next page) on whichever thread reads it: they belong to the call that opened the stream, not to
   * whatever that thread runs under.
   */
  public static final class Opener {
    private final Interceptor.@Nullable Snapshot @Nullable [] snapshots;

    private Opener(Interceptor.@Nullable Snapshot @Nullable [] snapshots) {
      this.snapshots = snapshots;
    }

    /** Runs {@code later} with the opener's snapshots restored, and their state taken off after. */
    public <R> R run(Sending<R> later) throws IOException, InterruptedException {
      Interceptor.Snapshot[] taken = snapshots;
      if (taken == null) {
        return later.send();
      }
      @Nullable AutoCloseable[] restored = restore(taken);
      try {
        return later.send();
      } finally {
        close(restored);
      }
    }
  }

  /**
   * The snapshots {@code client}'s interceptors take now, on the thread that opens a stream (none,
   * at the cost of one type check, for a client without interceptors).
   */
  public static Opener opener(HttpClient client) {
    return new Opener(client instanceof InterceptingClient ? snapshots(client) : null);
  }

  /**
   * The snapshots the interceptors of {@code client} (and of decorated clients under it) take on
   * the current thread, or {@code null} when none takes one.
   */
  private static Interceptor.@Nullable Snapshot @Nullable [] snapshots(HttpClient client) {
    List<Interceptor.Snapshot> taken = null;
    for (HttpClient c = client;
        c instanceof InterceptingClient;
        c = ((InterceptingClient) c).delegate) {
      for (Interceptor interceptor : ((InterceptingClient) c).interceptors) {
        Interceptor.Snapshot snapshot;
        try {
          snapshot = interceptor.snapshot();
        } catch (RuntimeException | LinkageError e) {
          warn(interceptor + ".snapshot() threw", e);
          continue;
        }
        if (snapshot != null) {
          if (taken == null) {
            taken = new ArrayList<>(2);
          }
          taken.add(snapshot);
        }
      }
    }
    return taken == null ? null : taken.toArray(new Interceptor.Snapshot[0]);
  }

  /** Restores {@code snapshots} on the current thread; what undoes each (null where one failed). */
  private static @Nullable AutoCloseable[] restore(Interceptor.Snapshot[] snapshots) {
    @Nullable AutoCloseable[] restored = new AutoCloseable[snapshots.length];
    for (int i = 0; i < snapshots.length; i++) {
      try {
        restored[i] = snapshots[i].restore();
      } catch (Exception | LinkageError e) {
        warn("restoring " + snapshots[i] + " failed", e);
      }
    }
    return restored;
  }

  /**
   * Reports what an interceptor's snapshot threw. The logger is looked up only then: looking it up
   * starts the logging backend.
   */
  private static void warn(String message, Throwable e) {
    System.getLogger("dev.httpjson").log(System.Logger.Level.WARNING, message, e);
  }

  /** Undoes {@link #restore}, last restored first. */
  private static void close(@Nullable AutoCloseable[] restored) {
    for (int i = restored.length - 1; i >= 0; i--) {
      AutoCloseable r = restored[i];
      if (r != null) {
        try {
          r.close();
        } catch (Exception | LinkageError e) {
          warn("closing " + r + " failed", e);
        }
      }
    }
  }

  /** The listeners calls report to, in order. */
  CallListener[] listeners() {
    return listeners;
  }

  /** The trace of the call a chain belongs to, or {@code null}. */
  public static @Nullable CallTrace trace(Interceptor.Chain<?> chain) {
    CallState<?> plan = chain instanceof Link ? ((Link<?>) chain).plan : null;
    return plan == null ? null : plan.trace;
  }

  /** A call's trace as an interceptor reads it ({@link Interceptor.Chain#measurement()}). */
  private static final class Measured implements Interceptor.Measurement {
    private final CallTrace trace;

    Measured(CallTrace trace) {
      this.trace = trace;
    }

    @Override
    public long wireBytes() {
      return trace.wireBytes();
    }

    @Override
    public long decodedBytes() {
      return trace.decodedBytes();
    }

    @Override
    public boolean closedEarly() {
      return trace.closedEarly();
    }

    @Override
    public void whenOver(Consumer<? super @Nullable Throwable> action) {
      Objects.requireNonNull(action, "action == null");
      trace.whenOver((t, failure, now) -> action.accept(failure));
    }
  }

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, BodyHandler<T> handler)
      throws IOException, InterruptedException {
    return send(request, handler, null);
  }

  /** {@code send} for the call {@code plan} runs: its trace, its deadline, its own responses. */
  public <T> HttpResponse<T> send(
      HttpRequest request, BodyHandler<T> handler, @Nullable CallState<?> plan)
      throws IOException, InterruptedException {
    Objects.requireNonNull(handler, "handler == null");
    Objects.requireNonNull(request, "request == null");
    return new Link<>(this, 0, handler, null, plan, null, request, new ResentBodies(resends))
        .forward(request);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, BodyHandler<T> handler) {
    return sendAsync(request, handler, null, null);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, BodyHandler<T> handler, @Nullable PushPromiseHandler<T> push) {
    return sendAsync(request, handler, push, null);
  }

  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request,
      BodyHandler<T> handler,
      @Nullable PushPromiseHandler<T> push,
      @Nullable CallState<?> plan) {
    Objects.requireNonNull(request, "request == null");
    Objects.requireNonNull(handler, "handler == null");
    Interceptor.Snapshot[] snapshots = snapshots(this);
    Caller caller = snapshots == null ? null : new Caller(Thread.currentThread(), snapshots);
    return new Link<>(this, 0, handler, push, plan, caller, request, new ResentBodies(resends))
        .forwardAsync(request);
  }

  @Override
  public String toString() {
    return "Interceptor.decorate("
        + delegate
        + ", "
        + interceptors.length
        + " interceptors"
        + (listeners.length == 0 ? "" : ", " + listeners.length + " listeners")
        + ")";
  }

  /** The thread that started an asynchronous exchange, and what its interceptors took from it. */
  private static final class Caller {
    public final Thread thread;
    public final Interceptor.Snapshot[] snapshots;

    public Caller(Thread thread, Interceptor.Snapshot[] snapshots) {
      this.thread = thread;
      this.snapshots = snapshots;
    }
  }

  /** The chain from interceptor {@code index} on. */
  private static final class Link<T> implements Interceptor.Chain<T> {
    private final InterceptingClient client;
    private final int index;
    private final BodyHandler<T> handler;
    private final @Nullable PushPromiseHandler<T> push;
    private final @Nullable CallState<?> plan; // null for a plain send on a decorated client
    private final @Nullable Caller caller;
    private final HttpRequest entered; // the request the interceptors were given
    private final ResentBodies bodies; // what the call's exchanges sent

    public Link(
        InterceptingClient client,
        int index,
        BodyHandler<T> handler,
        @Nullable PushPromiseHandler<T> push,
        @Nullable CallState<?> plan,
        @Nullable Caller caller,
        HttpRequest entered,
        ResentBodies bodies) {
      this.client = client;
      this.index = index;
      this.handler = handler;
      this.push = push;
      this.plan = plan;
      this.caller = caller;
      this.entered = entered;
      this.bodies = bodies;
    }

    @Override
    public BodyHandler<T> bodyHandler() {
      return handler;
    }

    @Override
    public <U> Interceptor.Chain<U> withBodyHandler(BodyHandler<U> bodyHandler) {
      Objects.requireNonNull(bodyHandler, "bodyHandler == null");
      return new Link<>(client, index, bodyHandler, null, plan, caller, entered, bodies);
    }

    private Link<T> next() {
      return new Link<>(client, index + 1, handler, push, plan, caller, entered, bodies);
    }

    /**
     * Refuses {@code request} when an interceptor put a credential ({@link Redirects#CREDENTIALS})
     * on it and the client underneath follows redirects itself: that client would copy it to
     * whatever origin a redirect names before any interceptor sees the hop (JDK 17 keeps {@code
     * Authorization} on another port of the same host, and {@code Cookie} anywhere).
     */
    private void checkCredentials(HttpRequest request) {
      if (client.interceptors.length == 0 || request == entered) {
        return;
      }
      HttpClient.Redirect own = client.delegate.followRedirects();
      if (own == HttpClient.Redirect.NEVER) {
        return;
      }
      for (String name : request.headers().map().keySet()) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (Redirects.CREDENTIALS.contains(lower)
            && !request.headers().allValues(name).equals(entered.headers().allValues(name))) {
          throw new IllegalStateException(
              "an interceptor added the header "
                  + name
                  + ", which carries a credential, and the HttpClient follows redirects"
                  + " (followRedirects() is "
                  + own
                  + "): it would send it to whatever origin a redirect names. Build the"
                  + " HttpClient with followRedirects(Redirect.NEVER) (for OkHttp:"
                  + " followRedirects(false)), and call followRedirects("
                  + (own == HttpClient.Redirect.ALWAYS ? "Redirect.ALWAYS" : "Redirect.NORMAL")
                  + ") on HttpJsonClient.Builder to have redirects followed with each hop"
                  + " checked");
        }
      }
    }

    @Override
    public HttpResponse<T> forward(HttpRequest request) throws IOException, InterruptedException {
      Objects.requireNonNull(request, "request == null");
      Interceptor[] interceptors = client.interceptors;
      CallState<?> p = plan;
      if (index < interceptors.length) {
        try {
          return Objects.requireNonNull(
              interceptors[index].intercept(request, next()),
              () -> interceptors[index] + " returned a null response");
        } catch (IOException | InterruptedException e) {
          if (p == null) {
            throw e;
          }
          throw rethrown(p.translate(e, request));
        }
      }
      checkCredentials(request);
      request = bodies.checked(request);
      CallTrace trace = p == null ? null : p.trace;
      if (trace != null) {
        trace.attempt(request);
      }
      int applied = p == null ? 0 : p.applied();
      HttpResponse<T> response;
      try {
        response = client.delegate.send(request, handler);
      } catch (InterruptedException e) {
        // The call's timeout aborted the exchange: every interceptor sees what the caller will.
        if (p == null) {
          throw e;
        }
        throw rethrown(p.translate(e, request));
      } catch (IOException e) {
        // What httpjson's own handlers raised comes out as raised, so interceptors see it too; a
        // status failure of a JsonBodyHandlers handler, which sees no request, names it here.
        IOException failure =
            Responses.naming(CallRunner.sendFailure(e, request, client.delegate), request);
        throw p == null ? failure : rethrown(p.translate(p.own(failure), request));
      } catch (IllegalArgumentException e) {
        if (e.getCause() == null) {
          throw e; // the request itself was rejected
        }
        throw CallRunner.sendFailure(e, request, client.delegate); // a response the client rejected
      }
      if (p != null && p.applied() != applied) {
        // The call's own handler read this response: decode it here, in the chain, and hand on
        // the response that carries its value.
        @SuppressWarnings("unchecked")
        HttpResponse<T> ended = (HttpResponse<T>) p.ended(response);
        return ended;
      }
      return response;
    }

    /** {@code e}, which {@link CallState#translate} made from an I/O failure or an interrupt. */
    private static IOException rethrown(Exception e) throws InterruptedException {
      if (e instanceof InterruptedException) {
        throw (InterruptedException) e;
      }
      return (IOException) e;
    }

    @Override
    public CompletableFuture<HttpResponse<T>> forwardAsync(HttpRequest request) {
      Objects.requireNonNull(request, "request == null");
      Caller c = caller;
      if (c == null || c.thread == Thread.currentThread()) {
        return forwardAsyncHere(request);
      }
      // Forwarded again from another thread (a retry after its backoff): as on the caller's.
      @Nullable AutoCloseable[] restored = restore(c.snapshots);
      try {
        return forwardAsyncHere(request);
      } finally {
        close(restored);
      }
    }

    private CompletableFuture<HttpResponse<T>> forwardAsyncHere(HttpRequest request) {
      Interceptor[] interceptors = client.interceptors;
      CompletableFuture<HttpResponse<T>> f;
      try {
        if (index < interceptors.length) {
          f = interceptors[index].interceptAsync(request, next());
          Objects.requireNonNull(f, () -> interceptors[index] + " returned a null future");
        } else {
          checkCredentials(request);
          request = bodies.checked(request);
          CallState<?> p = plan;
          CallTrace trace = p == null ? null : p.trace;
          if (trace != null) {
            trace.attempt(request);
          }
          int applied = p == null ? 0 : p.applied();
          f =
              push == null
                  ? client.delegate.sendAsync(request, handler)
                  : client.delegate.sendAsync(request, handler, push);
          if (p == null) {
            f =
                CallState.naming(
                    f, request); // a plain sendAsync, maybe with a JsonBodyHandlers handler
          } else {
            f = p.endedAsync(f, applied);
          }
          if (p != null && p.due != NO_DEADLINE) {
            f =
                p.atEnd(
                    f, request); // failed with the call's timeout when it elapses, as the caller is
          }
        }
      } catch (RuntimeException | Error e) {
        return CompletableFuture.failedFuture(e);
      }
      return f;
    }

    @Override
    public Optional<Throwable> streamFailure() {
      CallState<?> p = plan;
      return p == null ? Optional.empty() : Optional.ofNullable(p.streamFailure());
    }

    @Override
    public boolean whenStreamOver(
        HttpResponse<?> response, Consumer<? super @Nullable Throwable> action) {
      Objects.requireNonNull(response, "response == null");
      Objects.requireNonNull(action, "action == null");
      CallState<?> p = plan;
      if (p == null) {
        return false;
      }
      CallState.StreamEnd end = p.streamEnd(); // not the call: a dropped stream keeps this
      return StreamingSubscriber.whenClosed(response.body(), () -> action.accept(end.failure));
    }

    @Override
    public Optional<JsonOptions> options() {
      CallState<?> p = plan;
      return p == null ? Optional.empty() : Optional.ofNullable(p.options());
    }

    @Override
    public Optional<String> route() {
      return Optional.ofNullable(client.route);
    }

    @Override
    public BodySubscriber<T> discard(ResponseInfo info) {
      CallState<?> p = plan;
      CallTrace trace = p == null ? null : p.trace;
      if (trace != null) {
        trace.headers(info.statusCode()); // the handler that reports it is not called
      }
      return new Discarding<>();
    }

    @Override
    public Optional<Interceptor.Measurement> measurement() {
      CallState<?> p = plan;
      CallTrace trace = p == null || handler != p.sent ? null : p.trace;
      return trace == null ? Optional.empty() : Optional.of(new Measured(trace));
    }

    @Override
    public Optional<Duration> remaining() {
      long due = plan == null ? NO_DEADLINE : plan.due;
      if (due == NO_DEADLINE) {
        return Optional.empty();
      }
      return Optional.of(Duration.ofNanos(Math.max(0, due - System.nanoTime())));
    }
  }
}
