package dev.httpjson.jackson2;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.StreamingContract;

class Jackson2StreamingTest extends StreamingContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
