package dev.httpjson.jackson;

import dev.httpjson.contract.AsyncContract;
import dev.httpjson.spi.JsonCodec;

class JacksonAsyncTest extends AsyncContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
