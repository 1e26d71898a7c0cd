package dev.httpjson.gson;

import dev.httpjson.contract.ValueReadingContract;
import dev.httpjson.spi.JsonCodec;

class GsonValueReadingTest extends ValueReadingContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
