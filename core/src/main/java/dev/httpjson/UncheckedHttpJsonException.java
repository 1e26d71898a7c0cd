package dev.httpjson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A stream httpjson returned failed while it was iterated: a later page of a paged stream, an
 * element of a streamed JSON array or NDJSON body, an event of an event stream or its reconnection.
 * A {@link java.util.stream.Stream} cannot throw a checked exception, so the one the call would
 * have thrown had the failure come before it returned — an {@link HttpJsonException} such as {@link
 * HttpJsonStatusException}, {@link JsonReadException} or {@link ResponseTooLargeException}, a
 * {@link CallTimeoutException}, or the transport's {@link IOException} — is the {@linkplain
 * #getCause() cause} of this one, the single type every httpjson stream throws while iterated. The
 * call itself still throws its checked exceptions (the first page's status, say), so a reader of a
 * stream catches both:
 *
 * <pre>{@code
 * try (Stream<Issue> issues = api.getFromJsonAsPagedStream("repos/acme/widgets/issues", Issue.class)) {
 *   issues.forEach(this::handle);
 * } catch (UncheckedHttpJsonException e) { // a later page, or a body that broke mid-way
 *   report(e.getCause(), e.statusCode());
 * } catch (IOException e) { // the first page
 *   report(e, OptionalInt.empty());
 * }
 * }</pre>
 *
 * <p>It is an {@link UncheckedIOException}, so code that catches that catches it too. An exception
 * thrown by a function of yours that httpjson calls while iterating (those of a {@link Paging}) is
 * thrown as it is, not wrapped.
 */
public final class UncheckedHttpJsonException extends UncheckedIOException {
  private static final long serialVersionUID = 1L;

  UncheckedHttpJsonException(IOException cause) {
    super(cause);
  }

  /**
   * {@return the status of the response that failed the stream, if it failed on a status} That is,
   * when the cause is an {@link HttpJsonStatusException}: a later page, or an event stream's
   * reconnection, answered outside 200–299.
   */
  public OptionalInt statusCode() {
    return getCause() instanceof HttpJsonStatusException
        ? OptionalInt.of(((HttpJsonStatusException) getCause()).statusCode())
        : OptionalInt.empty();
  }

  /**
   * {@return the Problem Details ({@code application/problem+json}, RFC 9457) of the response that
   * failed the stream, if it failed on a status and carried them}
   */
  public Optional<ProblemDetails> problem() {
    return getCause() instanceof HttpJsonStatusException
        ? ((HttpJsonStatusException) getCause()).problem()
        : Optional.empty();
  }
}
