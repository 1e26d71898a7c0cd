package dev.httpjson.avaje;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.StreamingContract;

class AvajeStreamingTest extends StreamingContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }

  /** avaje writes a record through its accessors: one that throws instead of a getter. */
  @Override
  protected Object unserializable() {
    return new Exploding("x");
  }
}
