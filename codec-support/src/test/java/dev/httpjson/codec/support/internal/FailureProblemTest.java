package dev.httpjson.codec.support.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.codec.support.internal.ReadProblems.Failure;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which failures of a library reading a number or a boolean every codec words alike ({@link
 * ReadProblems#failureProblem}), and which keep the library's own words (null).
 */
class FailureProblemTest {

  @Test
  void aNumberPastItsRangeIsSaidAlike() {
    assertThat(
            ReadProblems.failureProblem(
                Integer.class, false, Failure.COERCION, "VALUE_NUMBER_INT", "3000000000"))
        .isEqualTo("Cannot read int from the number 3000000000: out of range of int");
    assertThat(
            ReadProblems.failureProblem(
                BigDecimal.class, false, Failure.UNPARSABLE, "VALUE_NUMBER_FLOAT", "1e9e"))
        .isEqualTo("Cannot read BigDecimal from the number 1e9e: out of range of BigDecimal");
    assertThat(
            ReadProblems.failureProblem(
                long.class, false, Failure.MISMATCH, "VALUE_STRING", "99999999999999999999"))
        .isEqualTo(
            "Cannot read long from the string \"99999999999999999999\": out of range of long");
    assertThat(
            ReadProblems.failureProblem(
                BigDecimal.class, false, Failure.MISMATCH, "VALUE_STRING", "1e99999999999"))
        .isEqualTo(
            "Cannot read BigDecimal from the string \"1e99999999999\": out of range of BigDecimal");
  }

  @Test
  void aTokenOfAnotherShapeIsSaidAlike() {
    assertThat(ReadProblems.failureProblem(int.class, false, Failure.MISMATCH, "START_OBJECT", "{"))
        .isEqualTo("Cannot read int from an object");
    assertThat(
            ReadProblems.failureProblem(
                Double.class, false, Failure.MISMATCH, "VALUE_TRUE", "true"))
        .isEqualTo("Cannot read double from a boolean");
    assertThat(
            ReadProblems.failureProblem(
                Boolean.class, true, Failure.MISMATCH, "VALUE_NUMBER_INT", "1"))
        .isEqualTo("Cannot read boolean from a number");
    assertThat(
            ReadProblems.failureProblem(
                boolean.class, true, Failure.MISMATCH, "VALUE_STRING", "true"))
        .isEqualTo("Cannot read boolean from a string");
    assertThat(ReadProblems.failureProblem(long.class, false, Failure.MISMATCH, "START_ARRAY", "["))
        .isEqualTo("Cannot read long from an array");
    assertThat(
            ReadProblems.failureProblem(
                short.class, false, Failure.MISMATCH, "VALUE_FALSE", "false"))
        .isEqualTo("Cannot read short from a boolean");
  }

  /** Jackson's tokens are known by their exact names: an object's end is not an object. */
  @Test
  void aTokenThatOpensNoValueKeepsTheLibrarysWords() {
    for (String token :
        List.of("END_OBJECT", "VALUE_EMBEDDED_OBJECT", "END_ARRAY", "NOT_A_TOKEN")) {
      assertThat(ReadProblems.failureProblem(int.class, false, Failure.MISMATCH, token, "x"))
          .as(token)
          .isNull();
      assertThat(ReadProblems.failureProblem(boolean.class, true, Failure.MISMATCH, token, "x"))
          .as(token)
          .isNull();
    }
  }

  @Test
  void anyOtherFailureKeepsTheLibrarysWords() {
    assertThat(
            ReadProblems.failureProblem(
                int.class, false, Failure.COERCION, "VALUE_NUMBER_FLOAT", "1e30"))
        .isNull();
    assertThat(
            ReadProblems.failureProblem(int.class, false, Failure.UNPARSABLE, "VALUE_STRING", "1"))
        .isNull();
    assertThat(ReadProblems.failureProblem(int.class, false, Failure.OTHER, "VALUE_NULL", "null"))
        .isNull();
    assertThat(
            ReadProblems.failureProblem(int.class, false, Failure.MISMATCH, "VALUE_STRING", "12"))
        .isNull();
    assertThat(
            ReadProblems.failureProblem(
                int.class, false, Failure.MISMATCH, "VALUE_NUMBER_FLOAT", "1.5"))
        .isNull();
  }
}
