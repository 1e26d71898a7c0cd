package dev.httpjson.jackson2;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.JsonTestSuiteContract;

/** JSONTestSuite's parsing files on the Jackson2 codec. */
class Jackson2JsonTestSuiteTest extends JsonTestSuiteContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
