package dev.httpjson.jackson;

import dev.httpjson.contract.JsonTestSuiteContract;
import dev.httpjson.spi.JsonCodec;

/** JSONTestSuite's parsing files on the Jackson codec. */
class JacksonJsonTestSuiteTest extends JsonTestSuiteContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
