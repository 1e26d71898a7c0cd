package dev.httpjson.jackson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.EventStreamContract;

class JacksonEventStreamTest extends EventStreamContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
