package dev.httpjson.internal;

import java.util.Set;

/**
 * The header fields that carry a credential or a session's secret whoever set them: the test kit
 * shows their values as {@code ***}, as {@link dev.httpjson.LoggingInterceptor} does (which, public
 * API alone, keeps a copy of this list; {@code LoggingInterceptorTest} checks they agree), and the
 * HTTP cache keys a stored response by digests of their values, so that it is never served to
 * another key or token.
 */
public final class SecretHeaders {
  /** Their names, in lower case. */
  public static final Set<String> NAMES =
      Set.of(
          "authorization",
          "proxy-authorization",
          "cookie",
          "set-cookie",
          "x-api-key",
          "api-key",
          "apikey",
          "x-auth-token",
          "private-token",
          "x-access-token",
          "x-amz-security-token",
          "x-goog-api-key",
          "ocp-apim-subscription-key",
          "x-vault-token",
          "x-csrf-token",
          "x-xsrf-token");

  private SecretHeaders() {}
}
