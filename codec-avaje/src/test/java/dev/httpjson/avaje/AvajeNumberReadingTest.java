package dev.httpjson.avaje;

import dev.httpjson.contract.NumberReadingContract;
import dev.httpjson.spi.JsonCodec;

class AvajeNumberReadingTest extends NumberReadingContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
