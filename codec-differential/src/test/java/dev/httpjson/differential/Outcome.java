package dev.httpjson.differential;

import dev.httpjson.JsonReadException;
import dev.httpjson.JsonWriteException;
import java.util.List;

/** What one codec made of one document: a value, a {@link JsonReadException}, or anything else. */
sealed interface Outcome {
  /** Whether two outcomes agree: equal values (doubles bit for bit), or both refused. */
  boolean agreesWith(Outcome other);

  /**
   * Whether two outcomes agree as the generated run compares them: as {@link #agreesWith}, and a
   * refusal at the same JSON path (with the same problem, under {@code
   * -Dhttpjson.differential.problems=true}) where both are known.
   */
  default boolean agreesExactly(Outcome other) {
    if (!agreesWith(other)) {
      return false;
    } else if (this instanceof Refused r && other instanceof Refused o) {
      return sameFailure(r.path(), r.problem(), o.path(), o.problem());
    } else if (this instanceof Cut c && other instanceof Cut o) {
      return sameFailure(c.path(), c.problem(), o.path(), o.problem());
    }
    return true;
  }

  /**
   * This outcome, a failure's path and problem left out of comparisons: for text that is not JSON,
   * whose parsers stop at places of their own and say so in their own words.
   */
  default Outcome placeless() {
    if (this instanceof Refused r) {
      return new Refused(r.message());
    } else if (this instanceof Cut c) {
      return new Cut(c.before(), c.message(), null, null);
    }
    return this;
  }

  /** Read as a value ({@code null} for JSON {@code null}). */
  record Value(Object value) implements Outcome {
    @Override
    public boolean agreesWith(Outcome other) {
      return other instanceof Value v && Same.values(value, v.value);
    }

    @Override
    public String toString() {
      return value == null ? "value null" : "value " + Show.value(value);
    }
  }

  /**
   * Refused with a {@link JsonReadException} (or a {@code JsonWriteException} on a write), with its
   * JSON path and its problem's first line (null when unknown: then not compared).
   */
  record Refused(String message, String path, String problem) implements Outcome {
    Refused(String message) {
      this(message, null, null);
    }

    static Refused of(JsonReadException e) {
      return new Refused(e.getMessage(), e.path(), firstLine(e.problem()));
    }

    static Refused of(JsonWriteException e) {
      String message = e.getMessage();
      String suffix = " path " + e.path();
      return new Refused(
          message,
          e.path(),
          firstLine(
              message.endsWith(suffix)
                  ? message.substring(0, message.length() - suffix.length())
                  : message));
    }

    @Override
    public boolean agreesWith(Outcome other) {
      return other instanceof Refused;
    }

    @Override
    public String toString() {
      return "refused: " + Show.clip(message, 160);
    }
  }

  /**
   * A stream that delivered {@code before} and then failed with a {@link JsonReadException}: it
   * agrees with a stream that delivered the same elements before the same kind of failure.
   */
  record Cut(List<Object> before, String message, String path, String problem) implements Outcome {
    static Cut of(List<Object> before, JsonReadException e) {
      return new Cut(before, e.getMessage(), e.path(), firstLine(e.problem()));
    }

    @Override
    public boolean agreesWith(Outcome other) {
      return other instanceof Cut c && Same.values(before, c.before);
    }

    @Override
    public String toString() {
      return "refused after "
          + before.size()
          + " element(s) "
          + Show.clip(Show.text(before), 80)
          + ": "
          + Show.clip(message, 160);
    }
  }

  /** Whether two failures are at the same path with the same problem, where both are known. */
  static boolean sameFailure(String path, String problem, String otherPath, String otherProblem) {
    return (path == null || otherPath == null || path.equals(otherPath))
        && (!COMPARE_PROBLEMS
            || problem == null
            || otherProblem == null
            || problem.equals(otherProblem));
  }

  boolean COMPARE_PROBLEMS = Boolean.getBoolean("httpjson.differential.problems");

  /** The first line of a problem. */
  static String firstLine(String problem) {
    int end = problem.indexOf('\n');
    return end < 0 ? problem : problem.substring(0, end);
  }

  /** Anything else thrown: a broken promise whatever the other codecs did. */
  record Crashed(Throwable thrown) implements Outcome {
    @Override
    public boolean agreesWith(Outcome other) {
      return false;
    }

    @Override
    public String toString() {
      return "CRASHED "
          + thrown.getClass().getName()
          + ": "
          + Show.clip(String.valueOf(thrown.getMessage()), 160);
    }
  }
}
