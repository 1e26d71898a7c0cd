package dev.httpjson.jackson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ArrivalContract;

/** Stream data arrives promptly on the JDK client. */
class JacksonArrivalTest extends ArrivalContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
