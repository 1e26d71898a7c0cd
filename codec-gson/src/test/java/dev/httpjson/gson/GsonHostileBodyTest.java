package dev.httpjson.gson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.HostileBodyContract;

/** The hostile-body matrix on the Gson codec. */
class GsonHostileBodyTest extends HostileBodyContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
