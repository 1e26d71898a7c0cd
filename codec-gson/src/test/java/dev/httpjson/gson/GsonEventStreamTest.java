package dev.httpjson.gson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.EventStreamContract;

class GsonEventStreamTest extends EventStreamContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
