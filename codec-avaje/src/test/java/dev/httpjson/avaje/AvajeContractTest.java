package dev.httpjson.avaje;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.HttpJsonContract;

class AvajeContractTest extends HttpJsonContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }

  /** avaje writes a record through its accessors: one that throws instead of a getter. */
  @Override
  protected Object unserializable() {
    return new Exploding("x");
  }

  /** Strict records would take reflection: the codec refuses the option, which the rows check. */
  @Override
  protected boolean supportsStrictRecords() {
    return false;
  }
}
