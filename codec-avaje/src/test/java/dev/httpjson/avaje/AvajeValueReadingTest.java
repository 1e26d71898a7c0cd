package dev.httpjson.avaje;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ValueReadingContract;

class AvajeValueReadingTest extends ValueReadingContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
