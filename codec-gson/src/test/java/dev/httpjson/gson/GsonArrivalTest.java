package dev.httpjson.gson;

import dev.httpjson.contract.ArrivalContract;
import dev.httpjson.spi.JsonCodec;

/** Stream data arrives promptly on the JDK client with the Gson codec. */
class GsonArrivalTest extends ArrivalContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}
