package dev.httpjson.jackson;

import dev.httpjson.contract.EventStreamContract;
import dev.httpjson.spi.JsonCodec;

class JacksonEventStreamTest extends EventStreamContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
