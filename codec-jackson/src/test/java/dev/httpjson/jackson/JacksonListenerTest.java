package dev.httpjson.jackson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ListenerContract;

/** The events a call listener sees, on the JDK client. */
class JacksonListenerTest extends ListenerContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
