package dev.httpjson.jackson2;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ValueReadingContract;

class Jackson2ValueReadingTest extends ValueReadingContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
