package dev.httpjson.avaje;

import dev.httpjson.contract.ContainerRulesContract;
import dev.httpjson.spi.JsonCodec;

class AvajeContainerRulesTest extends ContainerRulesContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
