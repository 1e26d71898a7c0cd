package dev.httpjson.avaje;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.EventStreamContract;

class AvajeEventStreamTest extends EventStreamContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
