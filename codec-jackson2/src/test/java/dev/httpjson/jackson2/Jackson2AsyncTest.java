package dev.httpjson.jackson2;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.AsyncContract;

class Jackson2AsyncTest extends AsyncContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}
