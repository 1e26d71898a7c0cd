package dev.httpjson.jackson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ValueReadingContract;

class JacksonValueReadingTest extends ValueReadingContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
