package dev.httpjson;

import dev.httpjson.internal.InterceptingClient;
import dev.httpjson.internal.Interceptors;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpResponse.ResponseInfo;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * Code that runs around every exchange: it sees the request, may change it, forward it zero or more
 * times and see or replace the response — auth, retries, logging. The shape is OkHttp's {@code
 * Interceptor} ({@code chain.proceed(request)}) and Methanol's (a blocking and an asynchronous
 * method, the chain carrying the {@link BodyHandler}).
 *
 * <p>An {@link HttpJsonClient} runs every call it makes through the interceptors given to {@link
 * HttpJsonClient.Builder#interceptor(Interceptor)}, in order: the one-liners, {@code exchange} and
 * streams, blocking and asynchronous, on any {@link HttpClient} underneath. {@link
 * #decorate(HttpClient, Interceptor...)} gives the same chain to a plain client, for {@link
 * HttpJson}'s static calls and {@link HttpClient#send}.
 *
 * <p>An interceptor that only changes the request, or only looks at the response, is written once,
 * as one function, with {@link #request(UnaryOperator)} or {@link #response(Consumer)}:
 *
 * <pre>{@code
 * HttpJsonClient api = HttpJsonClient.newBuilder(http)
 *     .baseUri("https://api.example.com/v1/")
 *     .interceptor(Interceptor.request(r -> HttpRequest.newBuilder(r, (n, v) -> true)
 *         .header("X-Request-Id", UUID.randomUUID().toString())
 *         .build()))
 *     .interceptor(Interceptor.response(r -> rateLimit.update(r.headers())))
 *     .build();
 * }</pre>
 *
 * <p>One that forwards twice, waits, or answers itself implements both methods: a blocking call
 * runs the exchange on the calling thread, and an asynchronous one must not hold a thread while it
 * waits (a retry's backoff is a timer, {@link Chain#delay}), so the two are usually two short forms
 * of the same logic.
 *
 * <p><b>Bodies.</b> The chain carries the call's body handler, and the body is read once, by it. To
 * see the body, an interceptor forwards with a handler wrapping {@link Chain#bodyHandler()} ({@link
 * Chain#withBodyHandler}); it drops a response it will not return with {@link
 * Chain#discard(ResponseInfo)}. A request body is sent once per forward ({@link JsonContent} can be
 * sent again). A body forwarded again (a retry, a redirect hop) must publish the bytes it published
 * the first time: one that publishes fewer or more (a publisher reading one {@code InputStream}, or
 * serving one subscriber) fails that forward with an {@link HttpJsonException} before its request
 * is complete, rather than sending an empty or cut body.
 *
 * <p><b>Failures and threads.</b> What an interceptor throws, or fails its future with, the call
 * fails with; an asynchronous method returns a failed future, never throws, and stops waiting when
 * its future is cancelled. Interceptors run on the thread that sends (the caller's for blocking
 * calls, an async lane's or the client's executor otherwise) and must be thread-safe; what they
 * need from the calling thread they take with {@link #snapshot()}.
 */
public interface Interceptor {

  /**
   * Handles a blocking exchange.
   *
   * @param request the request as the previous interceptor forwarded it
   * @throws IOException if the exchange fails
   * @throws InterruptedException if interrupted while waiting (stop at once)
   */
  <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
      throws IOException, InterruptedException;

  /**
   * Handles an asynchronous exchange, without blocking.
   *
   * @param request the request as the previous interceptor forwarded it
   * @return a future of the response; a failed future, never a throw, when the exchange fails
   */
  <T> CompletableFuture<HttpResponse<T>> interceptAsync(HttpRequest request, Chain<T> chain);

  /**
   * An interceptor that forwards each request as {@code change} returns it, on both paths: a header
   * per request, a rewritten URI. {@code change} runs on the thread that sends, once per request
   * that reaches this interceptor (once per attempt after a {@link RetryInterceptor}); it must not
   * block. What it throws, the call fails with, and nothing is sent.
   *
   * @param change gives the request to forward; never {@code null}
   */
  static Interceptor request(UnaryOperator<HttpRequest> change) {
    return Interceptors.request(change);
  }

  /**
   * An interceptor that shows each response to {@code action} before returning it, on both paths:
   * metrics, a rate limit from the headers. {@code action} runs once per response that reaches this
   * interceptor, after the call's body handler (the body is the decoded value, or a stream it must
   * leave alone), on the thread that completes the exchange; it must not block, and is not called
   * when the exchange fails. What it throws, the call fails with, and a body holding the connection
   * is closed.
   *
   * <pre>{@code
   * Interceptor limits = Interceptor.response(r ->
   *     r.headers().firstValue("X-RateLimit-Remaining").ifPresent(quota::set));
   * }</pre>
   *
   * @param action sees each response
   */
  static Interceptor response(Consumer<? super HttpResponse<?>> action) {
    return Interceptors.response(action);
  }

  /**
   * Takes what this interceptor needs from the calling thread (a tracing context, an MDC) when an
   * asynchronous call starts; it is {@linkplain Snapshot#restore() restored} around the exchange,
   * and around every forward from another thread, wherever they run. Blocking calls take none, but
   * for a stream httpjson reopens or pages: the snapshot taken where the stream is opened is
   * restored around each later exchange (an event stream's reconnection, a paged stream's next
   * page), on whichever thread reads the stream. The default takes none.
   *
   * <pre>{@code
   * public Snapshot snapshot() {
   *   Context context = Context.current(); // OpenTelemetry's
   *   return context == Context.root() ? null : context::makeCurrent;
   * }
   * }</pre>
   *
   * @return the snapshot, or {@code null} when there is nothing to carry
   */
  default @Nullable Snapshot snapshot() {
    return null;
  }

  /**
   * What an interceptor took from a calling thread ({@link Interceptor#snapshot()}), to put back on
   * another.
   */
  @FunctionalInterface
  interface Snapshot {
    /**
     * Puts the state back on the current thread; closing what it returns takes it off again. A
     * failure of either is logged and does not fail the call.
     *
     * @return what undoes the restore, on the same thread
     * @throws Exception if the state cannot be restored
     */
    AutoCloseable restore() throws Exception;
  }

  /**
   * An {@link HttpClient} that runs {@code send} and {@code sendAsync} through {@code
   * interceptors}, in order, and forwards to {@code client} at the end; its other methods are
   * {@code client}'s. Closing or shutting it down is the business of {@code client}'s owner. When
   * {@code client} follows redirects itself, which would copy a header to whatever origin a
   * redirect names, a request the interceptors put {@code Authorization}, {@code
   * Proxy-Authorization} or {@code Cookie} on fails with {@link IllegalStateException} before it is
   * sent.
   *
   * @param client the client exchanges are forwarded to
   * @param interceptors the interceptors, the first one outermost
   * @return the decorated client, or {@code client} itself when {@code interceptors} is empty
   */
  static HttpClient decorate(HttpClient client, Interceptor... interceptors) {
    return InterceptingClient.of(client, List.of(interceptors));
  }

  /**
   * The rest of the chain, as one interceptor sees it: the interceptors after it, then the client.
   * Immutable and thread-safe; forward as often as needed.
   */
  interface Chain<T> {

    /** {@return the handler the body of a forwarded response is read with} */
    BodyHandler<T> bodyHandler();

    /**
     * The same chain with another body handler, to see the body (wrap {@link #bodyHandler()}) or to
     * drop a response this interceptor will not return ({@link #discard(ResponseInfo)}).
     *
     * @param bodyHandler the handler
     * @param <U> its body type
     * @return a chain forwarding with {@code bodyHandler}
     */
    <U> Chain<U> withBodyHandler(BodyHandler<U> bodyHandler);

    /**
     * Forwards {@code request} to the next interceptor, or to the client after the last one, and
     * waits for the response.
     *
     * @throws IOException if the exchange fails
     * @throws InterruptedException if interrupted while waiting
     */
    HttpResponse<T> forward(HttpRequest request) throws IOException, InterruptedException;

    /**
     * Forwards {@code request} asynchronously.
     *
     * @return a future of the response; cancelling it aborts the exchange
     */
    CompletableFuture<HttpResponse<T>> forwardAsync(HttpRequest request);

    /**
     * What is left of the call's whole-call timeout ({@link JsonOptions#timeout()}) when httpjson
     * made the call, so that a retry does not wait past it. Empty for a call without one, and for a
     * plain {@code send} through {@link Interceptor#decorate}.
     *
     * @return the time left, zero or more, or empty
     */
    Optional<Duration> remaining();

    /**
     * What the stream reading the body of the response this chain forwarded failed with (an idle
     * timeout, a malformed element, a broken connection), set before the stream closes the body: an
     * interceptor that sees the body cancelled tells a failure from an early close here.
     *
     * @return the failure; empty while the body is read, when it ended or was closed by the caller,
     *     for a body not read as a stream, and for a plain {@code send} through {@link
     *     Interceptor#decorate}
     */
    default Optional<Throwable> streamFailure() {
      return Optional.empty();
    }

    /**
     * Has {@code action} told when the stream reading {@code response}'s body is over — the stream
     * of a {@code getFromJsonAsStream} call or of an event stream, that this chain forwarded:
     * closed by its caller, read to its end, or failed, with the failure the caller gets (inside
     * its {@link java.io.UncheckedIOException}, as {@link #streamFailure()} gives it) or {@code
     * null} (also when the connection broke and an event stream reconnected: the body's subscriber
     * sees that failure). The body's last byte may arrive long before the stream is over, and an
     * element found malformed after it still fails the stream: an interceptor that reports an
     * exchange once its response is read ends it here instead. At once when the stream is over
     * already. It runs on the thread that closes the stream, so it must not block; what it throws
     * is logged.
     *
     * @param response a response this chain forwarded, as {@link #forward} returned it or {@link
     *     #forwardAsync}'s future completed with it
     * @param action what runs once the stream is over
     * @return whether {@code action} will be told: {@code false} for a body httpjson reads whole
     *     before the forward returns (the body's end is the exchange's), for a body read by another
     *     handler, and for a plain {@code send} through {@link Interceptor#decorate}
     */
    default boolean whenStreamOver(
        HttpResponse<?> response, Consumer<? super @Nullable Throwable> action) {
      return false;
    }

    /**
     * The options of the call this chain belongs to: to show a URI as the call's exception messages
     * do, say ({@link JsonOptions#redact(String)}).
     *
     * @return the options; empty for a plain {@code send} through {@link Interceptor#decorate}
     */
    default Optional<JsonOptions> options() {
      return Optional.empty();
    }

    /**
     * The path template of the API interface method the call was made through, resolved against the
     * client's base URI as the call's URI is ({@code /v1/repos/{owner}/{repo}} for
     * {@code @GET("repos/{owner}/{repo}")} under {@code https://api.example.com/v1/}; an absolute
     * template as written but for its userinfo; a literal query kept, its values hidden as {@link
     * JsonOptions#redact(String)} hides them, {@code /v1/search?api_key=***&type=***}): a
     * low-cardinality name for the call without secrets, which metrics tag it with instead of its
     * URI. Every exchange of the call has it: each attempt, each redirect hop, each page of a paged
     * method, each reconnection of an event stream.
     *
     * @return the template; empty for a call made otherwise (a one-liner or an {@code exchange}
     *     called on an {@link HttpJsonClient} directly, an interface method with a {@code @Url}
     *     parameter) and for a plain {@code send} through {@link Interceptor#decorate}
     */
    default Optional<String> route() {
      return Optional.empty();
    }

    /**
     * A future completed once {@code delay} has passed, for an asynchronous interceptor that waits
     * without holding a thread; its stages run on an httpjson async lane (or a thread of its own
     * when none can be had), never on the timer's thread nor on the common pool.
     *
     * @param delay how long to wait; zero or less completes the future as soon as possible
     * @return the future; failed when the timer cannot start its thread
     */
    default CompletableFuture<Void> delay(Duration delay) {
      return Interceptors.delay(delay);
    }

    /**
     * What a handler of this chain returns for a response this interceptor will not return (one it
     * retries): the body is read and dropped, so that the connection is reused, and the call's
     * listeners and JFR event still see the response. A body longer than 64 KiB (or one that never
     * ends) is cut there and its connection closed, rather than drained.
     *
     * @param info the response being dropped
     * @return a subscriber that drops the body; the response's body is {@code null}
     */
    default BodySubscriber<T> discard(ResponseInfo info) {
      return BodySubscribers.replacing(null);
    }

    /**
     * What httpjson measures of the call for its listeners and JFR event, when this chain forwards
     * with the call's own body handler, so an interceptor reports the same bytes without counting.
     *
     * @return the measurement; empty when httpjson does not measure the call, when this chain
     *     forwards with another body handler, and for a plain {@code send} through {@link
     *     Interceptor#decorate}
     */
    default Optional<Measurement> measurement() {
      return Optional.empty();
    }
  }

  /**
   * The response body of a call as httpjson measures it for its {@link CallListener}s ({@link
   * CallListener#responseBodyRead}) and JFR event, seen from an interceptor ({@link
   * Chain#measurement()}). Thread-safe.
   */
  interface Measurement {
    /** {@return the bytes of the body as received, or -1 while no body has been read to its end} */
    long wireBytes();

    /**
     * {@return the bytes of the body once decoded (decompressed), or -1 while no body has been read
     * to its end}
     */
    long decodedBytes();

    /** {@return whether the caller closed the call's stream before its end} */
    boolean closedEarly();

    /**
     * Has {@code action} told when the call is over, after its listeners, with the failure the call
     * ended with, or {@code null}: at once when it is over already. It runs on the thread that ends
     * the call, so it must not block; what it throws is logged.
     *
     * @param action what runs once the call is over
     */
    void whenOver(Consumer<? super @Nullable Throwable> action);
  }
}
