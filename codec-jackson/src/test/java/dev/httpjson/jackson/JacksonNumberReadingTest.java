package dev.httpjson.jackson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.NumberReadingContract;

class JacksonNumberReadingTest extends NumberReadingContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
