package dev.httpjson.jackson;

import dev.httpjson.contract.ArrivalContract;
import dev.httpjson.spi.JsonCodec;

/** Stream data arrives promptly on the JDK client. */
class JacksonArrivalTest extends ArrivalContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
