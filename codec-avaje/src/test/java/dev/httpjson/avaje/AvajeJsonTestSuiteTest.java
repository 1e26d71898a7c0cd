package dev.httpjson.avaje;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.JsonTestSuiteContract;

/** JSONTestSuite's parsing files on the Avaje codec. */
class AvajeJsonTestSuiteTest extends JsonTestSuiteContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
