package dev.httpjson;

import java.lang.reflect.Type;
import org.jspecify.annotations.Nullable;

/**
 * A body could not be read as JSON of the requested type: malformed JSON, a value that does not fit
 * the type, content after the value, an unsupported charset, or a parser limit exceeded. No
 * partially filled value is ever returned.
 *
 * <p>The message gives the problem, its position and JSON path (in the style {@code at line 1
 * column 9 path $.items[0].id}), the target type and, when read from a response, the status and
 * content type.
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
    this(problem, line, column, path, null, null, cause);
  }

  private JsonReadException(
      String problem,
      long line,
      long column,
      String path,
      @Nullable Type targetType,
      @Nullable String contentType,
      @Nullable Throwable cause) {
    super(message(problem, line, column, path, targetType, contentType), cause);
    this.problem = problem;
    this.line = line;
    this.column = column;
    this.path = path;
    this.targetType = targetType;
    this.contentType = contentType;
  }

  private static String message(
      String problem,
      long line,
      long column,
      String path,
      @Nullable Type targetType,
      @Nullable String contentType) {
    StringBuilder sb = new StringBuilder(problem);
    if (line > 0) {
      sb.append(" at line ").append(line).append(" column ").append(column);
    }
    sb.append(" path ").append(path);
    if (targetType != null) {
      sb.append(" (reading ").append(targetType.getTypeName());
      if (contentType != null) {
        sb.append(" from ").append(contentType);
      }
      sb.append(')');
    }
    return sb.toString();
  }

  /** Returns a copy of this exception that also names what was being read. */
  JsonReadException withContext(Type targetType, @Nullable String contentType) {
    JsonReadException e =
        new JsonReadException(problem, line, column, path, targetType, contentType, getCause());
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
