package dev.httpjson.jackson2;

import dev.httpjson.contract.ValueReadingContract;
import dev.httpjson.spi.JsonCodec;

class Jackson2ValueReadingTest extends ValueReadingContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
