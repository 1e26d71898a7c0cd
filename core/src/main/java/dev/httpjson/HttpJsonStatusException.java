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
 *
 * <p>The message shows the request URI without its query values and userinfo (such as {@code GET
 * https://api.example.com/users?token=***}), so that credentials stay out of logs; {@link #uri()}
 * returns it whole.
 */
public final class HttpJsonStatusException extends HttpJsonException {
  private static final long serialVersionUID = 1L;

  /** How many bytes of an error body are read at most. */
  public static final int MAX_BODY_PREFIX_BYTES = 8192;

  /** How many characters of the error body the message shows at most. */
  static final int MAX_MESSAGE_BODY_CHARS = 512;

  /** The response status code. */
  private final int statusCode;

  private final transient HttpHeaders headers;

  /** The request method, or {@code null} when raised by a body handler. */
  private final @Nullable String method;

  /** The request URI, whole, or {@code null} when raised by a body handler. */
  private final @Nullable URI uri;

  /** The start of the response body. */
  private final String body;

  /** Whether the body was longer than {@code body}. */
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
      sb.append(" from ").append(method).append(' ').append(Uris.redact(uri));
    }
    if (problem != null && (problem.title() != null || problem.detail() != null)) {
      String text =
          problem.title() == null
              ? problem.detail()
              : problem.detail() == null
                  ? problem.title()
                  : problem.title() + " — " + problem.detail();
      appendExcerpt(sb.append(": "), text, false);
    } else if (!body.isEmpty()) {
      appendExcerpt(sb.append(": "), body, truncated);
    }
    return sb.toString();
  }

  /** At most {@link #MAX_MESSAGE_BODY_CHARS} of {@code text}, with '…' if anything was left out. */
  private static void appendExcerpt(StringBuilder sb, String text, boolean truncated) {
    if (text.length() > MAX_MESSAGE_BODY_CHARS) {
      sb.append(text, 0, MAX_MESSAGE_BODY_CHARS).append('…');
    } else {
      sb.append(text).append(truncated ? "…" : "");
    }
  }

  /** {@return the response status code} */
  public int statusCode() {
    return statusCode;
  }

  /**
   * {@return the response headers} Not serialized: {@code null} in an exception read back from a
   * Java serialization stream.
   */
  public HttpHeaders headers() {
    return headers;
  }

  /**
   * {@return the request method; {@code null} when raised by a {@link JsonBodyHandlers} handler}
   * Such a handler does not see the request; the response's {@code request()} has it.
   */
  public @Nullable String method() {
    return method;
  }

  /**
   * {@return the request URI, whole; {@code null} when raised by a {@link JsonBodyHandlers}
   * handler} The message shows it without query values and userinfo.
   */
  public @Nullable URI uri() {
    return uri;
  }

  /**
   * {@return the start of the response body, decoded with the response charset (UTF-8 when none)}
   * At most {@link #MAX_BODY_PREFIX_BYTES} bytes are read; empty when there was no body.
   */
  public String body() {
    return body;
  }

  /** {@return whether the body was longer than what {@link #body()} holds} */
  public boolean bodyTruncated() {
    return bodyTruncated;
  }

  /**
   * {@return the parsed {@code application/problem+json} body, if the response carried one} Not
   * serialized: empty in an exception read back from a Java serialization stream.
   */
  public Optional<ProblemDetails> problem() {
    return Optional.ofNullable(problem);
  }
}
