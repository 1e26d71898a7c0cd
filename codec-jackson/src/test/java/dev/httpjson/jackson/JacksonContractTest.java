package dev.httpjson.jackson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.HttpJsonContract;

class JacksonContractTest extends HttpJsonContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
