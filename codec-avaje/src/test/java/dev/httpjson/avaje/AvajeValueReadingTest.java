package dev.httpjson.avaje;

import dev.httpjson.contract.ValueReadingContract;
import dev.httpjson.spi.JsonCodec;

class AvajeValueReadingTest extends ValueReadingContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
