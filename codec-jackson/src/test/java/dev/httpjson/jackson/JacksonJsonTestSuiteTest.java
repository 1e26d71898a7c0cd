package dev.httpjson.jackson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.JsonTestSuiteContract;

/** JSONTestSuite's parsing files on the Jackson codec. */
class JacksonJsonTestSuiteTest extends JsonTestSuiteContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
