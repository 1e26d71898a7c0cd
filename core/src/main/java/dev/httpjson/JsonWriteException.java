package dev.httpjson;

import org.jspecify.annotations.Nullable;

/**
 * A value could not be serialized as JSON (a getter threw, a self-referencing graph, a type the
 * codec cannot write). Raised before any byte is sent, so no request goes out half-written.
 */
public class JsonWriteException extends HttpJsonException {
  private static final long serialVersionUID = 1L;

  /** The JSON path of the value that failed. */
  private final String path;

  /**
   * Creates an exception as a codec raises it.
   *
   * @param problem what went wrong
   * @param path the JSON path of the value being written, such as {@code $.owner.name}
   * @param cause the codec's own exception
   */
  public JsonWriteException(String problem, String path, @Nullable Throwable cause) {
    super(problem + " path " + path, cause);
    this.path = path;
  }

  /** {@return the JSON path of the value that failed, such as {@code $.owner.name}} */
  public String path() {
    return path;
  }
}
