package dev.httpjson.jackson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.AsyncContract;

class JacksonAsyncTest extends AsyncContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}
