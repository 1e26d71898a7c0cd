package dev.httpjson.internal;

import java.util.Set;

/**
 * The header fields that carry a credential or a session's secret whoever set them: the test kit
 * shows their values as {@code ***}, as {@link dev.httpjson.LoggingInterceptor} does (the list is
 * that interceptor's, which, public API alone, cannot read this class), and the HTTP cache keys a
 * stored response by digests of their values, so that it is never served to another key or token.
 */
public final class SecretHeaders {
  /** Their names, in lower case. */
  public static final Set<String> NAMES = ApiAccess.get().secretHeaders();

  private SecretHeaders() {}
}
