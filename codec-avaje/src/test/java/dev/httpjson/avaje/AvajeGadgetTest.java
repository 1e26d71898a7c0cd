package dev.httpjson.avaje;

import dev.httpjson.contract.GadgetContract;
import dev.httpjson.spi.JsonCodec;

/** The gadget payloads on the avaje-jsonb codec: avaje-jsonb has no polymorphic typing at all. */
class AvajeGadgetTest extends GadgetContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
