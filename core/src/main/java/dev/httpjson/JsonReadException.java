package dev.httpjson;

import java.lang.reflect.Type;
import org.jspecify.annotations.Nullable;

/**
 * A body could not be read as JSON of the requested type: malformed JSON, a value that does not fit
 * the type, content after the value, an unsupported charset, or a parser limit exceeded. No
 * partially filled value is ever returned.
 *
 * <p>The message gives the problem, its position and JSON path (in the style {@code at line 1
 * column 9 path $.items[0].id}), the target type and, when read from a response, its content type
 * and, for the body of a call, the status and the call it answered, its URI without query values
 * ({@code (reading Item from application/json; HTTP 200 from GET
 * https://x.example/items?key=***)}). It is one line: a control character or a line separator of
 * the document that the problem quotes is shown escaped, as in a Java string literal, as it is in
 * the path, so that a logged failure cannot forge a log line or drive a terminal.
 */
public class JsonReadException extends HttpJsonException {
  private static final long serialVersionUID = 1L;

  /** What was wrong, without position or context. */
  private final String problem;

  /** The 1-based line, or -1. */
  private final long line;

  /** The 1-based column, or -1. */
  private final long column;

  /** The JSON path of the problem. */
  private final String path;

  private final transient @Nullable Type targetType;

  /** The response's Content-Type, if any. */
  private final @Nullable String contentType;

  /** The response the body came with and the call it answered, redacted, if known. */
  private final @Nullable String answer;

  /**
   * Creates an exception as a codec raises it.
   *
   * @param problem what was wrong, without position (for example {@code "Unexpected end of input"})
   * @param line the 1-based line, or -1 if unknown
   * @param column the 1-based column, or -1 if unknown
   * @param path the JSON path where the problem was found, such as {@code $.items[0].id}
   * @param cause the codec's own exception
   */
  public JsonReadException(
      String problem, long line, long column, String path, @Nullable Throwable cause) {
    this(problem, line, column, path, null, null, null, cause);
  }

  private JsonReadException(
      String problem,
      long line,
      long column,
      String path,
      @Nullable Type targetType,
      @Nullable String contentType,
      @Nullable String answer,
      @Nullable Throwable cause) {
    super(message(problem, line, column, path, targetType, contentType, answer), cause);
    this.problem = problem;
    this.line = line;
    this.column = column;
    this.path = path;
    this.targetType = targetType;
    this.contentType = contentType;
    this.answer = answer;
  }

  private static String message(
      String problem,
      long line,
      long column,
      String path,
      @Nullable Type targetType,
      @Nullable String contentType,
      @Nullable String answer) {
    // On one line: the problem may quote a string the server sent, and the content type is the
    // server's too (a line break in either would forge a log line).
    StringBuilder sb = LoggingInterceptor.appendOneLine(new StringBuilder(), problem);
    if (line > 0) {
      sb.append(" at line ").append(line).append(" column ").append(column);
    }
    LoggingInterceptor.appendOneLine(sb.append(" path "), path);
    if (targetType != null) {
      sb.append(" (reading ").append(targetType.getTypeName());
      if (contentType != null) {
        LoggingInterceptor.appendOneLine(sb.append(" from "), contentType);
      }
      if (answer != null) {
        sb.append("; ").append(answer);
      }
      sb.append(')');
    } else if (answer != null) {
      sb.append(" (").append(answer).append(')');
    }
    return sb.toString();
  }

  /** Returns a copy of this exception that also names what was being read. */
  JsonReadException withContext(Type targetType, @Nullable String contentType) {
    return copy(targetType, contentType, answer);
  }

  /**
   * Returns a copy of this exception that also names the response it was read from and the call
   * that response answered ({@code "HTTP 200 from GET https://api.example.com/x?token=***"}), or
   * this exception when it names one already.
   */
  JsonReadException withAnswer(String answer) {
    return this.answer != null ? this : copy(targetType, contentType, answer);
  }

  private JsonReadException copy(
      @Nullable Type targetType, @Nullable String contentType, @Nullable String answer) {
    JsonReadException e =
        new JsonReadException(
            problem, line, column, path, targetType, contentType, answer, getCause());
    e.setStackTrace(getStackTrace());
    return e;
  }

  /** {@return what was wrong, without position or context} */
  public String problem() {
    return problem;
  }

  /** {@return the 1-based line of the problem, or -1 if unknown} */
  public long line() {
    return line;
  }

  /** {@return the 1-based column of the problem, or -1 if unknown} */
  public long column() {
    return column;
  }

  /**
   * {@return the JSON path of the problem, such as {@code $.items[0].id}; {@code $} for the root}
   */
  public String path() {
    return path;
  }

  /**
   * {@return the type being read, if known} Not serialized: {@code null} in an exception read back
   * from a Java serialization stream.
   */
  public @Nullable Type targetType() {
    return targetType;
  }

  /** {@return the response's Content-Type header, if any} */
  public @Nullable String contentType() {
    return contentType;
  }
}
