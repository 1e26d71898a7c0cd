package dev.httpjson.avaje;

import dev.httpjson.contract.ArrivalContract;
import dev.httpjson.spi.JsonCodec;

/** Stream data arrives promptly on the JDK client with the Avaje codec. */
class AvajeArrivalTest extends ArrivalContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
