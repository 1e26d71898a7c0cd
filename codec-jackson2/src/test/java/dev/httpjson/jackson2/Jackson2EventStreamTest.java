package dev.httpjson.jackson2;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.EventStreamContract;

class Jackson2EventStreamTest extends EventStreamContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
