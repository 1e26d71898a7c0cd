package dev.httpjson.avaje;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ArrivalContract;

/** Stream data arrives promptly on the JDK client with the Avaje codec. */
class AvajeArrivalTest extends ArrivalContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}
