package dev.httpjson;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * The root of the exceptions httpjson raises for a response or value it cannot handle: {@link
 * HttpJsonStatusException}, {@link JsonReadException}, {@link JsonWriteException} and {@link
 * ResponseTooLargeException}. Transport failures keep the JDK client's own exception types ({@link
 * java.net.http.HttpTimeoutException}, {@link java.net.ConnectException}, …). A stream httpjson
 * returned throws what fails while it is iterated as an {@link UncheckedHttpJsonException} whose
 * cause is one of these.
 *
 * <p>A plain {@code HttpJsonException}, none of those, is raised when the codec cannot reach the
 * type being read: on the module path, a package that is not open to httpjson. The JSON was not at
 * fault; the message says which {@code opens} to add to which {@code module-info.java}.
 */
public class HttpJsonException extends IOException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception; codecs and wrappers around httpjson may raise it too.
   *
   * @param message what went wrong, without secrets (it ends up in logs)
   * @param cause the underlying failure, or {@code null}
   */
  public HttpJsonException(String message, @Nullable Throwable cause) {
    super(message, cause);
  }
}
