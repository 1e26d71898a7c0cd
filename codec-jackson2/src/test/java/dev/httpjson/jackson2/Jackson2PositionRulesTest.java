package dev.httpjson.jackson2;

import dev.httpjson.contract.PositionRulesContract;
import dev.httpjson.spi.JsonCodec;

class Jackson2PositionRulesTest extends PositionRulesContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
