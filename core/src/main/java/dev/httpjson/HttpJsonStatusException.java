package dev.httpjson;

import dev.httpjson.internal.Calls;
import dev.httpjson.internal.Responses;
import dev.httpjson.internal.StatusResponse;
import dev.httpjson.internal.Uris;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A response had a status outside 200–299 where httpjson expected success ({@code getFromJson},
 * {@code deleteFromJson}, the typed send-and-receive forms, and {@link JsonBodyHandlers#of}).
 *
 * <p>Only a bounded prefix of the error body is read (see {@link #MAX_BODY_PREFIX_BYTES}); it is
 * kept as {@link #body()} and shown, shortened, in the message. An {@code application/problem+json}
 * body is parsed into {@link #problem()}. Any other JSON error body — say GitHub's {@code
 * {"message": …, "errors": […]}} — is read as a type of yours with {@link #bodyAs(Class)}:
 *
 * <pre>{@code
 * } catch (HttpJsonStatusException e) {
 *   ApiError error = e.bodyAs(ApiError.class); // the call's options; null for an empty body
 * }
 * }</pre>
 *
 * <p>The message shows the request URI without its query values and userinfo (such as {@code GET
 * https://api.example.com/users?token=***}), so that credentials stay out of logs, but the values
 * of the harmless parameters the call's options name with {@link
 * JsonOptions.Builder#showQueryParameter(String)} ({@code ?page=7&token=***}); {@link #uri()}
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

  /** The request method, or {@code null} when raised by a body handler that saw no request. */
  private final @Nullable String method;

  /** The request URI, whole, or {@code null} when raised by a body handler that saw no request. */
  private final @Nullable URI uri;

  /** The start of the response body. */
  private final String body;

  /** Whether the body was longer than {@code body}. */
  private final boolean bodyTruncated;

  private final transient @Nullable ProblemDetails problem;

  /**
   * The bytes {@link #body} was decoded from; not serialized (then {@link #body} is re-encoded).
   */
  private final transient byte @Nullable [] bodyBytes;

  /** The response's Content-Type, which names the charset {@link #bodyAs} decodes with. */
  private final @Nullable String contentType;

  /** The options of the call that failed; not serialized (then the web defaults). */
  private final transient @Nullable JsonOptions options;

  HttpJsonStatusException(StatusResponse r) {
    super(
        message(
            r.statusCode(),
            r.headers(),
            r.method(),
            r.uri(),
            r.body(),
            r.bodyTruncated(),
            r.problem(),
            r.options()),
        null);
    this.statusCode = r.statusCode();
    this.headers = r.headers();
    this.method = r.method();
    this.uri = r.uri();
    this.body = r.body();
    this.bodyTruncated = r.bodyTruncated();
    this.problem = r.problem();
    this.bodyBytes = r.bodyBytes();
    this.contentType = r.contentType();
    this.options = r.options();
  }

  /** A copy of {@code from} with another message, cause and request. */
  private HttpJsonStatusException(
      HttpJsonStatusException from,
      String message,
      @Nullable Throwable cause,
      @Nullable String method,
      @Nullable URI uri) {
    super(message, cause);
    this.statusCode = from.statusCode;
    this.headers = from.headers;
    this.method = method;
    this.uri = uri;
    this.body = from.body;
    this.bodyTruncated = from.bodyTruncated;
    this.problem = from.problem;
    this.bodyBytes = from.bodyBytes;
    this.contentType = from.contentType;
    this.options = from.options;
  }

  /**
   * This exception naming the request it answered, for one a body handler raised without knowing
   * the request: the same failure, not a new one, so it keeps its stack trace, cause and suppressed
   * exceptions.
   */
  HttpJsonStatusException withRequest(String method, URI uri) {
    String message =
        message(statusCode, headers, method, uri, body, bodyTruncated, problem, options);
    HttpJsonStatusException named =
        new HttpJsonStatusException(this, message, getCause(), method, uri);
    named.setStackTrace(getStackTrace());
    for (Throwable s : getSuppressed()) {
      named.addSuppressed(s);
    }
    return named;
  }

  /** This exception with another message (the retry count added), this one as its cause. */
  HttpJsonStatusException withMessage(String message) {
    return new HttpJsonStatusException(this, message, this, method, uri);
  }

  private static String message(
      int statusCode,
      @Nullable HttpHeaders headers,
      @Nullable String method,
      @Nullable URI uri,
      String body,
      boolean truncated,
      @Nullable ProblemDetails problem,
      @Nullable JsonOptions options) {
    StringBuilder sb = new StringBuilder("HTTP ").append(statusCode);
    if (method != null && uri != null) {
      sb.append(" from ")
          .append(method)
          .append(' ')
          .append(
              Uris.redact(
                  uri, options == null ? java.util.Set.of() : options.shownQueryParameters()));
    }
    String location =
        statusCode / 100 == 3 && headers != null
            ? headers.firstValue("Location").orElse(null)
            : null;
    if (location != null && !location.isBlank()) {
      // An HttpClient follows no redirects unless built to: say where the response pointed.
      String shown =
          Uris.redact(
              location.strip(),
              options == null ? java.util.Set.of() : options.shownQueryParameters());
      LoggingInterceptor.appendOneLine(sb.append(" (redirected to "), shown);
      sb.append(", not followed)");
    }
    String title = problem == null ? null : problem.title();
    String detail = problem == null ? null : problem.detail();
    String text = title == null ? detail : detail == null ? title : title + " — " + detail;
    if (text != null) {
      appendExcerpt(sb.append(": "), text, false);
    } else if (!body.isEmpty()) {
      appendExcerpt(sb.append(": "), body, truncated);
    }
    return sb.toString();
  }

  /**
   * At most {@link #MAX_MESSAGE_BODY_CHARS} of {@code text}, with '…' if anything was left out, on
   * one line: a control character or a line separator the server sent is shown escaped (so that it
   * cannot forge a log line or drive a terminal), and the cut never splits a surrogate pair.
   */
  private static void appendExcerpt(StringBuilder sb, String text, boolean truncated) {
    int end = Math.min(text.length(), MAX_MESSAGE_BODY_CHARS);
    if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
      end--;
    }
    LoggingInterceptor.appendOneLine(sb, text.subSequence(0, end));
    if (end < text.length() || truncated) {
      sb.append('…');
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
   * {@return the request method; {@code null} when raised by a {@link JsonBodyHandlers} handler on
   * a plain client} Such a handler does not see the request; on a client from {@link
   * Interceptor#decorate} or {@link CallListener#decorate} the chain names it.
   */
  public @Nullable String method() {
    return method;
  }

  /**
   * {@return the request URI, whole; {@code null} when raised by a {@link JsonBodyHandlers} handler
   * on a plain client} The message shows it without query values and userinfo.
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

  /**
   * Reads the error body as JSON of {@code type}, with the options of the call that failed (its
   * naming, case rules and codec), and the response charset — as the call would have read a
   * successful body.
   *
   * <pre>{@code
   * record ApiError(String message, List<Map<String, String>> errors) {}
   *
   * ApiError error = e.bodyAs(ApiError.class);
   * }</pre>
   *
   * @return the value, or {@code null} for an empty body
   * @throws JsonReadException if the body is not JSON of the type, or was longer than {@link
   *     #MAX_BODY_PREFIX_BYTES} and so only partly read
   * @throws HttpJsonException if the codec cannot reach the type (on the module path, a package
   *     that is not open to it)
   */
  public <T> @Nullable T bodyAs(Class<T> type) throws HttpJsonException {
    return bodyAs(JsonType.resolve(Calls.type(type), callOptions()));
  }

  /**
   * As {@link #bodyAs(Class)}, reading {@code type} with its options when it was made with options,
   * with the call's otherwise.
   */
  public <T> @Nullable T bodyAs(JsonType<T> type) throws HttpJsonException {
    return read(Objects.requireNonNull(type, "type == null").orOptions(callOptions()));
  }

  private <T> @Nullable T read(JsonType<T> type) throws HttpJsonException {
    if (bodyTruncated) {
      throw new JsonReadException(
              "The error body is longer than the "
                  + MAX_BODY_PREFIX_BYTES
                  + " bytes httpjson keeps of it, so it cannot be read as JSON",
              -1,
              -1,
              "$",
              null)
          .withContext(type.type(), contentType);
    }
    byte[] bytes = bodyBytes;
    String decodeAs = contentType;
    if (bytes == null) { // read back from a serialization stream: the decoded text is what is left
      bytes = body.getBytes(StandardCharsets.UTF_8);
      decodeAs = null;
    }
    try {
      return Responses.decode(type.reader(), bytes, bytes.length, decodeAs, type.type());
    } catch (HttpJsonException e) {
      throw e;
    } catch (IOException e) {
      throw Responses.malformed(e).withContext(type.type(), decodeAs);
    }
  }

  private JsonOptions callOptions() {
    JsonOptions o = options;
    return o != null ? o : JsonOptions.web();
  }
}
