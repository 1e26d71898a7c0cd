package dev.httpjson;

import java.net.http.HttpTimeoutException;
import java.time.Duration;

/**
 * The whole-call timeout of {@link JsonOptions#timeout()} elapsed before the call completed. Unlike
 * the JDK's request timeout, which stops counting once the headers arrive, it covers connecting,
 * sending, the headers and reading the body. The exchange is aborted and its connection released.
 */
public final class CallTimeoutException extends HttpTimeoutException {
  private static final long serialVersionUID = 1L;

  private final Duration timeout;

  CallTimeoutException(Duration timeout, String method, Object uri) {
    super(
        "JsonOptions.timeout "
            + timeout
            + " elapsed (whole call: connect, send, headers and body) for "
            + method
            + " "
            + uri);
    this.timeout = timeout;
  }

  /** The timeout that elapsed. */
  public Duration timeout() {
    return timeout;
  }
}
