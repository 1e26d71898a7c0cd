package dev.httpjson.avaje;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.NumberReadingContract;

class AvajeNumberReadingTest extends NumberReadingContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
