package dev.httpjson.jackson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.StreamingContract;

class JacksonStreamingTest extends StreamingContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
