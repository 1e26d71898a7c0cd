package dev.httpjson.gson;

import dev.httpjson.contract.ContainerRulesContract;
import dev.httpjson.spi.JsonCodec;

class GsonContainerRulesTest extends ContainerRulesContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
