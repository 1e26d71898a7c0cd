package dev.httpjson.gson;

import dev.httpjson.contract.GadgetContract;
import dev.httpjson.spi.JsonCodec;

/** The gadget payloads on the Gson codec: Gson has no polymorphic typing at all. */
class GsonGadgetTest extends GadgetContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
