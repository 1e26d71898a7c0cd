package dev.httpjson.gson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.JsonTestSuiteContract;

/** JSONTestSuite's parsing files on the Gson codec. */
class GsonJsonTestSuiteTest extends JsonTestSuiteContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
