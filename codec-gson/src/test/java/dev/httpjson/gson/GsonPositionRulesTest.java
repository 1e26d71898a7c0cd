package dev.httpjson.gson;

import dev.httpjson.contract.PositionRulesContract;
import dev.httpjson.spi.JsonCodec;

class GsonPositionRulesTest extends PositionRulesContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
