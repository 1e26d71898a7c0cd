package dev.httpjson;

/**
 * A response body is larger than {@link JsonOptions#maxResponseSize()}. When the response declared
 * a Content-Length over the limit, this is raised before any body byte is read; otherwise as soon
 * as the bytes received cross the limit. Either way the rest of the body is not read.
 */
public final class ResponseTooLargeException extends HttpJsonException {
  private static final long serialVersionUID = 1L;

  /** The limit in bytes. */
  private final long limit;

  /** The declared Content-Length, or the bytes received when the limit was crossed. */
  private final long size;

  /** Whether {@code size} is the declared Content-Length. */
  private final boolean declared;

  /** Whether the message names the response and the call it answered. */
  private final boolean answered;

  ResponseTooLargeException(long limit, long size, boolean declared) {
    super(
        declared
            ? "Response Content-Length "
                + size
                + " exceeds maxResponseSize "
                + limit
                + " bytes; nothing was read"
            : "Response body exceeds maxResponseSize " + limit + " bytes (" + size + " received)",
        null);
    this.limit = limit;
    this.size = size;
    this.declared = declared;
    this.answered = false;
  }

  /** An event of a stream over the limit: the message says which and where. */
  ResponseTooLargeException(String message, long limit, long size) {
    this(message, limit, size, false, false);
  }

  private ResponseTooLargeException(
      String message, long limit, long size, boolean declared, boolean answered) {
    super(message, null);
    this.limit = limit;
    this.size = size;
    this.declared = declared;
    this.answered = answered;
  }

  /**
   * A copy of this exception whose message also names the response and the call it answered ({@code
   * "HTTP 200 from GET https://api.example.com/x?token=***"}), or this exception when it names them
   * already.
   */
  ResponseTooLargeException withAnswer(String answer) {
    if (answered) {
      return this;
    }
    ResponseTooLargeException e =
        new ResponseTooLargeException(
            String.valueOf(getMessage()) + " (" + answer + ")", limit, size, declared, true);
    e.setStackTrace(getStackTrace());
    return e;
  }

  /** {@return the limit in bytes, {@link JsonOptions#maxResponseSize()} of the call} */
  public long limit() {
    return limit;
  }

  /**
   * {@return the declared Content-Length, or the number of bytes received when the limit was
   * crossed}
   */
  public long size() {
    return size;
  }

  /** {@return whether {@link #size()} is the declared Content-Length (nothing was read)} */
  public boolean declared() {
    return declared;
  }
}
