package dev.httpjson;

import dev.httpjson.internal.Uris;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A timeout of {@link JsonOptions} elapsed: the whole-call {@link JsonOptions#timeout()} before the
 * call completed, or the {@link JsonOptions#idleTimeout()} while a streamed body waited for its
 * next bytes. Unlike the JDK's request timeout, which stops counting once the headers arrive, the
 * whole-call timeout covers connecting, sending, the headers and reading the body (for a stream:
 * the time its reads wait for body bytes). The exchange is aborted and its connection released.
 *
 * <p>The message names the timeout that elapsed ({@code JsonOptions.timeout PT1S} or {@code
 * JsonOptions.idleTimeout PT30S}), the method and the URI without its query values and userinfo, so
 * that credentials stay out of logs (but the values of the parameters {@link
 * JsonOptions.Builder#showQueryParameter(String)} names); {@link #uri()} returns it whole.
 */
public final class CallTimeoutException extends HttpTimeoutException {
  private static final long serialVersionUID = 1L;

  /** The timeout that elapsed. */
  private final Duration timeout;

  /** The request URI, whole, when known. */
  private final @Nullable URI uri;

  CallTimeoutException(Duration timeout, String method, URI uri, Set<String> shown) {
    this(
        "JsonOptions.timeout",
        timeout,
        "whole call: connect, send, headers and body",
        method,
        uri,
        shown);
  }

  private CallTimeoutException(
      String name,
      Duration timeout,
      String what,
      @Nullable String method,
      @Nullable URI uri,
      Set<String> shown) {
    super(
        name
            + " "
            + timeout
            + " elapsed ("
            + what
            + ")"
            + (uri == null
                ? " reading a streamed body"
                : " for " + (method == null ? "" : method + " ") + Uris.redact(uri, shown)));
    this.timeout = timeout;
    this.uri = uri;
  }

  /** The whole-call timeout of a stream: connecting, the headers and waiting for body bytes. */
  static CallTimeoutException stream(
      Duration timeout, @Nullable String method, @Nullable URI uri, Set<String> shown) {
    return new CallTimeoutException(
        "JsonOptions.timeout",
        timeout,
        "stream: connect, headers and the time spent waiting for body bytes",
        method,
        uri,
        shown);
  }

  /** The whole-call timeout of a call that waited for a permit of the client's limit in vain. */
  static CallTimeoutException limit(
      Duration timeout, int max, String method, URI uri, Set<String> shown) {
    return new CallTimeoutException(
        "JsonOptions.timeout",
        timeout,
        "waited for a permit of HttpJsonClient.Builder.maxConcurrentCalls("
            + max
            + "): that many calls were in flight the whole time; the request was not sent",
        method,
        uri,
        shown);
  }

  /** The idle timeout of a stream: no body bytes for that long. */
  static CallTimeoutException idle(
      Duration idle, @Nullable String method, @Nullable URI uri, Set<String> shown) {
    return new CallTimeoutException(
        "JsonOptions.idleTimeout", idle, "no body bytes for that long", method, uri, shown);
  }

  /**
   * The idle timeout of an event stream, which {@code what} describes: no bytes for that long, or
   * no headers of a reconnection, after so many events.
   */
  static CallTimeoutException idle(
      Duration idle, String what, String method, URI uri, Set<String> shown) {
    return new CallTimeoutException("JsonOptions.idleTimeout", idle, what, method, uri, shown);
  }

  /**
   * The request URI, whole; the message shows it without query values and userinfo.
   *
   * @return the URI, or {@code null} for a stream read through a {@link JsonBodyHandlers} handler,
   *     which is not told the request
   */
  public @Nullable URI uri() {
    return uri;
  }

  /** {@return the timeout that elapsed, as set on {@link JsonOptions.Builder}} */
  public Duration timeout() {
    return timeout;
  }
}
