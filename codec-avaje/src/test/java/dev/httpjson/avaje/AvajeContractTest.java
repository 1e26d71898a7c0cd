package dev.httpjson.avaje;

import dev.httpjson.contract.HttpJsonContract;
import dev.httpjson.spi.JsonCodec;

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
