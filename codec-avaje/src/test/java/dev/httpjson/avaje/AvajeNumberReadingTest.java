package dev.httpjson.avaje;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.NumberReadingContract;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AvajeNumberReadingTest extends NumberReadingContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }

  /**
   * Known bug, issue 29 row 5: Object reads avaje's decimal, which drops the syntax: runs expecting
   * failure (CI's tofix check).
   */
  @Override
  @ParameterizedTest
  @ValueSource(strings = {"0.1e1", "1e0"}) // "1.0" reads right: below
  @Tag("tofix")
  public void fractionOrExponentSyntaxReadsAsDoubleIntoObject(String text) throws Exception {
    super.fractionOrExponentSyntaxReadsAsDoubleIntoObject(text);
  }

  /**
   * Known bug, issue 29 row 5: Object reads avaje's decimal, which drops the sign: runs expecting
   * failure (CI's tofix check).
   */
  @Override
  @Test
  @Tag("tofix")
  public void negativeZeroReadsAsNegativeZeroIntoObject() throws Exception {
    super.negativeZeroReadsAsNegativeZeroIntoObject();
  }

  /**
   * Known bug, issue 29 row 5: a top-level -0.0 loses its sign: runs expecting failure (CI's tofix
   * check).
   */
  @Override
  @Test
  @Tag("tofix")
  public void negativeZeroReadsAsNegativeZeroIntoDouble() throws Exception {
    super.negativeZeroReadsAsNegativeZeroIntoDouble();
  }

  /**
   * Known bug, issue 29 row 18: avaje fails with end-of-input: runs expecting failure (CI's tofix
   * check).
   */
  @Override
  @Test
  @Tag("tofix")
  public void hugeNegativeExponentReadsAsZeroIntoDouble() throws Exception {
    super.hugeNegativeExponentReadsAsZeroIntoDouble();
  }

  /** The row's one input avaje already reads right, kept guarded while the others are tofix. */
  @Test
  public void plainFractionReadsAsDoubleIntoObject() throws Exception {
    super.fractionOrExponentSyntaxReadsAsDoubleIntoObject("1.0");
  }
}
