package dev.httpjson.jackson2;

import dev.httpjson.contract.ContainerPositionRulesContract;
import dev.httpjson.spi.JsonCodec;

class Jackson2ContainerPositionRulesTest extends ContainerPositionRulesContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
