package dev.httpjson.jackson;

import dev.httpjson.contract.PositionRulesContract;
import dev.httpjson.spi.JsonCodec;

class JacksonPositionRulesTest extends PositionRulesContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
