package dev.httpjson.avaje;

import dev.httpjson.contract.PositionRulesContract;
import dev.httpjson.spi.JsonCodec;

class AvajePositionRulesTest extends PositionRulesContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
