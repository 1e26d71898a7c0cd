package dev.httpjson;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An RFC 9457 Problem Details object, as sent with {@code Content-Type: application/problem+json}.
 * Every member is optional, and one whose value is not of its type (a {@code title} that is not a
 * string, a {@code status} that is not an integer) is ignored, as if absent (RFC 9457, section
 * 3.1); members beyond the five standard ones are kept in {@link #extensions()}.
 *
 * @param type a URI reference that identifies the problem type ({@code "about:blank"} when absent
 *     in the spec's terms; {@code null} here when the member is missing)
 * @param title a short, human-readable summary of the problem type
 * @param status the HTTP status code the server gave for this occurrence
 * @param detail a human-readable explanation of this occurrence
 * @param instance a URI reference that identifies this occurrence
 * @param extensions every other member, by name, as the codec read it (unmodifiable)
 */
public record ProblemDetails(
    @Nullable String type,
    @Nullable String title,
    @Nullable Integer status,
    @Nullable String detail,
    @Nullable String instance,
    Map<String, @Nullable Object> extensions) {

  /**
   * Creates a problem, as httpjson does when it parses one; useful in tests of error handling. The
   * {@code extensions} map, not null, is copied, so later changes to it are not seen.
   */
  public ProblemDetails {
    Objects.requireNonNull(extensions, "extensions == null");
    extensions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(extensions));
  }

  /**
   * The problem a parsed body gives. A member whose value is not of its specified type is ignored,
   * as RFC 9457 (section 3.1) requires: a string for the four text members, an integer for {@code
   * status}.
   */
  static ProblemDetails fromMap(Map<String, @Nullable Object> members) {
    Map<String, @Nullable Object> rest = new java.util.LinkedHashMap<>(members);
    return new ProblemDetails(
        string(rest.remove("type")),
        string(rest.remove("title")),
        integer(rest.remove("status")),
        string(rest.remove("detail")),
        string(rest.remove("instance")),
        rest);
  }

  private static @Nullable String string(@Nullable Object o) {
    return o instanceof String ? (String) o : null;
  }

  /** An integer of the int range, whatever class the codec read it as (Gson reads 409.0). */
  private static @Nullable Integer integer(@Nullable Object o) {
    if (!(o instanceof Number)) {
      return null;
    }
    try {
      return new java.math.BigDecimal(o.toString()).intValueExact();
    } catch (ArithmeticException | NumberFormatException e) {
      return null; // a fraction, out of range, NaN or infinite
    }
  }
}
