package dev.httpjson.avaje;

import dev.httpjson.contract.JsonTestSuiteContract;
import dev.httpjson.spi.JsonCodec;

/** JSONTestSuite's parsing files on the Avaje codec. */
class AvajeJsonTestSuiteTest extends JsonTestSuiteContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
