package dev.httpjson.gson;

import dev.httpjson.contract.JsonTestSuiteContract;
import dev.httpjson.spi.JsonCodec;

/** JSONTestSuite's parsing files on the Gson codec. */
class GsonJsonTestSuiteTest extends JsonTestSuiteContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
