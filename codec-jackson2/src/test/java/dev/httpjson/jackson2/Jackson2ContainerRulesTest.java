package dev.httpjson.jackson2;

import dev.httpjson.contract.ContainerRulesContract;
import dev.httpjson.spi.JsonCodec;

class Jackson2ContainerRulesTest extends ContainerRulesContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
