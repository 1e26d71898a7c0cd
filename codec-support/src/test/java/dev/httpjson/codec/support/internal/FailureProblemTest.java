package dev.httpjson.codec.support.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.codec.support.internal.ReadProblems.Failure;
import dev.httpjson.codec.support.internal.ReadProblems.TokenCategory;
import java.math.BigDecimal;
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
                Integer.class, false, Failure.COERCION, TokenCategory.INTEGER_NUMBER, "3000000000"))
        .isEqualTo("Cannot read int from the number 3000000000: out of range of int");
    assertThat(
            ReadProblems.failureProblem(
                BigDecimal.class, false, Failure.UNPARSABLE, TokenCategory.OTHER_NUMBER, "1e9e"))
        .isEqualTo("Cannot read BigDecimal from the number 1e9e: out of range of BigDecimal");
    assertThat(
            ReadProblems.failureProblem(
                long.class, false, Failure.MISMATCH, TokenCategory.STRING, "99999999999999999999"))
        .isEqualTo(
            "Cannot read long from the string \"99999999999999999999\": out of range of long");
    assertThat(
            ReadProblems.failureProblem(
                BigDecimal.class, false, Failure.MISMATCH, TokenCategory.STRING, "1e99999999999"))
        .isEqualTo(
            "Cannot read BigDecimal from the string \"1e99999999999\": out of range of BigDecimal");
  }

  @Test
  void aTokenOfAnotherShapeIsSaidAlike() {
    assertThat(
            ReadProblems.failureProblem(
                int.class, false, Failure.MISMATCH, TokenCategory.OBJECT, "{"))
        .isEqualTo("Cannot read int from an object");
    assertThat(
            ReadProblems.failureProblem(
                Double.class, false, Failure.MISMATCH, TokenCategory.BOOLEAN, "true"))
        .isEqualTo("Cannot read double from a boolean");
    assertThat(
            ReadProblems.failureProblem(
                Boolean.class, true, Failure.MISMATCH, TokenCategory.INTEGER_NUMBER, "1"))
        .isEqualTo("Cannot read boolean from a number");
    assertThat(
            ReadProblems.failureProblem(
                boolean.class, true, Failure.MISMATCH, TokenCategory.STRING, "true"))
        .isEqualTo("Cannot read boolean from a string");
  }

  @Test
  void anyOtherFailureKeepsTheLibrarysWords() {
    assertThat(
            ReadProblems.failureProblem(
                int.class, false, Failure.COERCION, TokenCategory.OTHER_NUMBER, "1e30"))
        .isNull();
    assertThat(
            ReadProblems.failureProblem(
                int.class, false, Failure.UNPARSABLE, TokenCategory.STRING, "1"))
        .isNull();
    assertThat(
            ReadProblems.failureProblem(
                int.class, false, Failure.OTHER, TokenCategory.OTHER, "null"))
        .isNull();
    assertThat(
            ReadProblems.failureProblem(
                int.class, false, Failure.MISMATCH, TokenCategory.STRING, "12"))
        .isNull();
    assertThat(
            ReadProblems.failureProblem(
                int.class, false, Failure.MISMATCH, TokenCategory.OTHER_NUMBER, "1.5"))
        .isNull();
  }
}
