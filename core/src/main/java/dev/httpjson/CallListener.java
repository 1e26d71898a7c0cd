package dev.httpjson;

import dev.httpjson.internal.InterceptingClient;
import java.lang.reflect.Type;
import java.net.http.HttpClient;
import org.jspecify.annotations.Nullable;

/**
 * Sees each call httpjson makes, phase by phase, for metrics, traces and diagnostics: the shape of
 * OkHttp's {@code EventListener}, with a monotonic timestamp ({@link System#nanoTime()}) on every
 * event. Register one with {@link HttpJsonClient.Builder#listener(CallListener)}, or give a plain
 * {@link HttpClient} one with {@link #decorate(HttpClient, CallListener)} for {@link HttpJson}'s
 * static calls. Every method does nothing by default: override the events you want.
 *
 * <p>For one call, in order:
 *
 * <ol>
 *   <li>{@link #callStart}: the method, the URI (redacted) and the type read are known;
 *   <li>per attempt — the first, then each {@link #retry} or {@link #redirect} — {@link
 *       #requestBodySent} when the request has a body, then {@link #responseHeaders};
 *   <li>{@link #responseBodyRead}: the whole body arrived, its bytes on the wire and decoded;
 *   <li>{@link #decoded}: how long the codec took to turn the body into the value (not reported for
 *       a call that reads no value, such as the untyped {@code postAsJson}, nor for streams, which
 *       decode element by element while the caller consumes them);
 *   <li>for a stream ({@code getFromJsonAsStream}, event streams), {@link #streamEnd}: how many
 *       elements were delivered, and whether the caller closed the stream early;
 *   <li>exactly one of {@link #callEnd} or {@link #callFailed}.
 * </ol>
 *
 * A call that fails skips what it did not reach (a connection refused goes from {@link #callStart}
 * to {@link #callFailed}). A stream's call ends when the stream is closed or read to its end.
 *
 * <p>With no listener (and no JFR recording of {@code dev.httpjson.Call}) a call does no work for
 * events. Listeners run inline on the thread where the event happens, so they must be quick,
 * non-blocking and thread-safe; what one throws is logged at WARNING to {@code
 * System.getLogger("dev.httpjson")}, never given to the call.
 */
public interface CallListener {

  /** The call an event belongs to: one object per call, the same for all its events. */
  interface Call {
    /** {@return the request method, e.g. {@code "GET"}} */
    String method();

    /**
     * The request URI as httpjson's exception messages show it ({@link JsonOptions#redact(String)}
     * with the call's options): userinfo and the fragment left out, every query value but those the
     * options show as {@code ***}.
     *
     * @return the redacted URI
     */
    String uri();

    /**
     * The type the call reads: the body's type, or a stream's element type; {@code null} for a call
     * that reads no value (the untyped {@code postAsJson}, {@code deleteFromJson} without a type).
     *
     * @return the type, or {@code null}
     */
    @Nullable Type type();

    /**
     * When the call started, in {@link System#nanoTime()}: the timestamps of the events are
     * comparable with it.
     */
    long startNanos();
  }

  /** The call started: nothing has been sent yet. */
  default void callStart(Call call) {}

  /**
   * The request body of an attempt was sent (reported when the response's headers arrive).
   *
   * @param bytes the body's length in bytes, or -1 when the publisher did not know it
   */
  default void requestBodySent(Call call, long bytes, long nanoTime) {}

  /** The response headers of an attempt arrived. */
  default void responseHeaders(Call call, int statusCode, long nanoTime) {}

  /**
   * An {@link HttpCache} took part in an attempt (reported after {@link #responseHeaders}).
   *
   * @param outcome where the response came from
   */
  default void cache(Call call, HttpCache.Outcome outcome, long nanoTime) {}

  /**
   * The response body was read to its end: the body the call reads, or the error body of a status
   * outside 200–299 read for the exception's message (up to the prefix the exception keeps).
   *
   * @param wireBytes the bytes received, as sent (compressed, when the body was)
   * @param decodedBytes the bytes after the {@code Content-Encoding} was decoded: the bytes the
   *     codec read; equal to {@code wireBytes} for a body sent uncompressed
   */
  default void responseBodyRead(Call call, long wireBytes, long decodedBytes, long nanoTime) {}

  /**
   * The codec turned the body into the value.
   *
   * @param decodeNanos how long that took, in nanoseconds
   * @param nanoTime when it ended, in {@link System#nanoTime()}
   */
  default void decoded(Call call, long decodeNanos, long nanoTime) {}

  /**
   * The call is sent again after a failed attempt (by {@link RetryInterceptor}, or any interceptor
   * that forwards more than once).
   *
   * @param attempt the attempt about to be made: 2 for the first retry
   */
  default void retry(Call call, int attempt, long nanoTime) {}

  /**
   * The call follows a redirect ({@link HttpJsonClient.Builder#followRedirects}).
   *
   * @param statusCode the redirecting status, e.g. 302
   * @param location where it goes, redacted
   */
  default void redirect(Call call, int statusCode, String location, long nanoTime) {}

  /**
   * A stream's call is over: its body was read to the end, or the stream was closed early, or it
   * failed (then {@link #callFailed} follows).
   *
   * @param elements how many elements the stream delivered
   * @param early whether the stream was closed before its end
   */
  default void streamEnd(Call call, long elements, boolean early, long nanoTime) {}

  /** The call succeeded: its value was delivered (or, for a stream, the stream was closed). */
  default void callEnd(Call call, long nanoTime) {}

  /** The call failed with {@code failure}, the exception its caller sees. */
  default void callFailed(Call call, Throwable failure, long nanoTime) {}

  /**
   * An {@link HttpClient} whose calls through {@link HttpJson} report to {@code listener}, in
   * addition to any listeners {@code client} already reports to; its interceptors, if {@code
   * client} came from {@link Interceptor#decorate}, are kept. Everything else is {@code client}'s.
   */
  static HttpClient decorate(HttpClient client, CallListener listener) {
    return InterceptingClient.withListener(client, listener);
  }
}
