package dev.httpjson.gson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.NumberReadingContract;

class GsonNumberReadingTest extends NumberReadingContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
