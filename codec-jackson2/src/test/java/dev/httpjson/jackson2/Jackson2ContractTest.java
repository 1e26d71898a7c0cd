package dev.httpjson.jackson2;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.HttpJsonContract;

class Jackson2ContractTest extends HttpJsonContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
