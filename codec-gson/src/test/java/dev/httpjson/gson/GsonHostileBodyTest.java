package dev.httpjson.gson;

import dev.httpjson.contract.HostileBodyContract;
import dev.httpjson.spi.JsonCodec;

/** The hostile-body matrix on the Gson codec. */
class GsonHostileBodyTest extends HostileBodyContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
