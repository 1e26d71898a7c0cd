package dev.httpjson.jackson;

import dev.httpjson.contract.ContainerRulesContract;
import dev.httpjson.spi.JsonCodec;

class JacksonContainerRulesTest extends ContainerRulesContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
