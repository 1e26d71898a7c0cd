package dev.httpjson.jackson;

import dev.httpjson.contract.NumberReadingContract;
import dev.httpjson.spi.JsonCodec;

class JacksonNumberReadingTest extends NumberReadingContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
