package dev.httpjson.jackson;

import dev.httpjson.contract.HttpJsonContract;
import dev.httpjson.spi.JsonCodec;

class JacksonContractTest extends HttpJsonContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
