package dev.httpjson.avaje;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.NumberReadingContract;
import org.junit.jupiter.api.Disabled;

class AvajeNumberReadingTest extends NumberReadingContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }

  @Override
  @Disabled("issue 29 row 5, not fixed yet: Object reads avaje's decimal, which drops the syntax")
  public void fractionOrExponentSyntaxReadsAsDoubleIntoObject(String text) {}

  @Override
  @Disabled("issue 29 row 5, not fixed yet: Object reads avaje's decimal, which drops the sign")
  public void negativeZeroReadsAsNegativeZeroIntoObject() {}

  @Override
  @Disabled("issue 29 row 5, not fixed yet: a top-level -0.0 loses its sign")
  public void negativeZeroReadsAsNegativeZeroIntoDouble() {}

  @Override
  @Disabled("issue 29 row 18, not fixed yet: avaje fails with end-of-input")
  public void hugeNegativeExponentReadsAsZeroIntoDouble() {}
}
