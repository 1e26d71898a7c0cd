package dev.httpjson.jackson2;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.HttpJsonContract;

class Jackson2ContractTest extends HttpJsonContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }

  /** Strict records are Jackson 3's so far: the codec refuses the option, which the rows check. */
  @Override
  protected boolean supportsStrictRecords() {
    return false;
  }
}
