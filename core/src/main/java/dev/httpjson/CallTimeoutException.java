package dev.httpjson;

import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

/**
 * The whole-call timeout of {@link JsonOptions#timeout()} elapsed before the call completed. Unlike
 * the JDK's request timeout, which stops counting once the headers arrive, it covers connecting,
 * sending, the headers and reading the body. The exchange is aborted and its connection released.
 *
 * <p>The message names the timeout, the method and the URI without its query values and userinfo,
 * so that credentials stay out of logs; {@link #uri()} returns it whole.
 */
public final class CallTimeoutException extends HttpTimeoutException {
  private static final long serialVersionUID = 1L;

  /** The timeout that elapsed. */
  private final Duration timeout;

  /** The request URI, whole. */
  private final URI uri;

  CallTimeoutException(Duration timeout, String method, URI uri) {
    super(
        "JsonOptions.timeout "
            + timeout
            + " elapsed (whole call: connect, send, headers and body) for "
            + method
            + " "
            + Uris.redact(uri));
    this.timeout = timeout;
    this.uri = uri;
  }

  /** {@return the request URI, whole} The message shows it without query values and userinfo. */
  public URI uri() {
    return uri;
  }

  /** {@return the timeout that elapsed, as set with {@link JsonOptions.Builder#timeout}} */
  public Duration timeout() {
    return timeout;
  }
}
