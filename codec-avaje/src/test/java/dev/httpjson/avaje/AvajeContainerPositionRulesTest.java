package dev.httpjson.avaje;

import dev.httpjson.contract.ContainerPositionRulesContract;
import dev.httpjson.spi.JsonCodec;

class AvajeContainerPositionRulesTest extends ContainerPositionRulesContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
