package dev.httpjson.jackson2;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.NumberReadingContract;

class Jackson2NumberReadingTest extends NumberReadingContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
