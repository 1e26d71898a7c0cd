package dev.httpjson.differential;

import dev.httpjson.JsonReadException;
import java.util.List;

/** What one codec made of one document: a value, a {@link JsonReadException}, or anything else. */
sealed interface Outcome {
  /** Whether two outcomes agree: equal values (doubles bit for bit), or both refused. */
  boolean agreesWith(Outcome other);

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

  /** Refused with a {@link JsonReadException} (or a {@code JsonWriteException} on a write). */
  record Refused(String message) implements Outcome {
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
  record Cut(List<Object> before, String message) implements Outcome {
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
