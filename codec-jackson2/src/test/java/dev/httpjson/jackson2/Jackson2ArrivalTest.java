package dev.httpjson.jackson2;

import dev.httpjson.contract.ArrivalContract;
import dev.httpjson.spi.JsonCodec;

/** Stream data arrives promptly on the JDK client with the Jackson2 codec. */
class Jackson2ArrivalTest extends ArrivalContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
