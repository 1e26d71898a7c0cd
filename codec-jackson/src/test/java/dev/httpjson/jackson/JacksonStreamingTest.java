package dev.httpjson.jackson;

import dev.httpjson.contract.StreamingContract;
import dev.httpjson.spi.JsonCodec;

class JacksonStreamingTest extends StreamingContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
