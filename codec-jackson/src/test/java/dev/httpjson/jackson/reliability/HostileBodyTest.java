package dev.httpjson.jackson.reliability;

import dev.httpjson.contract.HostileBodyContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;

/** The hostile-body matrix on the Jackson 3 codec, the reference: it overrides no hook. */
public class HostileBodyTest extends HostileBodyContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
