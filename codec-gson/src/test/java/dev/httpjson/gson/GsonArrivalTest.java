package dev.httpjson.gson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ArrivalContract;

/** Stream data arrives promptly on the JDK client with the Gson codec. */
class GsonArrivalTest extends ArrivalContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
