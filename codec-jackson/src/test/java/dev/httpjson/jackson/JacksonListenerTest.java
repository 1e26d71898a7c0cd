package dev.httpjson.jackson;

import dev.httpjson.contract.ListenerContract;
import dev.httpjson.spi.JsonCodec;

/** The events a call listener sees, on the JDK client. */
class JacksonListenerTest extends ListenerContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
