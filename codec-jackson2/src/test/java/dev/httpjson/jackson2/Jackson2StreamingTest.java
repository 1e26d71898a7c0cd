package dev.httpjson.jackson2;

import dev.httpjson.contract.StreamingContract;
import dev.httpjson.spi.JsonCodec;

class Jackson2StreamingTest extends StreamingContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
