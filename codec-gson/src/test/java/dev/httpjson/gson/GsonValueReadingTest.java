package dev.httpjson.gson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ValueReadingContract;

class GsonValueReadingTest extends ValueReadingContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
