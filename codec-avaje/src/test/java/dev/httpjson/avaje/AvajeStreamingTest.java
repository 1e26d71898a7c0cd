package dev.httpjson.avaje;

import dev.httpjson.contract.StreamingContract;
import dev.httpjson.spi.JsonCodec;

class AvajeStreamingTest extends StreamingContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
