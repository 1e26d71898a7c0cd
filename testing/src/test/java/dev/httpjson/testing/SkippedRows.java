package dev.httpjson.testing;

import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The rows of a contract that a stub cannot run, each by its method's name with the reason: they
 * are reported as skipped with it. A name that is no method of the test class fails the class, so a
 * renamed row is not skipped by a stale entry, nor a new one silently.
 */
final class SkippedRows implements ExecutionCondition {
  /** Rows scripting a raw socket: never answering, stalling, resets, counting connections. */
  static final String RAW_SOCKET =
      "scripts a raw ServerSocket (a protocol violation, a stall, a reset or a connection count),"
          + " which only a client with a socket can reach";

  /** Rows asserting the framing the JDK client adds on the wire. */
  static final String WIRE_FRAMING =
      "asserts the framing headers the JDK client adds on the wire (Content-Length,"
          + " Transfer-Encoding, chunk sizes); a stub captures only the headers the caller set";

  /** Rows about connecting. */
  static final String NO_CONNECT = "a connect failure: a stub never connects";

  /** Rows about TLS. */
  static final String NO_TLS = "TLS: a stub has none";

  /** Rows about a client that follows redirects. */
  static final String NO_REDIRECTS = "needs a client that follows redirects: a stub never does";

  private final Map<String, String> reasons = new LinkedHashMap<>();

  private SkippedRows() {}

  static SkippedRows none() {
    return new SkippedRows();
  }

  /** Skips the named rows for {@code reason}. */
  SkippedRows skip(String reason, String... rows) {
    for (String row : rows) {
      if (reasons.put(row, reason) != null) {
        throw new IllegalArgumentException("row named twice: " + row);
      }
    }
    return this;
  }

  Map<String, String> reasons() {
    return reasons;
  }

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    if (context.getTestMethod().isEmpty()) {
      Set<String> methods = new HashSet<>();
      for (Class<?> c = context.getRequiredTestClass(); c != null; c = c.getSuperclass()) {
        for (Method m : c.getDeclaredMethods()) {
          methods.add(m.getName());
        }
      }
      Set<String> unknown = new TreeSet<>(reasons.keySet());
      unknown.removeAll(methods);
      if (!unknown.isEmpty()) {
        throw new IllegalStateException(
            "skipped rows that are no method of "
                + context.getRequiredTestClass()
                + ": "
                + unknown);
      }
      return ConditionEvaluationResult.enabled("rows checked");
    }
    String reason = reasons.get(context.getRequiredTestMethod().getName());
    return reason == null
        ? ConditionEvaluationResult.enabled("runs on the stub")
        : ConditionEvaluationResult.disabled("cannot run on a stub: " + reason);
  }
}
