package dev.httpjson.jackson2;

import dev.httpjson.contract.HttpJsonContract;
import dev.httpjson.spi.JsonCodec;

class Jackson2ContractTest extends HttpJsonContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
