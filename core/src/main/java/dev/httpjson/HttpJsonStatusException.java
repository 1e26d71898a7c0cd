package dev.httpjson;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A response had a status outside 200–299 where httpjson expected success ({@code getFromJson},
 * {@code deleteFromJson}, the typed send-and-receive forms, and {@link JsonBodyHandlers#of}).
 *
 * <p>Only a bounded prefix of the error body is read (see {@link #MAX_BODY_PREFIX_BYTES}); it is
 * kept as {@link #body()} and shown, shortened, in the message. An {@code application/problem+json}
 * body is parsed into {@link #problem()}.
 */
public final class HttpJsonStatusException extends HttpJsonException {
  private static final long serialVersionUID = 1L;

  /** How many bytes of an error body are read at most. */
  public static final int MAX_BODY_PREFIX_BYTES = 8192;

  /** How many characters of the error body the message shows at most. */
  static final int MAX_MESSAGE_BODY_CHARS = 512;

  private final int statusCode;
  private final transient HttpHeaders headers;
  private final @Nullable String method;
  private final @Nullable URI uri;
  private final String body;
  private final boolean bodyTruncated;
  private final transient @Nullable ProblemDetails problem;

  HttpJsonStatusException(
      int statusCode,
      HttpHeaders headers,
      @Nullable String method,
      @Nullable URI uri,
      String body,
      boolean bodyTruncated,
      @Nullable ProblemDetails problem) {
    super(message(statusCode, method, uri, body, bodyTruncated, problem), null);
    this.statusCode = statusCode;
    this.headers = headers;
    this.method = method;
    this.uri = uri;
    this.body = body;
    this.bodyTruncated = bodyTruncated;
    this.problem = problem;
  }

  private static String message(
      int statusCode,
      @Nullable String method,
      @Nullable URI uri,
      String body,
      boolean truncated,
      @Nullable ProblemDetails problem) {
    StringBuilder sb = new StringBuilder("HTTP ").append(statusCode);
    if (method != null && uri != null) {
      sb.append(" from ").append(method).append(' ').append(uri);
    }
    if (problem != null && (problem.title() != null || problem.detail() != null)) {
      sb.append(": ");
      if (problem.title() != null) {
        sb.append(problem.title());
      }
      if (problem.detail() != null) {
        sb.append(problem.title() != null ? " — " : "").append(problem.detail());
      }
    } else if (!body.isEmpty()) {
      sb.append(": ");
      if (body.length() > MAX_MESSAGE_BODY_CHARS) {
        sb.append(body, 0, MAX_MESSAGE_BODY_CHARS).append('…');
      } else {
        sb.append(body).append(truncated ? "…" : "");
      }
    }
    return sb.toString();
  }

  /** The response status code. */
  public int statusCode() {
    return statusCode;
  }

  /** The response headers. */
  public HttpHeaders headers() {
    return headers;
  }

  /**
   * The request method; {@code null} when raised by a {@link JsonBodyHandlers} handler, which does
   * not see the request (the response's {@code request()} has it).
   */
  public @Nullable String method() {
    return method;
  }

  /** The request URI; {@code null} when raised by a {@link JsonBodyHandlers} handler. */
  public @Nullable URI uri() {
    return uri;
  }

  /**
   * The start of the response body, decoded with the response charset (UTF-8 when none), at most
   * {@link #MAX_BODY_PREFIX_BYTES} bytes; empty when there was no body.
   */
  public String body() {
    return body;
  }

  /** Whether the body was longer than what {@link #body()} holds. */
  public boolean bodyTruncated() {
    return bodyTruncated;
  }

  /** The parsed {@code application/problem+json} body, if the response carried one. */
  public Optional<ProblemDetails> problem() {
    return Optional.ofNullable(problem);
  }
}
