package dev.httpjson.gson;

import dev.httpjson.contract.NumberReadingContract;
import dev.httpjson.spi.JsonCodec;

class GsonNumberReadingTest extends NumberReadingContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
