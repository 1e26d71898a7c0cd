package dev.httpjson.avaje;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.HttpJsonContract;

class AvajeContractTest extends HttpJsonContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }

  /** Strict records would take reflection: the codec refuses the option, which the rows check. */
  @Override
  protected boolean supportsStrictRecords() {
    return false;
  }
}
