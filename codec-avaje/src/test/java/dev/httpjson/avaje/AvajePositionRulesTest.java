package dev.httpjson.avaje;

import dev.httpjson.contract.PositionRulesContract;
import dev.httpjson.spi.JsonCodec;

class AvajePositionRulesTest extends PositionRulesContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }

  /** avaje-jsonb's map adapter reads only {@code String} and enum keys (see the README). */
  @Override
  protected boolean readsNonStringMapKeys() {
    return false;
  }
}
