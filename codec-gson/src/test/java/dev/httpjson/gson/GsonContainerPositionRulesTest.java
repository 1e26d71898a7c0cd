package dev.httpjson.gson;

import dev.httpjson.contract.ContainerPositionRulesContract;
import dev.httpjson.spi.JsonCodec;

class GsonContainerPositionRulesTest extends ContainerPositionRulesContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
