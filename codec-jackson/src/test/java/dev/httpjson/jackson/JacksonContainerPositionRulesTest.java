package dev.httpjson.jackson;

import dev.httpjson.contract.ContainerPositionRulesContract;
import dev.httpjson.spi.JsonCodec;

class JacksonContainerPositionRulesTest extends ContainerPositionRulesContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
