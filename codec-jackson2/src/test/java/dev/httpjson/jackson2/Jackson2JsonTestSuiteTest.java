package dev.httpjson.jackson2;

import dev.httpjson.contract.JsonTestSuiteContract;
import dev.httpjson.spi.JsonCodec;

/** JSONTestSuite's parsing files on the Jackson2 codec. */
class Jackson2JsonTestSuiteTest extends JsonTestSuiteContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
