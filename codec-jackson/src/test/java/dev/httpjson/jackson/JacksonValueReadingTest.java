package dev.httpjson.jackson;

import dev.httpjson.contract.ValueReadingContract;
import dev.httpjson.spi.JsonCodec;

class JacksonValueReadingTest extends ValueReadingContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
