package dev.httpjson.avaje;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.AsyncContract;

class AvajeAsyncTest extends AsyncContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
