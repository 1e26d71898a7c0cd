package dev.httpjson.avaje;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.StreamingContract;

class AvajeStreamingTest extends StreamingContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
