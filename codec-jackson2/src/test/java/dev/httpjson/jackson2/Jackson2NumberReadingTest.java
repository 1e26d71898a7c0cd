package dev.httpjson.jackson2;

import dev.httpjson.contract.NumberReadingContract;
import dev.httpjson.spi.JsonCodec;

class Jackson2NumberReadingTest extends NumberReadingContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
