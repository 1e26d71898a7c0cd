package dev.httpjson.oauth2;

import dev.httpjson.HttpJsonException;
import java.net.URI;
import org.jspecify.annotations.Nullable;

/**
 * The token endpoint did not give a token: it answered with an error status — usually an OAuth2
 * error such as {@code invalid_client} or {@code invalid_grant} (RFC 6749 §5.2) — or with a body
 * that holds no usable bearer token. The call that needed the token fails with it, before its own
 * request is sent. The message names the token endpoint and the OAuth2 error, never a credential:
 *
 * <pre>{@code
 * OAuth2 token request to https://auth.example.com/oauth/token failed: HTTP 401, invalid_client:
 * Client authentication failed
 * }</pre>
 *
 * <p>A token endpoint that cannot be reached fails the call with the transport's own exception (a
 * {@link java.net.ConnectException}, a {@link java.net.http.HttpTimeoutException}), as any call
 * would.
 */
public final class OAuth2Exception extends HttpJsonException {
  private static final long serialVersionUID = 1L;

  private final URI tokenUri;
  private final int statusCode;
  private final @Nullable String error;
  private final @Nullable String errorDescription;

  OAuth2Exception(
      String message,
      URI tokenUri,
      int statusCode,
      @Nullable String error,
      @Nullable String errorDescription,
      @Nullable Throwable cause) {
    super(message, cause);
    this.tokenUri = tokenUri;
    this.statusCode = statusCode;
    this.error = error;
    this.errorDescription = errorDescription;
  }

  /** The same failure, raised again on another thread: one per caller waiting for the token. */
  OAuth2Exception copy() {
    return new OAuth2Exception(
        String.valueOf(getMessage()), tokenUri, statusCode, error, errorDescription, getCause());
  }

  /** {@return the token endpoint that answered} */
  public URI tokenUri() {
    return tokenUri;
  }

  /** {@return the status of the token endpoint's response} */
  public int statusCode() {
    return statusCode;
  }

  /**
   * {@return the OAuth2 error code of the response ({@code invalid_client}, {@code invalid_grant},
   * {@code invalid_scope}, …), or {@code null} when the response carried none}
   */
  public @Nullable String error() {
    return error;
  }

  /** {@return the response's {@code error_description}, or {@code null} when it had none} */
  public @Nullable String errorDescription() {
    return errorDescription;
  }
}
